// Runtime behaviour that changed in 3.0 without a key or an import to rename: each table rule
// in the `project` section is detected from its plain-string patterns (configuration keys and
// values, types and annotations used in sources, build coordinates) and reported with file:line;
// the log date format and JMX exposure can be fixed on request.
import { scanJvm, type Token } from '../../src/formats/jvm-tokens.js';
import { detectEol, escapeRegExp } from '../../src/engine/text.js';
import { BUILD_KINDS } from '../../src/engine/project-text.js';
import type { Edit, FindingInput, PassContext, ProjectFile, ProjectPass, ProjectResult, ProjectView } from '../../src/engine/types.js';
import type { ProjectRule } from '../../src/table/sections/project.js';
import type { MigrationTable } from '../../src/table/types.js';
import { resolveKey } from '../../src/properties/resolve.js';
import { NeedleSet } from '../../src/engine/needles.js';
import { tableIndex } from '../../src/table/load.js';
import { canonicalKey, configFiles, isMainConfig, resourcesDir, type ConfigEntry } from './config.js';
import { projectSection, ruleFinding } from './rules.js';
import { applicationOf } from '../../src/report/rules.js';

const SOURCE_KINDS = ['java', 'kotlin'] as const;
/** The type name jobBeans looks for. */
const JOB = 'Job';

interface Facts {
  entries: ConfigEntry[];
  /**
   * The sources that name (as a substring) a type some rule looks for, or `Job`: a source naming
   * none has no code hit for any rule, so the rules' loops skip it (one search per source
   * instead of one per source, rule and type).
   */
  sources: ProjectFile[];
  builds: ProjectFile[];
  env: ProjectFile[];
  /** Tokens of the sources scanned so far in this run of the pass (see tokensOf). */
  tokens: Map<ProjectFile, Token[]>;
  /** Every entry's canonical key: hasKey asks it for an exact key instead of walking the entries. */
  canonicalKeys: Set<string>;
}

function gather(project: ProjectView, table: MigrationTable): Facts {
  const entries = configFiles(project).flatMap((c) => c.entries);
  const sought = soughtNames(table);
  return {
    entries,
    canonicalKeys: new Set(entries.map((e) => e.canonical)),
    sources: project.ofKind(...SOURCE_KINDS).filter((f) => sought.test(f.text ?? '')),
    builds: project.ofKind(...BUILD_KINDS),
    env: project.ofKind('env'),
    tokens: new Map(),
  };
}

/** The simple names of every type and annotation the rules look for in sources, and `Job` (jobBeans), built once per table. */
function soughtNames(table: MigrationTable): NeedleSet {
  return tableIndex(table, 'project/runtime-sought', (t) => {
    const types = projectSection(t).rules.flatMap((r) => [...(r.detect?.types ?? []), ...(r.detect?.annotations ?? [])]);
    return new NeedleSet([...types.map((fqcn) => soughtType(fqcn).simple), JOB]);
  });
}

/** A rule's key pattern, canonicalised once (`spring.x.` matches every key below spring.x). */
const canonicalPatterns = new Map<string, { canonical: string; prefix: boolean }>();
function pattern(key: string): { canonical: string; prefix: boolean } {
  let p = canonicalPatterns.get(key);
  if (!p) {
    p = { canonical: canonicalKey(key.replace(/\.$/, '')), prefix: key.endsWith('.') };
    canonicalPatterns.set(key, p);
  }
  return p;
}

function keyMatches(entry: ConfigEntry, key: string): boolean {
  const p = pattern(key);
  return p.prefix ? entry.canonical.startsWith(p.canonical + '.') : entry.canonical === p.canonical;
}

function listHas(entry: ConfigEntry, values: string[]): boolean {
  const items = entry.value.split(',').map((v) => v.trim().toLowerCase());
  return values.some((v) => items.includes(v.toLowerCase()));
}

