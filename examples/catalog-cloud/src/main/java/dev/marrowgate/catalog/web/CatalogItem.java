package dev.marrowgate.catalog.web;

import java.math.BigDecimal;

public record CatalogItem(String sku, String title, BigDecimal price, String currency, String headline) {}
