// The human summary's pieces: warnings capped per rule, the occurrence text after a rule's
// explanation, the closing line for each situation.
import { describe, expect, it } from 'vitest';
import { nextStep, occurrence, warningBlocks, WARNINGS_PER_RULE } from '../src/cli/human.js';
import type { Finding, RunResult } from '../src/engine/types.js';

const base = { dir: '/repo', kind: 'git top level' as const, prefix: '' };
const options = { color: false, verbose: false, base, version: '1.0.0' };
const warning = (i: number, rule = 'sources/jakarta-string'): Finding => ({ rule, severity: 'warning', path: `m/E${i}.java`, line: i, column: 1, message: `"javax.x${i}" moved. It is jakarta now.` });
const result = (findings: Finding[], changes = 0, errors = 0): RunResult => ({
  root: '/repo',
  changes: Array.from({ length: changes }, (_, i) => ({ path: `f${i}`, kind: 'java' as const, status: 'modified' as const, rules: { 'sources/jakarta': 1 } })),
  findings,
  errors: findings.filter((f) => f.rule === 'parse-error').slice(0, errors),
  stats: { scanned: 1, read: 1, skipped: [] },
});

describe('human summary', () => {
  it(`lists ${WARNINGS_PER_RULE} occurrences per rule, then "and N more"`, () => {
    const lines = warningBlocks(Array.from({ length: 7 }, (_, i) => warning(i)), options);
    expect(lines[0]).toMatch(/^ {2}\[sources\/jakarta-string\] ×7: A string literal holds a javax name/);
    expect(lines).toHaveLength(1 + WARNINGS_PER_RULE + 1);
    expect(lines.at(-1)).toBe('    and 2 more (boot-upgrade report lists every finding)');
    expect(lines[1]).toBe('    m/E0.java:0:1: "javax.x0" moved.');
  });

  it('a rule without a catalogue entry keeps the whole message', () => {
    expect(occurrence('One. Two.', false)).toBe('One. Two.');
    expect(occurrence('spring.a.b is gone. Use c.', true)).toBe('spring.a.b is gone.');
  });

  it('the closing line names the next step', () => {
    expect(nextStep(result([]), 'dry-run')).toBe('next: nothing to do; the repository is ready for Spring Boot 3.0');
    expect(nextStep(result([], 2), 'dry-run')).toBe('next: run boot-upgrade migrate (or git apply this diff from the base folder)');
    expect(nextStep(result([], 2), 'migrate')).toBe('next: review the changes (git diff), build and run the tests, then commit');
    const parse: Finding = { rule: 'parse-error', severity: 'error', path: 'a.properties', line: 1, column: 1, message: 'bad escape' };
    expect(nextStep(result([parse], 1, 1), 'migrate')).toBe('next: fix the 1 error(s) above, review the changes (git diff), then run boot-upgrade check; 1 file(s) could not be parsed and were left untouched');
  });
});
