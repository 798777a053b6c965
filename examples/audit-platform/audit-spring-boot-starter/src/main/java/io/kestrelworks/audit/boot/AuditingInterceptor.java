package io.kestrelworks.audit.boot;

import io.kestrelworks.audit.model.AuditAction;
import io.kestrelworks.audit.model.AuditEvent;
import java.security.Principal;
import java.time.Clock;
import java.util.List;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.springframework.web.servlet.HandlerInterceptor;

/** Records one event per completed request that reached a handler. */
public class AuditingInterceptor implements HandlerInterceptor {
    private final AuditTrail trail;
    private final List<String> ignoredPaths;
    private final Clock clock;

    public AuditingInterceptor(AuditTrail trail, List<String> ignoredPaths, Clock clock) {
        this.trail = trail;
        this.ignoredPaths = ignoredPaths;
        this.clock = clock;
    }

    @Override
    public void afterCompletion(HttpServletRequest request, HttpServletResponse response, Object handler, Exception ex) {
        String path = request.getRequestURI();
        if (ignoredPaths.stream().anyMatch(path::startsWith) || response.getStatus() >= 400) {
            return;
        }
        Principal principal = request.getUserPrincipal();
        String actor = principal != null ? principal.getName() : header(request, "X-Actor", "anonymous");
        trail.record(AuditEvent.of(actor, AuditAction.forHttpMethod(request.getMethod()), path, clock.instant()));
    }

    private static String header(HttpServletRequest request, String name, String fallback) {
        String value = request.getHeader(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
