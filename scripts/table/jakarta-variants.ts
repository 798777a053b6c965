// Libraries whose jakarta line is another artifact with moved packages and renamed types. The
// build transform renames the artifacts (rows of maven-coordinates-3.0.json); these rows say
// what the code must do with them. Class lists were read from the libraries' sources at the
// tags Boot 3.0's Jackson (2.14) ships, compared file by file; the JAXB runtime rows come from
// jakarta-packages.json (nonJavaOccurrences, "com.sun.xml.bind.* properties / JAXB RI").
import type { JakartaVariantRow } from '../../src/table/sections/libraries.js';
import type { DataDir } from './data.js';

const JAXRS = 'https://github.com/FasterXML/jackson-jakarta-rs-providers/tree/jackson-jakarta-rs-providers-2.14.3 (compared with https://github.com/FasterXML/jackson-jaxrs-providers/tree/jackson-jaxrs-providers-2.14.3: same classes, JacksonJaxb*Provider -> JacksonXmlBind*Provider, cfg.JaxRSFeature -> cfg.JakartaRSFeature, util -> base.util, Annotations.JAXB -> Annotations.JAKARTA_XML_BIND)';
const XMLBIND = 'https://github.com/FasterXML/jackson-modules-base/tree/jackson-modules-base-2.14.3/jakarta-xmlbind (compared with .../jaxb at the same tag)';

const PROVIDER_FORMATS = ['Json', 'XML', 'CBOR', 'Smile', 'YAML'] as const;
const PROVIDER_PACKAGES: Record<(typeof PROVIDER_FORMATS)[number], string> = { Json: 'json', XML: 'xml', CBOR: 'cbor', Smile: 'smile', YAML: 'yaml' };

function jaxrsProviders(): JakartaVariantRow {
  const oldBase = 'com.fasterxml.jackson.jaxrs';
  const newBase = 'com.fasterxml.jackson.jakarta.rs';
  return {
    artifacts: ['com.fasterxml.jackson.jaxrs:jackson-jaxrs-*'],
    jakartaArtifacts: ['com.fasterxml.jackson.jakarta.rs:jackson-jakarta-rs-*'],
    // Longest first: util moved under base.
    packages: [
      { from: `${oldBase}.util`, to: `${newBase}.base.util` },
      { from: oldBase, to: newBase },
    ],
    types: [
      ...PROVIDER_FORMATS.map((f) => ({ from: `${oldBase}.${PROVIDER_PACKAGES[f]}.JacksonJaxb${f}Provider`, to: `${newBase}.${PROVIDER_PACKAGES[f]}.JacksonXmlBind${f}Provider` })),
      { from: `${oldBase}.cfg.JaxRSFeature`, to: `${newBase}.cfg.JakartaRSFeature` },
    ],
    members: [{ type: `${oldBase}.cfg.Annotations`, from: 'JAXB', to: 'JAKARTA_XML_BIND' }],
    gone: [],
    note: 'the jakarta-rs providers implement jakarta.ws.rs; the javax ones do not load on a jakarta JAX-RS runtime',
    source: JAXRS,
  };
}

function xmlBindModule(): JakartaVariantRow {
  const o = 'com.fasterxml.jackson.module.jaxb';
  const n = 'com.fasterxml.jackson.module.jakarta.xmlbind';
  return {
    artifacts: ['com.fasterxml.jackson.module:jackson-module-jaxb-annotations'],
    jakartaArtifacts: ['com.fasterxml.jackson.module:jackson-module-jakarta-xmlbind-annotations'],
    packages: [{ from: o, to: n }],
    types: [
      { from: `${o}.JaxbAnnotationModule`, to: `${n}.JakartaXmlBindAnnotationModule` },
      { from: `${o}.JaxbAnnotationIntrospector`, to: `${n}.JakartaXmlBindAnnotationIntrospector` },
      { from: `${o}.deser.DataHandlerJsonDeserializer`, to: `${n}.deser.DataHandlerDeserializer` },
      { from: `${o}.ser.DataHandlerJsonSerializer`, to: `${n}.ser.DataHandlerSerializer` },
    ],
    members: [],
    gone: [
      { name: `${o}.deser.DomElementJsonDeserializer`, replacement: 'no counterpart in jackson-module-jakarta-xmlbind-annotations: deserialize org.w3c.dom.Element yourself' },
      { name: `${o}.ser.DomElementJsonSerializer`, replacement: 'no counterpart in jackson-module-jakarta-xmlbind-annotations: serialize org.w3c.dom.Element yourself' },
    ],
    note: 'JakartaXmlBindAnnotationModule reads jakarta.xml.bind annotations; the JAXB module reads javax.xml.bind ones',
    source: XMLBIND,
  };
}

