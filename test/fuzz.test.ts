// Fuzzing over the project's own fixtures, with a fixed seed and a small budget so the suite
// stays fast and every failure reproduces: each run mutates one or two input files of a fixture
// (a line deleted or duplicated, a CR inserted, a BOM added, the final newline removed, two bytes
// swapped, a YAML map or value anchored and aliased) and plants links a hostile repository could
// ship (named like the lock, its record, and temporary files beside the sources, all pointing at
// a file outside), and checks the invariants the tool promises on any input:
//   no crash (no internal-error), the dry-run diff applies with git apply and gives exactly the
//   tree a real write gives, a second run changes nothing, every file it rewrites that parsed
//   before still parses (YAML, XML, properties) with its aliases standing for what they did, and
//   nothing outside the repository is written.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planMigration, unifiedDiff, writeChanges } from '../src/api.js';
import { breaksFile } from '../src/engine/verify.js';
import { decode } from '../src/engine/text.js';
import { loadTable } from '../src/table/load.js';
import { budget, BUDGET_TIMEOUT, seed } from './helpers/budget.js';
import { seededRandom as random } from './helpers/random-config.js';
import { readTree, treeDiff } from './helpers/tree.js';

// a short run by default, 1,500 runs with BOOT_UPGRADE_TEST_LONG=1 (test/helpers/budget.ts);
// BOOT_UPGRADE_FUZZ_SEED / _RUNS set them by hand
const SEED = seed('BOOT_UPGRADE_FUZZ_SEED', 20261123);
const RUNS = budget('BOOT_UPGRADE_FUZZ_RUNS', 60, 1500);
const FIXTURES = path.resolve(__dirname, '..', 'fixtures');
const table = loadTable();

function inputs(): string[] {
  return readdirSync(FIXTURES)
    .filter((t) => t !== 'maturity')
    .flatMap((t) => readdirSync(path.join(FIXTURES, t)).map((c) => path.join(FIXTURES, t, c, 'input')))
    .filter((d) => {
      try {
        return statSync(d).isDirectory();
      } catch {
        return false;
      }
    })
    .sort();
}

function textFiles(dir: string): string[] {
  return [...readTree(dir).entries()].filter(([, b]) => !b.subarray(0, 8000).includes(0)).map(([p]) => p).sort();
}

type Mutation = (bytes: Buffer, pick: (n: number) => number) => Buffer;

function lines(bytes: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 0x0a) (out.push(bytes.subarray(start, i + 1)), (start = i + 1));
  if (start < bytes.length) out.push(bytes.subarray(start));
  return out;
}

