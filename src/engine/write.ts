// Writing a ChangeSet back: all-or-nothing as far as a file system allows, and never over
// another writer's bytes. Every new content is first written to a temporary file beside its
// target (same mode); only when all of them exist does each take its target's place (place()
// below), so no file is ever seen half-written. One writer per repository (lock.ts), a journal
// a later run undoes a killed one from (journal.ts, recover.ts), signals wait for a safe point,
// and a failure after the first file was replaced puts every file back (put-back.ts).
import { existsSync, linkSync, lstatSync, mkdirSync, realpathSync, renameSync, unlinkSync } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import path from 'node:path';
import { Containment, underRoot } from './contain.js';
import { gitDirtyPaths } from './git.js';
import { Journal, type JournalEntry } from './journal.js';
import { RepositoryLock } from './lock.js';
import { LockHeld, WriteFailed, WriteInterrupted, WriteRefused } from './write-errors.js';
import { lockHome, lockHomePath } from './lock-home.js';
import { fileHash, moveNoReplace, sha256, undoEntry } from './put-back.js';
import { changedTree, recover, recoveryLines } from './recover.js';
import type { FileChange } from './types.js';
import { recordMemory, recordPhase, timed, timedAsync } from './timing.js';
import { ScratchBuffer } from './scratch.js';
import { unmadeText } from './changes.js';
import { visible } from '../report/escape.js';
import { removeFiles, sideName, writeTemp } from './temp-file.js';

export { LockHeld, WriteFailed, WriteInterrupted, WriteRefused };

/** Files the change set would touch that carry uncommitted work (undefined outside git). */
export function dirtyTargets(root: string, changes: readonly FileChange[]): string[] | undefined {
  const dirty = gitDirtyPaths(root);
  if (!dirty) return undefined;
  return changes.filter((c) => dirty.has(c.path)).map((c) => c.path);
}

const throughLink = (change: FileChange) => new WriteRefused(`${change.path}: is a symbolic link; boot-upgrade never writes through links`);

function assertWritable(root: string, change: FileChange, containment: Containment): void {
  const outside = containment.problem(change.path);
  if (outside) throw new WriteRefused(`${change.path}: ${outside}`);
  // a modified file is opened without following a link when it is compared (assertUnchanged)
  if (change.status === 'modified') return;
  const target = underRoot(root, change.path);
  const st = lstatSync(target, { throwIfNoEntry: false });
  if (st?.isSymbolicLink()) throw throughLink(change);
  if (change.status === 'created' && st) throw new WriteRefused(`${change.path}: would be created but already exists`);
}

/** Reused from file to file: the disk's bytes, and a text's (scratch.ts). */
interface Scratch {
  disk: ScratchBuffer;
  text: ScratchBuffer;
}

const changedOnDisk = (change: FileChange) => new WriteRefused(`${change.path}: changed on disk since it was read; nothing was written, run again`);

/**
 * The file must still hold what the plan read: another writer (an editor, a second run) may have
 * changed it since. Checked for every file before any is touched (and again for each as it is
 * replaced, place()). The SHA-256 of what the plan read, for the journal.
 */
function assertUnchanged(root: string, change: FileChange, scratch: Scratch): string | undefined {
  if (change.status === 'created') return undefined;
  const text = unmadeText(change, 'before');
  const expected = text ? scratch.text.encode(text) : change.before;
  if (!expected) throw new WriteRefused(`${change.path}: the change does not say what the file held; nothing was written`);
  let now: Buffer | undefined;
  try {
    now = scratch.disk.readNoFollow(underRoot(root, change.path), expected.length);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ELOOP') throw throughLink(change);
    now = undefined;
  }
  if (!now?.equals(expected)) throw changedOnDisk(change);
  return sha256(expected);
}

/** What to write for a change: its new text encoded into the scratch buffer, or its bytes. */
function newBytes(change: FileChange, scratch: Scratch): Buffer {
  const text = unmadeText(change, 'after');
  return text ? scratch.text.encode(text) : change.after!;
}

/** Hooks for tests: a fault, a signal or another writer at an exact point of the write. */
export interface WriteHooks {
  afterStaging?(): void | Promise<void>;
  /** Before a file is replaced (its old content not yet moved aside). */
  beforeRename?(entry: JournalEntry): void | Promise<void>;
  /** After the file moved aside was checked, before the new content takes its name. */
  beforeLink?(entry: JournalEntry): void | Promise<void>;
}

