// What a person reads on stderr after migrate, --dry-run and check: what needs a human, in the
// same run (as cargo fix and ESLint do). Errors in full; warnings grouped by rule with a count,
// the rule's explanation once and its occurrences (capped); info counted; then one closing line
// that names the next step.
import type { Finding, RunResult } from '../engine/types.js';
import { findingLine } from '../report/text.js';
import { visible } from '../report/escape.js';
import { ruleDocsUrl } from '../report/links.js';
import { applicationOf, isPerApplication, ruleSummary, RULES } from '../report/rules.js';
import { paint } from './color.js';
import { describeBase, type PathBase } from './paths.js';
import { verifyStatusLine } from '../report/verify-status.js';
import type { VerifySummary } from '../verify/index.js';
import { verdictLines, verdictOf } from '../report/verdict.js';

/** Occurrences listed under a warning rule before "and N more". */
export const WARNINGS_PER_RULE = 5;

export interface HumanOptions {
  color: boolean;
  verbose: boolean;
  base: PathBase;
  version: string;
}

/** '2 build-output folder(s), 1 symbolic link(s)': what kinds of files the run did not read. */
export function skippedKinds(skipped: RunResult['stats']['skipped']): string {
  const counts = new Map<string, number>();
  for (const s of skipped) {
    const noun = s.path.endsWith('/') ? `${s.kind} folder(s)` : `${s.kind} file(s)`;
    counts.set(noun, (counts.get(noun) ?? 0) + 1);
  }
  return [...counts].map(([noun, n]) => `${n} ${noun}`).join(', ');
}

export function countBySeverity(findings: Finding[]) {
  const n = { error: 0, warning: 0, info: 0 };
  for (const f of findings) n[f.severity]++;
  return n;
}

export function summaryLine(result: RunResult, verb: string, options: HumanOptions): string {
  const n = countBySeverity(result.findings);
  const skipped = result.stats.skipped.length ? `; not read: ${skippedKinds(result.stats.skipped)}${options.verbose ? '' : ' (--verbose lists them)'}` : '';
  return `boot-upgrade: ${result.changes.length} file(s) ${verb}, ${result.stats.read} of ${result.stats.scanned} file(s) read, ${result.findings.length} finding(s) (${n.error} error(s), ${n.warning} warning(s), ${n.info} info)${leftOut(result)}; ${describeBase(options.base)}${skipped}`;
}

/** ', 2 excluded, 3 silenced by comments, 5 in the baseline': what the user chose not to see. */
export function leftOut(result: RunResult): string {
  const { excluded, suppressed, baselined } = result.stats;
  const parts = [excluded ? `${excluded} file(s) excluded` : '', suppressed ? `${suppressed} finding(s) silenced by comments` : '', baselined ? `${baselined} finding(s) in the baseline` : ''].filter(Boolean);
  return parts.length ? `, ${parts.join(', ')}` : '';
}

