// FilePass.settles for the configuration and descriptor passes (YAML, properties, XML
// descriptors, poms): a claim that one round reaches the fixed point spares a confirming round
// on every file they change. A differential test: the same trees planned with the claim and
// without must give the same changes, byte for byte, and the same findings, in the same order.
// The trees: every fixture, and seeded random application.yml/.properties files built from the
// table's keys (test/helpers/random-config.ts): a short run by default, 2,500 documents with
// BOOT_UPGRADE_TEST_LONG=1 (test/helpers/budget.ts); BOOT_UPGRADE_RANDOM_DOCS / _SEED set them by hand.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { planMigration } from '../src/api.js';
import type { FilePass, RunResult } from '../src/engine/types.js';
import { loadTable } from '../src/table/load.js';
import { createClassifier } from '../src/engine/classify.js';
import { FILE_PASSES } from '../transforms/index.js';
import { budget, BUDGET_TIMEOUT, seed } from './helpers/budget.js';
import { filesUnder } from './helpers/tree.js';
import { randomLogback, randomPersistence, randomPom, randomProperties, randomYaml, seededRandom, vocabulary } from './helpers/random-config.js';

const table = loadTable();
const FIXTURES = path.resolve(__dirname, '..', 'fixtures');
const DOCS = budget('BOOT_UPGRADE_RANDOM_DOCS', 120, 2500);
const SEED = seed('BOOT_UPGRADE_RANDOM_SEED', 20261124);
/** Passes that claim the fixed point for every file (FilePass.settles)... */
const CLAIMING = ['properties', 'properties/trace-id-pattern', 'sources/xml-descriptors', 'build/maven', 'build/unchecked-starter'];
/** ...and for each file it put nothing off on (PassResult.settled): the YAML planner's moves wait for a place. */
const CLAIMING_PER_FILE = ['yaml'];
const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

/** YAML files the planner changed and said were settled, in the plans made with the claims. */
let settledYaml = 0;

/** The default passes as they are, or with every claim withdrawn: each changed file then gets its confirming round. */
function passesWith(claims: boolean): FilePass[] {
  if (claims) {
    const counted = (p: FilePass): FilePass => ({
      ...p,
      run(file, ctx) {
        const result = p.run(file, ctx);
        if (result.settled && result.edits?.length) settledYaml++;
        return result;
      },
    });
    return FILE_PASSES.map((p) => (CLAIMING_PER_FILE.includes(p.id) ? counted(p) : p));
  }
  const withdrawn = (p: FilePass): FilePass => ({ ...p, settles: false, run: (file, ctx) => ({ ...p.run(file, ctx), settled: false }) });
  return FILE_PASSES.map((p) => ([...CLAIMING, ...CLAIMING_PER_FILE].includes(p.id) ? withdrawn(p) : p));
}

/** Everything a user gets from a plan, a line per change (bytes and rules) and per finding. */
function outcome(r: RunResult): string[] {
  const changes = r.changes.map((c) => JSON.stringify({ path: c.path, status: c.status, after: c.after?.toString(), rules: c.rules }));
  return [...changes, ...[...r.findings, ...r.errors].map((f) => JSON.stringify(f))];
}

/** Plans a tree both ways (with rules left out by --skip, if given); returns the plan made with the confirming round. */
async function sameBothWays(root: string, skipRules?: string[]): Promise<RunResult> {
  const claimed = outcome(await planMigration({ root, table, filePasses: passesWith(true), leaveAlone: false, skipRules }));
  const confirmed = await planMigration({ root, table, filePasses: passesWith(false), leaveAlone: false, skipRules });
  const expected = outcome(confirmed);
  // the lines one plan has and the other lacks first (a readable failure), then the order
  expect({ root, missing: expected.filter((l) => !claimed.includes(l)), extra: claimed.filter((l) => !expected.includes(l)) }).toEqual({ root, missing: [], extra: [] });
  expect(claimed).toEqual(expected);
  return confirmed;
}

describe('the configuration passes settle in one round', () => {
  it('claim the fixed point, for every file or per file', () => {
    for (const id of CLAIMING) expect(FILE_PASSES.find((p) => p.id === id)?.settles, id).toBe(true);
    for (const id of CLAIMING_PER_FILE) expect(FILE_PASSES.find((p) => p.id === id)?.settles, id).toBeFalsy();
  });

  it('plan every fixture with a file of theirs as they plan it with a confirming round', async () => {
    // a fixture with no file of a claiming pass's kinds plans the same both ways by construction
    const kinds = new Set(FILE_PASSES.filter((p) => [...CLAIMING, ...CLAIMING_PER_FILE].includes(p.id)).flatMap((p) => p.kinds));
    const classifier = createClassifier();
    const theirs = (dir: string) => filesUnder(dir, /(?:)/).some((f) => kinds.has(classifier.classify(path.relative(dir, f).split(path.sep).join('/'))));
    const inputs = readdirSync(FIXTURES).flatMap((t) => readdirSync(path.join(FIXTURES, t)).map((c) => path.join(FIXTURES, t, c, 'input')));
    let changed = 0;
    let planned = 0;
    for (const dir of inputs) {
      if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory() || !theirs(dir)) continue;
      planned++;
      changed += (await sameBothWays(dir)).changes.length;
    }
    expect(planned).toBeGreaterThan(100);
    expect(changed).toBeGreaterThan(150); // the fixtures exercise it, not an empty loop
  }, 600_000); // two plans of every fixture: generous, the suite runs on busy shared cores

  it(`plan ${DOCS} random YAML and ${DOCS} random properties files (and poms, logback and persistence XML) as they plan them with a confirming round`, async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'bu-settles-config-'));
    temps.push(root);
    const words = vocabulary(table);
    const next = seededRandom(SEED);
    for (let i = 0; i < DOCS; i++) {
      const dir = path.join(root, `m${i}`, 'src', 'main', 'resources');
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'application.yml'), randomYaml(next, words));
      writeFileSync(path.join(dir, 'application.properties'), randomProperties(next, words));
      // a build (with Sleuth now and then: the log pattern rule reads it), log and JPA XML
      if (i % 2 === 0) writeFileSync(path.join(root, `m${i}`, 'pom.xml'), randomPom(next, `m${i}`, words));
      if (i % 3 === 0) writeFileSync(path.join(dir, 'logback-spring.xml'), randomLogback(next, words));
      if (i % 5 === 0) {
        mkdirSync(path.join(dir, 'META-INF'));
        writeFileSync(path.join(dir, 'META-INF', 'persistence.xml'), randomPersistence(next));
      }
    }
    settledYaml = 0;
    const plan = await sameBothWays(root);
    // the per-file claim fires on most YAML files the pass changed
    expect(settledYaml).toBeGreaterThan(plan.changes.filter((c) => c.kind === 'yaml').length / 2);
    // the random files exercise every claiming pass, not an empty loop
    const changedKinds = new Set(plan.changes.map((c) => c.kind));
    for (const kind of ['properties', 'pom', 'jpa-xml'] as const) expect(changedKinds, kind).toContain(kind);
    expect(plan.changes.filter((c) => c.kind === 'properties').length).toBeGreaterThan(DOCS / 2);
    const reported = new Set(plan.findings.map((f) => f.rule));
    for (const rule of ['observability/trace-id-pattern', 'build/unchecked-starter']) expect(reported, rule).toContain(rule);
    // a rule left out: its edits are dropped, and what the others do must not depend on a second look
    for (const skip of ['properties/rename', 'properties/rename-prefix', 'properties/convert']) await sameBothWays(root, [skip]);
  }, BUDGET_TIMEOUT);
});
