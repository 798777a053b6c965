// `--verify` and `verify`: run each build that holds the target in compile mode (build-root.ts),
// read its output (parse/), and turn what failed into findings at file:line, each mapped to the
// Boot 3.0 change behind it where the migration table knows one (known-changes.ts). Opt-in only:
// a build executes code from the repository (plugins, build scripts, annotation processors).
import path from 'node:path';
import type { Finding } from '../engine/types.js';
import type { MigrationTable } from '../table/types.js';
import type { BuildPlan } from './build-root.js';
import { explainCompileError } from './explain.js';
import { KnownChanges, type Explanation } from './known-changes.js';
import { locateDeclaration } from './locate.js';
import type { BuildFileProblem, BuildProblem, CompileProblem, DependencyProblem } from './parse/problems.js';
import { openLog, runBuild, type BuildRun } from './run-build.js';

export { planBuilds, NoBuild, type BuildPlan } from './build-root.js';

export type VerifyStatus = 'passed' | 'failed' | 'timed-out';

export interface VerifiedBuild {
  tool: 'maven' | 'gradle';
  /** The build root, relative to the base folder ('.' for the base itself). */
  dir: string;
  command: string;
  /** not-run: the time limit was used up by the builds before it. */
  status: VerifyStatus | 'not-run';
  exitCode: number | null;
  durationMs: number;
  compileErrors: number;
  unresolvedDependencies: number;
}

/** What the JSON summary (`verify`) and SARIF (`runs[0].properties.verify`) carry. */
export interface VerifySummary {
  ran: true;
  status: VerifyStatus;
  passed: boolean;
  timedOut: boolean;
  durationMs: number;
  timeoutMs: number;
  /** Error findings the builds produced (compile errors, unresolved dependencies, build failures). */
  errors: number;
  compileErrors: number;
  unresolvedDependencies: number;
  builds: VerifiedBuild[];
}

export interface VerifyOptions {
  table: MigrationTable;
  /** Absolute folder every finding path is relative to (the git top level or the directory given). */
  base: string;
  timeoutMs: number;
  /** Also write every build's whole output here. */
  logFile?: string;
  /** Told before each build starts. */
  onBuild?(plan: BuildPlan): void;
}

const MAX_QUOTE = 600;

export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  return m < 60 ? `${m}m${s % 60 ? `${s % 60}s` : ''}` : `${Math.floor(m / 60)}h${m % 60 ? `${m % 60}m` : ''}`;
}

const withExplanation = (message: string, e: Explanation | undefined) => `${message.replace(/\.+$/, '')}.${e ? ` ${e.text}` : ''}`;
const quote = (s: string) => (s.length > MAX_QUOTE ? s.slice(0, MAX_QUOTE - 1) + '…' : s);

class Findings {
  readonly list: Finding[] = [];
  private readonly seen = new Set<string>();

  constructor(private readonly base: string) {}

  relative(file: string): string {
    return path.relative(this.base, file).split(path.sep).join('/') || '.';
  }

  add(rule: string, file: string, line: number, column: number, message: string, docs?: string): boolean {
    const f: Finding = { rule, severity: 'error', path: this.relative(file), line: Math.max(1, line), column: Math.max(1, column), message, ...(docs ? { docs } : {}) };
    const key = `${f.rule}\0${f.path}\0${f.line}\0${f.column}\0${f.message}`;
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    this.list.push(f);
    return true;
  }
}

function compileFinding(p: CompileProblem, plan: BuildPlan, known: KnownChanges, out: Findings): boolean {
  const file = path.resolve(plan.dir, p.file);
  const e = explainCompileError(p, file, known);
  const message = `${p.compiler}: ${p.message}${p.details.length ? ` (${p.details.join('; ')})` : ''}`;
  return out.add(e ? 'verify/boot3-change' : 'verify/compile-error', file, p.line, p.column, withExplanation(message, e), e?.docs);
}

const ROLE: Record<DependencyProblem['role'], string> = { dependency: '', parent: ' (the parent POM)', import: ' (an imported BOM)', plugin: ' (a build plugin)' };

function dependencyFinding(p: DependencyProblem, plan: BuildPlan, known: KnownChanges, out: Findings): boolean {
  const at = locateDeclaration(plan.dir, p.groupId, p.artifactId) ?? { file: plan.buildFile, line: 1, column: 1 };
  const coordinate = `${p.groupId}:${p.artifactId}${p.version ? `:${p.version}` : ' (no version)'}`;
  const e = known.coordinateChange(p.groupId, p.artifactId, p.version);
  return out.add('verify/unresolved-dependency', at.file, at.line, at.column, withExplanation(`${coordinate}${ROLE[p.role]} could not be resolved; the build said: ${quote(p.message)}`, e), e?.docs);
}

function buildFileFinding(p: BuildFileProblem, plan: BuildPlan, known: KnownChanges, out: Findings): boolean {
  const file = p.file ? path.resolve(plan.dir, p.file) : plan.buildFile;
  if (p.groupId && p.artifactId) {
    const e = known.coordinateChange(p.groupId, p.artifactId);
    return out.add('verify/unresolved-dependency', file, p.line, p.column, withExplanation(quote(p.message).replace(/\.$/, ''), e), e?.docs);
  }
  return out.add('verify/build-file', file, p.line, p.column, `${quote(p.message).replace(/\.$/, '')}.`);
}

