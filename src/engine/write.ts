// Writing a ChangeSet back: all-or-nothing as far as a file system allows. Every new content is
// first written to a temporary file beside its target (same mode), and only when all of them
// exist are they renamed into place; a rename is atomic, so no file is ever seen half-written.
// One writer per repository (a lock that journals the write), signals wait for a safe point,
// and a failure after the first rename puts every file back.
import { closeSync, existsSync, fchmodSync, lstatSync, mkdirSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { rm, unlink } from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import path from 'node:path';
import { Containment } from './contain.js';
import { gitDirtyPaths } from './git.js';
import { Journal, LOCK_FILE, LockHeld, type JournalEntry } from './journal.js';
import type { FileChange } from './types.js';
import { recordPhase, timed, timedAsync } from './timing.js';
import { ScratchBuffer } from './scratch.js';
import { unmadeText } from './changes.js';

export class WriteRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WriteRefused';
  }
}

/** Files the change set would touch that carry uncommitted work (undefined outside git). */
export function dirtyTargets(root: string, changes: readonly FileChange[]): string[] | undefined {
  const dirty = gitDirtyPaths(root);
  if (!dirty) return undefined;
  return changes.filter((c) => dirty.has(c.path)).map((c) => c.path);
}

/**
 * No fsync per file: the rename already guarantees that no reader ever sees a half-written
 * file, and an fsync of each of thousands of files cost more than the whole migration (measured:
 * 3.8 s of 12 s idle on 1,925 written files). Synchronous calls: each is a few microseconds
 * of system time, where a promise per call cost a thread-pool round trip (the write of 2,004
 * files went from about 0.75 s to 0.2 s of wall time).
 */
function writeTemp(tmp: string, content: Buffer, mode: number): void {
  const fd = openSync(tmp, 'wx', mode);
  try {
    writeFileSync(fd, content);
    fchmodSync(fd, mode); // open() applies the umask; keep the original mode exactly
  } finally {
    closeSync(fd);
  }
}

/** Unlinks in flight at once: enough to keep the thread pool's four threads busy. */
const UNLINKS_IN_FLIGHT = 256;

/**
 * rm -f of side files, side by side: an unlink frees the old file's blocks and waits on the
 * file system's journal, which several threads do at once (2,000 backups: 0.2 s one after
 * another, 0.08 s side by side). A bounded number at a time: a promise and a request for each of
 * 10,000 backups at once were 15 MB of the run's peak.
 */
async function removeFiles(paths: readonly string[]): Promise<void> {
  const remove = (p: string) => unlink(p).catch((e: NodeJS.ErrnoException) => (e.code === 'ENOENT' ? undefined : rm(p, { force: true })));
  let next = 0;
  const worker = async () => {
    while (next < paths.length) await remove(paths[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(UNLINKS_IN_FLIGHT, paths.length) }, worker));
}

/** `.name.boot-upgrade-<pid>.tmp|.bak` beside the file: the journal lists them for a later run. */
function sideName(rel: string, suffix: 'tmp' | 'bak'): string {
  const slash = rel.lastIndexOf('/');
  return `${rel.slice(0, slash + 1)}.${rel.slice(slash + 1)}.boot-upgrade-${process.pid}.${suffix}`;
}

function assertWritable(root: string, change: FileChange, containment: Containment): void {
  const outside = containment.problem(change.path);
  if (outside) throw new WriteRefused(`${change.path}: ${outside}`);
  const target = path.join(root, change.path);
  const st = lstatSync(target, { throwIfNoEntry: false });
  if (st?.isSymbolicLink()) throw new WriteRefused(`${change.path}: is a symbolic link; boot-upgrade never writes through links`);
  if (change.status === 'created' && st) throw new WriteRefused(`${change.path}: would be created but already exists`);
}

/** Reused from file to file: the disk's bytes, and a text's (scratch.ts). */
interface Scratch {
  disk: ScratchBuffer;
  text: ScratchBuffer;
}

/** The file must still hold what the plan read: another writer (an editor, a second run) may have changed it since. */
function assertUnchanged(root: string, change: FileChange, scratch: Scratch): void {
  if (change.status === 'created') return;
  const text = unmadeText(change, 'before');
  const expected = text ? scratch.text.encode(text) : change.before;
  if (!expected) return;
  let now: Buffer | undefined;
  try {
    now = scratch.disk.read(path.join(root, change.path));
  } catch {
    now = undefined;
  }
  if (!now?.equals(expected)) throw new WriteRefused(`${change.path}: changed on disk since it was read; nothing was written, run again`);
}

/** What to write for a change: its new text encoded into the scratch buffer, or its bytes. */
function newBytes(change: FileChange, scratch: Scratch): Buffer {
  const text = unmadeText(change, 'after');
  return text ? scratch.text.encode(text) : change.after!;
}

/** Hooks for tests: a fault or a signal at an exact point of the write. */
export interface WriteHooks {
  afterStaging?(): void | Promise<void>;
  beforeRename?(entry: JournalEntry): void | Promise<void>;
}

export interface WriteOptions {
  /** Aborting stops the write as SIGINT/SIGTERM do (tests; the CLI relies on the signals). */
  signal?: AbortSignal;
  hooks?: WriteHooks;
  /** Told when a lock left by a dead run was recovered (the CLI prints it). */
  onRecovered?(message: string): void;
}

