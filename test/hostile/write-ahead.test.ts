// Staging ahead (src/engine/write-ahead.ts): the temporary files of the write are made by a
// worker while the passes run. The tree a run writes is the same with it as without it; what it
// made and the write does not use is removed; a lock held by another run, a refusal, a signal or
// a run killed outright leave no side file behind.
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { planMigration, writeChanges } from '../../src/api.js';
import { AHEAD_LOG, Journal, LOCK_FILE } from '../../src/engine/journal.js';
import { WriteRefused } from '../../src/engine/write.js';
import { WriteAhead } from '../../src/engine/write-ahead.js';
import { PROJECT_PASSES } from '../../transforms/index.js';
import type { ProjectPass } from '../../src/engine/types.js';
import { readTree } from '../helpers/tree.js';
import { PROJECT } from '../helpers/cli-process.js';
import { repo } from './helpers.js';

/** Waits (polling) until `done` holds, at most 20 s. */
async function until(done: () => boolean): Promise<void> {
  for (const end = Date.now() + 20_000; !done() && Date.now() < end; ) await new Promise((r) => setTimeout(r, 10));
}

const sideFiles = (dir: string) => [...readTree(dir).keys()].filter((p) => /boot-upgrade/.test(p));

/** `n` Java sources on javax.persistence (each changed by the sources pass) and a properties file. */
function sources(n: number): string {
  const files: Record<string, string> = {
    'pom.xml': '<project><parent><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-parent</artifactId><version>2.7.18</version></parent></project>\n',
    'src/main/resources/application.properties': 'spring.redis.host=db\n',
  };
  for (let i = 0; i < n; i++) files[`src/main/java/com/acme/shop/Order${i}.java`] = `package com.acme.shop;\n\nimport javax.persistence.Entity;\n\n@Entity\npublic class Order${i} {}\n`;
  return repo(files, 'bu-ahead-');
}

/** The tree a plain run (no staging ahead) writes from a copy of `files`. */
async function writtenWithout(dir: string, projectPasses?: ProjectPass[]): Promise<Map<string, string>> {
  const copy = repo(Object.fromEntries(readTree(dir)));
  await writeChanges(copy, (await planMigration({ root: copy, projectPasses })).changes);
  return readTree(copy);
}

beforeEach(() => {
  process.env.BOOT_UPGRADE_AHEAD_MIN = '4';
});
afterEach(() => {
  delete process.env.BOOT_UPGRADE_AHEAD_MIN;
});

