// A BOM pom as published (spring-boot-dependencies, spring-cloud-dependencies): its properties,
// its managed coordinates with the property that versions each, its BOM imports and its parent.
import { child, childrenNamed, parseXml, textValue, type XmlElement } from '../../src/formats/xml.js';

export interface ManagedEntry {
  /** groupId:artifactId[:classifier] */
  coordinate: string;
  /** The version as written (`${flyway.version}` or a literal). */
  version: string;
  /** The property named by a `${...}` version, when it is one. */
  property?: string;
}

export interface Bom {
  parent?: { groupId: string; artifactId: string; version: string };
  groupId: string;
  artifactId: string;
  version: string;
  properties: Record<string, string>;
  managed: ManagedEntry[];
  imports: ManagedEntry[];
  plugins: ManagedEntry[];
}

function text(doc: string, el: XmlElement | undefined): string {
  return (textValue(doc, el) ?? '').trim();
}

function entry(doc: string, el: XmlElement, withClassifier: boolean): ManagedEntry {
  const classifier = text(doc, child(el, 'classifier'));
  const version = text(doc, child(el, 'version'));
  const property = /^\$\{([^}]+)\}$/.exec(version)?.[1];
  return {
    coordinate: `${text(doc, child(el, 'groupId')) || 'org.apache.maven.plugins'}:${text(doc, child(el, 'artifactId'))}${withClassifier && classifier ? `:${classifier}` : ''}`,
    version,
    ...(property ? { property } : {}),
  };
}

export function parseBom(pomText: string): Bom {
  const doc = parseXml(pomText);
  const root = doc.root;
  const parentEl = child(root, 'parent');
  const parent = parentEl
    ? { groupId: text(pomText, child(parentEl, 'groupId')), artifactId: text(pomText, child(parentEl, 'artifactId')), version: text(pomText, child(parentEl, 'version')) }
    : undefined;
  const properties: Record<string, string> = {};
  for (const p of child(root, 'properties')?.children ?? []) properties[p.name] = text(pomText, p);
  const managed: ManagedEntry[] = [];
  const imports: ManagedEntry[] = [];
  for (const d of childrenNamed(child(child(root, 'dependencyManagement'), 'dependencies'), 'dependency')) {
    const isImport = text(pomText, child(d, 'scope')) === 'import';
    (isImport ? imports : managed).push(entry(pomText, d, !isImport));
  }
  const plugins = childrenNamed(child(child(child(root, 'build'), 'pluginManagement'), 'plugins'), 'plugin').map((p) => entry(pomText, p, false));
  return {
    ...(parent ? { parent } : {}),
    groupId: text(pomText, child(root, 'groupId')) || parent?.groupId || '',
    artifactId: text(pomText, child(root, 'artifactId')),
    version: text(pomText, child(root, 'version')) || parent?.version || '',
    properties,
    managed,
    imports,
    plugins,
  };
}

/** The version an entry resolves to under the BOM's own properties (undefined: a property it does not define). */
export function resolvedVersion(bom: Bom, e: ManagedEntry): string | undefined {
  if (!e.property) return e.version || undefined;
  if (e.property === 'project.version') return bom.version;
  return bom.properties[e.property];
}
