// One writer per repository, and a record of what it is doing. `.boot-upgrade.lock` in the
// repository root is both: created exclusively (a second run that finds it, held by a live
// process, is refused), and it lists every temporary file, backup and rename of the write in
// progress. A run killed without a chance to clean up (kill -9, power loss) leaves it behind; the
// next run that writes finds it, sees its process is gone, and undoes the interrupted write from
// it: temporary files removed, every file renamed so far put back from its backup. The tree is
// then as it was before the interrupted run, and that run's plan can simply be made again.
import { closeSync, existsSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isTemporaryName } from './temp-file.js';

export const LOCK_FILE = '.boot-upgrade.lock';
/**
 * Temporary files made ahead of the write (write-ahead.ts), one relative path a line, each
 * appended before the file is created: the lock's own record is rewritten whole, which for a
 * list growing by 64 at a time would be quadratic.
 */
export const AHEAD_LOG = `${LOCK_FILE}.ahead`;

/** One file of a write: its temporary file (new content) and its backup (old content). */
export interface JournalEntry {
  /** Path relative to the root. */
  path: string;
  status: 'modified' | 'created' | 'deleted';
  /** Relative path of the file holding the new content until it is renamed into place. */
  tmp?: string;
  /** Relative path the old file is renamed to before the new one takes its place. */
  backup?: string;
}

/**
 * staging: temporary files are being written, nothing of the tree has changed.
 * committing: files are being renamed (old -> backup, temporary -> file); undone on recovery.
 * finishing: every rename is done; only backups and temporary files remain to be removed.
 */
export type Phase = 'staging' | 'committing' | 'finishing';

interface JournalData {
  pid: number;
  host: string;
  started: string;
  phase: Phase;
  entries: JournalEntry[];
}

/** The one line that says a dead run's write was undone (the writer prints it). */
export function recoveryMessage(r: Recovery): string {
  return `${LOCK_FILE}: a run (pid ${r.pid}) was interrupted while ${r.phase}; its write was undone (${r.restored} file(s) restored, ${r.removed} leftover(s) removed)`;
}

export class LockHeld extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LockHeld';
  }
}

function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by someone else
  }
}

/** What a recovery did, for the one line the writer prints. */
export interface Recovery {
  pid: number;
  phase: Phase;
  restored: number;
  removed: number;
  /** Files the interrupted run was writing. */
  paths: string[];
}

export class Journal {
  private data: JournalData;
  /** The open AHEAD_LOG, once a temporary file was made ahead of the write. */
  private aheadLog?: number;
  private constructor(
    private readonly root: string,
    data: JournalData,
  ) {
    this.data = data;
  }

  /**
   * Takes the repository's lock. A lock left by a process that is gone is recovered first (its
   * interrupted write undone); one held by a live process refuses this run.
   */
  static acquire(root: string): { journal: Journal; recovered?: Recovery } {
    const file = path.join(root, LOCK_FILE);
    let recovered: Recovery | undefined;
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const fd = openSync(file, 'wx', 0o644);
        const data: JournalData = { pid: process.pid, host: os.hostname(), started: new Date().toISOString(), phase: 'staging', entries: [] };
        writeSync(fd, JSON.stringify(data));
        closeSync(fd);
        return { journal: new Journal(root, data), recovered };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
      const held = readJournal(file);
      if (!held && justCreated(file)) {
        // another run is between creating the lock and writing its first record
        throw new LockHeld(`${LOCK_FILE}: another boot-upgrade run is starting to write this repository; wait for it to finish`);
      }
      if (held && held.host === os.hostname() && alive(held.pid)) {
        throw new LockHeld(`${LOCK_FILE}: another boot-upgrade run (pid ${held.pid}, started ${held.started}) is writing this repository; wait for it to finish`);
      }
      if (held && held.host !== os.hostname()) {
        throw new LockHeld(`${LOCK_FILE}: held by a boot-upgrade run on ${held.host} (pid ${held.pid}); remove the file if that run is gone`);
      }
      recovered = held ? recover(root, held) : undefined;
      rmSync(path.join(root, AHEAD_LOG), { force: true });
      rmSync(file, { force: true });
    }
    throw new LockHeld(`${LOCK_FILE}: could not take the lock`);
  }

  /** Records the plan (or its phase) before acting on it: a later run can only undo what it finds here. */
  record(phase: Phase, entries?: JournalEntry[]): void {
    this.data = { ...this.data, phase, entries: entries ?? this.data.entries };
    const file = path.join(this.root, LOCK_FILE);
    const next = `${file}.${process.pid}.next`;
    writeJson(next, this.data);
    renameSync(next, file); // the journal itself is never half-written
  }

  /** Lists temporary files about to be made ahead of the write (before they exist). */
  noteAhead(tmps: readonly string[]): void {
    this.aheadLog ??= openSync(path.join(this.root, AHEAD_LOG), 'wx', 0o644);
    writeSync(this.aheadLog, tmps.map((t) => t + '\n').join(''));
  }

  /** The log first: a log without its lock is never left behind. */
  release(): void {
    if (this.aheadLog !== undefined) {
      closeSync(this.aheadLog);
      this.aheadLog = undefined;
    }
    rmSync(path.join(this.root, AHEAD_LOG), { force: true });
    rmSync(path.join(this.root, LOCK_FILE), { force: true });
  }
}

