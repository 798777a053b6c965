// One writer per repository. The lock is a FIFO, `<home>/lock` (lock-home.ts), that its holder
// keeps open for reading. The kernel closes that descriptor when the holder ends however it
// ends (kill -9, a crash, a stopped container), and opening a FIFO for writing without blocking
// fails (ENXIO) exactly when no process has it open for reading: a lock's holder is alive while
// its FIFO has a reader. No process id is trusted (pid 1 in a container, a reused pid, another
// pid namespace). The FIFO is made under a random name, opened, and only then linked to `lock`
// (link(2) fails when a lock exists), so a FIFO named `lock` has its reader from its first moment.
//
// A reader can only be seen from the same kernel: the holder's boot id (and host name) are
// written beside the lock, `owner-<inode>.json`, with its pid for messages. A lock made under
// another boot of this host is dead; one from another machine (a shared disk) is left to the user.
// Where `mkfifo` is missing (a minimal container image) the lock is a plain file and the holder
// is judged by its pid and that process's start time (/proc), in the same pid namespace only.
import { spawnSync } from 'node:child_process';
import { closeSync, constants, linkSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, readlinkSync, renameSync, rmdirSync, unlinkSync, writeSync, type Stats } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lazyModule } from './lazy.js';
import { LockHeld } from './write-errors.js';
import type { LockHome } from './lock-home.js';

const crypto = lazyModule<typeof import('node:crypto')>('node:crypto');
const { O_RDONLY, O_WRONLY, O_NONBLOCK, O_CREAT, O_EXCL, O_NOFOLLOW } = constants;

/** Creating a file of ours: never one that exists, never through a link. */
export const CREATE_NEW = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW;

/** Who holds a lock: for messages, and to judge a lock no FIFO reader can be seen for. */
interface Owner {
  pid: number;
  host: string;
  started: string;
  /** The repository's top level (real path). */
  root: string;
  boot?: string;
  pidns?: string;
  /** The holder's start time in clock ticks since boot (/proc/<pid>/stat). */
  since?: string;
}

type Judgement = 'alive' | 'dead' | 'unknown';

/** A random hex name part: the lock's and the journal's temporary files are never predictable. */
export function randomName(): string {
  return crypto().randomBytes(8).toString('hex');
}

