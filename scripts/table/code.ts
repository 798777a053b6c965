// Builds the `code` section (Java/Kotlin sources and the non-Java files that carry the same
// names) from jakarta-packages.json and boot-3.0-removed-apis.json. Every `moves` and `stays`
// row, and every type/annotation/field/method/package row of the removed-API data, lands here;
// rows of other kinds (property values, files) belong to other sections.
import { lostSupertypes } from './lost-supertypes.js';
import { freemarkerServletFollowUps } from './freemarker.js';
import type {
  ApiFollowUp,
  PackageKept,
  PackageMove,
  PackageRename,
  PackageStay,
  SourcesSection,
  TypeRename,
  ValidationMessagesRewrite,
  XmlDescriptorRewrite,
} from '../../src/table/sections/sources.js';
import type { DataDir } from './data.js';
import { guide } from './data.js';
import { SHAPES } from './code-shapes.js';
import { spring6RemovedTypes, spring6TypeRenames } from './libraries-spring6.js';

interface JakartaData {
  moves: { from: string; to: string; spec: string; recursive: boolean; classes?: string[]; boot30Artifact?: string; note?: string }[];
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
  if (row.boot30Artifact) out.provider = row.boot30Artifact;
  if (row.note) out.note = row.note;
  return out;
}

/** `a.b.X / a.b.Y` -> ['a.b.X', 'a.b.Y']. */
const alternatives = (s: string): string[] => s.split(' / ').map((p) => p.trim());

// Spring Security 6.0 moved the servlet Kotlin DSL (`invoke`, HttpSecurityDsl and every *Dsl,
// sub-packages headers, oauth2.*, session included) from config.web.servlet to
// config.annotation.web, class for class: each of the 53 top-level classes under the old package
// in spring-security-config 5.7.11 stands at the same place under the new one in 6.0.8, which has
// nothing left under the old one (jar listings of both). Not in ../shared/data; Boot 3.0 brings
// Security 6.0, and a Kotlin security configuration importing the old `invoke` does not compile.
const SECURITY_KOTLIN_DSL: PackageRename = {
  from: 'org.springframework.security.config.web.servlet',
  to: 'org.springframework.security.config.annotation.web',
  note: 'Spring Security 6.0 moved the servlet Kotlin DSL, class for class (spring-security-config 5.7.11 and 6.0.8 jars)',
  docs: 'https://github.com/spring-projects/spring-security/issues/10333',
};

function packageRenames(rows: ApiRow[]): PackageRename[] {
  const out: PackageRename[] = [SECURITY_KOTLIN_DSL];
  for (const r of rows.filter((x) => x.kind === 'package' && x.action === 'rename')) {
    const froms = alternatives(r.fqcn);
    const tos = alternatives(r.replacement ?? '');
    if (froms.length !== tos.length) throw new Error(`package row ${r.fqcn}: ${froms.length} names, ${tos.length} replacements`);
    // Longest first, so `...servlets` is tried before `...servlet`.
    froms.forEach((from, i) => out.push({ from, to: tos[i]!, note: r.note ?? '', docs: docsOf(r.source) }));
  }
  return out.sort((a, b) => b.from.length - a.from.length);
}

