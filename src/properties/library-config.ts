// Configuration that Boot 3.0's library upgrades change, shared by the properties and YAML
// passes: Hibernate dialect class names that Hibernate 6.1 no longer has (the value changes),
// and springfox keys that springdoc 2 replaces (the key moves). The facts are the table's
// `libraryConfig` rows; this module only decides which row applies and what to say.
import { buildFilesMatch } from '../engine/project-text.js';
import type { ProjectView } from '../engine/types.js';
import { parseProperties } from '../formats/properties.js';
import { parseYaml } from '../formats/yaml.js';
import type { PropertyRename } from '../table/sections/properties.js';
import { tableIndex } from '../table/load.js';
import type { DialectRow, OpenFeignKey, SpringfoxKey } from '../table/sections/library-config.js';
import type { MigrationTable } from '../table/types.js';
import { canonicalKey, canonicalSegment, splitKey } from './resolve.js';

export const LIBRARY_CONFIG_RULES = {
  dialect: 'properties/hibernate-dialect',
  springfox: 'properties/springfox',
  openfeign: 'properties/openfeign',
} as const;

/** Keys the table's key rows do not cover (springfox.*, feign.*): a file naming none needs no parse for them. */
export function mentionsLibraryConfig(text: string): boolean {
  return /springfox|feign/i.test(text);
}

