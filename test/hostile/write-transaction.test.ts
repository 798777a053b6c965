// The write is one transaction: a lock keeps a second run out, a signal stops it at a safe
// point, and a failure after the first file was replaced puts every file back. (A run killed
// outright: recovery.test.ts.)
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { planMigration, writeChanges } from '../../src/api.js';
import { Journal } from '../../src/engine/journal.js';
import { RepositoryLock } from '../../src/engine/lock.js';
import { lockHome } from '../../src/engine/lock-home.js';
import { WriteInterrupted, WriteRefused } from '../../src/engine/write.js';
import type { FileChange } from '../../src/engine/types.js';
import { readTree } from '../helpers/tree.js';
import { bash, PROJECT } from '../helpers/cli-process.js';
import { repo } from './helpers.js';

const FACTORIES = 'org.springframework.boot.autoconfigure.EnableAutoConfiguration=com.acme.greeter.GreeterAutoConfiguration\n';

/** A repository whose migration modifies two files, creates one and deletes one. */
function sample(): string {
  return repo({
    'pom.xml': '<project/>\n',
    'src/main/resources/application.properties': 'spring.redis.host=db\n',
    'src/main/resources/bootstrap.properties': 'spring.redis.port=6380\n',
    'src/main/resources/META-INF/spring.factories': FACTORIES,
  });
}

const sideFiles = (dir: string) => [...readTree(dir).keys()].filter((p) => /boot-upgrade/.test(p));
const statuses = (changes: FileChange[]) => changes.map((c) => c.status).sort();

describe('one writer at a time', () => {
  it('a lock held by a live run refuses the write and changes nothing', async () => {
    const dir = sample();
    const plan = await planMigration({ root: dir });
    const held = RepositoryLock.acquire(lockHome(dir));
    try {
      const before = readTree(dir);
      await expect(writeChanges(dir, plan.changes)).rejects.toThrow(WriteRefused);
      await expect(writeChanges(dir, plan.changes)).rejects.toThrow(/another boot-upgrade run \(pid \d+/);
      expect(readTree(dir)).toEqual(before);
    } finally {
      held.release();
    }
  });

  it('a file changed on disk after the plan was made is not overwritten', async () => {
    const dir = sample();
    const plan = await planMigration({ root: dir });
    writeFileSync(path.join(dir, 'src/main/resources/bootstrap.properties'), 'spring.redis.port=6381\n');
    const before = readTree(dir);
    await expect(writeChanges(dir, plan.changes)).rejects.toThrow(/bootstrap.properties: changed on disk since it was read/);
    expect(readTree(dir)).toEqual(before);
  });
});

describe('the journal', () => {
  it('a record is the JSON of the write in progress, written in pieces but byte for byte JSON.stringify', () => {
    const dir = repo({ 'pom.xml': '<project/>\n' });
    const home = lockHome(dir);
    const held = RepositoryLock.acquire(home);
    const journal = new Journal(home);
    try {
      const entries = Array.from({ length: 600 }, (_, i) => ({ path: `src/F${i}.java`, status: 'modified' as const, before: 'a'.repeat(22), after: 'b'.repeat(22) }));
      journal.record('committing', entries);
      const text = readFileSync(path.join(home.dir, 'journal.json'), 'utf8');
      const data = JSON.parse(text);
      expect(JSON.stringify(data)).toBe(text);
      expect(data).toMatchObject({ pid: process.pid, phase: 'committing', top: home.top, run: journal.run, entries });
      expect(Journal.left(home)).toEqual(data);
      journal.record('finishing', []);
      expect(JSON.parse(readFileSync(path.join(home.dir, 'journal.json'), 'utf8')).entries).toEqual([]);
    } finally {
      journal.remove();
      held.release();
    }
  });
});

describe('the CLI and the lock', () => {
  it('migrate exits 4 (refused) naming the lock while another run writes, and writes nothing', () => {
    const dir = sample();
    const held = RepositoryLock.acquire(lockHome(dir));
    try {
      const before = readTree(dir);
      const run = bash('boot-upgrade migrate .', dir);
      expect(run.status).toBe(4);
      expect(run.stderr).toMatch(/^boot-upgrade: another boot-upgrade run \(pid \d+, started [0-9T:.-]+Z\) is writing this repository; wait for it to finish$/m);
      expect(readTree(dir)).toEqual(before);
    } finally {
      held.release();
    }
  });
});

describe('failures and signals during the write', () => {
  it('a failed delete after the renames rolls back every file', async () => {
    const dir = sample();
    const plan = await planMigration({ root: dir });
    expect(statuses(plan.changes)).toEqual(['created', 'deleted', 'modified', 'modified']);
    const before = readTree(dir);
    const hooks = {
      beforeRename(e: { status: string; path: string }) {
        if (e.status === 'deleted') throw Object.assign(new Error(`EBUSY: cannot remove ${e.path}`), { code: 'EBUSY' });
      },
    };
    await expect(writeChanges(dir, plan.changes, { hooks })).rejects.toThrow(/EBUSY/);
    expect(readTree(dir)).toEqual(before);
  });

  it('SIGINT while staging: nothing changed, no temporary file, no lock', async () => {
    const dir = sample();
    const plan = await planMigration({ root: dir });
    const before = readTree(dir);
    const hooks = { afterStaging: () => void process.emit('SIGINT', 'SIGINT') };
    const error = await writeChanges(dir, plan.changes, { hooks }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WriteInterrupted);
    expect((error as WriteInterrupted).completed).toBe(false);
    expect(readTree(dir)).toEqual(before);
  });

  it('SIGTERM during the renames: the batch finishes, then the run stops', async () => {
    const dir = sample();
    const plan = await planMigration({ root: dir });
    let sent = false;
    const hooks = { beforeRename: () => void (sent || (sent = process.emit('SIGTERM', 'SIGTERM'))) };
    const error = await writeChanges(dir, plan.changes, { hooks }).catch((e: unknown) => e);
    expect((error as WriteInterrupted).completed).toBe(true);
    expect((await planMigration({ root: dir })).changes).toEqual([]);
    expect(sideFiles(dir)).toEqual([]);
  });

  it('a real SIGINT to the process during the write leaves the tree unchanged and clean', () => {
    const dir = sample();
    const before = readTree(dir);
    const api = pathToFileURL(path.join(PROJECT, 'src', 'api.ts')).href;
    const script = `
      const { planMigration, writeChanges } = await import(${JSON.stringify(api)});
      const plan = await planMigration({ root: process.argv[1] });
      try {
        await writeChanges(process.argv[1], plan.changes, { hooks: { afterStaging: () => new Promise((r) => { process.kill(process.pid, 'SIGINT'); setTimeout(r, 200); }) } });
        console.log('completed');
      } catch (e) { console.log(e.name + ': ' + e.message); }`;
    const tsx = pathToFileURL(path.join(PROJECT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
    const run = spawnSync(process.execPath, ['--import', tsx, '--input-type=module', '-e', script, dir], { encoding: 'utf8', cwd: PROJECT });
    expect(run.stdout.trim()).toBe('WriteInterrupted: interrupted (SIGINT): nothing was changed, temporary files removed');
    expect(readTree(dir)).toEqual(before);
  });
});