/** Entries written per piece of the record. */
const ENTRIES_PER_WRITE = 256;

/**
 * JSON.stringify(data), written in pieces of entries: the whole record as one string is 2-3 MB
 * at 10,000 changed files, and a string that large is made in V8's large-object space, which
 * only a full collection frees; the write's three records were about 8 MB of the peak at 50,000
 * files. The bytes are those of JSON.stringify(data).
 */
function writeJson(file: string, data: JournalData): void {
  const { entries, ...head } = data;
  const fd = openSync(file, 'w', 0o644);
  try {
    writeSync(fd, `${JSON.stringify(head).slice(0, -1)},"entries":[`);
    for (let i = 0; i < entries.length; i += ENTRIES_PER_WRITE) {
      const piece = entries.slice(i, i + ENTRIES_PER_WRITE).map((e) => JSON.stringify(e));
      writeSync(fd, (i > 0 ? ',' : '') + piece.join(','));
    }
    writeSync(fd, ']}');
  } finally {
    closeSync(fd);
  }
}

function justCreated(file: string): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs < 5000;
  } catch {
    return false;
  }
}

function readAheadLog(root: string): string[] {
  try {
    return readFileSync(path.join(root, AHEAD_LOG), 'utf8').split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

function readJournal(file: string): JournalData | undefined {
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as JournalData;
    return typeof data.pid === 'number' && Array.isArray(data.entries) ? data : undefined;
  } catch {
    return undefined; // empty or torn: the lock was being created when its run died
  }
}

/** Undoes the write a dead run left half-done (see the phases), then removes its leftovers. */
function recover(root: string, held: JournalData): Recovery {
  const abs = (p: string) => path.join(root, p);
  let restored = 0;
  let removed = 0;
  const remove = (p: string | undefined) => {
    if (p && existsSync(abs(p))) {
      rmSync(abs(p), { force: true });
      removed++;
    }
  };
  if (held.phase === 'committing') {
    for (const e of [...held.entries].reverse()) {
      if (e.status === 'created') {
        // renamed into place when its temporary file is gone
        if (e.tmp && !existsSync(abs(e.tmp)) && existsSync(abs(e.path))) remove(e.path);
      } else if (e.backup && existsSync(abs(e.backup))) {
        rmSync(abs(e.path), { force: true });
        renameSync(abs(e.backup), abs(e.path));
        restored++;
      }
    }
  }
  for (const e of held.entries) {
    remove(e.tmp);
    remove(e.backup);
  }
  // made ahead of the write: that run's temporary files inside the root, never a file of the tree
  for (const tmp of readAheadLog(root)) if (isTemporaryName(tmp, held.pid)) remove(tmp);
  return { pid: held.pid, phase: held.phase, restored, removed, paths: held.entries.map((e) => e.path) };
}
