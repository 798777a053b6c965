package io.kestrelworks.audit.model;

import java.time.Instant;
import java.util.Objects;
import javax.validation.constraints.NotBlank;
import javax.validation.constraints.NotNull;
import javax.validation.constraints.PastOrPresent;
import javax.validation.constraints.Size;

/** Who did what to which resource, and when. Immutable; built with {@link #of}. */
public final class AuditEvent {

    @NotBlank
    @Size(max = 64)
    private final String actor;

    @NotNull
    private final AuditAction action;

    @NotBlank
    @Size(max = 256)
    private final String resource;

    @NotNull
    @PastOrPresent
    private final Instant at;

    private AuditEvent(String actor, AuditAction action, String resource, Instant at) {
        this.actor = actor;
        this.action = action;
        this.resource = resource;
        this.at = at;
    }

    public static AuditEvent of(String actor, AuditAction action, String resource, Instant at) {
        return new AuditEvent(actor, action, resource, at);
    }

    public String getActor() {
        return actor;
    }

    public AuditAction getAction() {
        return action;
    }

    public String getResource() {
        return resource;
    }

    public Instant getAt() {
        return at;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof AuditEvent)) {
            return false;
        }
        AuditEvent other = (AuditEvent) o;
        return actor.equals(other.actor) && action == other.action && resource.equals(other.resource) && at.equals(other.at);
    }

    @Override
    public int hashCode() {
        return Objects.hash(actor, action, resource, at);
    }

    @Override
    public String toString() {
        return at + " " + actor + " " + action + " " + resource;
    }
}
