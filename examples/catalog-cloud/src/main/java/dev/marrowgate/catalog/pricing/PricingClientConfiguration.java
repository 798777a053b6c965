package dev.marrowgate.catalog.pricing;

import feign.Logger;
import feign.RequestInterceptor;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;

/** Not a @Configuration: applied to the pricing client only, through @FeignClient(configuration). */
public class PricingClientConfiguration {

    @Bean
    public RequestInterceptor callerHeader(@Value("${spring.application.name}") String application) {
        return template -> template.header("X-Caller", application);
    }

    @Bean
    public Logger.Level pricingLoggerLevel() {
        return Logger.Level.BASIC;
    }
}
