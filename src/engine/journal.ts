// The record of a write in progress: `journal.json` in the lock's home (lock-home.ts), written
// by the lock's holder before each phase and removed when the write is over. A run killed
// without a chance to clean up (kill -9, power loss) leaves it behind, and the next run that
// writes (once it holds the lock, after its dirty-tree guard) undoes what it recorded
// (recover.ts). It records each file's path (relative to the repository's top level), what the
// file held before the write and what the write puts there (SHA-256 of the bytes): a file is
// put back only while it still holds what the dead run wrote. The side files of a write are
// named from the path and the run's random id (temp-file.ts sideName), never read from the
// journal, and every path read from it must lie inside the repository or the journal is refused.
import { closeSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Containment, isPlainRelative } from './contain.js';
import { CREATE_NEW, randomName } from './lock.js';
import { LockHeld } from './write-errors.js';
import type { LockHome } from './lock-home.js';

/** One file of a write. */
export interface JournalEntry {
  /** Path relative to the repository's top level. */
  path: string;
  status: 'modified' | 'created' | 'deleted';
  /** The file's bytes before the write (put-back.ts sha256): modified and deleted files. */
  before?: string;
  /** The bytes the write puts there (put-back.ts sha256): modified and created files. */
  after?: string;
}

/**
 * staging: temporary files are being written, nothing of the tree has changed.
 * committing: files are being replaced (old -> backup, new -> in place); undone on recovery.
 * finishing: every file is in place; only backups remain to be removed.
 */
export type Phase = 'staging' | 'committing' | 'finishing';

export interface JournalData {
  /** The run's random id: its side files are named from it. */
  run: string;
  /** The repository's top level (real path) the entries are relative to. */
  top: string;
  pid: number;
  host: string;
  started: string;
  phase: Phase;
  entries: JournalEntry[];
}

const JOURNAL = 'journal.json';
const RUN_ID = /^[0-9a-f]{16}$/;
const HASH = /^[A-Za-z0-9_-]{22}$/;
const STATUSES = new Set(['modified', 'created', 'deleted']);
const PHASES = new Set(['staging', 'committing', 'finishing']);

export class Journal {
  private data: JournalData;
  /** This run recorded a journal (remove() removes only its own, never one a killed run left). */
  private recorded = false;

  constructor(private readonly home: LockHome) {
    this.data = { run: randomName(), top: home.top, pid: process.pid, host: os.hostname(), started: new Date().toISOString(), phase: 'staging', entries: [] };
  }

  /** The run's random id (temp-file.ts sideName). */
  get run(): string {
    return this.data.run;
  }

  /** Records the plan (or its phase) before acting on it: a later run can only undo what it finds here. */
  record(phase: Phase, entries?: JournalEntry[]): void {
    this.data = { ...this.data, phase, entries: entries ?? this.data.entries };
    const next = path.join(this.home.dir, `journal.${randomName()}.next`);
    try {
      writeJson(next, this.data);
      renameSync(next, path.join(this.home.dir, JOURNAL)); // the journal itself is never half-written
      this.recorded = true;
    } catch (e) {
      rmSync(next, { force: true });
      throw e;
    }
  }

  remove(): void {
    if (this.recorded) rmSync(path.join(this.home.dir, JOURNAL), { force: true });
  }

  /**
   * The journal a dead run left (the caller holds the lock: no live run writes one), checked
   * before anything is done from it; undefined when there is none.
   */
  static left(home: LockHome): JournalData | undefined {
    const file = path.join(home.dir, JOURNAL);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw e;
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw refused(file, 'not valid JSON');
    }
    const problem = journalProblem(data, home.top, home.shared !== undefined);
    if (problem) throw refused(file, problem);
    return data as JournalData;
  }

  /** Removes the journal a dead run left, once recovered. */
  static removeLeft(home: LockHome): void {
    rmSync(path.join(home.dir, JOURNAL), { force: true });
  }
}

function refused(file: string, why: string): LockHeld {
  return new LockHeld(`${file}: not a journal boot-upgrade can undo (${why}); nothing was recovered or written. Remove it if no boot-upgrade run is writing this repository`);
}

/**
 * Why `data` is not a journal whose every path lies inside `top`; undefined when it is. Outside
 * git it must also name `top` (the folder of journals is keyed by a hash of it); in a git
 * directory it belongs to that work tree wherever the tree was moved since.
 */
function journalProblem(data: unknown, top: string, sameTop: boolean): string | undefined {
  const d = data as Partial<JournalData> | null;
  if (!d || typeof d !== 'object' || typeof d.run !== 'string' || !RUN_ID.test(d.run) || typeof d.pid !== 'number' || !PHASES.has(d.phase as string) || !Array.isArray(d.entries)) {
    return 'not the shape of a journal';
  }
  if (sameTop && d.top !== top) return `written for ${String(d.top)}, not for ${top}`;
  const containment = new Containment(top);
  for (const [i, e] of d.entries.entries()) {
    const entry = e as Partial<JournalEntry> | null;
    if (!entry || typeof entry.path !== 'string' || !STATUSES.has(entry.status as string)) return `entry ${i} is not a file of a write`;
    if (!isPlainRelative(entry.path) || containment.problem(entry.path)) return `entry ${i}: '${entry.path}' is not a path inside ${top}`;
    for (const h of [entry.before, entry.after]) if (h !== undefined && (typeof h !== 'string' || !HASH.test(h))) return `entry ${i}: not a SHA-256`;
  }
  return undefined;
}

/** Entries written per piece of the record. */
const ENTRIES_PER_WRITE = 256;

/**
 * JSON.stringify(data), written in pieces of entries: the whole record as one string is several
 * MB at 10,000 changed files, and a string that large is made in V8's large-object space, which
 * only a full collection frees. The bytes are those of JSON.stringify(data). The file is new
 * (never one that exists, never through a link).
 */
function writeJson(file: string, data: JournalData): void {
  const { entries, ...head } = data;
  const fd = openSync(file, CREATE_NEW, 0o644);
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
