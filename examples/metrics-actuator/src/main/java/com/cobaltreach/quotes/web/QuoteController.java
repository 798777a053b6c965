package com.cobaltreach.quotes.web;

import java.math.BigDecimal;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class QuoteController {
    private final QuoteBook book;

    public QuoteController(QuoteBook book) {
        this.book = book;
    }

    @GetMapping("/api/quotes/{symbol}")
    public ResponseEntity<BigDecimal> quote(@PathVariable String symbol) {
        return ResponseEntity.of(book.quote(symbol.toUpperCase()));
    }
}
