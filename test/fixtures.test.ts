// Every fixtures/<transform>/<case>/ is a mini repository: input/ is migrated (with the passes
// of <transform> only, unless case.json says otherwise) and must equal expected/ byte for byte
// (expected/ absent = no change). Then the result is migrated again and must not change
// (idempotency). case.json: { options?, onlyRules?, skipRules?, configGlobs?, findings? } where
// findings is the exact list of { rule, path, line } expected (absent = none); a finding that
// stands for several occurrences (one per application) counts as its occurrences.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planMigration, writeChanges } from '../src/api.js';
import { loadTable } from '../src/table/load.js';
import { copyToTemp, readTree, treeDiff } from './helpers/tree.js';
import { ruleLevels } from '../src/report/rule-levels.js';

const FIXTURES = path.resolve(__dirname, '..', 'fixtures');
const table = loadTable();

interface CaseSpec {
  options?: Record<string, unknown>;
  onlyRules?: string[];
  skipRules?: string[];
  configGlobs?: string[];
  /** severity, when given, is checked too (the impact is what the case pins) */
  findings?: { rule: string; path: string; line: number; severity?: string }[];
}

function cases(): { transform: string; name: string; dir: string }[] {
  if (!existsSync(FIXTURES)) return [];
  return readdirSync(FIXTURES, { withFileTypes: true })
    // fixtures/maturity holds grader cases (input + expected.json), run by test/maturity*.test.ts
    .filter((d) => d.isDirectory() && d.name !== 'maturity')
    .flatMap((t) =>
      readdirSync(path.join(FIXTURES, t.name), { withFileTypes: true })
        .filter((c) => c.isDirectory())
        .map((c) => ({ transform: t.name, name: c.name, dir: path.join(FIXTURES, t.name, c.name) })),
    );
}

const byKey = (a: { rule: string; path: string; line: number }, b: typeof a) =>
  a.path.localeCompare(b.path) || a.line - b.line || a.rule.localeCompare(b.rule);

const groups = new Map<string, ReturnType<typeof cases>>();
for (const c of cases()) groups.set(c.transform, [...(groups.get(c.transform) ?? []), c]);

for (const [transform, list] of groups) {
  describe(`fixtures/${transform}`, () => {
    for (const c of list!) {
      it(c.name, async () => {
        const spec: CaseSpec = existsSync(path.join(c.dir, 'case.json')) ? JSON.parse(readFileSync(path.join(c.dir, 'case.json'), 'utf8')) : {};
        const expectedDir = existsSync(path.join(c.dir, 'expected')) ? path.join(c.dir, 'expected') : path.join(c.dir, 'input');
        const work = copyToTemp(path.join(c.dir, 'input'), c.name);
        try {
          const input = {
            root: work,
            table,
            options: spec.options ?? {},
            onlyRules: spec.onlyRules ?? [transform],
            skipRules: spec.skipRules,
            configGlobs: spec.configGlobs,
          };
          const first = await planMigration(input);
          await writeChanges(work, first.changes);
          expect(treeDiff(readTree(work), readTree(expectedDir))).toBe('');
          // severity is impact: each finding reports at a level its rule declares (src/report/rule-levels.ts)
          for (const f of first.findings) expect(ruleLevels(f.rule)[f.severity], `${f.rule} reports ${f.severity} at ${f.path}:${f.line}: ${f.message}`).toBeDefined();
          // a finding that stands for several (one per application) is listed as its occurrences
          const got = first.findings.flatMap((f) => (f.related ?? [f]).map((r) => ({ rule: f.rule, path: r.path, line: r.line }))).sort(byKey);
          expect(got).toEqual([...(spec.findings ?? [])].map(({ rule, path, line }) => ({ rule, path, line })).sort(byKey));
          for (const want of spec.findings ?? []) {
            if (want.severity) expect(first.findings.find((f) => f.rule === want.rule && f.path === want.path && f.line === want.line)?.severity, `${want.rule} at ${want.path}:${want.line}`).toBe(want.severity);
          }
          const second = await planMigration(input);
          expect(second.changes.map((ch) => ch.path), 'second run must change nothing').toEqual([]);
        } finally {
          rmSync(work, { recursive: true, force: true });
        }
      });
    }
  });
}