function byRule(findings: Finding[]): Map<string, Finding[]> {
  const groups = new Map<string, Finding[]>();
  for (const f of findings) groups.set(f.rule, [...(groups.get(f.rule) ?? []), f]);
  return new Map([...groups].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/**
 * The part of a message that is about this occurrence: its first sentence when the rule's
 * explanation is printed once above it (the rest of the message repeats that explanation;
 * `boot-upgrade report` has every message in full).
 */
export function occurrence(message: string, explained: boolean): string {
  if (!explained) return message;
  const end = /[.!?](?=\s)/.exec(message);
  return end ? message.slice(0, end.index + 1) : message;
}

/** One block per warning rule: `[rule] ×N: explanation <link>`, then the occurrences. */
export function warningBlocks(warnings: Finding[], options: HumanOptions, perRule = WARNINGS_PER_RULE): string[] {
  const lines: string[] = [];
  for (const [rule, list] of byRule(warnings)) {
    const summary = ruleSummary(rule);
    const explanation = summary ?? list[0]!.message;
    lines.push(`  ${paint(options.color, 'yellow', `[${rule}]`)} ×${list.length}: ${visible(explanation)} ${paint(options.color, 'dim', ruleDocsUrl(rule))}`);
    if (isPerApplication(rule)) {
      lines.push(...applicationLines(list, perRule));
      continue;
    }
    for (const f of list.slice(0, perRule)) lines.push(`    ${visible(f.path)}:${f.line}:${f.column}: ${visible(occurrence(f.message, summary !== undefined))}`);
    if (list.length > perRule) lines.push(`    and ${list.length - perRule} more (boot-upgrade report lists every finding)`);
  }
  return lines;
}

/** One line per application (its folder and how many), then its occurrences, capped. */
function applicationLines(list: Finding[], perApplication: number): string[] {
  const lines: string[] = [];
  for (const f of list) {
    const found = f.related ?? [f];
    lines.push(`    application ${visible(f.application ?? applicationOf(f.path))}, ${found.length} ${RULES[f.rule]?.perApplication?.noun ?? 'finding'}(s):`);
    for (const r of found.slice(0, perApplication)) lines.push(`      ${visible(r.path)}:${r.line}:${r.column}: ${visible(occurrence(r.message, true))}`);
    if (found.length > perApplication) lines.push(`      and ${found.length - perApplication} more (boot-upgrade report lists every one)`);
  }
  return lines;
}

/** Errors in full, warnings grouped by rule, info counted. */
export function findingsBlock(result: RunResult, options: HumanOptions): string[] {
  const lines: string[] = [];
  // What the build said (--verify) comes first, then what keeps the build from Boot 3.0 (the coherence check).
  const built = result.findings.filter((f) => f.severity === 'error' && f.rule.startsWith('verify/'));
  const blockers = result.findings.filter((f) => f.severity === 'error' && f.rule.startsWith('coherence/'));
  const errors = result.findings.filter((f) => f.severity === 'error' && !blockers.includes(f) && !built.includes(f));
  const warnings = result.findings.filter((f) => f.severity === 'warning');
  const info = result.findings.filter((f) => f.severity === 'info');
  if (built.length) {
    lines.push(paint(options.color, 'red', `the build does not pass: ${built.length} error(s) (--verify):`));
    for (const f of built) lines.push('  ' + findingLine(f, options.color));
  }
  if (blockers.length) {
    lines.push(paint(options.color, 'red', `${blockers.length} place(s) still keep the build from Boot 3.0:`));
    for (const f of blockers) lines.push('  ' + findingLine(f, options.color));
  }
  if (errors.length) {
    lines.push(paint(options.color, 'red', `error(s) (${errors.length}), to fix by hand:`));
    lines.push(...groupedErrorLines(errors, options));
  }
  if (warnings.length) {
    lines.push(paint(options.color, 'yellow', `warning(s) (${warnings.length}) by rule, to review:`));
    lines.push(...warningBlocks(warnings, options));
  }
  if (info.length) lines.push(`info: ${info.length} finding(s) (boot-upgrade report lists them)`);
  return lines;
}

/**
 * Errors in full; the same error (rule and message) in several files or modules once, with each
 * place below it (every place: an error is never capped).
 */
export function groupedErrorLines(errors: Finding[], options: HumanOptions): string[] {
  const byCause = new Map<string, Finding[]>();
  for (const f of errors) {
    const k = `${f.rule}\0${f.message}`;
    byCause.set(k, [...(byCause.get(k) ?? []), f]);
  }
  const lines: string[] = [];
  for (const list of byCause.values()) {
    if (list.length === 1) {
      lines.push('  ' + findingLine(list[0]!, options.color));
      continue;
    }
    const f = list[0]!;
    const links = [f.docs, ruleDocsUrl(f.rule)].filter(Boolean).join(' ');
    lines.push(`  ${paint(options.color, 'red', `[${f.rule}]`)} ×${list.length}: ${f.message} ${paint(options.color, 'dim', links)}`);
    for (const g of list) lines.push(`    ${visible(g.path)}:${g.line}:${g.column}`);
  }
  return lines;
}

export function verboseSkipped(result: RunResult): string[] {
  return result.stats.skipped.map((s) => `  not read ${visible(s.path)}: ${visible(s.reason)}`);
}

/** The closing line: what to do next, given what the run did and what is left. */
export function nextStep(result: RunResult, mode: 'dry-run' | 'migrate', verdict = verdictOf(result, mode === 'migrate' ? 'written' : 'planned')): string {
  if (verdict.kind === 'not-spring-boot-2') return 'next: nothing to do here: boot-upgrade migrates Spring Boot 2 repositories';
  if (verdict.kind === 'already-spring-boot-3' && !result.findings.some((f) => f.severity !== 'info')) return 'next: nothing to do: the repository is on Spring Boot 3.x already';
  if (verdict.kind === 'left-on-spring-boot-2') return `next: raise what the ${verdict.errors} error(s) above name (a parent or BOM outside the repository) to its release on Spring Boot 3, then run boot-upgrade again`;
  return nextLine(result, mode) + furtherTarget(result);
}

/** On a run to an older line than the table's newest: the newer line is one option away. */
function furtherTarget(result: RunResult): string {
  const t = result.target;
  if (!t?.newest || t.newest.minor === t.minor) return '';
  return `; Spring Boot ${t.newest.minor} (${t.newest.version}) is one option away: --boot-version ${t.newest.minor}`;
}

function nextLine(result: RunResult, mode: 'dry-run' | 'migrate'): string {
  const boot = `Spring Boot ${result.target?.minor ?? '3.0'}`;
  const n = countBySeverity(result.findings);
  const left = [n.error ? `fix the ${n.error} error(s)` : '', n.warning ? `review the ${n.warning} warning(s)` : ''].filter(Boolean).join(' and ');
  const unreadable = result.errors.length ? `; ${result.errors.length} file(s) could not be parsed and were left untouched` : '';
  if (mode === 'dry-run') {
    if (!result.changes.length && !left) return `next: nothing to do; the repository is ready for ${boot}${unreadable}`;
    const apply = result.changes.length ? 'run boot-upgrade migrate (or git apply this diff from the base folder)' : '';
    return `next: ${[apply, left ? `${left} above` : ''].filter(Boolean).join(', then ')}${unreadable}`;
  }
  if (!left && !unreadable) return result.changes.length ? 'next: review the changes (git diff), build and run the tests, then commit' : `next: nothing to do; the repository is ready for ${boot}`;
  return `next: ${left ? `${left} above, ` : ''}review the changes (git diff), then run boot-upgrade check${unreadable}`;
}

/** --quiet: the error findings alone, one line each (nothing when there are none). */
export function errorLines(result: RunResult, options: HumanOptions): string {
  return result.findings.filter((f) => f.severity === 'error').map((f) => findingLine(f, options.color) + '\n').join('');
}

export function migrateReport(result: RunResult, mode: 'dry-run' | 'migrate', options: HumanOptions, verify?: VerifySummary): string {
  const verdict = verdictOf(result, mode === 'migrate' ? 'written' : 'planned');
  const lines = [...verdictLines(verdict), summaryLine(result, mode === 'dry-run' ? 'would change' : 'changed', options)];
  if (verify) lines.push(verifyStatusLine(verify));
  if (options.verbose) lines.push(...verboseSkipped(result));
  lines.push(...findingsBlock(result, options), nextStep(result, mode, verdict));
  return lines.join('\n') + '\n';
}