export interface WriteOptions {
  /** Aborting stops the write as SIGINT/SIGTERM do (tests; the CLI relies on the signals). */
  signal?: AbortSignal;
  hooks?: WriteHooks;
  /**
   * Told each line the CLI prints on stderr: what an interrupted run's write undone first did,
   * and a backup kept because another program wrote to it while the file was replaced.
   */
  onNote?(line: string): void;
}

/** `ENOSPC: no space left on device` of `ENOSPC: no space left on device, open '/x/.a.boot-upgrade-1.tmp'`. */
function reason(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  return err.code && err.message ? err.message.split(', ')[0]! : String((e as Error)?.message ?? e);
}

/** SIGINT and SIGTERM are held while the write runs: it stops at the next safe point instead of dying mid-batch. */
function holdSignals(external?: AbortSignal): { reason(): string | undefined; release(): void } {
  let got: string | undefined;
  const on = (sig: NodeJS.Signals) => () => {
    got ??= sig;
  };
  const handlers = { SIGINT: on('SIGINT'), SIGTERM: on('SIGTERM') };
  process.on('SIGINT', handlers.SIGINT);
  process.on('SIGTERM', handlers.SIGTERM);
  return {
    reason: () => got ?? (external?.aborted ? 'abort' : undefined),
    release() {
      process.off('SIGINT', handlers.SIGINT);
      process.off('SIGTERM', handlers.SIGTERM);
    },
  };
}

/**
 * Writes a change set as one transaction, as far as a file system allows:
 * 0. the repository's lock (lock.ts); a journal a killed run left is undone first (recover.ts);
 * 1. staging: every new content to a temporary file beside its target (the tree is unchanged;
 *    a signal or an error here removes them and changes nothing);
 * 2. committing: each file is replaced (place()); any failure puts every file back;
 * 3. finishing: backups removed. The journal records each phase before it starts.
 */
export async function writeChanges(root: string, changes: readonly FileChange[], options: WriteOptions = {}): Promise<void> {
  const containment = new Containment(root);
  timed('write: check every target', () => {
    for (const change of changes) assertWritable(root, change, containment);
  });
  // nothing to write, and no killed run's write to undo (whose files a plan cannot see: moved aside)
  if (changes.length === 0 && !journalLeft(root)) return;
  const signals = holdSignals(options.signal);
  let lock: RepositoryLock;
  try {
    lock = refusedIfHeld(() => RepositoryLock.acquire(lockHome(root)));
  } catch (e) {
    signals.release();
    throw e;
  }
  const journal = new Journal(lock.home);
  const state = { keepJournal: false };
  try {
    const tell = options.onNote ?? ((line: string) => process.stderr.write(`boot-upgrade: ${visible(line)}\n`));
    undoInterrupted(lock, tell);
    const prefix = path.relative(lock.home.top, realpathSync.native(root)).split(path.sep).join('/');
    await transact({ root, lock, journal, prefix: prefix ? prefix + '/' : '', state, tell }, changes, signals, options.hooks ?? {});
  } finally {
    signals.release();
    if (!state.keepJournal) journal.remove();
    lock.release();
  }
}

function journalLeft(root: string): boolean {
  const dir = lockHomePath(root);
  return dir !== undefined && existsSync(path.join(dir, 'journal.json'));
}

function refusedIfHeld<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof LockHeld) throw new WriteRefused(e.message);
    throw e;
  }
}

/**
 * A journal a killed run left: its write is undone, what was undone is told, and when that
 * changed files of the tree this run's plan (made before) is stale: nothing is written.
 */
function undoInterrupted(lock: RepositoryLock, tell: (line: string) => void): void {
  const left = refusedIfHeld(() => Journal.left(lock.home));
  if (!left) return;
  const undone = recover(lock.home.top, left);
  Journal.removeLeft(lock.home);
  for (const line of recoveryLines(undone)) tell(line);
  if (!changedTree(undone)) return;
  const named = [...undone.restored, ...undone.left.map((l) => l.path)];
  const what = named.length ? `${named[0]}${named.length > 1 ? ` and ${named.length - 1} more` : ''}: put back` : 'files it created were removed';
  throw new WriteRefused(`${what} from an interrupted run after this run read the repository; nothing was written, run again`);
}

