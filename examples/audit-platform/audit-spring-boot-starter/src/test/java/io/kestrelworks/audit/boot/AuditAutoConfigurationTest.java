package io.kestrelworks.audit.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.kestrelworks.audit.model.AuditAction;
import io.kestrelworks.audit.model.AuditEvent;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

class AuditAutoConfigurationTest {
    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(AuditAutoConfiguration.class));

    @Test
    void keepsTheConfiguredNumberOfEventsAndFeedsTheSinks() {
        List<AuditEvent> seen = new ArrayList<>();
        runner.withPropertyValues("kestrel.audit.capacity=2")
                .withBean(AuditSink.class, () -> seen::add)
                .run(context -> {
                    AuditTrail trail = context.getBean(AuditTrail.class);
                    for (int i = 0; i < 3; i++) {
                        trail.record(AuditEvent.of("u" + i, AuditAction.READ, "/r", Instant.EPOCH));
                    }
                    assertThat(trail.recent()).extracting(AuditEvent::getActor).containsExactly("u1", "u2");
                    assertThat(seen).hasSize(3);
                });
    }

    @Test
    void backsOffWhenDisabled() {
        runner.withPropertyValues("kestrel.audit.enabled=false")
                .run(context -> assertThat(context).doesNotHaveBean(AuditTrail.class));
    }

    @Test
    void addsTheInterceptorOnlyToServletApplications() {
        runner.run(context -> assertThat(context).doesNotHaveBean(WebMvcConfigurer.class));
        new WebApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(AuditAutoConfiguration.class))
                .run(context -> assertThat(context).hasSingleBean(WebMvcConfigurer.class));
    }
}