/** `spring.jpa.properties[hibernate.dialect]` -> spring, jpa, properties, hibernate, dialect. */
function expandedSegments(key: string): string[] {
  return splitKey(key).flatMap((segment) => {
    const bracket = /^([^[]*)\[([^\]]*)\]$/.exec(segment);
    if (!bracket || /^\d+$/.test(bracket[2]!)) return [segment];
    return [bracket[1]!, ...bracket[2]!.replace(/^["']|["']$/g, '').split('.')];
  });
}

const MAP_PREFIX = ['spring', 'jpa', 'properties'];

/**
 * Does `key` name one of the dialect keys? The `spring.jpa` part binds relaxed; what follows
 * `spring.jpa.properties` is a map key that reaches Hibernate as written, so it must match exactly.
 */
export function isDialectKey(table: MigrationTable, key: string): boolean {
  const keys = table.libraryConfig?.hibernateDialects.keys;
  if (!keys || !/jpa/i.test(key)) return false; // every dialect key is below spring.jpa: most keys end here
  const segs = expandedSegments(key);
  return keys.some((k) => {
    const want = splitKey(k);
    if (want.length !== segs.length) return false;
    const mapKey = MAP_PREFIX.every((p, i) => want[i] === p);
    return want.every((w, i) => (mapKey && i >= MAP_PREFIX.length ? w === segs[i] : canonicalSegment(w) === canonicalSegment(segs[i]!)));
  });
}

export type DialectOutcome =
  | { kind: 'rewrite'; to: string; message: string; row: DialectRow }
  | { kind: 'report'; severity: 'error' | 'info'; message: string; row: DialectRow };

function dialectRows(table: MigrationTable): Map<string, DialectRow> {
  return tableIndex(table, 'library-config/dialects', (t) => new Map((t.libraryConfig?.hibernateDialects.dialects ?? []).map((r) => [r.from, r])));
}

const DETECTS = 'Hibernate 6 also detects the dialect from the JDBC connection, so the key can usually be deleted';

/** What to do with a dialect key's value (a class name as written, trimmed), or undefined when it is fine in 6.1. */
export function dialectOutcome(table: MigrationTable, value: string, communityInBuild: boolean): DialectOutcome | undefined {
  const row = dialectRows(table).get(value);
  if (!row) return undefined;
  const hibernate = `Hibernate ${table.libraryConfig!.hibernateDialects.hibernate} (Spring Boot 3.0)`;
  const artifact = table.libraryConfig!.hibernateDialects.communityArtifact;
  switch (row.status) {
    case 'rename':
      return { kind: 'rewrite', to: row.to!, row, message: `${row.from} does not exist in ${hibernate}: replaced by ${row.to}, which reads the database version from the connection (${DETECTS})` };
    case 'community':
      if (communityInBuild) return { kind: 'rewrite', to: row.to!, row, message: `${row.from} moved to ${artifact} in Hibernate 6: replaced by ${row.to}` };
      return { kind: 'report', severity: 'error', row, message: `${row.from} does not exist in ${hibernate}; it moved to ${row.to} in ${artifact}: add that dependency and write ${row.to}` };
    case 'deprecated':
      return { kind: 'report', severity: 'info', row, message: `${row.from} still exists in ${hibernate} but is deprecated (gone in Hibernate 6.2, Spring Boot 3.1) and pins one database version: left unchanged; ${row.to} reads the version from the connection (${DETECTS})` };
    default:
      return { kind: 'report', severity: 'error', row, message: `${row.from} does not exist in ${hibernate}: ${row.replacement}` };
  }
}

/** The value text a dialect rewrite writes: the new class, the old value's trailing blanks kept. */
export function rewrittenValue(raw: string, to: string): string {
  return to + raw.slice(raw.trimEnd().length);
}

export type SpringfoxOutcome = { kind: 'rename'; to: string; row: SpringfoxKey } | { kind: 'report'; message: string };

/** A springfox key's fate: moved to its springdoc key when the build has springdoc, else reported. */
export function springfoxOutcome(table: MigrationTable, key: string, springdocInBuild: boolean): SpringfoxOutcome | undefined {
  const config = table.libraryConfig?.springfox;
  if (!config || !key.toLowerCase().startsWith(config.prefix.slice(0, -1).toLowerCase())) return undefined; // cheap test first: most keys end here
  const canonical = canonicalKey(key);
  if (!canonical.startsWith(canonicalKey(config.prefix.slice(0, -1)) + '.')) return undefined;
  const row = config.keys.find((k) => canonicalKey(k.from) === canonical);
  const gone = 'springfox has no release for Spring Boot 3';
  if (row?.to && springdocInBuild) return { kind: 'rename', to: row.to, row };
  if (row?.to) return { kind: 'report', message: `${key} is read by springfox only (${gone}); no build file read names springdoc, so it was not moved: with springdoc 2 write ${row.to} (${row.note})` };
  if (row) return { kind: 'report', message: `${key} has no springdoc counterpart (${gone}): ${row.note}` };
  return { kind: 'report', message: `${key} is read by springfox only (${gone}) and springdoc has no key known to mean the same; delete it or find the springdoc setting by hand` };
}

export type OpenFeignOutcome = { kind: 'rename'; to: string; row: OpenFeignKey; warning?: string } | { kind: 'report'; message: string; row: OpenFeignKey };

interface OpenFeignRows {
  exact: Map<string, OpenFeignKey>;
  /** Prefix rows (`feign.client.`) as canonical segments, longest first. */
  prefixes: { segments: string[]; row: OpenFeignKey }[];
  prefix: string;
}

function openfeignRows(table: MigrationTable): OpenFeignRows | undefined {
  if (!table.libraryConfig?.openfeign) return undefined;
  return tableIndex(table, 'library-config/openfeign', (t) => {
    const config = t.libraryConfig!.openfeign;
    const exact = new Map<string, OpenFeignKey>();
    const prefixes: OpenFeignRows['prefixes'] = [];
    for (const row of config.keys) {
      if (row.from.endsWith('.')) prefixes.push({ segments: splitKey(row.from.slice(0, -1)).map(canonicalSegment), row });
      else exact.set(canonicalKey(row.from), row);
    }
    prefixes.sort((a, b) => b.segments.length - a.segments.length);
    return { exact, prefixes, prefix: canonicalKey(config.prefix.slice(0, -1)) };
  });
}

/**
 * A Spring Cloud OpenFeign 3.1 key's fate on 4.0 (the 2022.0 train Boot 3.0 needs, which reads
 * only spring.cloud.openfeign.*): renamed when a build file names OpenFeign, else reported; a key
 * 4.0 has no counterpart for is reported. Keys below feign. that 3.1 does not read (another
 * library's, such as Sentinel's feign.sentinel.enabled) are none of its business: undefined.
 */
export function openfeignOutcome(table: MigrationTable, key: string, openfeignInBuild: boolean, value?: string): OpenFeignOutcome | undefined {
  if (!/^feign[.[]/i.test(key)) return undefined; // cheap test first: most keys end here
  const rows = openfeignRows(table);
  if (!rows) return undefined;
  const raw = splitKey(key);
  const segs = raw.map(canonicalSegment);
  if (segs[0] !== rows.prefix) return undefined;
  const config = table.libraryConfig!.openfeign;
  const exact = rows.exact.get(segs.join('.'));
  const byPrefix = exact ? undefined : rows.prefixes.find((p) => p.segments.length < segs.length && p.segments.every((s, i) => s === segs[i]));
  const row = exact ?? byPrefix?.row;
  if (!row) return undefined;
  const onNew = `Spring Cloud OpenFeign ${config.version} (the ${config.train} train Spring Boot 3.0 runs)`;
  if (!row.to) return { kind: 'report', row, message: `${key} is not read by ${onNew}: ${row.note ?? 'it has no counterpart'}; delete it or configure the client in code` };
  // the new prefix, then the rest of the key as written (client names below config keep their spelling)
  const to = exact ? row.to : row.to + raw.slice(byPrefix!.segments.length).join('.');
  if (!openfeignInBuild) return { kind: 'report', row, message: `${key}: ${onNew} reads only ${config.to}*; no build file read names ${config.artifacts.join(' or ')}, so it was not moved: for an OpenFeign client write ${to}` };
  // a switch that turns off what 4.0 dropped changes nothing
  const off = /enabled$/.test(segs[segs.length - 1]!) && value?.trim().toLowerCase() === 'false';
  return { kind: 'rename', to, row, ...(row.note && !off ? { warning: `${key} moved to ${to}, but ${row.note}` } : {}) };
}

/** The evidence transforms/sources/springdoc/springdoc.ts also asks for: the build names springdoc or swagger-core 2. */
export const SPRINGDOC_IN_BUILD = /org\.springdoc|springdoc-openapi|io\.swagger\.core\.v3/;
export const COMMUNITY_DIALECTS_IN_BUILD = /hibernate-community-dialects/;
export const OPENFEIGN_IN_BUILD = /spring-cloud-(?:starter-openfeign|openfeign-core)\b/;

/** What the two passes need to know about the project, computed once per file. */
export interface LibraryConfigContext {
  springdocInBuild: boolean;
  communityInBuild: boolean;
  openfeignInBuild: boolean;
  /** Does any configuration file of the project set one of these keys (relaxed binding)? */
  configSets: (keys: readonly string[]) => boolean;
}

export const NO_LIBRARY_CONTEXT: LibraryConfigContext = { springdocInBuild: false, communityInBuild: false, openfeignInBuild: false, configSets: () => false };

export function libraryConfigContext(project: ProjectView | undefined): LibraryConfigContext {
  if (!project) return NO_LIBRARY_CONTEXT;
  return {
    springdocInBuild: buildFilesMatch(project, SPRINGDOC_IN_BUILD),
    communityInBuild: buildFilesMatch(project, COMMUNITY_DIALECTS_IN_BUILD),
    openfeignInBuild: buildFilesMatch(project, OPENFEIGN_IN_BUILD),
    configSets: (keys) => configSetsAny(project, keys),
  };
}

const configured = new WeakMap<ProjectView, Map<string, boolean>>();

/**
 * Whether a configuration file (properties or YAML, any document) sets one of `keys`, answered
 * once per run and key list. Only files whose text names a key's last segment are parsed.
 */
function configSetsAny(project: ProjectView, keys: readonly string[]): boolean {
  let memo = configured.get(project);
  if (!memo) configured.set(project, (memo = new Map()));
  const id = keys.join('|');
  let hit = memo.get(id);
  if (hit !== undefined) return hit;
  const wanted = new Set(keys.map(canonicalKey));
  const lasts = [...new Set(keys.map((k) => canonicalSegment(splitKey(k).pop()!)))];
  hit = false;
  for (const f of project.ofKind('properties', 'yaml')) {
    const text = f.text ?? '';
    if (!lasts.some((l) => text.toLowerCase().replace(/[-_]/g, '').includes(l))) continue;
    try {
      const names = f.kind === 'properties' ? parseProperties(text).entries.map((e) => e.key) : parseYaml(text).docs.flatMap((d) => d.pairs.map((p) => p.path.join('.')));
      if (names.some((n) => wanted.has(canonicalKey(n)))) {
        hit = true;
        break;
      }
    } catch {
      // a file that does not parse is reported by its own pass
    }
  }
  memo.set(id, hit);
  return hit;
}

/**
 * A rename whose target names a meter by its default name, in a project whose configuration
 * names the meter otherwise: the finding that replaces the rename (the form to write), else undefined.
 */
export function meterNameConflict(row: PropertyRename, key: string, libs: LibraryConfigContext): string | undefined {
  const meter = row.meter;
  if (!meter || !libs.configSets(meter.nameKeys)) return undefined;
  const map = row.to.slice(0, row.to.length - meter.name.length);
  return `${key} is not read by Spring Boot 3.0 and was left unchanged: it becomes ${row.to} for the default meter name ${meter.name}, but this project's configuration sets ${meter.nameKeys.join(' or ')}; write ${map}<that meter name> with the same value${row.note ? ` (${row.note})` : ''}`;
}