/** Every type/annotation/field rename with what it changes besides the name (code-shapes.ts). */
function typeRenames(rows: ApiRow[]): TypeRename[] {
  const renames = rows.filter((r) => (r.kind === 'type' || r.kind === 'annotation' || r.kind === 'field') && r.action === 'rename');
  const unknown = renames.filter((r) => !SHAPES[r.fqcn]).map((r) => r.fqcn);
  if (unknown.length) throw new Error(`boot-3.0-removed-apis.json: rename rows with no shape in scripts/table/code-shapes.ts: ${unknown.join(', ')}`);
  const stale = Object.keys(SHAPES).filter((k) => !renames.some((r) => r.fqcn === k));
  if (stale.length) throw new Error(`scripts/table/code-shapes.ts: shapes for rows the data no longer renames: ${stale.join(', ')}`);
  return renames.map((r) => {
    const fact = SHAPES[r.fqcn]!;
    const row: TypeRename = { from: r.fqcn, to: r.replacement!, kind: r.kind as TypeRename['kind'], note: r.note ?? '', docs: docsOf(r.source), shape: fact.shape, changes: fact.changes, removed: r.status === 'removed-in-3.0' };
    if (fact.instead) row.instead = fact.instead;
    if (fact.annotation) row.annotation = fact.annotation;
    if (fact.source) row.shapeSource = fact.source;
    return row;
  });
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

/**
 * Members the data says changed whose old form does not exist in the Boot 3.0 line at all, read
 * from the published jars (javap): code that still uses them does not compile.
 */
const GONE_IN_3_0: Record<string, string> = {
  // spring-web-6.0.14.jar: ResponseStatusException has getStatusCode(), no getStatus()
  'org.springframework.web.server.ResponseStatusException#getStatus()': 'javap spring-web-6.0.14.jar (Maven Central)',
  // spring-security-config-6.0.8.jar: HttpSecurity has securityMatcher(..), no antMatcher/mvcMatcher/regexMatcher
  'org.springframework.security.config.annotation.web.builders.HttpSecurity#antMatcher(String) / mvcMatcher(String) / regexMatcher(String) / requestMatchers()': 'javap spring-security-config-6.0.8.jar (Maven Central)',
  // spring-data-elasticsearch 5.0 (Boot 3.0) has no ElasticsearchRestTemplate: its templates are on the new client
  'org.springframework.data.elasticsearch.core.ElasticsearchRestTemplate': 'Spring Data Elasticsearch 5.0 (Spring Boot 3.0 Migration Guide, elasticsearch-clients-and-templates)',
  // Spring Batch 5: ItemWriter#write takes a Chunk, SkipPolicy#shouldSkip a long: implementations no longer override
  'org.springframework.batch.item.ItemWriter#write(java.util.List)': 'Spring Batch 5.0 (openrewrite MigrateItemWriterWrite)',
  'org.springframework.batch.core.step.skip.SkipPolicy#shouldSkip(java.lang.Throwable, int)': 'Spring Batch 5.0 (openrewrite spring-batch-5.0.yml)',
};

/**
 * Impact of code that still uses the member: `error` when it is gone in the Boot 3.0 line (the
 * code does not compile: removed in 3.0, a row whose note says removed, a member read from the
 * jars above); `warning` when it still exists, deprecated or with other behaviour.
 */
function severityOf(r: ApiRow): ApiFollowUp['severity'] {
  if (r.status?.startsWith('deprecated')) return 'warning';
  if (r.status === 'removed-in-3.0' || r.action === 'remove' || GONE_IN_3_0[r.fqcn]) return 'error';
  // "a manually defined bean can be removed" is advice, not a removal
  return /(?<!be )\bremoved\b/i.test(r.note ?? '') ? 'error' : 'warning';
}

function followUpMessage(simple: string, r: ApiRow): string {
  const gone = severityOf(r) === 'error';
  const what = r.status === 'removed-in-3.0' ? 'is removed in Spring Boot 3.0' : r.status?.startsWith('deprecated') ? 'is deprecated' : gone ? 'no longer exists in the Spring Boot 3.0 line (the code does not compile)' : 'changed in 3.0';
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

const JPA_XML_RULE = 'sources/jpa-xml';
const JAKARTA_XML_RULE = 'sources/jakarta-xml';

/** The `nonJavaOccurrences` rows this section turns into XML descriptor rewrites, and their rule. */
const XML_DESCRIPTOR_ROWS: { row: string; files: string[]; rule: string }[] = [
  { row: 'persistence.xml', files: ['persistence.xml'], rule: JPA_XML_RULE },
  { row: 'orm.xml', files: ['orm.xml'], rule: JPA_XML_RULE },
  { row: 'web.xml / web-fragment.xml', files: ['web.xml', 'web-fragment.xml'], rule: JAKARTA_XML_RULE },
  { row: 'beans.xml', files: ['beans.xml'], rule: JAKARTA_XML_RULE },
  { row: 'validation.xml', files: ['validation.xml'], rule: JAKARTA_XML_RULE },
  { row: 'JAXB binding files (*.xjb)', files: ['*.xjb'], rule: JAKARTA_XML_RULE },
];

const URL = /https?:\/\/[^\s()]+/g;
/** `web-app_5_0.xsd`, `orm/orm_3_0.xsd` (a folder below the namespace's parent). */
const XSD = /(?:([a-z][a-z-]*)\/)?([a-z][a-z-]*)_(\d+)_(\d+)\.xsd/g;

function occurrence(data: JakartaData, file: string): string {
  const row = data.nonJavaOccurrences.find((o) => o.file === file);
  if (!row) throw new Error(`jakarta-packages.json: no nonJavaOccurrences row for "${file}"`);
  return row.change;
}

const wordingChanged = (file: string, what: string, clause: string) =>
  new Error(`jakarta-packages.json nonJavaOccurrences "${file}": cannot read the ${what} from "${clause}" (the wording changed; update scripts/table/code.ts)`);

/** `version 3.1/4.0 -> 5.0 (EE9) or 6.0 (EE10, Boot 3.0)` -> 6.0; `version -> 3.0` -> 3.0. */
function versionOf(file: string, clause: string): string {
  const right = clause.slice(clause.indexOf('->') + 2);
  const ee10 = /(\d+\.\d+)\s*\(EE10\b/.exec(right);
  const single = /^\s*(\d+\.\d+)\s*$/.exec(right);
  const v = ee10?.[1] ?? single?.[1];
  if (!v) throw wordingChanged(file, 'Jakarta version', clause);
  return v;
}

/**
 * The schema file: the old file stem from the left of `->` (the first file of the row) or the
 * file's own base name (web-fragment.xml: the data names only web-app_*.xsd); the new file is
 * the right-hand candidate whose number is the chosen version. A candidate in a folder
 * (`orm/orm_3_0.xsd`) is relative to the parent of the namespace when the namespace ends with it.
 */
function schemaOf(file: string, name: string, first: boolean, clause: string, to: string, version: string): XmlDescriptorRewrite['schema'] {
  const [left, right] = clause.split('->');
  const oldStem = [...left!.matchAll(/([a-z][a-z-]*)_(?:\d+|x)(?:_(?:\d+|x))?\.xsd/g)].pop()?.[1];
  const want = version.replace('.', '_');
  const pick = [...right!.matchAll(XSD)].find((m) => `${m[3]}_${m[4]}` === want);
  if (!oldStem || !pick) throw wordingChanged(file, 'schema file names', clause);
  const stem = first ? oldStem : name.replace(/\.xml$/, '');
  const newFile = `${first ? pick[2] : stem}_${want}.xsd`;
  const dir = pick[1];
  const url = dir && to.endsWith(`/${dir}`) ? `${to}/${newFile}` : dir ? `${to}/${dir}/${newFile}` : `${to}/${newFile}`;
  return { stem, to: url };
}

/**
 * The XML descriptor rewrites (persistence.xml, orm.xml, web.xml, web-fragment.xml, beans.xml,
 * validation.xml, *.xjb). The data gives them as prose clauses separated by ';'; each clause is
 * parsed here, and a clause this parser cannot read fails the build loudly.
 */
function xmlDescriptors(data: JakartaData): XmlDescriptorRewrite[] {
  const out: XmlDescriptorRewrite[] = [];
  for (const spec of XML_DESCRIPTOR_ROWS) {
    const change = occurrence(data, spec.row);
    const clauses = change.split(';').map((c) => c.trim());
    const nsClause = clauses.find((c) => /^(xmlns\b|namespace\b)/.test(c) && c.includes('->'));
    if (!nsClause) throw wordingChanged(spec.row, 'namespace', change);
    const [nsLeft, nsRight] = nsClause.split('->');
    const to = [...nsRight!.matchAll(URL)][0]?.[0];
    if (!to?.startsWith('https://jakarta.ee/')) throw wordingChanged(spec.row, 'Jakarta namespace', nsClause);
    const versionClause = clauses.find((c) => /^version\b/.test(c));
    if (!versionClause) throw wordingChanged(spec.row, 'version', change);
    const version = versionOf(spec.row, versionClause);
    const schemaClause = clauses.find((c) => /\.xsd\s*->/.test(c));
    spec.files.forEach((file, i) => {
      const row: XmlDescriptorRewrite = { file, rule: spec.rule, namespaces: [...nsLeft!.matchAll(URL)].map((m) => m[0]), to, version, docs: guide() };
      if (schemaClause) row.schema = schemaOf(spec.row, file, i === 0, schemaClause, to, version);
      out.push(row);
    });
  }
  // A row that names no old namespace (beans.xml) takes those of the rows with the same target.
  for (const row of out) {
    if (row.namespaces.length) continue;
    row.namespaces = [...new Set(out.filter((r) => r.to === row.to).flatMap((r) => r.namespaces))];
  }
  return out;
}

/** `message keys javax.validation.constraints.*.message -> jakarta.validation.constraints.*.message`. */
function validationMessages(data: JakartaData): ValidationMessagesRewrite {
  const file = 'ValidationMessages*.properties';
  const change = occurrence(data, file);
  const m = /(\S+\.)\*(\.\w+)\s*->\s*(\S+\.)\*(\.\w+)/.exec(change);
  if (!m || m[2] !== m[4]) throw wordingChanged(file, 'key pattern', change);
  return { bundle: file.slice(0, file.indexOf('*')), from: m[1]!, to: m[3]!, suffix: m[2]!, docs: guide() };
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
    types: [...typeRenames(apis), ...spring6TypeRenames()],
    annotationRemovals: removals.map((r) => ({ fqcn: r.fqcn, message: r.note ?? '', docs: docsOf(r.source) })),
    constructorBinding: { from: cb.fqcn, to: cb.replacement, message: cb.note ?? '', docs: docsOf(cb.source) },
    // a follow-up that a lostSupertypes row now carries out is no longer a manual step
    followUps: [...withSpring6Removals(followUps(apis).filter((f) => !lostSupertypes().some((l) => l.type === f.type)), apis), ...freemarkerServletFollowUps()],
    serviceLoader: { directory: 'META-INF/services/', docs: guide() },
    xmlDescriptors: xmlDescriptors(jakarta),
    validationMessages: validationMessages(jakarta),
    lostSupertypes: lostSupertypes(),
  };
}

/** The data's follow-ups, then a row for each class the Spring Framework 6.0 jars lost that no row handles yet. */
function withSpring6Removals(rows: ApiFollowUp[], apis: ApiRow[]): ApiFollowUp[] {
  const handled = new Set([...rows.map((r) => r.type), ...apis.map((a) => a.fqcn.split(/[\s#]/)[0]!)]);
  return [...rows, ...spring6RemovedTypes(handled)];
}
