package io.kestrelworks.audit.test;

import io.kestrelworks.audit.boot.AuditSink;
import java.util.Arrays;
import org.springframework.boot.context.TypeExcludeFilter;
import org.springframework.core.type.classreading.MetadataReader;
import org.springframework.core.type.classreading.MetadataReaderFactory;

/** Keeps only the application's {@link AuditSink} components in an {@link AuditTest}. */
public final class AuditTypeExcludeFilter extends TypeExcludeFilter {

    @Override
    public boolean match(MetadataReader reader, MetadataReaderFactory factory) {
        return !Arrays.asList(reader.getClassMetadata().getInterfaceNames()).contains(AuditSink.class.getName());
    }

    @Override
    public boolean equals(Object other) {
        return other != null && other.getClass() == getClass();
    }

    @Override
    public int hashCode() {
        return getClass().hashCode();
    }
}