function readTrim(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

const bootId = () => readTrim('/proc/sys/kernel/random/boot_id');

function pidNamespace(): string | undefined {
  try {
    return readlinkSync('/proc/self/ns/pid');
  } catch {
    return undefined;
  }
}

/** Field 22 of /proc/<pid>/stat (after the command name, which may hold spaces and parentheses). */
function processStart(pid: number): string | undefined {
  const stat = readTrim(`/proc/${pid}/stat`);
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

/** Whether some process has the FIFO open for reading (see the top of this file). */
function hasReader(fifo: string): boolean {
  try {
    closeSync(openSync(fifo, O_WRONLY | O_NONBLOCK | O_NOFOLLOW));
    return true;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return code !== 'ENXIO' && code !== 'ENOENT'; // EACCES and the like: it may be alive
  }
}

function judge(lock: string, st: Stats, owner: Owner | undefined): Judgement {
  const boot = bootId();
  const sameHost = owner?.host === os.hostname();
  if (owner?.boot && boot && owner.boot !== boot) return sameHost ? 'dead' : 'unknown'; // rebooted, or another machine
  if (!(owner?.boot && boot) && owner && !sameHost) return 'unknown'; // no boot ids to tell one kernel from another
  if (st.isFIFO()) return hasReader(lock) ? 'alive' : 'dead';
  if (!owner) return 'unknown';
  if (owner.pidns && owner.pidns === pidNamespace() && owner.since) return processStart(owner.pid) === owner.since ? 'alive' : 'dead';
  if (owner.pidns || pidNamespace()) return 'unknown'; // another pid namespace: its pids mean nothing here
  try {
    process.kill(owner.pid, 0);
    return 'alive';
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH' ? 'dead' : 'alive';
  }
}

const ownerFile = (dir: string, ino: number) => path.join(dir, `owner-${ino}.json`);

function readOwner(dir: string, ino: number): Owner | undefined {
  try {
    const o = JSON.parse(readFileSync(ownerFile(dir, ino), 'utf8')) as Owner;
    return typeof o.pid === 'number' && typeof o.host === 'string' ? o : undefined;
  } catch {
    return undefined;
  }
}

function removeQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}

/** The lock in `dir` as it is now: absent, or its inode, owner and whether its holder lives. */
function inspect(dir: string): { ino: number; owner?: Owner; state: Judgement } | undefined {
  const lock = path.join(dir, 'lock');
  const st = lstatSync(lock, { throwIfNoEntry: false });
  if (!st) return undefined;
  if (!st.isFIFO() && !st.isFile()) throw new LockHeld(`${lock}: is not a lock boot-upgrade made (${st.isSymbolicLink() ? 'a symbolic link' : 'not a file'}); remove it`);
  const owner = readOwner(dir, st.ino);
  return { ino: st.ino, owner, state: judge(lock, st, owner) };
}

/** Whether the lock in `dir` is held by a live run (for a command that only reads: never throws). */
export function lockState(dir: string): Judgement | undefined {
  try {
    return inspect(dir)?.state;
  } catch {
    return 'unknown';
  }
}

function heldMessage(lock: string, owner: Owner | undefined, state: Judgement): string {
  const who = owner ? `pid ${owner.pid}, started ${owner.started}` : 'pid unknown';
  if (state === 'alive') return `another boot-upgrade run (${who}) is writing this repository; wait for it to finish`;
  return `${lock}: held by a boot-upgrade run on ${owner?.host ?? 'another machine'} (${who}) that cannot be checked from here; if it is no longer running, remove ${lock} and run again (the next run undoes what it left half-done)`;
}

export class RepositoryLock {
  private constructor(
    readonly home: LockHome,
    private reader: number | undefined,
    private readonly ino: number,
  ) {}

  /** Takes the repository's lock; a dead holder's is taken over, a live one's refuses (LockHeld). */
  static acquire(home: LockHome): RepositoryLock {
    const lock = path.join(home.dir, 'lock');
    const made = makeLock(home.dir);
    let taken = false;
    try {
      writeOwner(home, made.ino);
      for (let attempt = 0; !taken; attempt++) {
        try {
          linkSync(made.file, lock);
          taken = true;
          break;
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
        }
        const held = inspect(home.dir);
        if (!held) continue;
        if (held.state !== 'dead') throw new LockHeld(heldMessage(lock, held.owner, held.state));
        if (attempt >= 3) throw new LockHeld(`${lock}: could not take the lock; run again`);
        displace(home.dir, held.ino);
      }
    } finally {
      removeQuietly(made.file); // linked as `lock`, or never
      if (!taken) {
        if (made.reader !== undefined) closeSync(made.reader);
        removeQuietly(ownerFile(home.dir, made.ino));
      }
    }
    const held = new RepositoryLock(home, made.reader, made.ino);
    try {
      held.refuseNested();
    } catch (e) {
      held.release();
      throw e;
    }
    return held;
  }

  /** Throws when the lock is no longer this run's (taken over as dead: never while it lives; a last check before the renames). */
  assertHeld(): void {
    const st = lstatSync(path.join(this.home.dir, 'lock'), { throwIfNoEntry: false });
    if (st?.ino !== this.ino) throw new LockHeld(`${path.join(this.home.dir, 'lock')}: this run's lock was removed while it wrote; nothing more was written`);
  }

  release(): void {
    const lock = path.join(this.home.dir, 'lock');
    if (lstatSync(lock, { throwIfNoEntry: false })?.ino === this.ino) removeQuietly(lock);
    removeQuietly(ownerFile(this.home.dir, this.ino));
    if (this.reader !== undefined) closeSync(this.reader);
    this.reader = undefined;
    // outside git: no empty folder per repository ever written is left in the user's state folder
    if (this.home.shared) {
      try {
        rmdirSync(this.home.dir);
      } catch {
        // a journal kept for the next run, or another run's lock
      }
    }
  }

  /**
   * Outside git every folder has a lock of its own: a run on a folder refuses while a live run
   * writes a folder above or below it (checked once this run holds its own lock, so that of two
   * runs starting together at least one sees the other).
   */
  private refuseNested(): void {
    const shared = this.home.shared;
    if (!shared) return;
    for (const name of readdirSync(shared)) {
      const dir = path.join(shared, name);
      if (dir === this.home.dir) continue;
      const held = inspect(dir);
      const other = held?.owner?.root;
      if (!other || held.state === 'dead') continue;
      const inside = (a: string, b: string) => a === b || a.startsWith(b.endsWith(path.sep) ? b : b + path.sep);
      if (inside(this.home.top, other) || inside(other, this.home.top)) {
        throw new LockHeld(`another boot-upgrade run (pid ${held.owner!.pid}, started ${held.owner!.started}) is writing ${other}, which ${inside(this.home.top, other) ? 'holds' : 'lies inside'} this folder; wait for it to finish`);
      }
    }
  }
}

/** A new lock under a random name: a FIFO open for reading, or (no mkfifo here) a plain file. */
function makeLock(dir: string): { file: string; reader?: number; ino: number } {
  mkdirSync(dir, { recursive: true, mode: 0o700 }); // outside git, a run that just released may have removed it
  const file = path.join(dir, `lock.${randomName()}.new`);
  const fifo = spawnSync('mkfifo', ['-m', '644', file], { stdio: 'ignore' });
  if (fifo.status === 0) {
    const reader = openSync(file, O_RDONLY | O_NONBLOCK | O_NOFOLLOW);
    return { file, reader, ino: lstatSync(file).ino };
  }
  closeSync(openSync(file, CREATE_NEW, 0o644));
  return { file, ino: lstatSync(file).ino };
}

function writeOwner(home: LockHome, ino: number): void {
  const owner: Owner = { pid: process.pid, host: os.hostname(), started: new Date().toISOString(), root: home.top, boot: bootId(), pidns: pidNamespace(), since: processStart(process.pid) };
  const file = ownerFile(home.dir, ino);
  removeQuietly(file); // a dead lock's, whose inode number this new lock now has
  const fd = openSync(file, CREATE_NEW, 0o644);
  try {
    writeSync(fd, JSON.stringify(owner));
  } finally {
    closeSync(fd);
  }
}

/**
 * Removes a dead run's lock (inode `dead`): renamed aside first, so that a lock another run put
 * there since it was judged is recognised (another inode, or a reader) and given back.
 */
function displace(dir: string, dead: number): void {
  const lock = path.join(dir, 'lock');
  const grave = path.join(dir, `lock.${randomName()}.dead`);
  try {
    renameSync(lock, grave);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw e;
  }
  const st = lstatSync(grave);
  if (st.ino !== dead || (st.isFIFO() && hasReader(grave))) {
    try {
      linkSync(grave, lock);
    } finally {
      removeQuietly(grave);
    }
    throw new LockHeld('another boot-upgrade run is starting to write this repository; wait for it to finish');
  }
  removeQuietly(grave);
  removeQuietly(ownerFile(dir, dead));
}
