package io.kestrelworks.audit.boot;

import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;

@ConfigurationProperties(prefix = "kestrel.audit")
public class AuditProperties {

    /** Whether requests are audited at all. */
    private boolean enabled = true;

    /** How many events the in-memory trail keeps. */
    private int capacity = 1000;

    /** Path prefixes that are never audited. */
    private List<String> ignoredPaths = new ArrayList<>(List.of("/actuator"));

    public boolean isEnabled() {
        return enabled;
    }

    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    public int getCapacity() {
        return capacity;
    }

    public void setCapacity(int capacity) {
        this.capacity = capacity;
    }

    public List<String> getIgnoredPaths() {
        return ignoredPaths;
    }

    public void setIgnoredPaths(List<String> ignoredPaths) {
        this.ignoredPaths = ignoredPaths;
    }
}
