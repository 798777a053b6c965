package io.kestrelworks.audit.model;

import java.util.Set;
import java.util.TreeSet;
import javax.validation.ConstraintViolation;
import javax.validation.Validator;

/** Checks events with whatever Bean Validation provider the caller brings. */
public final class AuditEventRules {
    private final Validator validator;

    public AuditEventRules(Validator validator) {
        this.validator = validator;
    }

    /** The broken rules as "field: message", sorted; empty when the event is valid. */
    public Set<String> broken(AuditEvent event) {
        Set<String> messages = new TreeSet<>();
        for (ConstraintViolation<AuditEvent> violation : validator.validate(event)) {
            messages.add(violation.getPropertyPath() + ": " + violation.getMessage());
        }
        return messages;
    }
}
