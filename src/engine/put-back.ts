// Putting a file of a write back as it was, without ever overwriting what someone else wrote:
// used by the write when it fails half-way (rollback) and by the next run after a kill
// (recover.ts). A file is put back only while it holds what the write put there (its SHA-256,
// journal.ts): it is renamed aside first (whatever is there at that instant is captured),
// checked, and only then replaced; a backup returns with link(2), which fails when the name was
// taken meanwhile. Anything that does not hold what it should is left where it is and named.
import { closeSync, fstatSync, linkSync, lstatSync, openSync, renameSync, unlinkSync } from 'node:fs';
import { underRoot } from './contain.js';
import type { JournalEntry } from './journal.js';
import { lazyModule } from './lazy.js';
import { READ_NO_FOLLOW, ScratchBuffer } from './scratch.js';
import { sideName } from './temp-file.js';

const crypto = lazyModule<typeof import('node:crypto')>('node:crypto');

/**
 * A file's identity for the journal: SHA-256 of its bytes, its first 128 bits in base64url (22
 * characters). Two per changed file are kept for the whole write: at 50,000 files the full hex
 * digests were about 12 MB of the peak, these about 4 MB; 128 bits still tell any two contents apart.
 */
export function sha256(bytes: Uint8Array): string {
  return crypto().createHash('sha256').update(bytes).digest().subarray(0, 16).toString('base64url');
}

/** SHA-256 of a regular file's bytes (never through a link); undefined when there is no such file. */
export function fileHash(file: string, scratch = new ScratchBuffer()): string | undefined {
  let fd: number;
  try {
    fd = openSync(file, READ_NO_FOLLOW);
  } catch {
    return undefined;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return undefined;
    return sha256(scratch.readOpen(fd, st.size + 1));
  } finally {
    closeSync(fd);
  }
}

/** rename(from, to) that never replaces: false when `to` exists (EEXIST), `from` then stays. */
export function moveNoReplace(from: string, to: string): boolean {
  try {
    linkSync(from, to);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
  unlinkSync(from);
  return true;
}

export function removeIfPresent(file: string): boolean {
  try {
    unlinkSync(file);
    return true;
  } catch (e) {
    // no such file, or a name too long to have ever been made
    if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'ENAMETOOLONG') return false;
    throw e;
  }
}

const exists = (file: string) => lstatSync(file, { throwIfNoEntry: false }) !== undefined;

export type Undone = { kind: 'restored' | 'removed' | 'nothing' } | { kind: 'left'; why: string };

/**
 * Removes `file` only while it holds `hash`. What is there is renamed aside and checked; when it
 * is not what the write put there it goes back (link: never over a file made meanwhile).
 * 'aside' when it could not go back (a new file took its name): it is kept beside, named.
 */
function takeAway(top: string, rel: string, run: string, hash: string | undefined): 'taken' | 'kept' | { aside: string } {
  if (!hash) return 'kept';
  const file = underRoot(top, rel);
  const aside = underRoot(top, sideName(rel, run, 'aside'));
  try {
    renameSync(file, aside);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 'taken';
    throw e;
  }
  if (fileHash(aside) === hash) {
    unlinkSync(aside);
    return 'taken';
  }
  return moveNoReplace(aside, file) ? 'kept' : { aside: sideName(rel, run, 'aside') };
}

/**
 * Undoes one file of a write of run `run` (paths relative to `top`) from what the disk holds:
 * a created file is removed, a modified or deleted one gets its backup back, each only while it
 * holds what the write put there. The temporary file, when there is one, is removed.
 */
export function undoEntry(top: string, run: string, e: JournalEntry): Undone {
  const target = underRoot(top, e.path);
  const bakRel = sideName(e.path, run, 'bak');
  const bak = underRoot(top, bakRel);
  removeIfPresent(underRoot(top, sideName(e.path, run, 'tmp')));
  const changedSince = (taken: ReturnType<typeof takeAway>, what: string): Undone => ({
    kind: 'left',
    why: typeof taken === 'object' ? `${what}; another program changed it since (kept as ${taken.aside}) and then made a new file in its place: both left as they are` : `${what}; another program changed it since: left as it is`,
  });
  if (e.status === 'created') {
    if (!exists(target)) return { kind: 'nothing' };
    const taken = takeAway(top, e.path, run, e.after);
    return taken === 'taken' ? { kind: 'removed' } : changedSince(taken, 'made by the write');
  }
  const backup = lstatSync(bak, { throwIfNoEntry: false });
  if (!backup) return { kind: 'nothing' }; // never moved aside: the file is as it was
  const keptIn = `what it held before is in ${bakRel}`;
  if (!backup.isFile() || fileHash(bak) !== e.before) return { kind: 'left', why: `${bakRel} does not hold what the file held before the write; both left as they are` };
  if (exists(target)) {
    if (e.status === 'deleted') return { kind: 'left', why: `deleted by the write and made again by another program since: left as it is; ${keptIn}` };
    const taken = takeAway(top, e.path, run, e.after);
    if (taken !== 'taken') return changedSince(taken, `rewritten by the write (${keptIn})`);
  }
  return moveNoReplace(bak, target) ? { kind: 'restored' } : { kind: 'left', why: `made again by another program while it was being put back: left as it is; ${keptIn}` };
}

/** The temporary file of a write's file, removed (true when there was one). */
export function dropTemporary(top: string, run: string, e: JournalEntry): boolean {
  return removeIfPresent(underRoot(top, sideName(e.path, run, 'tmp')));
}

/** The backup of a finished write's file: removed while it holds what the file held before. */
export function dropBackup(top: string, run: string, e: JournalEntry): Undone {
  dropTemporary(top, run, e);
  const bakRel = sideName(e.path, run, 'bak');
  const bak = underRoot(top, bakRel);
  if (!exists(bak)) return { kind: 'nothing' };
  if (fileHash(bak) !== e.before) return { kind: 'left', why: `${bakRel} does not hold what the file held before the write: left as it is` };
  unlinkSync(bak);
  return { kind: 'removed' };
}
