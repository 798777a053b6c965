package com.cobaltreach.quotes.ops;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.stereotype.Component;

@Component
@Endpoint(id = "featureflags")
public class FeatureFlagsEndpoint implements InfoContributor {
    private final Map<String, Boolean> flags = new ConcurrentHashMap<>(Map.of("streaming", false, "bulk-export", true));

    @ReadOperation
    public Map<String, Boolean> flags() {
        return new TreeMap<>(flags);
    }

    @ReadOperation
    public Boolean flag(@Selector String name) {
        return flags.get(name);
    }

    @WriteOperation
    public void set(@Selector String name, boolean enabled) {
        flags.put(name, enabled);
    }

    @Override
    public void contribute(Info.Builder builder) {
        builder.withDetail("featureFlags", flags());
    }
}
