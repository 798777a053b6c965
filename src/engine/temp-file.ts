// A write's side files: the temporary file beside a target that holds its new content until it
// takes the target's name, and the backup the old content is renamed to. Their names carry the
// run's random id (journal.ts), so that no one can prepare a file or a link under them.
import { randomBytes } from 'node:crypto';
import { closeSync, fchmodSync, lstatSync, openSync, renameSync, rmSync, unlinkSync, writeFileSync, type Stats } from 'node:fs';
import { unlink, rm } from 'node:fs/promises';
import { CREATE_NEW } from './lock.js';
import { LinkRefused } from './write-errors.js';

/** `.name.boot-upgrade-<run>.tmp|.bak|.aside` beside the file (`rel` relative to any folder). */
export function sideName(rel: string, run: string, suffix: 'tmp' | 'bak' | 'aside'): string {
  const slash = rel.lastIndexOf('/');
  return `${rel.slice(0, slash + 1)}.${rel.slice(slash + 1)}.boot-upgrade-${run}.${suffix}`;
}

/**
 * Creates the temporary file (never one that exists, never through a link) with the target's exact
 * mode (undefined: what the umask leaves of rw for everyone, as for any new file).
 * No fsync per file: the rename already guarantees that no reader ever sees a half-written
 * file, and an fsync of each of thousands of files cost more than the whole migration (measured:
 * 3.8 s of 12 s idle on 1,925 written files). Synchronous calls: each is a few microseconds
 * of system time, where a promise per call cost a thread-pool round trip (the write of 2,004
 * files went from about 0.75 s to 0.2 s of wall time).
 */
export function writeTemp(tmp: string, content: Uint8Array, mode: number | undefined): void {
  const fd = openSync(tmp, CREATE_NEW, mode ?? 0o666);
  try {
    writeFileSync(fd, content);
    if (mode !== undefined) fchmodSync(fd, mode); // open() applies the umask; keep the original mode exactly
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes a file the user names (-o, a baseline) whole or not at all: a temporary file beside it,
 * created exclusively, then renamed over it, so a reader never sees half a report and an
 * interrupted write leaves the old one. A link in its place is refused (LinkRefused): the name can
 * come from a repository and point anywhere. A device or pipe in its place (-o /dev/null) is
 * written as it is: there is no file to replace. `mode`: the exact permissions; by default an
 * existing file keeps its own and a new one gets what the umask leaves. `what` names the file in
 * the refusal ('the report').
 */
export function writeFileAtomically(file: string, content: string | Uint8Array, what: string, mode?: number): void {
  let stat: Stats | undefined;
  try {
    stat = lstatSync(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  if (stat?.isSymbolicLink()) throw new LinkRefused(`${file}: a link; ${what} is not written through it`);
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  if (stat && !stat.isFile() && !stat.isDirectory()) return writeFileSync(file, bytes);
  const tmp = sideName(file, randomBytes(6).toString('hex'), 'tmp');
  try {
    writeTemp(tmp, bytes, mode ?? (stat ? stat.mode & 0o7777 : undefined));
    renameSync(tmp, file);
  } finally {
    rmSync(tmp, { force: true });
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
export async function removeFiles(paths: readonly string[]): Promise<void> {
  const remove = (p: string) => unlink(p).catch((e: NodeJS.ErrnoException) => (cannotExist(e) ? undefined : rm(p, { force: true })));
  let next = 0;
  let last = paths.length; // the main thread takes from the end, the pool from the start
  const worker = async () => {
    while (next < last) await remove(paths[next++]!);
  };
  const pool = Promise.all(Array.from({ length: Math.min(UNLINKS_IN_FLIGHT, paths.length) }, worker));
  // The main thread has nothing else to do meanwhile: it unlinks too, a fifth worker beside the
  // pool's four, with a turn of the event loop now and then so that the pool's requests go on.
  while (next < last) {
    for (let n = 0; n < 32 && next < last; n++) removeNow(paths[--last]!);
    await new Promise((resolve) => setImmediate(resolve));
  }
  await pool;
}

/** rm -f of one file, at once (a signal handler's cleanup cannot wait for the pool). */
export function removeNow(file: string): void {
  try {
    unlinkSync(file);
  } catch (e) {
    if (!cannotExist(e as NodeJS.ErrnoException)) rmSync(file, { force: true });
  }
}

/** An error that says there is no such file to remove (a name too long could never have been made). */
function cannotExist(e: NodeJS.ErrnoException): boolean {
  return e.code === 'ENOENT' || e.code === 'ENAMETOOLONG' || e.code === 'ENOTDIR';
}
