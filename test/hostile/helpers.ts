// Small synthetic repositories for the hostile-input tests, removed after each test.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { readTree } from '../helpers/tree.js';

const temps: string[] = [];
afterEach(() => {
  while (temps.length) rmSync(temps.pop()!, { recursive: true, force: true });
});

/** A folder holding `files` (relative path -> content), removed after the test. */
export function repo(files: Record<string, string | Buffer>, prefix = 'bu-hostile-'): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  temps.push(dir);
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), content);
  }
  return dir;
}

/** `repo(files)` made a git work tree with one commit (a user's clean checkout). */
export function gitRepo(files: Record<string, string | Buffer>, prefix = 'bu-hostile-git-'): string {
  const dir = repo(files, prefix);
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t.invalid', ...args], { cwd: dir, stdio: 'pipe' });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', 'init');
  return dir;
}

/** The work tree's files (relative path -> bytes), without the git directory. */
export function workTree(dir: string): Map<string, Buffer> {
  return new Map([...readTree(dir)].filter(([p]) => !p.startsWith('.git/')));
}

/** The side files of a write (temporary files, backups) anywhere in the work tree. */
export const sideFiles = (dir: string) => [...workTree(dir).keys()].filter((p) => /\.boot-upgrade-[0-9a-f]+\.(tmp|bak|aside)$/.test(p));

/** A folder beside the repositories whose bytes a test checks are never touched (mode kept). */
export function outside(files: Record<string, string>): string {
  return repo(files, 'bu-hostile-outside-');
}