const MUTATIONS: Record<string, Mutation> = {
  'delete a line': (b, pick) => {
    const ls = lines(b);
    if (ls.length === 0) return b;
    ls.splice(pick(ls.length), 1);
    return Buffer.concat(ls);
  },
  'duplicate a line': (b, pick) => {
    const ls = lines(b);
    if (ls.length === 0) return b;
    const i = pick(ls.length);
    ls.splice(i, 0, ls[i]!);
    return Buffer.concat(ls);
  },
  'insert a CR': (b, pick) => {
    const i = pick(b.length + 1);
    return Buffer.concat([b.subarray(0, i), Buffer.from('\r'), b.subarray(i)]);
  },
  'add a BOM': (b) => (b[0] === 0xef ? b : Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), b])),
  'remove the final newline': (b) => (b[b.length - 1] === 0x0a ? b.subarray(0, b[b.length - 2] === 0x0d ? b.length - 2 : b.length - 1) : b),
  'swap two bytes': (b, pick) => {
    if (b.length < 2) return b;
    const i = pick(b.length - 1);
    const out = Buffer.from(b);
    [out[i], out[i + 1]] = [out[i + 1]!, out[i]!];
    return out;
  },
  // YAML only (other files are left as they are): a key's map or value gets an anchor, a new top-level key its alias
  'anchor and alias a YAML node': (b, pick) => {
    const text = b.toString('utf8');
    const keys = [...text.matchAll(/^( *)([\w.-]+):( *)(\S[^\n#]*)?$/gm)].filter((m) => !/^[&*|>!'"[{]/.test(m[4] ?? ''));
    if (!keys.length || !/^[\w.-]+:/m.test(text)) return b;
    const m = keys[pick(keys.length)]!;
    const at = m.index! + m[1]!.length + m[2]!.length + 1;
    const anchored = text.slice(0, at) + ' &fz' + text.slice(at);
    return Buffer.from(anchored + (anchored.endsWith('\n') ? '' : '\n') + 'fuzz-alias: *fz\n');
  },
};

const YAML_ONLY = new Set(['anchor and alias a YAML node']);

/** Links a hostile repository could ship, each to `victim` outside it: named like the lock, its record and temporary files. */
function plantLinks(dir: string, files: string[], victim: string): void {
  const names = ['.boot-upgrade.lock', '.boot-upgrade.lock.ahead', `.boot-upgrade.lock.${process.pid}.next`];
  for (const f of files) {
    const slash = f.lastIndexOf('/');
    names.push(`${f.slice(0, slash + 1)}.${f.slice(slash + 1)}.boot-upgrade-${process.pid}.tmp`, `${f.slice(0, slash + 1)}.${f.slice(slash + 1)}.boot-upgrade-${process.pid}.bak`);
  }
  for (const name of names) {
    try {
      symlinkSync(victim, path.join(dir, name));
    } catch {
      // a name taken already
    }
  }
}

const CHECKED_KINDS = new Set(['yaml', 'properties', 'pom', 'xml', 'jpa-xml', 'spring-factories', 'gradle-properties']);

async function fuzzOnce(run: number, cases: string[], victim: string): Promise<string> {
  const next = random(SEED + run);
  const pick = (n: number) => Math.floor(next() * n);
  const source = cases[pick(cases.length)]!;
  const work = mkdtempSync(path.join(os.tmpdir(), 'bu-fuzz-'));
  const applied = mkdtempSync(path.join(os.tmpdir(), 'bu-fuzz-apply-'));
  const names = Object.keys(MUTATIONS);
  const done: string[] = [];
  try {
    cpSync(source, work, { recursive: true });
    const files = textFiles(work);
    for (let k = 0, n = 1 + pick(2); k < n && files.length; k++) {
      const file = files[pick(files.length)]!;
      const name = names[pick(names.length)]!;
      if (YAML_ONLY.has(name) && !/\.ya?ml$/.test(file)) continue;
      const p = path.join(work, file);
      writeFileSync(p, MUTATIONS[name]!(readFileSync(p), pick));
      done.push(`${name} in ${file}`);
    }
    plantLinks(work, files, victim);
    const label = `run ${run}: ${path.relative(FIXTURES, source)}: ${done.join('; ')}`;
    cpSync(work, applied, { recursive: true });
    const plan = await planMigration({ root: work, table });
    expect(plan.findings.filter((f) => f.rule === 'internal-error' || f.rule === 'engine/bad-edit'), label).toEqual([]);
    for (const c of plan.changes) {
      if (c.status !== 'modified' || !CHECKED_KINDS.has(c.kind)) continue;
      const before = decode(c.before!, c.kind).text;
      expect(breaksFile(c.kind, before, decode(c.after!, c.kind).text), `${label}: ${c.path}`).toBeUndefined();
    }
    const patch = unifiedDiff(plan.changes, '');
    if (patch.length > 0) {
      writeFileSync(path.join(os.tmpdir(), `bu-fuzz-${process.pid}-${run}.patch`), patch);
      try {
        execFileSync('git', ['apply', '--whitespace=nowarn', path.join(os.tmpdir(), `bu-fuzz-${process.pid}-${run}.patch`)], { cwd: applied, stdio: 'pipe' });
      } catch (e) {
        throw new Error(`${label}: git apply refused the dry-run diff: ${(e as { stderr?: Buffer }).stderr?.toString() ?? e}\n${patch.slice(0, 3000)}`);
      }
      rmSync(path.join(os.tmpdir(), `bu-fuzz-${process.pid}-${run}.patch`));
    }
    await writeChanges(work, plan.changes);
    expect(readFileSync(victim, 'utf8'), `${label}: a file outside the repository was written`).toBe('outside\n');
    expect(treeDiff(readTree(applied), readTree(work)), `${label}: dry-run diff applied != written tree`).toBe('');
    const again = await planMigration({ root: work, table });
    expect(again.changes.map((c) => c.path), `${label}: second run must change nothing`).toEqual([]);
    return label;
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(applied, { recursive: true, force: true });
  }
}

describe(`fuzzing the fixtures (seed ${SEED}, ${RUNS} runs)`, () => {
  it('no crash, diff applies and equals the write, idempotent, results still parse', async () => {
    const cases = inputs();
    expect(cases.length).toBeGreaterThan(50);
    const outside = mkdtempSync(path.join(os.tmpdir(), 'bu-fuzz-outside-'));
    const victim = path.join(outside, 'victim.txt');
    writeFileSync(victim, 'outside\n');
    const labels: string[] = [];
    try {
      for (let run = 0; run < RUNS; run++) labels.push(await fuzzOnce(run, cases, victim));
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
    expect(new Set(labels.map((l) => l.split(": ")[1])).size).toBeGreaterThan(Math.min(RUNS, cases.length) / 2); // many different fixtures
  }, BUDGET_TIMEOUT);
});