const RUNTIME = 'org.glassfish.jaxb:jaxb-runtime';

interface CoordinateRow {
  from: { groupId: string; artifactId: string };
  to: { groupId: string; artifactId: string } | null;
  action: string;
}

/** `group:artifact` or `group:prefix*` against a coordinate. */
function matches(pattern: string, c: { groupId: string; artifactId: string }): boolean {
  const [group, artifact] = pattern.split(':') as [string, string];
  return group === c.groupId && (artifact.endsWith('*') ? c.artifactId.startsWith(artifact.slice(0, -1)) : artifact === c.artifactId);
}

/** The artifacts maven-coordinates-3.0.json renames to `coordinate`. */
function renamedTo(data: DataDir, coordinate: string): string[] {
  const rows = data.read<{ entries: CoordinateRow[] }>('maven-coordinates-3.0.json').entries;
  const out = rows.filter((r) => r.action === 'rename' && r.to && `${r.to.groupId}:${r.to.artifactId}` === coordinate).map((r) => `${r.from.groupId}:${r.from.artifactId}`);
  if (!out.length) throw new Error(`maven-coordinates-3.0.json: nothing is renamed to ${coordinate} any more (update scripts/table/jakarta-variants.ts)`);
  return out;
}

/** `com.sun.xml.bind.marshaller.NamespacePrefixMapper -> org.glassfish.jaxb.runtime.marshaller` and the ContextFactory, from the data's clause. */
function jaxbRuntime(data: DataDir): JakartaVariantRow {
  const jakarta = data.read<{ nonJavaOccurrences: { file: string; change: string }[] }>('jakarta-packages.json');
  const row = jakarta.nonJavaOccurrences.find((o) => o.file.startsWith('com.sun.xml.bind'));
  if (!row) throw new Error('jakarta-packages.json: no nonJavaOccurrences row for the JAXB RI (com.sun.xml.bind)');
  const contextFactory = /(com\.sun\.xml\.bind\.v2\.ContextFactory) -> (org\.glassfish\.jaxb\.runtime\.v2\.ContextFactory)/.exec(row.change);
  const mapper = /(NamespacePrefixMapper) (com\.sun\.xml\.bind\.marshaller) -> (org\.glassfish\.jaxb\.runtime\.marshaller)/.exec(row.change);
  if (!contextFactory || !mapper) throw new Error(`jakarta-packages.json JAXB RI row: cannot read the class moves from "${row.change}" (the wording changed; update scripts/table/jakarta-variants.ts)`);
  return {
    // The build transform renames these to org.glassfish.jaxb:jaxb-runtime, which Boot 3.0
    // manages at 4.0, where the classes moved.
    artifacts: renamedTo(data, RUNTIME),
    jakartaArtifacts: [RUNTIME],
    packages: [],
    types: [
      { from: contextFactory[1]!, to: contextFactory[2]! },
      { from: `${mapper[2]}.${mapper[1]}`, to: `${mapper[3]}.${mapper[1]}` },
    ],
    members: [],
    gone: [],
    note: 'the JAXB runtime 4.0 Boot 3.0 manages moved its implementation classes out of com.sun.xml.bind',
    source: 'https://github.com/eclipse/transformer/blob/main/org.eclipse.transformer.jakarta/src/main/resources/org/eclipse/transformer/jakarta/jakarta-direct.properties (jakarta-packages.json nonJavaOccurrences)',
  };
}

export function jakartaVariants(data: DataDir): JakartaVariantRow[] {
  const rows = [jaxrsProviders(), xmlBindModule(), jaxbRuntime(data)];
  // The build transform must rename what these rows move the code for, or the code would
  // follow a rename that never happens.
  const renames = data.read<{ entries: CoordinateRow[] }>('maven-coordinates-3.0.json').entries.filter((r) => r.action === 'rename' && r.to);
  for (const row of rows) {
    const covered = row.artifacts.every((a) => renames.some((r) => matches(a, r.from) && row.jakartaArtifacts.some((j) => matches(j, r.to!))));
    if (!covered) throw new Error(`maven-coordinates-3.0.json no longer renames ${row.artifacts.join(', ')} to ${row.jakartaArtifacts.join(', ')} (update scripts/table/jakarta-variants.ts)`);
  }
  return rows;
}
