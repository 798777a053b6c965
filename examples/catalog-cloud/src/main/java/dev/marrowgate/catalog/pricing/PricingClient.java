package dev.marrowgate.catalog.pricing;

import org.springframework.cloud.openfeign.FeignClient;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;

@FeignClient(name = "pricing", url = "${pricing.url}", configuration = PricingClientConfiguration.class)
public interface PricingClient {

    @GetMapping("/prices/{sku}")
    Price priceOf(@PathVariable("sku") String sku, @RequestParam("currency") String currency);
}
