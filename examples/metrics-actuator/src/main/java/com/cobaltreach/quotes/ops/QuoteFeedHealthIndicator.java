package com.cobaltreach.quotes.ops;

import com.cobaltreach.quotes.web.QuoteBook;
import org.springframework.boot.actuate.health.AbstractHealthIndicator;
import org.springframework.boot.actuate.health.Health;
import org.springframework.stereotype.Component;

@Component("quoteFeed")
public class QuoteFeedHealthIndicator extends AbstractHealthIndicator {
    private final QuoteBook book;

    public QuoteFeedHealthIndicator(QuoteBook book) {
        super("Quote feed check failed");
        this.book = book;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        if (book.size() == 0) {
            builder.outOfService().withDetail("reason", "empty book");
        } else {
            builder.up().withDetail("symbols", book.size());
        }
    }
}
