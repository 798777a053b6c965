package io.kestrelworks.audit.boot;

import io.kestrelworks.audit.model.AuditEvent;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/** The last N events, newest last, and a fan-out to the sinks. */
public class AuditTrail {
    private final int capacity;
    private final List<AuditSink> sinks;
    private final Deque<AuditEvent> events = new ArrayDeque<>();

    public AuditTrail(int capacity, List<AuditSink> sinks) {
        this.capacity = capacity;
        this.sinks = List.copyOf(sinks);
    }

    public synchronized void record(AuditEvent event) {
        if (events.size() == capacity) {
            events.removeFirst();
        }
        events.addLast(event);
        sinks.forEach(sink -> sink.accept(event));
    }

    public synchronized List<AuditEvent> recent() {
        return new ArrayList<>(events);
    }
}
