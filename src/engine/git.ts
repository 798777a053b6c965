// The few git questions the engine asks. git is run with an argument vector (never a shell)
// and only for reading; a missing git or a directory outside a work tree is not an error.
import { execFileSync } from 'node:child_process';

function git(cwd: string, args: string[], maxBuffer = 512 * 1024 * 1024): Buffer | undefined {
  try {
    return execFileSync('git', ['-c', 'core.quotepath=off', ...args], {
      cwd,
      maxBuffer,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return undefined;
  }
}

/** Absolute path of the work tree's top level, or undefined outside git. */
export function gitTopLevel(dir: string): string | undefined {
  const out = git(dir, ['rev-parse', '--show-toplevel']);
  return out ? out.toString('utf8').trim() : undefined;
}

/** Whether git ignores `dir` itself (a scratch folder inside someone's work tree). */
export function gitIgnoresDir(dir: string): boolean {
  return git(dir, ['check-ignore', '-q', '.']) !== undefined;
}

/** Tracked and untracked-but-not-ignored files below `dir`, relative to `dir`. */
export function gitListFiles(dir: string): string[] | undefined {
  const out = git(dir, ['ls-files', '-z', '-c', '-o', '--exclude-standard', '--deduplicate']);
  if (!out) return undefined;
  return out.toString('utf8').split('\0').filter(Boolean);
}

/**
 * Paths (relative to `dir`) with uncommitted changes: modified, staged, or untracked.
 * Untracked files count as dirty too: overwriting one would lose work that git cannot restore.
 */
export function gitDirtyPaths(dir: string): Set<string> | undefined {
  const out = git(dir, ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--', '.']);
  if (!out) return undefined;
  const prefix = git(dir, ['rev-parse', '--show-prefix'])?.toString('utf8').trim() ?? '';
  const dirty = new Set<string>();
  const entries = out.toString('utf8').split('\0');
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    if (entry.length < 4) continue;
    const status = entry.slice(0, 2);
    const path = entry.slice(3);
    if (status[0] === 'R' || status[0] === 'C') i++; // the next entry is the rename source
    // status paths are relative to the top level; make them relative to dir
    if (path.startsWith(prefix)) dirty.add(path.slice(prefix.length));
  }
  return dirty;
}
