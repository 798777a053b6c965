// Builds the `code` section (Java/Kotlin sources and the non-Java files that carry the same
// names) from jakarta-packages.json and boot-3.0-removed-apis.json. Every `moves` and `stays`
// row, and every type/annotation/field/method/package row of the removed-API data, lands here;
// rows of other kinds (property values, files) belong to other sections.
import type {
  ApiFollowUp,
  JpaXmlRewrite,
  PackageKept,
  PackageMove,
  PackageRename,
  PackageStay,
  SourcesSection,
  TypeRename,
} from '../../src/table/sections/sources.js';
import type { DataDir } from './data.js';
import { guide } from './data.js';

interface JakartaData {
  moves: { from: string; to: string; spec: string; recursive: boolean; classes?: string[]; note?: string }[];
  stays: { package: string; reason: string; module?: string; note?: string }[];
  nonJavaOccurrences: { file: string; change: string; source: string }[];
}

interface ApiRow {
  fqcn: string;
  kind: 'type' | 'annotation' | 'method' | 'field' | 'package' | 'file' | 'property-value';
  replacement: string | null;
  action: 'rename' | 'remove' | 'manual';
  note?: string;
  source?: string;
  status?: string;
}

const CONSTRUCTOR_BINDING = 'org.springframework.boot.context.properties.ConstructorBinding';

/** `... Migration Guide #anchor (wiki ...` -> the guide link; the guide itself otherwise. */
function docsOf(source: string | undefined): string {
  const m = /Migration Guide (#[^\s(;]+)/.exec(source ?? '');
  return guide(m?.[1]);
}

function buildStay(row: JakartaData['stays'][number]): PackageStay {
  // "javax.annotation (JSR-305 types: Nonnull, Nullable, ...)": the package, with examples.
  const m = /^(\S+)\s+\((?:[^:]*:)?\s*([^)]*)\)$/.exec(row.package);
  const pkg = m ? m[1]! : row.package;
  const examples = m ? m[2]!.split(',').map((s) => s.trim()).filter((s) => /^[A-Z]\w*$/.test(s)) : undefined;
  // A stays row covers its sub-packages unless the data says it is only "the package itself"
  // or it lists class names (a class list is about one package).
  const recursive = !/package itself/.test(row.note ?? '') && !examples;
  const out: PackageStay = { package: pkg, reason: row.reason, recursive };
  if (examples?.length) out.examples = examples;
  if (row.note) out.note = row.note;
  return out;
}

function buildMove(row: JakartaData['moves'][number]): PackageMove {
  const out: PackageMove = { from: row.from, to: row.to, spec: row.spec, recursive: row.recursive };
  if (row.classes) out.classes = [...row.classes];
  if (row.note) out.note = row.note;
  return out;
}

/** `a.b.X / a.b.Y` -> ['a.b.X', 'a.b.Y']. */
const alternatives = (s: string): string[] => s.split(' / ').map((p) => p.trim());

function packageRenames(rows: ApiRow[]): PackageRename[] {
  const out: PackageRename[] = [];
  for (const r of rows.filter((x) => x.kind === 'package' && x.action === 'rename')) {
    const froms = alternatives(r.fqcn);
    const tos = alternatives(r.replacement ?? '');
    if (froms.length !== tos.length) throw new Error(`package row ${r.fqcn}: ${froms.length} names, ${tos.length} replacements`);
    // Longest first, so `...servlets` is tried before `...servlet`.
    froms.forEach((from, i) => out.push({ from, to: tos[i]!, note: r.note ?? '', docs: docsOf(r.source) }));
  }
  return out.sort((a, b) => b.from.length - a.from.length);
}

function typeRenames(rows: ApiRow[]): TypeRename[] {
  return rows
    .filter((r) => (r.kind === 'type' || r.kind === 'annotation' || r.kind === 'field') && r.action === 'rename')
    .map((r) => ({ from: r.fqcn, to: r.replacement!, kind: r.kind as TypeRename['kind'], note: r.note ?? '', docs: docsOf(r.source) }));
}

/** `pkg.Type#name(A a, B b) / other(..)` -> the type and its members with parameter counts. */
function parseMembers(fqcn: string): { type: string; members: { name: string; params?: number }[] } {
  const hash = fqcn.indexOf('#');
  const type = fqcn.slice(0, hash);
  const members: { name: string; params?: number }[] = [];
  for (const alt of alternatives(fqcn.slice(hash + 1))) {
    const m = /^(\w+)(?:\((.*)\))?/.exec(alt);
    if (!m) continue; // "... (message-less overloads)" and similar prose
    const args = m[2];
    if (args === undefined || args.trim() === '..') members.push({ name: m[1]! });
    else members.push({ name: m[1]!, params: countParams(args) });
  }
  return { type, members };
}

/** Top-level commas of a parameter list (generics may hold commas). */
function countParams(list: string): number {
  if (!list.trim()) return 0;
  let depth = 0;
  let n = 1;
  for (const ch of list) {
    if (ch === '<') depth++;
    else if (ch === '>') depth--;
    else if (ch === ',' && depth === 0) n++;
  }
  return n;
}

function severityOf(r: ApiRow): ApiFollowUp['severity'] {
  return r.status === 'removed-in-3.0' || r.action === 'remove' ? 'error' : 'warning';
}

function followUpMessage(simple: string, r: ApiRow): string {
  const what = r.status === 'removed-in-3.0' ? 'is removed in Spring Boot 3.0' : r.status?.startsWith('deprecated') ? 'is deprecated' : 'changed in 3.0';
  const instead = r.replacement ? `; use ${r.replacement}` : '';
  return `${simple} ${what}${instead}${r.note ? ` (${r.note})` : ''}`;
}