/** Configuration entries a rule's key patterns select. */
function configHits(rule: ProjectRule, facts: Facts, table?: MigrationTable): ConfigEntry[] {
  const d = rule.detect ?? {};
  // The key patterns first: resolving every key of a large file against the table for each of
  // the 18 rules cost a second on a 1 MB application.yml. Only the hits are looked up.
  return facts.entries
    .filter(
      (e) =>
        (d.keys ?? []).some((k) => keyMatches(e, k)) ||
        (d.keyValues ?? []).some((kv) => keyMatches(e, kv.key) && e.value.toLowerCase() === kv.value.toLowerCase()) ||
        (d.listValues ?? []).some((lv) => lv.keys.some((k) => keyMatches(e, k)) && listHas(e, lv.values)),
    )
    // a key the table removes is already reported by the properties/YAML passes (with this
    // rule's guide section): a second finding on the same line would only repeat it
    .filter((e) => !(table && isRemovedKey(table, e.key)));
}

/**
 * Tokens of a source file, scanned once per run of the pass however many rules look at it, and
 * dropped with the pass's facts: the engine keeps a ProjectFile for the whole run, so a cache
 * keyed by it alone would keep the tokens of every file searched until the run ends. A file
 * that does not scan has none here: the sources pass reports it as unparseable.
 */
function tokensOf(file: ProjectFile, cache: Map<ProjectFile, Token[]>): Token[] {
  let tokens = cache.get(file);
  if (!tokens) {
    try {
      tokens = scanJvm(file.text ?? '', file.kind === 'kotlin' ? 'kotlin' : 'java');
    } catch {
      tokens = [];
    }
    cache.set(file, tokens);
  }
  return tokens;
}

/** A type the rules look for: its name, simple name and package, split once per run of the pass. */
interface SoughtType {
  fqcn: string;
  simple: string;
  pkg: string;
}

function soughtType(fqcn: string): SoughtType {
  const dot = fqcn.lastIndexOf('.');
  return { fqcn, simple: fqcn.slice(dot + 1), pkg: fqcn.slice(0, dot) };
}

/**
 * Where a source file uses a type: its import, a fully qualified use, or (same package or a
 * wildcard import) the simple name. Comments and strings are skipped by the token scanner.
 */
function typeUse(file: ProjectFile, type: SoughtType, cache: Map<ProjectFile, Token[]>): number | undefined {
  const text = file.text ?? '';
  const { fqcn, simple, pkg } = type;
  if (!text.includes(simple)) return undefined;
  const tokens = tokensOf(file, cache);
  let imported = false;
  let firstSimple: number | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type !== 'ident' || t.value !== simple) continue;
    let j = i;
    const parts: string[] = [simple];
    while (j >= 2 && tokens[j - 1]!.value === '.' && tokens[j - 2]!.type === 'ident') {
      parts.unshift(tokens[j - 2]!.value);
      j -= 2;
    }
    const qualified = parts.join('.');
    if (qualified === fqcn) {
      if (tokens[j - 1]?.value === 'import') imported = true;
      return tokens[j]!.start;
    }
    if (parts.length === 1 && firstSimple === undefined) firstSimple = t.start;
  }
  const wildcard = new RegExp(`\\bimport\\s+${escapeRegExp(pkg)}\\.\\*`).test(text);
  const samePackage = new RegExp(`\\bpackage\\s+${escapeRegExp(pkg)}\\s*;?\\s*$`, 'm').test(text);
  return !imported && (wildcard || samePackage) ? firstSimple : undefined;
}

/** Where a build file declares `group:artifact` (Gradle notation, or Maven groupId + artifactId). */
export function dependencyUse(file: ProjectFile, coordinate: string): number | undefined {
  const text = file.text ?? '';
  const [group, artifact] = coordinate.split(':') as [string, string];
  if (!text.includes(artifact)) return undefined;
  const gradle = text.indexOf(`${group}:${artifact}`);
  if (gradle >= 0) return gradle;
  if (file.kind === 'version-catalog') {
    const [g, a] = [escapeRegExp(group), escapeRegExp(artifact)];
    const m = new RegExp(`module\\s*=\\s*"${g}:${a}"|group\\s*=\\s*"${g}"\\s*,\\s*name\\s*=\\s*"${a}"`).exec(text);
    return m?.index;
  }
  const maven = new RegExp(`<groupId>\\s*${escapeRegExp(group)}\\s*</groupId>\\s*<artifactId>\\s*${escapeRegExp(artifact)}\\s*</artifactId>`).exec(text);
  return maven ? maven.index + maven[0].indexOf('<artifactId>') : undefined;
}

