// Seeded harnesses over generated repositories, sized by count (not time), so that they pass on
// a busy machine and every failure replays from its seed:
// - a write killed (kill -9) at a random point of its transaction, then, in every other
//   scenario, the user editing files (those the killed run wrote among them) and making again a
//   file it had moved aside; the runs after it must keep every such edit byte for byte, leave
//   no side file but the backups they name, and end on a migrated tree (the uninterrupted run's
//   when nobody edited anything);
// - two runs started together on a repository and on a module of it: one writes, the other is
//   refused or finds its files changed, and the tree ends as one run would have left it.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planMigration, writeChanges } from '../../src/api.js';
import { loadTable } from '../../src/table/load.js';
import { WriteRefused } from '../../src/engine/write.js';
import { budget, BUDGET_TIMEOUT, seed } from '../helpers/budget.js';
import { CLI_FUNCTION } from '../helpers/cli-process.js';
import { randomPom, randomProperties, randomYaml, seededRandom, vocabulary } from '../helpers/random-config.js';
import { treeDiff } from '../helpers/tree.js';
import { killedWrite, type KillPoint } from './killed-write.js';
import { gitRepo, repo, sideFiles, workTree } from './helpers.js';

const SEED = seed('BOOT_UPGRADE_CRASH_SEED', 20270127);
const SCENARIOS = budget('BOOT_UPGRADE_CRASH_RUNS', 4, 40);
const words = vocabulary(loadTable());

/** A repository of one or two modules: a pom, configuration files, javax entities. */
function randomRepo(r: () => number): Record<string, string> {
  const files: Record<string, string> = {};
  const modules = r() < 0.5 ? [''] : ['', 'module-a/'];
  for (const m of modules) {
    files[`${m}pom.xml`] = randomPom(r, m ? 'module-a' : 'app', words);
    files[`${m}src/main/resources/application.yml`] = randomYaml(r, words);
    files[`${m}src/main/resources/application.properties`] = randomProperties(r, words);
    for (let i = 0; i < 2 + Math.floor(r() * 4); i++) {
      files[`${m}src/main/java/com/acme/Thing${i}.java`] = `package com.acme;\n\nimport javax.persistence.Entity;\n\n@Entity\npublic class Thing${i} {}\n`;
    }
  }
  return files;
}

async function uninterrupted(files: Record<string, string>): Promise<Map<string, Buffer>> {
  const dir = repo(files);
  await writeChanges(dir, (await planMigration({ root: dir })).changes);
  return workTree(dir);
}

/** Runs until one writes nothing (at most four): what each told about an interrupted run. */
async function runUntilDone(dir: string): Promise<string[]> {
  const told: string[] = [];
  for (let i = 0; i < 4; i++) {
    const plan = await planMigration({ root: dir });
    try {
      await writeChanges(dir, plan.changes, { onNote: (line) => told.push(line) });
      if (plan.changes.length === 0) return told;
    } catch (e) {
      if (!(e instanceof WriteRefused)) throw e;
    }
  }
  return told;
}

describe(`writes killed at random points, edits after the crash (seed ${SEED}, ${SCENARIOS} scenarios)`, () => {
  it('every edit survives, only named backups remain, and the tree ends migrated', async () => {
    for (let s = 0; s < SCENARIOS; s++) {
      const r = seededRandom(SEED + s);
      const files = randomRepo(r);
      const expected = await uninterrupted(files);
      const dir = repo(files);
      const changes = (await planMigration({ root: dir })).changes;
      const point = (['afterStaging', 'beforeRename', 'beforeLink'] as KillPoint[])[Math.floor(r() * 3)]!;
      const at = point === 'afterStaging' ? 0 : Math.floor(r() * changes.length);
      const label = `scenario ${s}: ${changes.length} change(s), killed at ${point} ${at}`;
      expect(killedWrite(dir, point, at).signal, label).toBe('SIGKILL');
      const edits = new Map<string, string>();
      if (s % 2 === 1) {
        const now = workTree(dir);
        for (const c of changes) {
          if (c.status === 'created' || r() > 0.4) continue;
          // the user's own content: nothing in it for a rule to change (a moved-aside file is made again)
          const mine = `mine ${s} ${edits.size}${now.has(c.path) ? '' : ' (made again)'}\n`;
          writeFileSync(path.join(dir, c.path), mine);
          edits.set(c.path, mine);
        }
      }
      const told = await runUntilDone(dir);
      const after = workTree(dir);
      for (const [p, mine] of edits) expect(after.get(p)?.toString('utf8'), `${label}: ${p}`).toBe(mine);
      // a backup remains only for a file left as the user had it, and the lines say where
      for (const side of sideFiles(dir)) {
        expect(side, label).toMatch(/\.bak$/);
        expect(told.join('\n'), `${label}: ${side}`).toContain(side);
      }
      expect((await planMigration({ root: dir })).changes.map((c) => c.path), label).toEqual([]);
      if (edits.size === 0) expect(treeDiff(after, expected), label).toBe('');
    }
  }, BUDGET_TIMEOUT ?? 600_000);
});

/** Runs the CLI as a separate process, not waiting for it: its exit status and stderr when it ends. */
function start(script: string, cwd: string): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', `${CLI_FUNCTION}\n${script}`], { cwd, env: { ...process.env, NO_COLOR: '1', CI: '1', NODE_OPTIONS: '' }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (status) => resolve({ status, stderr }));
  });
}

describe('two runs started together on a repository and on a module of it', () => {
  it('one writes; the other is refused or finds its files changed; the tree ends as one run leaves it', async () => {
    for (let round = 0; round < 3; round++) {
      const r = seededRandom(SEED + 100 + round);
      const files = { ...randomRepo(r), 'module-a/pom.xml': '<project/>\n', 'module-a/src/main/resources/application.properties': 'spring.redis.host=a\n' };
      const expected = await uninterrupted(files);
      const dir = gitRepo(files);
      const [whole, module] = await Promise.all([start('boot-upgrade migrate .', dir), start('boot-upgrade migrate module-a', dir)]);
      const label = `round ${round}: whole ${whole.status} ${whole.stderr.slice(-300)} / module ${module.status} ${module.stderr.slice(-300)}`;
      // 0 and 3 (partial: a generated file left unparsed, the rest written) both mean the run wrote
      const wrote = (status: number | null) => status === 0 || status === 3;
      for (const run of [whole, module]) {
        if (wrote(run.status)) continue;
        expect(run.status, label).toBe(4);
        expect(run.stderr, label).toMatch(/another boot-upgrade run \(pid \d+, started [^)]+\) is writing this repository|changed on disk since it was read|refusing to rewrite files with uncommitted changes/);
      }
      expect([whole.status, module.status].some(wrote), label).toBe(true);
      expect(sideFiles(dir), label).toEqual([]);
      // what is left to do is done by one more run
      await writeChanges(dir, (await planMigration({ root: dir })).changes);
      expect(treeDiff(workTree(dir), expected), label).toBe('');
    }
  }, BUDGET_TIMEOUT ?? 600_000);
});
