// Spring Boot's configuration metadata as the jars publish it: META-INF/spring-configuration-metadata.json
// (what the annotation processor generated, with the additional metadata merged in). Every property
// of a release with its type and, when deprecated, its level, replacement, reason and `since`.
import { readEntries } from './jar.js';

export const METADATA_ENTRY = 'META-INF/spring-configuration-metadata.json';

export interface MetadataProperty {
  name: string;
  type?: string;
  defaultValue?: unknown;
  deprecated?: boolean;
  deprecation?: { level?: 'warning' | 'error'; reason?: string; replacement?: string; since?: string };
}

export interface ReleaseMetadata {
  /** name -> property, over every jar read (the first jar that lists a name wins). */
  properties: Map<string, MetadataProperty & { module: string }>;
  /** The jars that carry metadata (artifactId). */
  modules: string[];
}

interface MetadataFile {
  properties?: MetadataProperty[];
}

export function readMetadata(jars: { artifactId: string; jar: Buffer }[]): ReleaseMetadata {
  const properties = new Map<string, MetadataProperty & { module: string }>();
  const modules: string[] = [];
  for (const { artifactId, jar } of jars) {
    const text = readEntries(jar, (n) => n === METADATA_ENTRY).get(METADATA_ENTRY);
    if (text === undefined) continue;
    modules.push(artifactId);
    const file = JSON.parse(text) as MetadataFile;
    for (const p of file.properties ?? []) {
      if (!properties.has(p.name)) properties.set(p.name, { ...p, module: artifactId });
    }
  }
  return { properties, modules };
}

/** A property the metadata marks deprecated (`deprecated: true` or a `deprecation` object). */
export function isDeprecated(p: MetadataProperty): boolean {
  return p.deprecated === true || p.deprecation !== undefined;
}

/** Metadata without a level means warning (Spring Boot's ItemDeprecation default). */
export function levelOf(p: MetadataProperty): 'warning' | 'error' {
  return p.deprecation?.level === 'error' ? 'error' : 'warning';
}