function codeHits(rule: ProjectRule, facts: Facts): { path: string; offset: number; name: string }[] {
  const types = [...(rule.detect?.types ?? []), ...(rule.detect?.annotations ?? [])].map(soughtType);
  const out: { path: string; offset: number; name: string }[] = [];
  for (const file of facts.sources) {
    for (const type of types) {
      const offset = typeUse(file, type, facts.tokens);
      if (offset !== undefined) out.push({ path: file.path, offset, name: type.fqcn });
    }
  }
  return out;
}

function buildHits(rule: ProjectRule, facts: Facts): { path: string; offset: number; name: string }[] {
  const out: { path: string; offset: number; name: string }[] = [];
  for (const file of facts.builds) {
    for (const dep of rule.detect?.dependencies ?? []) {
      const offset = dependencyUse(file, dep);
      if (offset !== undefined) out.push({ path: file.path, offset, name: dep });
    }
  }
  return out;
}

function hasKey(facts: Facts, key: string): boolean {
  const p = pattern(key);
  return p.prefix ? facts.entries.some((e) => keyMatches(e, key)) : facts.canonicalKeys.has(p.canonical);
}

function hasBuildDep(facts: Facts, coordinate: string): boolean {
  return facts.builds.some((b) => dependencyUse(b, coordinate) !== undefined);
}

function isRemovedKey(table: MigrationTable, key: string): boolean {
  return resolveKey(table, key)?.kind === 'remove';
}

type Detector = (rule: ProjectRule, facts: Facts, ctx: PassContext) => ProjectResult;

/** Default: every config, code and build hit is a finding. */
const report: Detector = (rule, facts, ctx) => ({
  findings: [
    ...configHits(rule, facts, ctx.table).map((e) => ruleFinding(ctx.table, rule.id, { path: e.path, offset: e.offset }, `${e.key}:`)),
    ...codeHits(rule, facts).map((h) => ruleFinding(ctx.table, rule.id, { path: h.path, offset: h.offset }, `Uses ${h.name}.`)),
    ...buildHits(rule, facts).map((h) => ruleFinding(ctx.table, rule.id, { path: h.path, offset: h.offset }, `Depends on ${h.name}.`)),
  ],
});

/** Job bean declarations: `@Bean ... Job name(` (Java) or `fun name(...): Job` (Kotlin). */
function jobBeans(file: ProjectFile, cache: Map<ProjectFile, Token[]>): number[] {
  const text = file.text ?? '';
  if (!text.includes(JOB)) return [];
  const tokens = tokensOf(file, cache);
  const out: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i]!.value !== 'Bean' || tokens[i - 1]?.value !== '@') continue;
    for (let j = i + 1; j < Math.min(tokens.length, i + 40); j++) {
      const t = tokens[j]!;
      if (t.value === '{' || t.value === ';' || (t.value === '@' && tokens[j + 1]?.value === 'Bean')) break;
      const javaJob = t.value === 'Job' && tokens[j + 1]?.type === 'ident' && tokens[j + 2]?.value === '(';
      const kotlinJob = t.value === 'Job' && tokens[j - 1]?.value === ':' && tokens[j - 2]?.value === ')';
      if (javaJob || kotlinJob) {
        out.push(t.start);
        break;
      }
    }
  }
  return out;
}

/**
 * Counted per application (the folder before src/: a module, or one sample of a repository of
 * samples), in its main sources: Boot 3.0 refuses to start an application with several Job beans
 * unless spring.batch.job.name names one (or spring.batch.job.enabled=false runs none). One error
 * per such application, at its first Job bean, naming the others; spring.batch.job.names in an
 * application without that error is a warning (3.0 runs one job only).
 */
