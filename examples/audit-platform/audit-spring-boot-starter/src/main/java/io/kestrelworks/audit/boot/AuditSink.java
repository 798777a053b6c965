package io.kestrelworks.audit.boot;

import io.kestrelworks.audit.model.AuditEvent;

/** Where events go besides the in-memory trail; every bean of this type receives each event. */
public interface AuditSink {
    void accept(AuditEvent event);
}
