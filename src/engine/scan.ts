// Listing the files of a repository: `git ls-files` inside a work tree (fast, and it honours
// every .gitignore exactly as git does), fast-glob plus the `ignore` package elsewhere.
// Symbolic links are never followed, so nothing outside the root is read or written.
import { lstatSync, realpathSync, type Stats } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { lazyModule } from './lazy.js';
import { gitIgnoresDir, gitListFiles } from './git.js';

// only needed outside git
const fastGlob = lazyModule<typeof import('fast-glob')>('fast-glob');
const ignore = lazyModule<typeof import('ignore')>('ignore');

/** Build outputs and tool folders that never hold sources to migrate. */
export const SKIPPED_DIRS = ['.git', 'node_modules', 'target', 'build', '.gradle', 'out', '.idea', '.mvn/wrapper'];

export interface ScannedFile {
  path: string; // relative to root, '/' separated
  size: number;
  mode: number;
}

export interface ScanResult {
  /** Files listed (before kinds no pass reads were dropped). */
  listed: number;
  files: ScannedFile[];
  skipped: { path: string; reason: string }[];
  usedGit: boolean;
}

function inSkippedDir(rel: string): boolean {
  const parts = rel.split('/');
  parts.pop();
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    if (SKIPPED_DIRS.includes(p)) return true;
    if (p === '.mvn' && parts[i + 1] === 'wrapper') return true;
  }
  return false;
}

async function listWithoutGit(root: string): Promise<string[]> {
  const entries = (
    await fastGlob()('**/*', {
      cwd: root,
      dot: true,
      onlyFiles: false, // links are listed (and then reported) rather than silently dropped
      markDirectories: true,
      followSymbolicLinks: false,
      ignore: SKIPPED_DIRS.map((d) => `**/${d}/**`),
    })
  ).filter((e) => !e.endsWith('/'));
  const gitignores = entries.filter((e) => e === '.gitignore' || e.endsWith('/.gitignore'));
  if (gitignores.length === 0) return entries;
  // A nested .gitignore applies to paths below its own folder, relative to that folder.
  const rules = await Promise.all(
    gitignores.map(async (gi) => {
      const dir = gi === '.gitignore' ? '' : gi.slice(0, -'/.gitignore'.length) + '/';
      const ig = ignore()().add(await readFile(path.join(root, gi), 'utf8'));
      return { dir, ig };
    }),
  );
  return entries.filter((e) => !rules.some(({ dir, ig }) => e.startsWith(dir) && ig.ignores(e.slice(dir.length))));
}

/** A path given on the command line must not reach outside the root through a linked folder. */
async function staysInside(root: string, rel: string): Promise<boolean> {
  try {
    const [realRoot, realFile] = [realpathSync(root), realpathSync(path.join(root, rel))];
    return realFile === realRoot || realFile.startsWith(realRoot + path.sep);
  } catch {
    return false;
  }
}

/**
 * Lists regular files below root. `only` restricts the scan to given paths (relative to root),
 * as `check` receives them from pre-commit or lint-staged.
 */
export async function scanFiles(
  root: string,
  options: { maxFileSize: number; only?: string[]; keep?: (path: string) => boolean },
): Promise<ScanResult> {
  let usedGit = false;
  let candidates: string[];
  if (options.only) {
    candidates = options.only;
  } else {
    // A folder that git ignores (a copy of a project under build/ or a scratch dir) has no
    // files in git's eyes: list it as a plain directory instead of seeing nothing.
    const fromGit = gitIgnoresDir(root) ? undefined : gitListFiles(root);
    usedGit = fromGit !== undefined;
    candidates = fromGit ?? (await listWithoutGit(root));
  }
  const files: ScannedFile[] = [];
  const skipped: { path: string; reason: string }[] = [];
  // Synchronous stat calls: for thousands of small files they beat a promise per file several
  // times over (no thread-pool round trips), and a CLI has nothing else to do meanwhile.
  for (let rel of candidates) {
    rel = rel.split(path.sep).join('/');
    if (inSkippedDir(rel) || (options.keep && !options.keep(rel))) continue;
    let st: Stats;
    try {
      st = lstatSync(path.join(root, rel));
    } catch {
      continue; // deleted in the work tree but still in the index
    }
    if (options.only && !(await staysInside(root, rel))) {
      skipped.push({ path: rel, reason: 'outside the repository (through a symbolic link)' });
      continue;
    }
    if (st.isSymbolicLink()) {
      skipped.push({ path: rel, reason: 'symbolic link (never followed)' });
      continue;
    }
    if (!st.isFile()) continue;
    if (st.size > options.maxFileSize) {
      skipped.push({ path: rel, reason: `larger than ${options.maxFileSize} bytes` });
      continue;
    }
    files.push({ path: rel, size: st.size, mode: st.mode & 0o7777 });
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  skipped.sort((a, b) => (a.path < b.path ? -1 : 1));
  return { listed: candidates.length, files, skipped, usedGit };
}
