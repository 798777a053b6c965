package dev.marrowgate.catalog.web;

import dev.marrowgate.catalog.pricing.Price;
import dev.marrowgate.catalog.pricing.PricingClient;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

@RestController
@RequestMapping("/catalog/items")
public class CatalogController {
    private static final Map<String, String> TITLES = Map.of("LMP-01", "Brass desk lamp", "RUG-07", "Wool rug");

    private final PricingClient pricing;
    private final CatalogProperties properties;

    public CatalogController(PricingClient pricing, CatalogProperties properties) {
        this.pricing = pricing;
        this.properties = properties;
    }

    @GetMapping("/{sku}")
    public CatalogItem item(@PathVariable String sku) {
        String title = TITLES.get(sku);
        if (title == null) {
            throw new ResponseStatusException(HttpStatus.NOT_FOUND);
        }
        Price price = pricing.priceOf(sku, properties.getCurrency());
        return new CatalogItem(sku, title, price.amount(), price.currency(), properties.getHeadline());
    }
}
