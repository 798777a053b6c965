package dev.marrowgate.catalog.web;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.cloud.context.config.annotation.RefreshScope;
import org.springframework.stereotype.Component;

/** Served from the config server; refreshed without a restart through /actuator/refresh. */
@Component
@RefreshScope
public class CatalogProperties {
    private final String currency;
    private final String headline;

    public CatalogProperties(@Value("${catalog.currency:EUR}") String currency,
            @Value("${catalog.headline:Spring collection}") String headline) {
        this.currency = currency;
        this.headline = headline;
    }

    public String getCurrency() {
        return currency;
    }

    public String getHeadline() {
        return headline;
    }
}