describe('the same tree, made partly ahead', () => {
  it('every changed source is staged by the worker and the written tree is the plain run’s', async () => {
    const dir = sources(150);
    const expected = await writtenWithout(dir);
    const ahead = new WriteAhead(dir);
    const priority = os.getPriority();
    const plan = await planMigration({ root: dir, stageAhead: ahead });
    expect(existsSync(path.join(dir, AHEAD_LOG))).toBe(true); // listed before they exist
    expect(os.getPriority()).toBe(priority); // the worker lowers its own priority, not the run's
    await writeChanges(dir, plan.changes, { ahead });
    await ahead.close();
    expect(ahead.stats()).toEqual({ asked: 152, made: 152 }); // 150 sources, the properties, the pom
    expect(readTree(dir)).toEqual(expected);
    expect(sideFiles(dir)).toEqual([]);
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it('a file a project pass changes again after it was staged is written with its final text; one it deletes is not written', async () => {
    const dir = sources(70);
    // after the file passes: Order3 gets a comment, Order5 is deleted (both were staged ahead)
    const again: ProjectPass = {
      id: 'test/again',
      description: 'changes a staged file again, deletes another',
      rules: ['test/again'],
      kinds: ['java'],
      run: (project) => {
        const three = project.files.find((f) => f.path.endsWith('Order3.java'))!;
        return {
          edits: [{ path: three.path, edits: [{ start: 0, end: 0, text: '// checked\n', rule: 'test/again' }] }],
          fileOps: [{ op: 'delete', path: 'src/main/java/com/acme/shop/Order5.java', rule: 'test/again' }],
        };
      },
    };
    const passes = [...PROJECT_PASSES, again];
    const expected = await writtenWithout(dir, passes);
    expect(String(expected.get('src/main/java/com/acme/shop/Order3.java'))).toMatch(/^\/\/ checked\npackage com.acme.shop;\n\nimport jakarta.persistence.Entity;/);
    expect(expected.has('src/main/java/com/acme/shop/Order5.java')).toBe(false);
    const ahead = new WriteAhead(dir);
    const plan = await planMigration({ root: dir, stageAhead: ahead, projectPasses: passes });
    await writeChanges(dir, plan.changes, { ahead });
    expect(ahead.stats().made).toBe(72);
    expect(readTree(dir)).toEqual(expected);
    expect(sideFiles(dir)).toEqual([]);
  });
});

describe('when it starts', () => {
  it('not below 64 changed files (the write makes them), from the 64th on by default', async () => {
    delete process.env.BOOT_UPGRADE_AHEAD_MIN;
    const few = sources(50); // 52 changed files with the pom and the properties
    const small = new WriteAhead(few);
    await writeChanges(few, (await planMigration({ root: few, stageAhead: small })).changes, { ahead: small });
    expect(small.stats()).toEqual({ asked: 0, made: 0 });
    const many = sources(70);
    const large = new WriteAhead(many);
    await writeChanges(many, (await planMigration({ root: many, stageAhead: large })).changes, { ahead: large });
    expect(large.stats()).toEqual({ asked: 72, made: 72 });
    expect(sideFiles(many)).toEqual([]);
  });

  it('never with BOOT_UPGRADE_AHEAD=off', async () => {
    process.env.BOOT_UPGRADE_AHEAD = 'off';
    try {
      const dir = sources(70);
      const ahead = new WriteAhead(dir);
      await writeChanges(dir, (await planMigration({ root: dir, stageAhead: ahead })).changes, { ahead });
      expect(ahead.stats()).toEqual({ asked: 0, made: 0 });
      expect(String(readTree(dir).get('src/main/java/com/acme/shop/Order1.java'))).toContain('import jakarta.persistence.Entity;');
    } finally {
      delete process.env.BOOT_UPGRADE_AHEAD;
    }
  });
});

describe('a run that does not write what it staged', () => {
  it('close() without a write (a refusal, an error) removes every temporary file, the log and the lock', async () => {
    const dir = sources(100);
    const before = readTree(dir);
    const ahead = new WriteAhead(dir);
    await planMigration({ root: dir, stageAhead: ahead });
    await ahead.finish(); // the file passes' end only sent the last batch (a small run): wait for the worker
    expect(ahead.stats()).toEqual({ asked: 102, made: 102 });
    expect(sideFiles(dir).filter((p) => p.endsWith('.tmp'))).toHaveLength(102);
    expect(sideFiles(dir)).toEqual(expect.arrayContaining([LOCK_FILE, AHEAD_LOG]));
    await ahead.close();
    expect(readTree(dir)).toEqual(before);
  });

  it('close() right after the plan, the worker perhaps still making files, leaves the tree as it was', async () => {
    const dir = sources(100);
    const before = readTree(dir);
    const ahead = new WriteAhead(dir);
    await planMigration({ root: dir, stageAhead: ahead });
    await ahead.close();
    expect(readTree(dir)).toEqual(before);
  });

  it('in a large run (heap over 128 MB) the file passes\' end waits for every file and stops the worker', async () => {
    const dir = sources(100);
    const ahead = new WriteAhead(dir);
    const stageAhead = { offer: (f: Parameters<WriteAhead['offer']>[0]) => ahead.offer(f), passesDone: () => ahead.passesDone(true) };
    await planMigration({ root: dir, stageAhead });
    expect(ahead.stats()).toEqual({ asked: 102, made: 102 });
    await ahead.close();
  });

  it('a dead run’s lock undone when staging began is still reported when the run then does not write', async () => {
    const dir = sources(40);
    const dead = Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
    const leftover = `src/main/resources/.application.properties.boot-upgrade-${dead}.tmp`;
    writeFileSync(path.join(dir, leftover), 'half');
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: dead, host: os.hostname(), started: 'then', phase: 'staging', entries: [{ path: 'src/main/resources/application.properties', status: 'modified', tmp: leftover }] }));
    const said: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string) => said.push(String(chunk)) > 0) as typeof process.stderr.write;
    try {
      const ahead = new WriteAhead(dir);
      await planMigration({ root: dir, stageAhead: ahead });
      expect(ahead.stats().asked).toBeGreaterThan(0); // it took the lock, and with it undid the dead run's write
      await ahead.close(); // the run stops here (a refusal, say)
    } finally {
      process.stderr.write = write;
    }
    expect(said.join('')).toMatch(/\.boot-upgrade\.lock: a run \(pid \d+\) was interrupted while staging; its write was undone \(0 file\(s\) restored, 1 leftover\(s\) removed\)/);
    expect(sideFiles(dir)).toEqual([]);
  });

  it('a lock held by a live run: nothing is staged, and the write is refused as before', async () => {
    const dir = sources(40);
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: process.pid, host: os.hostname(), started: 'now', phase: 'staging', entries: [] }));
    const before = readTree(dir);
    const ahead = new WriteAhead(dir);
    const plan = await planMigration({ root: dir, stageAhead: ahead });
    expect(ahead.stats()).toEqual({ asked: 0, made: 0 });
    await expect(writeChanges(dir, plan.changes, { ahead })).rejects.toThrow(WriteRefused);
    await ahead.close();
    expect(readTree(dir)).toEqual(before);
  });

  it('Ctrl-C while the passes run: the temporary files and the lock go, then the signal ends the process', () => {
    const dir = sources(400);
    const before = readTree(dir);
    const api = pathToFileURL(path.join(PROJECT, 'src', 'api.ts')).href;
    const ahead = pathToFileURL(path.join(PROJECT, 'src', 'engine', 'write-ahead.ts')).href;
    // the signal arrives once the worker has files to make; the engine sees it at its next turn
    const script = `
      const { planMigration } = await import(${JSON.stringify(api)});
      const { WriteAhead } = await import(${JSON.stringify(ahead)});
      const stager = new WriteAhead(process.argv[1]);
      let offered = 0;
      const { existsSync } = await import('node:fs');
      const stageAhead = {
        offer(f) {
          stager.offer(f);
          if (++offered !== 100) return;
          // the worker has made the first file: wait for it (the worker has a thread of its own)
          const first = process.argv[1] + '/src/main/java/com/acme/shop/.Order0.java.boot-upgrade-' + process.pid + '.tmp';
          for (const end = Date.now() + 20000; !existsSync(first) && Date.now() < end; );
          process.kill(process.pid, 'SIGINT');
        },
        passesDone: () => stager.passesDone(),
      };
      await planMigration({ root: process.argv[1], stageAhead });
      console.log('finished the plan: the signal was not seen');`;
    const tsx = pathToFileURL(path.join(PROJECT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
    const run = spawnSync(process.execPath, ['--import', tsx, '--input-type=module', '-e', script, dir], { encoding: 'utf8', cwd: PROJECT, env: { ...process.env, BOOT_UPGRADE_AHEAD_MIN: '4' } });
    expect(run.stdout).toBe('');
    expect(run.signal).toBe('SIGINT');
    expect(readTree(dir)).toEqual(before);
  });
});

