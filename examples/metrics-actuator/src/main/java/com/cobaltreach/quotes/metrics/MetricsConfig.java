package com.cobaltreach.quotes.metrics;

import io.micrometer.core.aop.TimedAspect;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import com.cobaltreach.quotes.web.QuoteBook;
import org.springframework.boot.actuate.autoconfigure.metrics.MeterRegistryCustomizer;
import org.springframework.boot.actuate.metrics.web.servlet.WebMvcTagsProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
public class MetricsConfig {

    @Bean
    public WebMvcTagsProvider tenantTagsProvider() {
        return new TenantTagsProvider();
    }

    @Bean
    public MeterRegistryCustomizer<MeterRegistry> commonTags() {
        return registry -> registry.config().commonTags("region", System.getProperty("quotes.region", "local"));
    }

    @Bean
    public MeterBinder quoteBookSize(QuoteBook book) {
        return registry -> Gauge.builder("quotes.book.size", book, QuoteBook::size)
                .description("Quotes currently held")
                .register(registry);
    }

    @Bean
    public TimedAspect timedAspect(MeterRegistry registry) {
        return new TimedAspect(registry);
    }
}