const batchJobs: Detector = (rule, facts, ctx) => {
  const apps = new Map<string, { beans: { path: string; offset: number }[]; entries: ConfigEntry[] }>();
  const appOf = (app: string) => apps.get(app) ?? (apps.set(app, { beans: [], entries: [] }), apps.get(app)!);
  for (const f of facts.sources) {
    if (/(^|\/)src\/test\//.test(f.path)) continue; // a test configuration's jobs do not start with the application
    for (const offset of jobBeans(f, facts.tokens)) appOf(applicationOf(f.path)).beans.push({ path: f.path, offset });
  }
  for (const e of facts.entries) appOf(applicationOf(e.path)).entries.push(e);
  const findings: FindingInput[] = [];
  for (const [app, { beans, entries }] of apps) {
    const set = (key: string) => entries.some((e) => keyMatches(e, key));
    if (set('spring.batch.job.name') || entries.some((e) => keyMatches(e, 'spring.batch.job.enabled') && /^false$/i.test(e.value))) continue;
    const named = entries.filter((e) => keyMatches(e, 'spring.batch.job.names'));
    if (beans.length >= 2) {
      const others = beans.slice(1).map((b) => `${b.path}:${lineAt(facts, b)}`).join(', ');
      findings.push(ruleFinding(ctx.table, rule.id, beans[0]!, `${app === '.' ? 'The application' : `Application ${app}`} declares ${beans.length} Job beans (also ${others}) and no spring.batch.job.name: Spring Boot 3.0 refuses to start it.`));
    } else for (const e of named) findings.push(ruleFinding(ctx.table, rule.id, { path: e.path, offset: e.offset }, `${e.key}=${e.value}:`, 'warning'));
  }
  return { findings };
};

function lineAt(facts: Facts, at: { path: string; offset: number }): number {
  const text = facts.sources.find((f) => f.path === at.path)?.text ?? '';
  let line = 1;
  for (let i = 0; i < at.offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

const REDIS_DATA = ['org.springframework.boot:spring-boot-starter-data-redis', 'org.springframework.boot:spring-boot-starter-data-redis-reactive', 'org.springframework.data:spring-data-redis'];

const dataReserved: Detector = (rule, facts, ctx) => {
  if (REDIS_DATA.some((d) => hasBuildDep(facts, d))) return {};
  const client = (rule.detect?.dependencies ?? []).find((d) => hasBuildDep(facts, d));
  if (!client) return {};
  const first = new Map<string, ConfigEntry>();
  for (const e of configHits(rule, facts)) if (!first.has(e.path)) first.set(e.path, e);
  return { findings: [...first.values()].map((e) => ruleFinding(ctx.table, rule.id, { path: e.path, offset: e.offset }, `${e.key} (client: ${client}):`)) };
};

const showValues: Detector = (rule, facts, ctx) => {
  const configured = facts.entries.some((e) => /^management\.endpoint\.[^.]+\.showvalues$/.test(e.canonical));
  return configured ? {} : report(rule, facts, ctx);
};

const isolatedMapper: Detector = (rule, facts, ctx) => (hasKey(facts, 'management.endpoints.jackson.isolated-object-mapper') ? {} : report(rule, facts, ctx));

const mongoHealth: Detector = (rule, facts, ctx) => (hasBuildDep(facts, 'org.springframework.boot:spring-boot-starter-actuator') || codeHits(rule, facts).length ? report(rule, facts, ctx) : {});

/** Appends a `key=value` line after an entry (properties) in the file's own line ending. */
function insertAfter(file: ProjectFile, entry: ConfigEntry, line: string, rule: string): { path: string; edits: Edit[] } | undefined {
  if (file.kind !== 'properties' || !entry.deleteSpan) return undefined;
  const text = file.text ?? '';
  const end = entry.deleteSpan.end;
  const lead = end === text.length && !text.endsWith('\n') ? detectEol(text) : '';
  return { path: file.path, edits: [{ start: end, end, text: lead + line + detectEol(text), rule }] };
}

const jmxExposure: Detector = (rule, facts, ctx) => {
  if (hasKey(facts, 'management.endpoints.jmx.exposure.include')) return {};
  const list = typeof ctx.options.jmxExposure === 'string' ? ctx.options.jmxExposure.trim() : '';
  const result: Required<ProjectResult> = { edits: [], fileOps: [], findings: [] };
  for (const e of configHits(rule, facts)) {
    const file = facts.entries.length ? configFile(ctx, e.path) : undefined;
    const edit = list && file && !e.profileSpecific ? insertAfter(file, e, `management.endpoints.jmx.exposure.include=${list}`, rule.id) : undefined;
    if (edit) result.edits.push(edit);
    else result.findings.push(ruleFinding(ctx.table, rule.id, { path: e.path, offset: e.offset }, `${e.key}=${e.value}:`));
  }
  return result;
};

function configFile(ctx: PassContext, p: string): ProjectFile | undefined {
  return ctx.project.byPath.get(p);
}

/** The main configuration file of each resources directory (.properties before YAML). */
function mainConfigs(project: ProjectView): ProjectFile[] {
  const byDir = new Map<string, ProjectFile>();
  const files = project.ofKind('properties', 'yaml').filter((f) => isMainConfig(f.path)).sort((a, b) => (a.kind === b.kind ? (a.path < b.path ? -1 : 1) : a.kind === 'properties' ? -1 : 1));
  for (const f of files) if (!byDir.has(resourcesDir(f.path))) byDir.set(resourcesDir(f.path), f);
  return [...byDir.values()];
}

const logDateFormat: Detector = (rule, facts, ctx) => {
  const fact = projectSection(ctx.table).logDateFormat;
  if (hasKey(facts, fact.key) || facts.env.some((f) => (f.text ?? '').includes(fact.envVar))) return {};
  const keep = ctx.options.keepLogDateFormat === true;
  const result: Required<ProjectResult> = { edits: [], fileOps: [], findings: [] };
  for (const file of mainConfigs(ctx.project)) {
    const text = file.text ?? '';
    const eol = detectEol(text);
    const lead = text.length === 0 || text.endsWith('\n') ? '' : eol;
    const topLevelLogging = file.kind === 'yaml' && /^logging\s*:/m.test(text);
    if (keep && !topLevelLogging && !text.includes('\n---')) {
      const line = file.kind === 'properties' ? `${fact.key}=${fact.value}${eol}` : `logging:${eol}  pattern:${eol}    dateformat: "${fact.value}"${eol}`;
      result.edits.push({ path: file.path, edits: [{ start: text.length, end: text.length, text: lead + line, rule: rule.id }] });
    } else {
      result.findings.push(ruleFinding(ctx.table, rule.id, { path: file.path, line: 1 }));
    }
  }
  return result;
};

const DETECTORS: Record<string, Detector> = {
  'project/log-date-format': logDateFormat,
  'project/jmx-exposure': jmxExposure,
  'project/show-values': showValues,
  'project/isolated-object-mapper': isolatedMapper,
  'project/batch-multiple-jobs': batchJobs,
  'project/spring-data-reserved': dataReserved,
  'project/mongo-health': mongoHealth,
};

/** Rules with a pass of their own (trailing slash, env files, banner) are not run here. */
const OWN_PASS = new Set(['project/trailing-slash', 'project/env-var', 'project/banner-image']);

export const runtimePass: ProjectPass = {
  id: 'project/runtime',
  description: 'runtime-behaviour changes of 3.0: reported with file:line, log date format and JMX exposure fixable on request',
  rules: [
    'project/log-date-format',
    'project/jmx-exposure',
    'project/show-values',
    'project/keys-to-sanitize',
    'project/isolated-object-mapper',
    'project/httpexchanges',
    'project/batch-multiple-jobs',
    'project/session-store-type',
    'project/reactive-user-details',
    'project/graceful-shutdown-phases',
    'project/mongo-health',
    'project/flyway-callbacks',
    'project/elasticsearch-client',
    'project/spring-data-reserved',
    'project/max-http-header-size',
  ],
  kinds: ['properties', 'yaml', 'java', 'kotlin', 'pom', 'gradle', 'gradle-kts', 'version-catalog', 'env'],
  run(project, ctx) {
    const facts = gather(project, ctx.table);
    const result: Required<ProjectResult> = { edits: [], fileOps: [], findings: [] };
    for (const rule of projectSection(ctx.table).rules) {
      if (OWN_PASS.has(rule.id)) continue;
      const r = (DETECTORS[rule.id] ?? report)(rule, facts, { ...ctx, project });
      result.edits.push(...(r.edits ?? []));
      result.findings.push(...((r.findings ?? []) as FindingInput[]));
    }
    return result;
  },
};