describe('a run killed outright while staging ahead', () => {
  it('the next run removes the temporary files its log lists, and nothing else', () => {
    const dir = sources(2);
    const dead = Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
    const java = 'src/main/java/com/acme/shop';
    const tmp = `${java}/.Order0.java.boot-upgrade-${dead}.tmp`;
    writeFileSync(path.join(dir, tmp), 'half');
    // a log may only name that run's temporary files: a source, another pid, or a path out are left alone
    const planted = [`${java}/Order1.java`, `${java}/.Order1.java.boot-upgrade-1.tmp`, `../.x.boot-upgrade-${dead}.tmp`];
    writeFileSync(path.join(dir, `${java}/.Order1.java.boot-upgrade-1.tmp`), 'not ours');
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: dead, host: os.hostname(), started: 'then', phase: 'staging', entries: [] }));
    writeFileSync(path.join(dir, AHEAD_LOG), [tmp, ...planted].join('\n') + '\n');
    const { journal, recovered } = Journal.acquire(dir);
    journal.release();
    expect(recovered).toMatchObject({ pid: dead, phase: 'staging', removed: 1 });
    expect(sideFiles(dir)).toEqual([`${java}/.Order1.java.boot-upgrade-1.tmp`]);
    expect(existsSync(path.join(dir, `${java}/Order1.java`))).toBe(true);
    expect(existsSync(path.join(dir, AHEAD_LOG))).toBe(false);
  });
});
