package dev.marrowgate.catalog.pricing;

import java.math.BigDecimal;

public record Price(String sku, BigDecimal amount, String currency) {}
