// Writing a ChangeSet back: all-or-nothing as far as a file system allows. Every new content is
// first written to a temporary file beside its target (same mode), and only when all of them
// exist are they renamed into place; a rename is atomic, so no file is ever seen half-written.
// One writer per repository (a lock that journals the write), signals wait for a safe point,
// and a failure after the first rename puts every file back.
import { existsSync, lstatSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import path from 'node:path';
import { Containment, underRoot } from './contain.js';
import { gitDirtyPaths } from './git.js';
import { Journal, LockHeld, recoveryMessage, type JournalEntry, type Recovery } from './journal.js';
import type { StagedAhead, WriteAhead } from './write-ahead.js';
import type { FileChange } from './types.js';
import { recordMemory, recordPhase, timed, timedAsync } from './timing.js';
import { ScratchBuffer } from './scratch.js';
import { unmadeText } from './changes.js';
import { encode } from './text.js';
import { removeFiles, sideName, temporaryOf, writeTemp } from './temp-file.js';

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

/** The file must still hold what the plan read: another writer (an editor, a second run) may have changed it since. */
function assertUnchanged(root: string, change: FileChange, scratch: Scratch): void {
  if (change.status === 'created') return;
  const text = unmadeText(change, 'before');
  const expected = text ? scratch.text.encode(text) : change.before;
  if (!expected) {
    // nothing to compare with: still never through a link
    if (lstatSync(underRoot(root, change.path), { throwIfNoEntry: false })?.isSymbolicLink()) throw throughLink(change);
    return;
  }
  let now: Buffer | undefined;
  try {
    now = scratch.disk.readNoFollow(underRoot(root, change.path), expected.length);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ELOOP') throw throughLink(change);
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
  /** Temporary files made while the passes ran (write-ahead.ts): taken over, used or removed. */
  ahead?: WriteAhead;
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
  timed('write: check every target', () => {
    for (const change of changes) assertWritable(root, change, containment);
  });
  if (changes.length === 0) return;
  // held from here on: a signal while the stager hands over is seen by the write's first batch
  const signals = holdSignals(options.signal);
  let staged: StagedAhead | undefined;
  let lock: { journal: Journal; recovered?: Recovery };
  try {
    staged = await options.ahead?.handOver();
    lock = staged ?? lockFor(root);
  } catch (e) {
    signals.release();
    throw e;
  }
  const { journal, recovered } = lock;
  const tell = options.onRecovered ?? ((m: string) => process.stderr.write(`boot-upgrade: ${m}\n`));
  if (recovered) tell(recoveryMessage(recovered));
  try {
    // this run's plan read files the interrupted one was rewriting: they have just changed back
    const overlap = recovered ? changes.filter((c) => recovered.paths.includes(c.path)).map((c) => c.path) : [];
    if (overlap.length) {
      if (staged) await removeFiles([...staged.asked].map((p) => temporaryOf(root, p)));
      throw new WriteRefused(`${overlap[0]}${overlap.length > 1 ? ` and ${overlap.length - 1} more` : ''}: restored from an interrupted run after this run read it; nothing was written, run again`);
    }
    await transact(root, changes, journal, signals, options.hooks ?? {}, staged);
  } finally {
    signals.release();
    journal.release();
  }
}

/** The repository's lock, taken by the write itself (nothing was staged ahead). */
function lockFor(root: string): { journal: Journal; recovered?: Recovery } {
  try {
    return Journal.acquire(root);
  } catch (e) {
    if (e instanceof LockHeld) throw new WriteRefused(e.message);
    throw e;
  }
}

/** The temporary file made ahead holds exactly the change's new text: nothing to write again. */
function madeAhead(change: FileChange, staged: StagedAhead | undefined): boolean {
  const made = staged?.made.get(change.path);
  if (!made || change.status !== 'modified') return false;
  const after = unmadeText(change, 'after');
  // the bytes were made already (a --diff-file read them): compare those
  if (!after) return !!change.after?.equals(encode(made.text, made.encoding, made.bom));
  return after.text === made.text && after.encoding === made.encoding && after.bom === made.bom;
}

async function transact(root: string, changes: readonly FileChange[], journal: Journal, signals: ReturnType<typeof holdSignals>, hooks: WriteHooks, staged?: StagedAhead): Promise<void> {
  const abs = (p: string) => underRoot(root, p);
  const entries: JournalEntry[] = changes.map((c) => ({
    path: c.path,
    status: c.status,
    ...(c.status !== 'deleted' ? { tmp: sideName(c.path, 'tmp') } : {}),
    ...(c.status !== 'created' ? { backup: sideName(c.path, 'bak') } : {}),
  }));
  if (staged) {
    // made ahead for a file the run does not write after all (refused, deleted by a project pass)
    const used = new Set(entries.filter((e) => e.tmp).map((e) => e.path));
    await removeFiles([...staged.asked].filter((p) => !used.has(p)).map((p) => temporaryOf(root, p)));
  }
  journal.record('staging', entries);
  const removeSideFiles = () => removeFiles(entries.flatMap((e) => [e.tmp, e.backup]).filter((p): p is string => !!p).map(abs));
  const staging = performance.now();
  const scratch: Scratch = { disk: new ScratchBuffer(), text: new ScratchBuffer() };
  let remade = 0;
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
        if (!tmp || madeAhead(change, staged)) continue;
        // made ahead with a text a project pass has changed since, or half-made by a worker that failed
        if (staged?.asked.has(change.path)) {
          rmSync(abs(tmp), { force: true });
          remade++;
        }
        // a changed or deleted file's directory exists: it was just read
        if (change.status === 'created') mkdirSync(path.dirname(abs(change.path)), { recursive: true });
        writeTemp(abs(tmp), newBytes(change, scratch), change.mode ?? 0o644);
      }
    }
    recordPhase('write: compare with disk + stage temporary files', performance.now() - staging);
    if (staged) recordPhase(`write: ${remade} temporary file(s) made ahead and made again (count only)`, 0);
    recordMemory('write: staged');
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
  recordMemory('write: renamed');
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
