package com.cobaltreach.quotes.web;

import io.micrometer.core.annotation.Timed;
import java.math.BigDecimal;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

@Component
public class QuoteBook {
    private final Map<String, BigDecimal> quotes = new ConcurrentHashMap<>(Map.of(
            "ACME", new BigDecimal("101.25"), "GLOBX", new BigDecimal("17.80")));

    @Timed(value = "quotes.lookup", extraTags = {"source", "book"})
    public Optional<BigDecimal> quote(String symbol) {
        return Optional.ofNullable(quotes.get(symbol));
    }

    public void put(String symbol, BigDecimal price) {
        quotes.put(symbol, price);
    }

    public int size() {
        return quotes.size();
    }
}
