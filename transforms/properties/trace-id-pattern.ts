// observability/trace-id-pattern: trace ids in log lines across the Sleuth -> Micrometer Tracing
// move (build/sleuth-tracing moves the dependency, the properties table the spring.sleuth.* keys).
// Reported, never edited:
// - Sleuth 2 put X-B3-TraceId/X-B3-SpanId (and X-B3-ParentSpanId, X-Span-Export) in the MDC;
//   Sleuth 3 stopped, and Micrometer Tracing fills traceId/spanId. A pattern still naming the old
//   keys already prints nothing on Boot 2.7 with Sleuth 3.1, so rewriting it would change the
//   log output: each use in logging.pattern.* (properties, YAML) and in logback/log4j2 XML is
//   reported with the key to use, unless the project's own code puts that key in the MDC.
// - Sleuth set logging.pattern.level to "[app,traceId,spanId]" when the application did not;
//   Boot 3.0 does not. A module whose build has Sleuth and whose configuration sets no
//   logging.pattern.level (nor spring.sleuth.enabled=false) loses the ids from every line: its
//   main configuration file is told the line to add.
// A file pass, because it must see the builds as read (ctx.project): by the time project passes
// run, build/sleuth-tracing may already have replaced the Sleuth artifacts.
import { BUILD_KINDS, buildFilesMatch } from '../../src/engine/project-text.js';
import type { FilePass, FindingInput, PassResult, ProjectPass, ProjectView, SourceFile } from '../../src/engine/types.js';
import type { ObservabilityRows } from '../../src/table/sections/libraries.js';
import { type ConfigEntry, configFiles, isMainConfig, readConfig, resourcesDir } from '../project/config.js';

export const TRACE_ID_RULE = 'observability/trace-id-pattern';

type Rows = ObservabilityRows['logPattern'];


/** logback.xml, logback-spring.xml, logback-test.xml, log4j2.xml, log4j2-spring.xml, ... */
const LOG_XML = /(^|\/)(logback|log4j2)[^/]*\.xml$/;

const dirOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');

/** The module directory a file belongs to: the part before src/ ('' at the root). */
function moduleOf(path: string): string {
  const at = path.startsWith('src/') ? 0 : path.indexOf('/src/');
  return at < 0 ? dirOf(path) : path.slice(0, at);
}

const within = (dir: string, root: string) => root === '' || dir === root || dir.startsWith(root + '/');

const modulesCache = new WeakMap<ProjectView, string[]>();

/** Module directories whose build declares a Sleuth artifact that carries its default log pattern. */
function sleuthModules(project: ProjectView, rows: Rows): string[] {
  let roots = modulesCache.get(project);
  if (!roots) {
    const named = rows.sleuthArtifacts.map((a) => new RegExp(`\\b${a}\\b`));
    roots = project.ofKind(...BUILD_KINDS).filter((f) => named.some((re) => re.test(f.text ?? ''))).map((f) => dirOf(f.path));
    modulesCache.set(project, roots);
  }
  return roots;
}

const deadCache = new WeakMap<ProjectView, Rows['legacyMdcKeys']>();

/** Legacy keys the project's own Java/Kotlin code does not put in the MDC (those stay filled). */
function deadKeys(project: ProjectView, rows: Rows): Rows['legacyMdcKeys'] {
  let keys = deadCache.get(project);
  if (!keys) {
    const sources = project.ofKind('java', 'kotlin');
    keys = rows.legacyMdcKeys.filter((k) => !sources.some((f) => f.text?.includes(`"${k.key}"`)));
    deadCache.set(project, keys);
  }
  return keys;
}

/** Does any build mention Sleuth at all (the cheap test before parsing a configuration file)? */
function anySleuthBuild(project: ProjectView): boolean {
  return buildFilesMatch(project, /sleuth/);
}

/** Offsets of `needle` outside XML comments. */
function outsideXmlComments(text: string, needle: string): number[] {
  const comments: [number, number][] = [];
  for (let i = text.indexOf('<!--'); i >= 0; i = text.indexOf('<!--', i + 4)) {
    const end = text.indexOf('-->', i + 4);
    comments.push([i, end < 0 ? text.length : end + 3]);
    if (end < 0) break;
  }
  const out: number[] = [];
  for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + needle.length)) {
    if (!comments.some(([s, e]) => i >= s && i < e)) out.push(i);
  }
  return out;
}

function legacyMessage(keys: Rows['legacyMdcKeys']): string {
  const each = keys.map((k) => (k.to ? `${k.key} -> ${k.to} (%X{${k.to}:-})` : `${k.key} has no counterpart (remove it)`)).join(', ');
  const many = keys.length > 1;
  return `${keys.map((k) => k.key).join(', ')}: Sleuth 3 no longer puts ${many ? 'these keys' : 'this key'} in the MDC (the pattern already prints nothing for ${many ? 'them' : 'it'} on Boot 2.7) and Micrometer Tracing does not either: ${each}`;
}