/** What a failed build said, when no parser recognised it: Gradle's "What went wrong", Maven's [ERROR] lines. */
function failureLines(tail: string[]): string[] {
  const wrong = tail.indexOf('* What went wrong:');
  if (wrong >= 0) {
    const end = tail.findIndex((l, i) => i > wrong && l.startsWith('* '));
    return tail.slice(wrong + 1, end < 0 ? undefined : end).slice(0, 6).map((l) => l.trim());
  }
  const boilerplate = /^(-> \[Help|To see the full stack trace|Re-run Maven|For more information|\[Help \d+\]|After correcting the problems|$)/;
  const errors = tail.filter((l) => /^\[(ERROR|FATAL)\]/.test(l)).map((l) => l.replace(/^\[\w+\]\s*/, '').trim()).filter((l) => !boilerplate.test(l));
  return (errors.length ? errors : tail.slice(-6)).slice(0, 6);
}

function problemFindings(problems: BuildProblem[], plan: BuildPlan, known: KnownChanges, out: Findings) {
  let compileErrors = 0;
  let unresolved = 0;
  for (const p of problems) {
    if (p.kind === 'compile') compileErrors += compileFinding(p, plan, known, out) ? 1 : 0;
    else if (p.kind === 'dependency') unresolved += dependencyFinding(p, plan, known, out) ? 1 : 0;
    else unresolved += buildFileFinding(p, plan, known, out) && p.groupId ? 1 : 0;
  }
  return { compileErrors, unresolved };
}

/** Runs each build in turn within one time limit; the findings' paths are relative to `options.base`. */
export async function verifyBuilds(plans: BuildPlan[], options: VerifyOptions): Promise<{ summary: VerifySummary; findings: Finding[] }> {
  const known = new KnownChanges(options.table);
  const out = new Findings(options.base);
  const log = options.logFile ? openLog(options.logFile) : undefined;
  const started = Date.now();
  const builds: VerifiedBuild[] = [];
  try {
    for (const plan of plans) {
      const left = options.timeoutMs - (Date.now() - started);
      const build: VerifiedBuild = { tool: plan.tool, dir: out.relative(plan.dir), command: plan.display, status: 'not-run', exitCode: null, durationMs: 0, compileErrors: 0, unresolvedDependencies: 0 };
      builds.push(build);
      if (left <= 0) {
        out.add('verify/timeout', plan.buildFile, 1, 1, `not built: the ${formatDuration(options.timeoutMs)} time limit (--verify-timeout) was used up by the builds before it; run \`${plan.display}\` in ${build.dir} yourself or raise the limit.`);
        continue;
      }
      options.onBuild?.(plan);
      log?.write(`$ cd ${plan.dir} && ${plan.display}\n`);
      const run: BuildRun = await runBuild(plan, { timeoutMs: left, log });
      build.durationMs = run.durationMs;
      build.exitCode = run.exitCode;
      build.status = run.timedOut ? 'timed-out' : run.exitCode === 0 ? 'passed' : 'failed';
      if (build.status === 'passed') continue;
      const counts = problemFindings(run.problems, plan, known, out);
      build.compileErrors = counts.compileErrors;
      build.unresolvedDependencies = counts.unresolved;
      if (run.timedOut) out.add('verify/timeout', plan.buildFile, 1, 1, `the build did not finish within ${formatDuration(left)} (--verify-timeout) and was stopped, its whole process tree killed: nothing is proven. Raise the limit, or run \`${plan.display}\` in ${build.dir} yourself.`);
      else if (!run.problems.length) out.add('verify/build-failed', plan.buildFile, 1, 1, `\`${plan.display}\` failed (exit ${run.exitCode}) with no compiler error or unresolved dependency boot-upgrade recognises; it said: ${quote(failureLines(run.tail).join(' | '))}`);
    }
  } finally {
    if (log) await new Promise<void>((resolve) => log.end(() => resolve()));
  }
  const timedOut = builds.some((b) => b.status === 'timed-out' || b.status === 'not-run');
  const failed = builds.some((b) => b.status === 'failed');
  const status: VerifyStatus = timedOut ? 'timed-out' : failed ? 'failed' : 'passed';
  const summary: VerifySummary = {
    ran: true,
    status,
    passed: status === 'passed',
    timedOut,
    durationMs: Date.now() - started,
    timeoutMs: options.timeoutMs,
    errors: out.list.length,
    compileErrors: builds.reduce((n, b) => n + b.compileErrors, 0),
    unresolvedDependencies: builds.reduce((n, b) => n + b.unresolvedDependencies, 0),
    builds,
  };
  // by place, as a compiler lists them: the builds' streams and parsers deliver them in another order
  const findings = [...out.list].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line || a.column - b.column));
  return { summary, findings };
}

/** `20m`, `90s`, `1h`, `1200` (seconds) -> milliseconds; undefined when it is none of those. */
export function parseDuration(text: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)(s|m|h)?$/.exec(text.trim());
  if (!m) return undefined;
  const ms = Number(m[1]) * { s: 1000, m: 60_000, h: 3_600_000 }[(m[2] ?? 's') as 's' | 'm' | 'h'];
  return ms > 0 ? Math.round(ms) : undefined;
}

/** The default time limit: a large repository's first compile, plugins and dependencies downloaded. */
export const DEFAULT_VERIFY_TIMEOUT_MS = 20 * 60_000;
