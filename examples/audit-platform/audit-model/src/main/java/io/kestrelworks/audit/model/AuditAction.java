package io.kestrelworks.audit.model;

public enum AuditAction {
    READ, CREATE, UPDATE, DELETE;

    /** The action an HTTP method performs on a resource. */
    public static AuditAction forHttpMethod(String method) {
        switch (method) {
            case "POST":
                return CREATE;
            case "PUT":
            case "PATCH":
                return UPDATE;
            case "DELETE":
                return DELETE;
            default:
                return READ;
        }
    }
}
