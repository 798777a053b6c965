// The lock and the journal live where a repository cannot ship them (the git directory, or a
// private folder of the user's): files or links a repository ships under their old names are
// ordinary files, and nothing outside the repository is written, deleted or read through them.
// One lock per repository whatever a run targets; a dead holder is recognised in a container too.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planMigration, writeChanges } from '../../src/api.js';
import { lockHomePath } from '../../src/engine/lock-home.js';
import { WriteRefused } from '../../src/engine/write.js';
import { bash, CLI_FUNCTION } from '../helpers/cli-process.js';
import { readTree, treeDiff } from '../helpers/tree.js';
import { killedWrappedWrite } from './killed-write.js';
import { gitRepo, outside, repo, sideFiles, workTree } from './helpers.js';

const RES = 'src/main/resources';
const SAMPLE = {
  'pom.xml': '<project/>\n',
  [`${RES}/application.properties`]: 'spring.redis.host=db\n',
  [`${RES}/bootstrap.properties`]: 'spring.redis.port=6380\n',
};

/** A journal of the layout the lock once had in the repository, naming paths outside it. */
function hostileJournal(victimRel: string): string {
  return JSON.stringify({
    pid: 999_999_999,
    host: os.hostname(),
    started: 'then',
    phase: 'committing',
    entries: [
      { path: victimRel, status: 'created', tmp: `${RES}/.gone.tmp` },
      { path: `${RES}/application.properties`, status: 'modified', tmp: `${RES}/.x.tmp`, backup: victimRel },
    ],
  });
}

describe('names a repository ships', () => {
  it('links named like the temporary record of the journal and its log write nothing through them', async () => {
    const victims = outside({ 'next-victim.txt': 'precious\n', 'ahead-victim.txt': 'precious\n' });
    const dir = repo(SAMPLE);
    symlinkSync(path.join(victims, 'ahead-victim.txt'), path.join(dir, '.boot-upgrade.lock.ahead'));
    // the record was written to `<lock>.<pid>.next`: this process's pid is the writer's
    symlinkSync(path.join(victims, 'next-victim.txt'), path.join(dir, `.boot-upgrade.lock.${process.pid}.next`));
    const before = readTree(victims);
    await writeChanges(dir, (await planMigration({ root: dir })).changes);
    expect(treeDiff(readTree(victims), before)).toBe('');
    expect(readFileSync(path.join(dir, RES, 'application.properties'), 'utf8')).toBe('spring.data.redis.host=db\n');
    expect(sideFiles(dir)).toEqual([]);
  });

  it('a lock file shipped in the repository, or a link by its name, is never recovered from: nothing outside is deleted or replaced', () => {
    const victims = outside({ 'victim.txt': 'precious\n', 'linked-journal.json': '' });
    const shipped = repo(SAMPLE);
    writeFileSync(path.join(shipped, '.boot-upgrade.lock'), hostileJournal(path.relative(shipped, path.join(victims, 'victim.txt'))));
    const linked = repo(SAMPLE);
    writeFileSync(path.join(victims, 'linked-journal.json'), hostileJournal(path.relative(linked, path.join(victims, 'victim.txt'))));
    symlinkSync(path.join(victims, 'linked-journal.json'), path.join(linked, '.boot-upgrade.lock'));
    const before = readTree(victims);
    for (const dir of [shipped, linked]) {
      const run = bash('boot-upgrade migrate .', dir);
      expect(treeDiff(readTree(victims), before)).toBe('');
      expect(run.stderr).not.toMatch(/interrupted/);
      expect(run.status).toBe(0);
      expect(readFileSync(path.join(dir, RES, 'application.properties'), 'utf8')).toBe('spring.data.redis.host=db\n');
    }
  });

  it('a journal whose paths leave the repository is refused, naming it, and nothing is done from it', () => {
    const victims = outside({ 'victim.txt': 'precious\n' });
    const dir = gitRepo(SAMPLE);
    // a journal where the lock keeps it, as a tampered git directory could hold one
    const home = lockHomePath(dir)!;
    mkdirSync(home, { recursive: true });
    const journal = { run: '0123456789abcdef', top: dir, pid: 999_999_999, host: os.hostname(), started: 'then', phase: 'committing', entries: [{ path: path.relative(dir, path.join(victims, 'victim.txt')), status: 'created', after: 'a'.repeat(22) }] };
    writeFileSync(path.join(home, 'journal.json'), JSON.stringify(journal));
    const before = workTree(dir);
    const run = bash('boot-upgrade migrate .', dir);
    expect(run.status).toBe(4);
    expect(run.stderr).toContain(`${path.join(home, 'journal.json')}: not a journal boot-upgrade can undo (entry 0: '${journal.entries[0]!.path}' is not a path inside ${dir}); nothing was recovered or written`);
    expect(readFileSync(path.join(victims, 'victim.txt'), 'utf8')).toBe('precious\n');
    expect(treeDiff(workTree(dir), before)).toBe('');
    // it stays, for whoever looks at it; the next run refuses it again
    expect(JSON.parse(readFileSync(path.join(home, 'journal.json'), 'utf8'))).toEqual(journal);
  });
});

