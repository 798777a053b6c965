package io.kestrelworks.audit.service;

import io.kestrelworks.audit.boot.AuditTrail;
import io.kestrelworks.audit.model.AuditEvent;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.validation.constraints.NotBlank;
import org.springframework.http.ResponseEntity;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

@RestController
@Validated
public class DocumentController {
    private final Map<String, String> documents = new ConcurrentHashMap<>();
    private final AuditTrail trail;

    public DocumentController(AuditTrail trail) {
        this.trail = trail;
    }

    @PutMapping("/documents/{name}")
    public ResponseEntity<Void> put(@PathVariable String name, @RequestBody @NotBlank String body) {
        documents.put(name, body);
        return ResponseEntity.noContent().build();
    }

    @GetMapping("/documents/{name}")
    public ResponseEntity<String> get(@PathVariable String name) {
        String body = documents.get(name);
        return body == null ? ResponseEntity.notFound().build() : ResponseEntity.ok(body);
    }

    @GetMapping("/audit/recent")
    public List<AuditEvent> recent() {
        return trail.recent();
    }
}
