package com.cobaltreach.quotes.metrics;

import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.springframework.boot.actuate.metrics.web.servlet.DefaultWebMvcTagsProvider;
import org.springframework.util.StringUtils;

/** Boot's request tags plus the tenant the request was made for, from the X-Tenant header. */
public class TenantTagsProvider extends DefaultWebMvcTagsProvider {
    static final String HEADER = "X-Tenant";

    @Override
    public Iterable<Tag> getTags(HttpServletRequest request, HttpServletResponse response, Object handler,
            Throwable exception) {
        return Tags.of(super.getTags(request, response, handler, exception)).and("tenant", tenant(request));
    }

    @Override
    public Iterable<Tag> getLongRequestTags(HttpServletRequest request, Object handler) {
        return Tags.of(super.getLongRequestTags(request, handler)).and("tenant", tenant(request));
    }

    private static String tenant(HttpServletRequest request) {
        String tenant = request.getHeader(HEADER);
        return StringUtils.hasText(tenant) ? tenant.toLowerCase() : "none";
    }
}
