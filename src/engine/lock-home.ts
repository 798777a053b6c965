// Where a repository's lock and write journal live: somewhere the repository cannot ship them
// and no link in it can redirect. In a git work tree that is the work tree's own git directory
// (`<git dir>/boot-upgrade/`, as git keeps its index.lock there: one per work tree, whatever
// folder or file list a run targets). Outside git it is a private folder of the user's (0700,
// `$XDG_STATE_HOME/boot-upgrade/locks/`, else `~/.local/state/...`) named by a hash of the
// repository's real path. The journal's paths are relative to the repository's top level.
import { chmodSync, lstatSync, mkdirSync, realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gitDir, gitTopLevel } from './git.js';
import { LockHeld } from './write-errors.js';

export interface LockHome {
  /** The folder holding the lock and the journal. */
  dir: string;
  /** The repository's top level (a real path): every path of the journal is relative to it. */
  top: string;
  /** Outside git: the folder of every repository's lock (a run checks the folders above and below its own). */
  shared?: string;
}

/** The lock home of the repository `root` lies in (a work tree's top level, or `root` itself outside git). */
export function lockHome(root: string): LockHome {
  const top = gitTopLevel(root);
  if (top !== undefined) return { dir: ownFolder(path.join(gitDir(root), 'boot-upgrade'), 0o755), top: realpathSync.native(top) };
  const real = realpathSync.native(root);
  const shared = userLocks();
  return { dir: ownFolder(path.join(shared, repositoryKey(real)), 0o700), top: real, shared };
}

/**
 * The name of a repository's lock folder outside git: its real path, hashed (64-bit FNV-1a: no
 * crypto module for a command that only reads; the folder's owner file names the repository).
 */
export function repositoryKey(real: string): string {
  let hash = 0xcbf29ce484222325n;
  for (const byte of Buffer.from(real, 'utf8')) hash = ((hash ^ BigInt(byte)) * 0x100000001b3n) & 0xffffffffffffffffn;
  return hash.toString(16).padStart(16, '0');
}

/** `$XDG_STATE_HOME/boot-upgrade/locks`, else under ~/.local/state. */
export function userLocksPath(): string {
  const xdg = process.env.XDG_STATE_HOME;
  const state = xdg && path.isAbsolute(xdg) ? xdg : path.join(os.homedir(), '.local', 'state');
  return path.join(state, 'boot-upgrade', 'locks');
}

/** userLocksPath(), made if need be, each of its folders private and the user's. */
function userLocks(): string {
  const locks = userLocksPath();
  const state = path.dirname(path.dirname(locks));
  mkdirSync(state, { recursive: true, mode: 0o700 });
  return ownFolder(path.join(ownFolder(path.dirname(locks), 0o700), 'locks'), 0o700);
}

/**
 * Where the lock home of `root` would be, made or not (for a command that only reads): undefined
 * when git cannot say.
 */
export function lockHomePath(root: string): string | undefined {
  const top = gitTopLevel(root);
  if (top !== undefined) return path.join(gitDir(root), 'boot-upgrade');
  try {
    return path.join(userLocksPath(), repositoryKey(realpathSync.native(root)));
  } catch {
    return undefined;
  }
}

/**
 * Makes `dir` (its parent exists) or finds it: a real folder, not a link, owned by this user.
 * A private one (0700) is made private again if someone opened it up.
 */
function ownFolder(dir: string, mode: number): string {
  try {
    mkdirSync(dir, { mode });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw new LockHeld(`${dir}: cannot make the folder for boot-upgrade's lock (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  const st = lstatSync(dir);
  if (!st.isDirectory()) throw new LockHeld(`${dir}: must be a folder for boot-upgrade's lock, and is ${st.isSymbolicLink() ? 'a symbolic link' : 'not a folder'}; remove it`);
  const uid = process.getuid?.();
  if (uid !== undefined && st.uid !== uid) throw new LockHeld(`${dir}: belongs to another user (uid ${st.uid}); boot-upgrade keeps its lock only in a folder of yours`);
  if (mode === 0o700 && (st.mode & 0o077) !== 0) chmodSync(dir, 0o700);
  return dir;
}