function warning(offset: number, message: string, docs: string): FindingInput {
  return { rule: TRACE_ID_RULE, severity: 'warning', offset, message, docs: docs.split(' ; ')[0] };
}

/** logging.pattern.* entries of this configuration file naming a legacy key: one finding per entry. */
function legacyInConfig(entries: ConfigEntry[], keys: Rows['legacyMdcKeys'], rows: Rows): FindingInput[] {
  const out: FindingInput[] = [];
  for (const e of entries) {
    const named = keys.filter((k) => e.canonical.startsWith('logging.pattern.') && e.value.includes(k.key));
    if (named.length) out.push(warning(e.offset, legacyMessage(named), rows.mdcSource));
  }
  return out;
}

const setsKey = (entries: ConfigEntry[], key: string, value?: string) => entries.some((e) => e.canonical === key && (value === undefined || e.value.trim().toLowerCase() === value));

/** Is this file the main configuration of a Sleuth module that relies on Sleuth's default level pattern? */
function lostLevelPattern(file: SourceFile, project: ProjectView, rows: Rows): FindingInput | undefined {
  if (!isMainConfig(file.path)) return undefined;
  const roots = sleuthModules(project, rows);
  if (!roots.some((r) => within(moduleOf(file.path), r))) return undefined;
  const configs = configFiles(project);
  const entries = configs.flatMap((c) => c.entries);
  if (setsKey(entries, 'logging.pattern.level') || setsKey(entries, 'spring.sleuth.enabled', 'false')) return undefined;
  // One file per resources directory, .properties first (Boot reads both; a person adds the line there).
  const dir = resourcesDir(file.path);
  const siblings = configs.map((c) => c.file).filter((f) => isMainConfig(f.path) && resourcesDir(f.path) === dir);
  const chosen = siblings.find((f) => f.kind === 'properties') ?? siblings.sort((a, b) => (a.path < b.path ? -1 : 1))[0];
  if (chosen && chosen.path !== file.path) return undefined;
  const line = file.kind === 'properties' ? `logging.pattern.level=${rows.levelPattern}` : `logging.pattern.level: "${rows.levelPattern}"`;
  return {
    rule: TRACE_ID_RULE,
    severity: 'warning',
    line: 1,
    message: `Spring Cloud Sleuth set logging.pattern.level to ${rows.sleuthLevelPattern} when it was not set, putting [application,traceId,spanId] on every log line; Spring Boot 3.0 with Micrometer Tracing does not: add ${line} to keep the trace ids in the logs`,
    docs: rows.source.split(' ; ')[0],
  };
}

function run(file: SourceFile, rows: Rows, project: ProjectView): FindingInput[] {
  if (file.kind === 'xml') {
    if (!LOG_XML.test(file.path)) return [];
    return deadKeys(project, rows).flatMap((k) => outsideXmlComments(file.text, k.key).map((at) => warning(at, legacyMessage([k]), rows.mdcSource)));
  }
  const config = readConfig({ path: file.path, kind: file.kind, text: file.text });
  const keys = deadKeys(project, rows);
  const out = keys.length ? legacyInConfig(config.entries, keys, rows) : [];
  const lost = lostLevelPattern(file, project, rows);
  return lost ? [...out, lost] : out;
}

export const traceIdPatternPass: FilePass = {
  id: 'properties/trace-id-pattern',
  description: "trace ids in log patterns across the Sleuth -> Micrometer Tracing move: Sleuth 2's MDC keys, Sleuth's default logging.pattern.level (reported)",
  kinds: ['properties', 'yaml', 'xml'],
  rules: [TRACE_ID_RULE],
  prefilter: (text, ctx) => !!ctx.table.libraries && (text.includes('X-') || anySleuthBuild(ctx.project)),
  settles: true, // reports only, on lines the key renames leave where they were (test/settles-config.test.ts)
  run(file, ctx): PassResult {
    const rows = ctx.table.libraries?.observability.logPattern;
    return rows ? { findings: run(file, rows, ctx.project) } : {};
  },
};

/**
 * Changes nothing: declares the build and source kinds, so a run limited to this rule (`--only
 * observability/trace-id-pattern`) still reads the builds (Sleuth or not) and the sources (who
 * fills the MDC) the file pass looks at through ctx.project.
 */
export const traceIdInputsPass: ProjectPass = {
  id: 'properties/trace-id-inputs',
  description: 'reads builds and Java/Kotlin sources for observability/trace-id-pattern (changes nothing)',
  rules: [TRACE_ID_RULE],
  kinds: [...BUILD_KINDS, 'java', 'kotlin'],
  run: () => ({}),
};