interface Transaction {
  /** The folder the changes' paths are relative to. */
  root: string;
  /** The repository's top level: the journal's paths (`entries`) are relative to it. */
  top: string;
  run: string;
  entries: JournalEntry[];
  changes: readonly FileChange[];
  scratch: Scratch;
  /** Per entry, the identity of its backup when it was checked (place()), to see a later write into it. */
  backups: (string | undefined)[];
}

const sideOf = (t: Transaction, e: JournalEntry, suffix: 'tmp' | 'bak') => underRoot(t.top, sideName(e.path, t.run, suffix));

/**
 * The transaction. When putting files back fails outright (a disk error), `state.keepJournal`
 * is set: the journal stays for the next run, which undoes the rest.
 */
async function transact(
  { root, lock, journal, prefix, state, tell }: { root: string; lock: RepositoryLock; journal: Journal; prefix: string; state: { keepJournal: boolean }; tell(line: string): void },
  changes: readonly FileChange[],
  signals: ReturnType<typeof holdSignals>,
  hooks: WriteHooks,
): Promise<void> {
  const t: Transaction = {
    root,
    top: lock.home.top,
    run: journal.run,
    entries: changes.map((c) => ({ path: prefix + c.path, status: c.status })),
    changes,
    scratch: { disk: new ScratchBuffer(), text: new ScratchBuffer() },
    backups: [],
  };
  journal.record('staging', t.entries);
  const temporaries = () => t.entries.filter((e) => e.status !== 'deleted').map((e) => sideOf(t, e, 'tmp'));
  try {
    await stage(t, signals);
    await hooks.afterStaging?.();
    const stop = signals.reason();
    if (stop) throw new WriteInterrupted(stop, false);
    journal.record('committing');
    lock.assertHeld();
  } catch (error) {
    await removeFiles(temporaries());
    throw error;
  }
  const renames = performance.now();
  let done = 0;
  try {
    for (; done < t.entries.length; done++) await place(t, done, hooks);
  } catch (error) {
    // a file another program made in the window is theirs: never undone (place() says what it kept)
    let left: string[];
    try {
      left = rollBack(t, error instanceof MadeMeanwhile ? done - 1 : done);
    } catch (undoing) {
      state.keepJournal = true;
      throw new WriteFailed(`${failure(t, done, error)}; putting the files back failed too (${reason(undoing)}): the next boot-upgrade migrate finishes it`);
    }
    await removeFiles(temporaries());
    if (left.length) throw new WriteFailed(`${failure(t, done, error)}; every other file was put back, and these were left as they are: ${left.join('; ')}`);
    if (error instanceof WriteRefused || error instanceof LockHeld) throw error;
    throw new WriteFailed(`${failure(t, done, error)}; every file was put back, nothing was written`);
  }
  recordPhase('write: replace each file (backup, check, link)', performance.now() - renames);
  recordMemory('write: renamed');
  journal.record('finishing');
  await timedAsync('write: remove backups', () => removeFiles(unchangedBackups(t, tell)));
  // a signal during the renames waited for them: the tree is whole, and the run stops here
  const stop = signals.reason();
  if (stop) throw new WriteInterrupted(stop, true);
}

function failure(t: Transaction, i: number, error: unknown): string {
  if (error instanceof WriteRefused || error instanceof LockHeld) return error.message.replace(/; nothing was written.*$/, '');
  return `${t.changes[i]?.path ?? ''}: cannot be replaced (${reason(error)})`;
}

