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
import type { FindingInput, ProjectFile, ProjectPass, ProjectResult, ProjectView } from '../../src/engine/types.js';
import type { ObservabilityRows } from '../../src/table/sections/libraries.js';
import { type ConfigEntry, configFiles, isMainConfig, resourcesDir } from './config.js';

export const TRACE_ID_RULE = 'observability/trace-id-pattern';

const BUILD_KINDS = ['pom', 'gradle', 'gradle-kts', 'version-catalog'] as const;

/** logback.xml, logback-spring.xml, logback-test.xml, log4j2.xml, log4j2-spring.xml, ... */
const LOG_XML = /(^|\/)(logback|log4j2)[^/]*\.xml$/;

const dirOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');

/** The module directory a file belongs to: the part before src/ ('' at the root). */
function moduleOf(path: string): string {
  const at = path.startsWith('src/') ? 0 : path.indexOf('/src/');
  return at < 0 ? dirOf(path) : path.slice(0, at);
}

const within = (dir: string, root: string) => root === '' || dir === root || dir.startsWith(root + '/');

/** Module directories whose build declares a Sleuth artifact that carries its default log pattern. */
function sleuthModules(project: ProjectView, rows: ObservabilityRows['logPattern']): string[] {
  return project
    .ofKind(...BUILD_KINDS)
    .filter((f) => rows.sleuthArtifacts.some((a) => new RegExp(`\\b${a}\\b`).test(f.text ?? '')))
    .map((f) => dirOf(f.path));
}

/** Offsets of `text` outside XML comments. */
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

function legacyMessage(keys: ObservabilityRows['logPattern']['legacyMdcKeys']): string {
  const each = keys.map((k) => (k.to ? `${k.key} -> ${k.to} (%X{${k.to}:-})` : `${k.key} has no counterpart (remove it)`)).join(', ');
  return `${keys.map((k) => k.key).join(', ')}: Sleuth 3 no longer puts ${keys.length > 1 ? 'these keys' : 'this key'} in the MDC (the pattern already prints nothing for ${keys.length > 1 ? 'them' : 'it'} on Boot 2.7) and Micrometer Tracing does not either: ${each}`;
}

function legacyKeys(project: ProjectView, rows: ObservabilityRows['logPattern']): FindingInput[] {
  const out: FindingInput[] = [];
  const sources = project.ofKind('java', 'kotlin');
  // A key the project's own code puts in the MDC is still filled: not Sleuth's to take away.
  const keys = rows.legacyMdcKeys.filter((k) => !sources.some((f) => f.text?.includes(`"${k.key}"`)));
  if (!keys.length) return out;
  for (const e of configFiles(project).flatMap((c) => c.entries)) {
    const named = keys.filter((k) => e.canonical.startsWith('logging.pattern.') && e.value.includes(k.key));
    if (named.length) out.push(finding(e.path, e.offset, legacyMessage(named), rows.mdcSource));
  }
  for (const f of project.ofKind('xml').filter((x) => LOG_XML.test(x.path))) {
    for (const k of keys) for (const at of outsideXmlComments(f.text ?? '', k.key)) out.push(finding(f.path, at, legacyMessage([k]), rows.mdcSource));
  }
  return out;
}

function finding(path: string, offset: number, message: string, docs: string): FindingInput {
  return { rule: TRACE_ID_RULE, severity: 'warning', path, offset, message, docs: docs.split(' ; ')[0] };
}

const setsKey = (entries: ConfigEntry[], key: string, value?: string) => entries.some((e) => e.canonical === key && (value === undefined || e.value.trim().toLowerCase() === value));

/** Main configuration files of Sleuth modules that rely on Sleuth's default logging.pattern.level. */
function lostLevelPattern(project: ProjectView, rows: ObservabilityRows['logPattern']): FindingInput[] {
  const roots = sleuthModules(project, rows);
  if (!roots.length) return [];
  const configs = configFiles(project);
  const entries = configs.flatMap((c) => c.entries);
  if (setsKey(entries, 'logging.pattern.level') || setsKey(entries, 'spring.sleuth.enabled', 'false')) return [];
  const mains = new Map<string, ProjectFile>();
  for (const c of configs) {
    const f = c.file;
    if (!isMainConfig(f.path) || !roots.some((r) => within(moduleOf(f.path), r))) continue;
    const dir = resourcesDir(f.path);
    // .properties first, as Boot reads both and a person would add the line there
    if (!mains.has(dir) || (f.kind === 'properties' && mains.get(dir)!.kind !== 'properties')) mains.set(dir, f);
  }
  return [...mains.values()].map((f) => {
    const line = f.kind === 'properties' ? `logging.pattern.level=${rows.levelPattern}` : `logging.pattern.level: "${rows.levelPattern}"`;
    return {
      rule: TRACE_ID_RULE,
      severity: 'warning',
      path: f.path,
      line: 1,
      message: `Spring Cloud Sleuth set logging.pattern.level to ${rows.sleuthLevelPattern} when it was not set, putting [application,traceId,spanId] on every log line; Spring Boot 3.0 with Micrometer Tracing does not: add ${line} to keep the trace ids in the logs`,
      docs: rows.source.split(' ; ')[0],
    };
  });
}

export const traceIdPatternPass: ProjectPass = {
  id: 'project/trace-id-pattern',
  description: "trace ids in log patterns across the Sleuth -> Micrometer Tracing move: Sleuth 2's MDC keys and Sleuth's default logging.pattern.level (reported)",
  rules: [TRACE_ID_RULE],
  kinds: ['properties', 'yaml', 'xml', 'pom', 'gradle', 'gradle-kts', 'version-catalog', 'java', 'kotlin'],
  run(project, ctx): ProjectResult {
    const rows = ctx.table.libraries?.observability.logPattern;
    if (!rows) return {};
    return { findings: [...legacyKeys(project, rows), ...lostLevelPattern(project, rows)] };
  },
};
