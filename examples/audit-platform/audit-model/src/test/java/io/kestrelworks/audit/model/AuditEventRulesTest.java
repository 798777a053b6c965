package io.kestrelworks.audit.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.Set;
import javax.validation.Validation;
import javax.validation.ValidatorFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

class AuditEventRulesTest {
    private static final ValidatorFactory factory = Validation.buildDefaultValidatorFactory();
    private final AuditEventRules rules = new AuditEventRules(factory.getValidator());

    @AfterAll
    static void close() {
        factory.close();
    }

    @Test
    void acceptsACompleteEvent() {
        assertTrue(rules.broken(AuditEvent.of("ana", AuditAction.READ, "/files/7", Instant.now())).isEmpty());
    }

    @Test
    void namesEveryBrokenRule() {
        Set<String> broken = rules.broken(AuditEvent.of(" ", null, "/x", Instant.now().plusSeconds(3600)));
        assertEquals(Set.of("action: must not be null", "actor: must not be blank", "at: must be a date in the past or in the present"), broken);
    }

    @Test
    void mapsHttpMethodsToActions() {
        assertEquals(AuditAction.CREATE, AuditAction.forHttpMethod("POST"));
        assertEquals(AuditAction.UPDATE, AuditAction.forHttpMethod("PATCH"));
        assertEquals(AuditAction.READ, AuditAction.forHttpMethod("HEAD"));
    }
}