function followUps(rows: ApiRow[]): ApiFollowUp[] {
  const out: ApiFollowUp[] = [];
  for (const r of rows) {
    if (r.fqcn === CONSTRUCTOR_BINDING) continue; // has its own row (edits)
    if (r.kind === 'type' || r.kind === 'annotation') {
      if (r.action === 'rename') continue; // edits, see `types`
      if (r.kind === 'annotation' && r.action === 'remove') continue; // edits, see `annotationRemovals`
      // "pkg.Type (user @Bean)" / "pkg.Type phases for ...": the type is the first word.
      const type = r.fqcn.split(/\s/)[0]!;
      const simple = type.slice(type.lastIndexOf('.') + 1);
      out.push({ type, kind: r.kind, action: r.action, replacement: r.replacement, message: followUpMessage(simple, r), docs: docsOf(r.source), severity: severityOf(r) });
    } else if (r.kind === 'method') {
      const { type, members } = parseMembers(r.fqcn);
      const simple = type.slice(type.lastIndexOf('.') + 1);
      const names = members.map((m) => m.name).join('/');
      out.push({
        type,
        members,
        kind: 'method',
        action: r.action,
        replacement: r.replacement,
        message: followUpMessage(`${simple}#${names}`, r),
        docs: docsOf(r.source),
        severity: severityOf(r),
      });
    }
  }
  return out;
}

function packagesKept(rows: ApiRow[]): PackageKept[] {
  return rows
    .filter((r) => r.kind === 'package' && r.action === 'manual')
    .map((r) => ({ package: r.fqcn, note: r.note ?? '', docs: docsOf(r.source) }));
}

/**
 * The persistence.xml / orm.xml rewrite. The data gives it as prose; the structured form below
 * is checked against that prose so a change in the data cannot go unnoticed.
 */
function jpaXml(data: JakartaData): JpaXmlRewrite[] {
  const text = (file: string) => {
    const row = data.nonJavaOccurrences.find((o) => o.file === file);
    if (!row) throw new Error(`jakarta-packages.json: no nonJavaOccurrences row for ${file}`);
    return row.change;
  };
  const persistence = text('persistence.xml');
  const orm = text('orm.xml');
  const rows: JpaXmlRewrite[] = [
    {
      file: 'persistence.xml',
      namespaces: [
        { from: 'http://xmlns.jcp.org/xml/ns/persistence', to: 'https://jakarta.ee/xml/ns/persistence' },
        { from: 'http://java.sun.com/xml/ns/persistence', to: 'https://jakarta.ee/xml/ns/persistence' },
      ],
      version: '3.0',
      schema: { pattern: 'persistence_2_\\d\\.xsd', to: 'https://jakarta.ee/xml/ns/persistence/persistence_3_0.xsd' },
      propertyFrom: 'javax.persistence.',
      propertyTo: 'jakarta.persistence.',
      docs: guide(),
    },
    {
      file: 'orm.xml',
      namespaces: [
        { from: 'http://xmlns.jcp.org/xml/ns/persistence/orm', to: 'https://jakarta.ee/xml/ns/persistence/orm' },
        { from: 'http://java.sun.com/xml/ns/persistence/orm', to: 'https://jakarta.ee/xml/ns/persistence/orm' },
      ],
      version: '3.0',
      schema: { pattern: 'orm_2_\\d\\.xsd', to: 'https://jakarta.ee/xml/ns/persistence/orm/orm_3_0.xsd' },
      docs: guide(),
    },
  ];
  const check = (prose: string, needles: string[]) => {
    for (const n of needles) if (!prose.includes(n)) throw new Error(`jakarta-packages.json no longer says "${n}"`);
  };
  check(persistence, ['http://xmlns.jcp.org/xml/ns/persistence', 'http://java.sun.com/xml/ns/persistence', 'https://jakarta.ee/xml/ns/persistence', 'version 2.x -> 3.0', 'persistence_3_0.xsd', 'javax.persistence.*']);
  check(orm, ['https://jakarta.ee/xml/ns/persistence/orm', 'version -> 3.0', 'orm/orm_3_0.xsd']);
  return rows;
}

export function buildCode(data: DataDir): SourcesSection {
  const jakarta = data.read<JakartaData>('jakarta-packages.json');
  const apis = data.read<ApiRow[]>('boot-3.0-removed-apis.json');
  const cb = apis.find((r) => r.fqcn === CONSTRUCTOR_BINDING);
  if (!cb?.replacement) throw new Error(`boot-3.0-removed-apis.json: no row for ${CONSTRUCTOR_BINDING}`);
  const removals = apis.filter((r) => r.kind === 'annotation' && r.action === 'remove');
  return {
    packages: { moves: jakarta.moves.map(buildMove), stays: jakarta.stays.map(buildStay) },
    packageRenames: packageRenames(apis),
    packagesKept: packagesKept(apis),
    types: typeRenames(apis),
    annotationRemovals: removals.map((r) => ({ fqcn: r.fqcn, message: r.note ?? '', docs: docsOf(r.source) })),
    constructorBinding: { from: cb.fqcn, to: cb.replacement, message: cb.note ?? '', docs: docsOf(cb.source) },
    followUps: followUps(apis),
    serviceLoader: { directory: 'META-INF/services/', docs: guide() },
    jpaXml: jpaXml(jakarta),
  };
}