describe('one lock per repository', () => {
  it('while a run writes the repository, a run on a sub-folder or on files of it is refused and writes nothing', async () => {
    const files: Record<string, string> = { ...SAMPLE, 'module-a/pom.xml': '<project/>\n', [`module-a/${RES}/application.properties`]: 'spring.redis.host=a\n' };
    const dir = gitRepo(files);
    const plan = await planMigration({ root: dir });
    const others: ReturnType<typeof bash>[] = [];
    await writeChanges(dir, plan.changes, {
      hooks: {
        afterStaging() {
          // the whole repository is being written (lock held, temporary files made)
          others.push(bash('boot-upgrade migrate module-a', dir));
          others.push(bash(`boot-upgrade migrate module-a/${RES}/application.properties`, dir));
          others.push(bash('boot-upgrade migrate .', path.join(dir, 'module-a')));
        },
      },
    });
    for (const other of others) {
      expect(other.stderr).toMatch(/another boot-upgrade run \(pid \d+, started [^)]+\) is writing this repository/);
      expect(other.status).toBe(4);
    }
    expect(readFileSync(path.join(dir, 'module-a', RES, 'application.properties'), 'utf8')).toBe('spring.data.redis.host=a\n');
  });

  it('outside git, a run on a folder is refused while a run writes a folder above or below it', async () => {
    /** What writing `other` gave while `writing` was being written: 'written', or the error. */
    const whileWriting = async (writing: string, other: string): Promise<unknown> => {
      let got: unknown;
      const afterStaging = async () => {
        got = await writeChanges(other, (await planMigration({ root: other })).changes).then(() => 'written', (e: unknown) => e);
      };
      await writeChanges(writing, (await planMigration({ root: writing })).changes, { hooks: { afterStaging } });
      return got;
    };
    const files = { ...SAMPLE, [`inner/${RES}/application.properties`]: 'spring.redis.host=a\n' };
    const first = repo(files);
    const inner = await whileWriting(first, path.join(first, 'inner'));
    expect(inner).toBeInstanceOf(WriteRefused);
    expect((inner as Error).message).toBe(`another boot-upgrade run (pid ${process.pid}, started ${(inner as Error).message.match(/started ([^)]+)\)/)![1]}) is writing ${realpathSync(first)}, which holds this folder; wait for it to finish`);
    const second = repo(files);
    const outer = await whileWriting(path.join(second, 'inner'), second);
    expect(outer).toBeInstanceOf(WriteRefused);
    expect((outer as Error).message).toMatch(/is writing \S+\/inner, which lies inside this folder; wait for it to finish$/);
  });
});

/** Whether this machine lets the suite start a process in new pid and host-name namespaces (root, Linux). */
const containers = spawnSync('unshare', ['--pid', '--fork', '--mount-proc', '--uts', 'true']).status === 0;

describe.runIf(containers)('a run killed in a container (pid 1 in a pid namespace of its own, another host name)', () => {
  const container = (host: string, ...command: string[]) => ['unshare', '--pid', '--fork', '--kill-child', '--mount-proc', '--uts', 'sh', '-c', `hostname ${host} && exec "$0" "$@"`, ...command];

  it('is recognised as dead from the host, and from the same container started again: its write is undone', async () => {
    for (const nextRunIn of ['host', 'container'] as const) {
      const dir = repo(SAMPLE);
      const before = workTree(dir);
      const ready = path.join(os.tmpdir(), `bu-ready-${process.pid}-${nextRunIn}`);
      rmSync(ready, { force: true });
      const said = await killedWrappedWrite(dir, 'beforeRename', 1, container('box-a'), ready);
      expect(readFileSync(ready, 'utf8'), said).toBe('1'); // it was pid 1
      rmSync(ready);
      const script = `set -o pipefail; ${CLI_FUNCTION}\ncd '${dir}' && boot-upgrade migrate .`;
      const env = { ...process.env, NO_COLOR: '1', CI: '1' };
      const next = nextRunIn === 'host' ? bash('boot-upgrade migrate .', dir) : spawnSync(container('box-a', 'bash', '-c', script)[0]!, container('box-a', 'bash', '-c', script).slice(1), { encoding: 'utf8', env });
      expect(next.stderr, nextRunIn).toMatch(/an interrupted boot-upgrade run \(pid 1, killed while committing\) was undone: 1 file\(s\) restored/);
      expect(treeDiff(workTree(dir), before), nextRunIn).toBe('');
      expect(sideFiles(dir), nextRunIn).toEqual([]);
      expect(bash('boot-upgrade migrate .', dir).status, nextRunIn).toBe(0);
    }
  });
});
