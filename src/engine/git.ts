// The few git questions the engine asks. git is run with an argument vector (never a shell)
// and only for reading. Outside a work tree (no `.git` in the folder or above) a failing git is
// the answer "not a repository". Inside something that looks like a work tree, a failing git
// (dubious ownership, a broken .git, git not installed) is an error with git's own words: taking
// it for "not a repository" would turn off the guard that protects uncommitted work.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export class GitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GitError';
  }
}

/** The nearest folder at or above `dir` that holds a `.git` (a folder, or a file of a worktree). */
export function workTreeMarker(dir: string): string | undefined {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    if (existsSync(path.join(d, '.git'))) return d;
    if (path.dirname(d) === d) return undefined;
  }
}

/**
 * Runs git; its exit status and stdout when the status is one of `expected`, undefined when it is
 * another and there is no work tree around `cwd`. Throws GitError when git fails inside one.
 */
function gitRun(cwd: string, args: string[], expected: readonly number[]): { status: number; stdout: Buffer } | undefined {
  const run = spawnSync('git', ['-c', 'core.quotepath=off', ...args], {
    cwd,
    maxBuffer: 512 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (run.status !== null && expected.includes(run.status)) return { status: run.status, stdout: run.stdout };
  const marker = workTreeMarker(cwd);
  if (!marker) return undefined;
  const said = run.error ? `cannot run git (${(run.error as NodeJS.ErrnoException).code ?? run.error.message})` : gitSaid(run.stderr);
  throw new GitError(`${marker} looks like a git work tree, but git failed: ${said}. boot-upgrade needs git there to protect uncommitted work`);
}

function git(cwd: string, args: string[]): Buffer | undefined {
  return gitRun(cwd, args, [0])?.stdout;
}

/** git's message on one line: 'fatal: detected dubious ownership ... (git config --global --add safe.directory /x)'. */
function gitSaid(stderr: Buffer | null): string {
  const lines = (stderr?.toString('utf8') ?? '').split('\n').map((l) => l.trim()).filter(Boolean);
  if (lines.length === 0) return 'no message';
  const hint = lines.find((l) => l.startsWith('git config'));
  return hint && hint !== lines[0] ? `${lines[0]} (${hint})` : lines[0]!;
}

/**
 * No `.git` at or above the folder and no GIT_DIR / GIT_WORK_TREE to point elsewhere: git would
 * answer "not a repository" (status 128, handled as undefined by gitRun). Each question git is
 * not asked saves starting a process (about 15 ms).
 */
function outsideGit(dir: string): boolean {
  return !workTreeMarker(dir) && process.env.GIT_DIR === undefined && process.env.GIT_WORK_TREE === undefined;
}

const topLevels = new Map<string, string | undefined>();

/**
 * Absolute path of the work tree's top level, or undefined outside git. A run asks up to three
 * times (the command's targets, the path base, the scan), and each git process costs about
 * 15 ms of a commit hook's CPU: the answer is kept per folder and per marker (a `git init`
 * between two runs in one process is a new question). With no `.git` at or above the folder,
 * and no GIT_DIR / GIT_WORK_TREE to point elsewhere, git would answer "not a repository"
 * (status 128, handled as undefined by gitRun): that answer is given without starting it.
 */
export function gitTopLevel(dir: string): string | undefined {
  if (outsideGit(dir)) return undefined;
  const marker = workTreeMarker(dir);
  const key = `${path.resolve(dir)}\0${marker ?? ''}\0${process.env.GIT_DIR ?? ''}\0${process.env.GIT_WORK_TREE ?? ''}`;
  if (topLevels.has(key)) return topLevels.get(key);
  const out = git(dir, ['rev-parse', '--show-toplevel']);
  const top = out ? out.toString('utf8').trim() : undefined;
  topLevels.set(key, top);
  return top;
}

const gitDirs = new Map<string, string>();

/**
 * The absolute git directory of the work tree around `dir` (`.git`, or `.git/worktrees/<name>`
 * for a linked work tree): where the write keeps its lock and journal, as git keeps index.lock.
 * Only asked inside a work tree. Read from the top level's `.git` (a folder, or a file naming the
 * folder) without starting git; git is asked when GIT_DIR or GIT_WORK_TREE point elsewhere.
 */
export function gitDir(dir: string): string {
  const key = path.resolve(dir);
  let found = gitDirs.get(key);
  if (found === undefined) gitDirs.set(key, (found = readGitDir(dir)));
  return found;
}

function readGitDir(dir: string): string {
  const top = gitTopLevel(dir);
  if (top !== undefined && process.env.GIT_DIR === undefined && process.env.GIT_WORK_TREE === undefined) {
    const dotGit = path.join(top, '.git');
    try {
      if (statSync(dotGit).isDirectory()) return dotGit;
      const named = /^gitdir: (.+)$/m.exec(readFileSync(dotGit, 'utf8'))?.[1]?.trim();
      if (named) return path.resolve(top, named);
    } catch {
      // not readable as either: git says
    }
  }
  const out = git(dir, ['rev-parse', '--absolute-git-dir']);
  if (!out) throw new GitError(`${dir}: git gave no git directory for this work tree`);
  return out.toString('utf8').trim();
}

/** Whether git ignores `dir` itself (a scratch folder inside someone's work tree). */
export function gitIgnoresDir(dir: string): boolean {
  if (!workTreeMarker(dir)) return false;
  // check-ignore answers 0 (ignored) or 1 (not ignored); anything else is a failure
  return gitRun(dir, ['check-ignore', '-q', '.'], [0, 1])?.status === 0;
}

/** Tracked and untracked-but-not-ignored files below `dir`, relative to `dir`. */
export function gitListFiles(dir: string): string[] | undefined {
  if (outsideGit(dir)) return undefined;
  const out = git(dir, ['ls-files', '-z', '-c', '-o', '--exclude-standard', '--deduplicate']);
  if (!out) return undefined;
  return out.toString('utf8').split('\0').filter(Boolean);
}

/**
 * Paths (relative to `dir`) with uncommitted changes: modified, staged, or untracked.
 * Untracked files count as dirty too: overwriting one would lose work that git cannot restore.
 */
export function gitDirtyPaths(dir: string): Set<string> | undefined {
  if (outsideGit(dir)) return undefined;
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
