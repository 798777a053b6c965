package io.kestrelworks.audit.service;

import io.kestrelworks.audit.boot.AuditSink;
import io.kestrelworks.audit.model.AuditEvent;
import io.kestrelworks.audit.model.AuditEventRules;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.validation.Validator;
import org.springframework.stereotype.Component;

/** Keeps the events that break the model's rules, for the daily report. */
@Component
public class RejectedEventsSink implements AuditSink {
    private final AuditEventRules rules;
    private final List<String> rejected = new CopyOnWriteArrayList<>();

    public RejectedEventsSink(Validator validator) {
        this.rules = new AuditEventRules(validator);
    }

    @Override
    public void accept(AuditEvent event) {
        rules.broken(event).forEach(rule -> rejected.add(event.getResource() + " " + rule));
    }

    public List<String> rejected() {
        return List.copyOf(rejected);
    }
}