/** Every new content to its temporary file, in batches with a turn of the event loop between them (when a signal is seen). */
async function stage(t: Transaction, signals: ReturnType<typeof holdSignals>): Promise<void> {
  const staging = performance.now();
  for (let i = 0; i < t.changes.length; i += 64) {
    if (i > 0) await nextTurn();
    const stop = signals.reason();
    if (stop) throw new WriteInterrupted(stop, false);
    for (let j = i; j < Math.min(i + 64, t.changes.length); j++) {
      const change = t.changes[j]!;
      const entry = t.entries[j]!;
      entry.before = assertUnchanged(t.root, change, t.scratch);
      if (change.status === 'deleted') continue;
      const bytes = newBytes(change, t.scratch);
      entry.after = sha256(bytes);
      try {
        // a changed or deleted file's directory exists: it was just read
        if (change.status === 'created') mkdirSync(path.dirname(underRoot(t.root, change.path)), { recursive: true });
        writeTemp(sideOf(t, entry, 'tmp'), bytes, change.mode ?? 0o644);
      } catch (e) {
        throw new WriteFailed(`${change.path}: cannot write its new content (${reason(e)}); nothing was written`);
      }
    }
  }
  recordPhase('write: compare with disk + stage temporary files', performance.now() - staging);
  recordMemory('write: staged');
}

/**
 * Replaces one file with no window another writer can fall into. The old file is renamed to
 * its backup, which captures whatever the name held at that instant; the backup must hold what
 * the plan read (else it goes back, and the write stops); then the new content takes the name
 * with link(2), which fails when anyone made a file there meanwhile (a rename would replace it),
 * and its temporary name goes. A created file is only linked; a deleted one only moved aside.
 */
async function place(t: Transaction, i: number, hooks: WriteHooks): Promise<void> {
  const e = t.entries[i]!;
  const change = t.changes[i]!;
  const target = underRoot(t.top, e.path);
  if (hooks.beforeRename) await hooks.beforeRename(e);
  if (e.status !== 'created') {
    const bak = sideOf(t, e, 'bak');
    try {
      renameSync(target, bak);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw changedOnDisk(change);
      throw err;
    }
    // its identity before its bytes: a write into it (by a program that had the file open) after this point is seen at the end
    t.backups[i] = identity(bak);
    if (fileHash(bak, t.scratch.disk) !== e.before) {
      // someone wrote it since the check: theirs goes back (never over a newer file), the write stops
      if (!moveNoReplace(bak, target)) throw new WriteRefused(`${change.path}: changed on disk since it was read, and made again while it was checked; what it held is in ${sideName(change.path, t.run, 'bak')}; nothing was written`);
      throw changedOnDisk(change);
    }
  }
  if (hooks.beforeLink) await hooks.beforeLink(e);
  if (e.status === 'deleted') return;
  const tmp = sideOf(t, e, 'tmp');
  try {
    linkSync(tmp, target);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const kept = e.status === 'created' ? '' : `, and what it held before is in ${sideName(change.path, t.run, 'bak')}`;
    throw new MadeMeanwhile(`${change.path}: was ${e.status === 'created' ? 'created' : 'saved'} by another program while boot-upgrade ${e.status === 'created' ? 'created' : 'replaced'} it: that file is kept${kept}; every other file was put back, nothing was written, run again`);
  }
  unlinkSync(tmp);
}

/** Inode, size, modification and change times: any write to the file changes one of them. */
function identity(file: string): string | undefined {
  const st = lstatSync(file, { bigint: true, throwIfNoEntry: false });
  return st && `${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`;
}

/**
 * The backups to remove once every file is in place: those as they were when checked. One that a
 * program still holding the old file open wrote to since is kept beside the file, and named.
 */
function unchangedBackups(t: Transaction, tell: (line: string) => void): string[] {
  const out: string[] = [];
  t.entries.forEach((e, i) => {
    if (e.status === 'created') return;
    const bak = sideOf(t, e, 'bak');
    const now = identity(bak);
    if (now === undefined) return;
    if (now === t.backups[i]) out.push(bak);
    else tell(`${t.changes[i]!.path}: another program wrote to the old file while boot-upgrade replaced it; what it wrote is kept in ${sideName(t.changes[i]!.path, t.run, 'bak')}`);
  });
  return out;
}

/** The new content could not take a file's name: another program made a file there meanwhile. */
class MadeMeanwhile extends WriteRefused {}

/** Puts back files 0..last (last perhaps half-replaced), last first; the files left as they are, each with why. */
function rollBack(t: Transaction, last: number): string[] {
  const left: string[] = [];
  for (let i = Math.min(last, t.entries.length - 1); i >= 0; i--) {
    const undone = undoEntry(t.top, t.run, t.entries[i]!);
    if (undone.kind === 'left') left.push(`${t.changes[i]!.path}: ${undone.why}`);
  }
  return left;
}