/** Thrown when SIGINT/SIGTERM stopped the write: says whether the tree changed. */
export class WriteInterrupted extends Error {
  constructor(
    readonly signalName: string,
    readonly completed: boolean,
  ) {
    super(completed ? `interrupted (${signalName}) after every file was written: the migration is complete` : `interrupted (${signalName}): nothing was changed, temporary files removed`);
    this.name = 'WriteInterrupted';
  }
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
 * 1. staging: every new content to a temporary file beside its target (the tree is unchanged;
 *    a signal or an error here removes them and changes nothing);
 * 2. committing: each old file is renamed to a backup and the new one renamed into place, a
 *    deleted file renamed to its backup; any failure renames everything back;
 * 3. finishing: backups removed. The lock file journals each phase, so a run killed outright is
 *    undone by the next one (see journal.ts).
 */
export async function writeChanges(root: string, changes: readonly FileChange[], options: WriteOptions = {}): Promise<void> {
  const containment = new Containment(root);
  timed('write: lstat every target', () => {
    for (const change of changes) assertWritable(root, change, containment);
  });
  if (changes.length === 0) return;
  let acquired: ReturnType<typeof Journal.acquire>;
  try {
    acquired = Journal.acquire(root);
  } catch (e) {
    if (e instanceof LockHeld) throw new WriteRefused(e.message);
    throw e;
  }
  const { journal, recovered } = acquired;
  const tell = options.onRecovered ?? ((m: string) => process.stderr.write(`boot-upgrade: ${m}\n`));
  if (recovered) tell(`${LOCK_FILE}: a run (pid ${recovered.pid}) was interrupted while ${recovered.phase}; its write was undone (${recovered.restored} file(s) restored, ${recovered.removed} leftover(s) removed)`);
  // this run's plan read files the interrupted one was rewriting: they have just changed back
  const overlap = recovered ? changes.filter((c) => recovered.paths.includes(c.path)).map((c) => c.path) : [];
  if (overlap.length) {
    journal.release();
    throw new WriteRefused(`${overlap[0]}${overlap.length > 1 ? ` and ${overlap.length - 1} more` : ''}: restored from an interrupted run after this run read it; nothing was written, run again`);
  }
  const signals = holdSignals(options.signal);
  try {
    await transact(root, changes, journal, signals, options.hooks ?? {});
  } finally {
    signals.release();
    journal.release();
  }
}

async function transact(root: string, changes: readonly FileChange[], journal: Journal, signals: ReturnType<typeof holdSignals>, hooks: WriteHooks): Promise<void> {
  const abs = (p: string) => path.join(root, p);
  const entries: JournalEntry[] = changes.map((c) => ({
    path: c.path,
    status: c.status,
    ...(c.status !== 'deleted' ? { tmp: sideName(c.path, 'tmp') } : {}),
    ...(c.status !== 'created' ? { backup: sideName(c.path, 'bak') } : {}),
  }));
  journal.record('staging', entries);
  const removeSideFiles = () => removeFiles(entries.flatMap((e) => [e.tmp, e.backup]).filter((p): p is string => !!p).map(abs));
  const staging = performance.now();
  const scratch: Scratch = { disk: new ScratchBuffer(), text: new ScratchBuffer() };
  try {
    // in batches, with a turn of the event loop between them: that is when a signal is seen
    for (let i = 0; i < changes.length; i += 64) {
      if (i > 0) await nextTurn();
      const stop = signals.reason();
      if (stop) throw new WriteInterrupted(stop, false);
      for (let j = i; j < Math.min(i + 64, changes.length); j++) {
        const change = changes[j]!;
        assertUnchanged(root, change, scratch);
        const tmp = entries[j]!.tmp;
        if (!tmp) continue;
        // a changed or deleted file's directory exists: it was just read
        if (change.status === 'created') mkdirSync(path.dirname(abs(change.path)), { recursive: true });
        writeTemp(abs(tmp), newBytes(change, scratch), change.mode ?? 0o644);
      }
    }
    recordPhase('write: compare with disk + stage temporary files', performance.now() - staging);
    await hooks.afterStaging?.();
    const stop = signals.reason();
    if (stop) throw new WriteInterrupted(stop, false);
  } catch (error) {
    await removeSideFiles();
    throw error;
  }
  journal.record('committing');
  const done: JournalEntry[] = [];
  const renames = performance.now();
  try {
    for (const e of entries) {
      if (hooks.beforeRename) await hooks.beforeRename(e);
      if (e.backup) renameSync(abs(e.path), abs(e.backup));
      done.push(e); // from here on, undoing this entry is needed
      if (e.tmp) renameSync(abs(e.tmp), abs(e.path));
    }
  } catch (error) {
    rollBack(root, done);
    await removeSideFiles();
    throw error;
  }
  recordPhase('write: renames (backup, then into place)', performance.now() - renames);
  journal.record('finishing');
  await timedAsync('write: remove backups', () => removeFiles(entries.flatMap((e) => (e.backup ? [abs(e.backup)] : [])))); // every temporary file was renamed into place
  // a signal during the renames waited for them: the tree is whole, and the run stops here
  const stop = signals.reason();
  if (stop) throw new WriteInterrupted(stop, true);
}

/** Puts every renamed file back, last first: created files go, backups return to their names. */
function rollBack(root: string, done: readonly JournalEntry[]): void {
  for (const e of [...done].reverse()) {
    const target = path.join(root, e.path);
    if (e.tmp && !existsSync(path.join(root, e.tmp))) rmSync(target, { force: true });
    if (e.backup) renameSync(path.join(root, e.backup), target);
  }
}
