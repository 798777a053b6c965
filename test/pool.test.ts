// The worker pool may change who runs a file, never what comes out: every fixture input and a
// generated repository, run on one thread and with the worker forced (BOOT_UPGRADE_WORKERS=1),
// give the same changes byte for byte and the same findings in the same order. The Java/Kotlin
// pass is isolated with a project snapshot (its library modules read other files' texts): the
// worker takes files of it, and must answer as the main thread does.
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateRepository } from '../bench/generate.js';
import { planMigration } from '../src/api.js';
import { isolatedKinds, lastPool, POOL_MIN_FILES, poolWanted } from '../src/engine/pool.js';
import { FILE_PASSES } from '../transforms/index.js';

const FIXTURES = path.resolve(__dirname, '..', 'fixtures');
const temps: string[] = [];
// a large temporary repository takes a while to remove on a busy disk: sized by count, not by clock
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })), 120_000);

/** Every fixture's input side by side in one repository, plus a generated multi-module one. */
function combinedRepository(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'bu-pool-'));
  temps.push(root);
  for (const transform of readdirSync(FIXTURES)) {
    for (const c of readdirSync(path.join(FIXTURES, transform))) {
      const input = path.join(FIXTURES, transform, c, 'input');
      if (existsSync(input)) cpSync(input, path.join(root, `${transform}-${c}`), { recursive: true });
    }
  }
  generateRepository(path.join(root, 'generated'), 400);
  return root;
}

async function planWith(workers: '0' | '1' | 'all', root: string) {
  const before = process.env.BOOT_UPGRADE_WORKERS;
  process.env.BOOT_UPGRADE_WORKERS = workers;
  try {
    return await planMigration({ root });
  } finally {
    if (before === undefined) delete process.env.BOOT_UPGRADE_WORKERS;
    else process.env.BOOT_UPGRADE_WORKERS = before;
  }
}

describe('worker pool', () => {
  it('runs the Java/Kotlin pass in the worker, with the part of the project it reads', () => {
    expect([...isolatedKinds(FILE_PASSES)].sort()).toEqual(['java', 'kotlin']);
    for (const p of FILE_PASSES) if (p.isolated) expect(p.projectReads, p.id).toBeTypeOf('function');
  });

  it('starts the worker only for enough files, and as BOOT_UPGRADE_WORKERS says', () => {
    const before = process.env.BOOT_UPGRADE_WORKERS;
    try {
      delete process.env.BOOT_UPGRADE_WORKERS;
      expect(poolWanted(POOL_MIN_FILES - 1)).toBe(false);
      expect(poolWanted(1_000_000)).toBe(false); // off unless asked: it has not paid on 2 cores
      process.env.BOOT_UPGRADE_WORKERS = 'auto';
      expect(poolWanted(POOL_MIN_FILES - 1)).toBe(false);
      process.env.BOOT_UPGRADE_WORKERS = '0';
      expect(poolWanted(1_000_000)).toBe(false);
      process.env.BOOT_UPGRADE_WORKERS = '1';
      expect(poolWanted(1)).toBe(true);
      expect(poolWanted(0)).toBe(false);
    } finally {
      if (before === undefined) delete process.env.BOOT_UPGRADE_WORKERS;
      else process.env.BOOT_UPGRADE_WORKERS = before;
    }
  });

  it('gives the same result with and without the worker', async () => {
    const root = combinedRepository();
    const one = await planWith('0', root);
    const two = await planWith('1', root);
    // forced, the worker took files (chunks of Java and Kotlin, fixtures of the library modules among them)
    expect(lastPool.workerFiles).toBeGreaterThan(0);
    expect(one.changes.length).toBeGreaterThan(100);
    expect(two.changes.map((c) => c.path)).toEqual(one.changes.map((c) => c.path));
    two.changes.forEach((c, i) => {
      const o = one.changes[i]!;
      expect(c.status, c.path).toBe(o.status);
      expect(c.rules, c.path).toEqual(o.rules);
      expect(Buffer.compare(c.after ?? Buffer.alloc(0), o.after ?? Buffer.alloc(0)), c.path).toBe(0);
      expect(Buffer.compare(c.before ?? Buffer.alloc(0), o.before ?? Buffer.alloc(0)), c.path).toBe(0);
    });
    expect(two.findings).toEqual(one.findings);
    expect(two.findings.some((f) => f.rule === 'parse-error')).toBe(true); // the unparseable fixtures failed in the worker too
    expect(two.stats).toEqual(one.stats);
  });

  it('gives the same result when the worker runs every Java and Kotlin file (library modules read its snapshot)', async () => {
    const root = combinedRepository();
    const one = await planWith('0', root);
    const all = await planWith('all', root);
    expect(lastPool.workerFiles).toBeGreaterThan(400);
    expect(all.changes.map((c) => c.path)).toEqual(one.changes.map((c) => c.path));
    all.changes.forEach((c, i) => expect(Buffer.compare(c.after ?? Buffer.alloc(0), one.changes[i]!.after ?? Buffer.alloc(0)), c.path).toBe(0));
    expect(all.findings).toEqual(one.findings);
  });
});
