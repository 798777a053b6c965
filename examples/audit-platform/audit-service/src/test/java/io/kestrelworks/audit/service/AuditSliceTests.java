package io.kestrelworks.audit.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.kestrelworks.audit.boot.AuditTrail;
import io.kestrelworks.audit.model.AuditAction;
import io.kestrelworks.audit.model.AuditEvent;
import io.kestrelworks.audit.test.AuditTest;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.validation.ValidationAutoConfiguration;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.context.ApplicationContext;

@AuditTest
@ImportAutoConfiguration(ValidationAutoConfiguration.class)
class AuditSliceTests {

    @Autowired
    private AuditTrail trail;

    @Autowired
    private RejectedEventsSink rejected;

    @Autowired
    private ApplicationContext context;

    @Test
    void loadsTheTrailAndTheSinksOnly() {
        assertThat(context.getBeanNamesForType(DocumentController.class)).isEmpty();
        trail.record(AuditEvent.of("", AuditAction.DELETE, "/documents/old", Instant.EPOCH));
        assertThat(rejected.rejected()).containsExactly("/documents/old actor: must not be blank");
    }
}
