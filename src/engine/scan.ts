// Listing the files of a repository: `git ls-files` inside a work tree (fast, and it honours
// every .gitignore exactly as git does), a walk of the folders (walk.ts) plus the `ignore` package elsewhere.
// Symbolic links are never followed, so nothing outside the root is read or written.
import { closeSync, existsSync, fstatSync, lstatSync, openSync, readFileSync, realpathSync, type Stats } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { lazyModule } from './lazy.js';
import { gitIgnoresDir, gitListFiles, gitTopLevel } from './git.js';
import { walkTree } from './walk.js';
import { underRoot } from './contain.js';
import { READ_NO_FOLLOW, readUpTo, type ScratchBuffer } from './scratch.js';

// only needed outside git
const ignore = lazyModule<typeof import('ignore')>('ignore');

/** Folders of tools, never of sources: skipped everywhere, git work tree or not. */
export const TOOL_DIRS = ['.git', 'node_modules', '.gradle', '.idea', '.mvn/wrapper'];

/**
 * Build-output folder names. They are output only at a module root (beside a pom.xml or a
 * Gradle script): `com/example/adapter/out/` is a package of sources. Inside a git work tree
 * git decides (an ignored build/ is not listed at all).
 */
export const BUILD_OUTPUT_DIRS = ['target', 'build', 'out'];

// the tool folders' single names, with .mvn for .mvn/wrapper
const TOOL_DIRS_AND_MVN = [...TOOL_DIRS.filter((d) => !d.includes('/')), '.mvn'];

/** Files that make their folder a module root. */
const MODULE_MARKERS = new Set(['pom.xml', 'build.gradle', 'build.gradle.kts', 'settings.gradle', 'settings.gradle.kts']);

/** Why a file is not read: the summary counts these, --verbose and the JSON summary list them. */
export type SkipKind = 'build-output' | 'tool-folder' | 'symlink' | 'outside' | 'too-large' | 'binary' | 'utf-16' | 'submodule' | 'unreadable';

/** Files larger than this are skipped and reported (--max-file-size). */
export const DEFAULT_MAX_FILE_SIZE = 4 * 1024 * 1024;

export interface Skipped {
  path: string; // a file, or a folder ending in '/' standing for every file below it
  reason: string;
  kind: SkipKind;
}

export interface ScannedFile {
  path: string; // relative to root, '/' separated
  size: number;
  mode: number;
}

export interface ScanResult {
  /** Files listed (before kinds no pass reads were dropped). */
  listed: number;
  files: ScannedFile[];
  skipped: Skipped[];
  usedGit: boolean;
}

/** The strings that show a folder name of `names` in a path: `name/` at its start, `/name/` inside. */
function folderMarks(names: readonly string[]): { heads: string[]; inner: string[] } {
  return { heads: names.map((n) => n + '/'), inner: names.map((n) => '/' + n + '/') };
}
const TOOL_MARKS = folderMarks(TOOL_DIRS_AND_MVN);
const OUTPUT_MARKS = folderMarks(BUILD_OUTPUT_DIRS);

/** A folder name appears in the path: the cheap test before splitting it (most paths have none). */
function mentionsFolder(rel: string, marks: { heads: string[]; inner: string[] }): boolean {
  for (let i = 0; i < marks.heads.length; i++) if (rel.startsWith(marks.heads[i]!) || rel.includes(marks.inner[i]!)) return true;
  return false;
}

/** The tool folder a path lies in ('a/node_modules/'), if any. */
function toolFolder(rel: string): string | undefined {
  if (!mentionsFolder(rel, TOOL_MARKS)) return undefined;
  const parts = rel.split('/');
  for (let i = 0; i < parts.length - 1; i++) {
    const p = parts[i]!;
    if (TOOL_DIRS.includes(p)) return parts.slice(0, i + 1).join('/') + '/';
    if (p === '.mvn' && parts[i + 1] === 'wrapper' && i < parts.length - 2) return parts.slice(0, i + 2).join('/') + '/';
  }
  return undefined;
}

/** Which folders (with '/' at the end, '' for the root) hold a build file. */
type IsModuleRoot = (folder: string) => boolean;

/** From a full listing: the folders in which a build file is listed. */
function moduleRootsListed(paths: readonly string[]): IsModuleRoot {
  const roots = new Set<string>();
  for (const p of paths) {
    const slash = p.lastIndexOf('/');
    if (MODULE_MARKERS.has(p.slice(slash + 1))) roots.add(p.slice(0, slash + 1));
  }
  return (folder) => roots.has(folder);
}

/** For a list of given files (check FILES): look at the disk. */
function moduleRootsOnDisk(root: string): IsModuleRoot {
  const cache = new Map<string, boolean>();
  return (folder) => {
    let found = cache.get(folder);
    if (found === undefined) {
      found = [...MODULE_MARKERS].some((m) => existsSync(path.join(root, folder, m)));
      cache.set(folder, found);
    }
    return found;
  };
}

/** The build-output folder a path lies in: a target/build/out folder beside a build file. */
function buildOutputFolder(rel: string, isModuleRoot: IsModuleRoot): string | undefined {
  if (!mentionsFolder(rel, OUTPUT_MARKS)) return undefined;
  const parts = rel.split('/');
  let prefix = '';
  for (let i = 0; i < parts.length - 1; i++) {
    if (BUILD_OUTPUT_DIRS.includes(parts[i]!) && isModuleRoot(prefix)) return prefix + parts[i] + '/';
    prefix += parts[i] + '/';
  }
  return undefined;
}

async function listWithoutGit(root: string): Promise<string[]> {
  const entries = walkTree(root, TOOL_DIRS);
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

/**
 * Drops files below tool folders (always) and below build-output folders (when git does not
 * decide), one skipped entry per folder.
 */
function dropSkippedFolders(candidates: string[], isModuleRoot: IsModuleRoot | undefined, skipped: Skipped[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const rel of candidates) {
    const tool = toolFolder(rel);
    const output = tool || !isModuleRoot ? undefined : buildOutputFolder(rel, isModuleRoot);
    const folder = tool ?? output;
    if (!folder) {
      kept.push(rel);
      continue;
    }
    if (seen.has(folder)) continue;
    seen.add(folder);
    if (tool) skipped.push({ path: folder, reason: 'tool folder', kind: 'tool-folder' });
    else skipped.push({ path: folder, reason: 'build output (beside a build file)', kind: 'build-output' });
  }
  return kept;
}

/**
 * Submodules (from .gitmodules) are other repositories: git lists each as one entry that is not a
 * file, and they were skipped without a word. Each is reported; run boot-upgrade inside it.
 */
function submodules(root: string): Skipped[] {
  let text: string;
  try {
    text = readFileSync(path.join(root, '.gitmodules'), 'utf8');
  } catch {
    return [];
  }
  return [...text.matchAll(/^\s*path\s*=\s*(.+?)\s*$/gm)].map((m) => ({
    path: m[1]!.replace(/\/+$/, '') + '/',
    reason: 'git submodule (another repository: run boot-upgrade inside it)',
    kind: 'submodule' as const,
  }));
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

/** A listing before any file is opened: paths (sorted) and the folders skipped whole. */
export interface Listing {
  /** Files listed (before kinds no pass reads were dropped). */
  listed: number;
  paths: string[];
  skipped: Skipped[];
  usedGit: boolean;
}

/**
 * Lists the files below root without looking at any of them: `git ls-files` or a walk, tool
 * and build-output folders dropped, `keep` applied. `only` restricts the listing to given paths
 * (relative to root), as `check` receives them from pre-commit or lint-staged; one of those that
 * leads out of the root through a linked folder is skipped here. Whether a path is a regular
 * file, a link, or too large is for whoever opens it (readListed, or scanFiles's lstat).
 */
export async function listFiles(root: string, options: { only?: string[]; keep?: (path: string) => boolean }): Promise<Listing> {
  let usedGit = false;
  let candidates: string[];
  // Inside a git work tree git decides what is output (it is ignored, so not listed); elsewhere
  // a target/build/out folder is output when it sits beside a build file.
  let isModuleRoot: IsModuleRoot | undefined;
  if (options.only) {
    candidates = options.only.map((rel) => rel.split(path.sep).join('/'));
    if (gitTopLevel(root) === undefined) isModuleRoot = moduleRootsOnDisk(root);
  } else {
    // A folder that git ignores (a copy of a project under build/ or a scratch dir) has no
    // files in git's eyes: list it as a plain directory instead of seeing nothing.
    const fromGit = gitIgnoresDir(root) ? undefined : gitListFiles(root);
    usedGit = fromGit !== undefined;
    candidates = fromGit ?? (await listWithoutGit(root));
    if (!usedGit) isModuleRoot = moduleRootsListed(candidates);
  }
  const skipped: Skipped[] = [];
  candidates = dropSkippedFolders(candidates, isModuleRoot, skipped);
  const paths: string[] = [];
  for (const rel of candidates) {
    if (options.keep && !options.keep(rel)) continue;
    if (options.only && lstatSync(path.join(root, rel), { throwIfNoEntry: false }) && !(await staysInside(root, rel))) {
      skipped.push({ path: rel, reason: 'outside the repository (through a symbolic link)', kind: 'outside' });
      continue;
    }
    paths.push(rel);
  }
  if (!options.only) skipped.push(...submodules(root));
  paths.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { listed: candidates.length, paths, skipped, usedGit };
}

/** Why a listed path is not a file to read, from its lstat or fstat; undefined for a regular file within the size limit. */
function notReadable(rel: string, st: Stats, maxFileSize: number): Skipped | null | undefined {
  if (st.isSymbolicLink()) return { path: rel, reason: 'symbolic link (never followed)', kind: 'symlink' };
  if (!st.isFile()) return null; // a folder (a submodule's entry), a socket, a FIFO: nothing to say
  if (st.size > maxFileSize) return { path: rel, reason: `larger than ${maxFileSize} bytes`, kind: 'too-large' };
  return undefined;
}

/**
 * Lists regular files below root with their size and mode (one lstat each): for callers that
 * decide before reading (the maturity grader). The engine opens each listed path once instead
 * (readListed).
 */
export async function scanFiles(
  root: string,
  options: { maxFileSize: number; only?: string[]; keep?: (path: string) => boolean },
): Promise<ScanResult> {
  const listing = await listFiles(root, options);
  const files: ScannedFile[] = [];
  const skipped = [...listing.skipped];
  // Synchronous stat calls: for thousands of small files they beat a promise per file several
  // times over (no thread-pool round trips), and a CLI has nothing else to do meanwhile.
  for (const rel of listing.paths) {
    const st = lstatSync(path.join(root, rel), { throwIfNoEntry: false });
    if (!st) continue; // deleted in the work tree but still in the index
    const problem = notReadable(rel, st, options.maxFileSize);
    if (problem) skipped.push(problem);
    if (problem !== undefined) continue;
    files.push({ path: rel, size: st.size, mode: st.mode & 0o7777 });
  }
  skipped.sort((a, b) => (a.path < b.path ? -1 : 1));
  return { listed: listing.listed, files, skipped, usedGit: listing.usedGit };
}

/** What opening a listed path gave: its bytes and mode, a reason not to read it, or nothing (gone, not a file). */
export type Opened = { bytes: Buffer; mode: number } | { skipped: Skipped } | undefined;

// READ_NO_FOLLOW (scratch.ts): a link is refused by the kernel (ELOOP), not followed; a FIFO does
// not hang the run (it is then seen by fstat and skipped); neither changes how a regular file reads.

/**
 * Opens a listed path once and reads it: open (never through a link), fstat (a regular file,
 * within the size limit; its mode), read, close. This replaces an lstat before the read: one
 * system call fewer per file, and what is read is what was checked. With `into`, the bytes are
 * read into that buffer and valid until its next use (the engine decodes them at once).
 */
export function readListed(root: string, rel: string, maxFileSize: number, into?: ScratchBuffer): Opened {
  let fd: number;
  try {
    fd = openSync(underRoot(root, rel), READ_NO_FOLLOW);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined; // deleted in the work tree but still in the index
    if (code === 'ELOOP') return { skipped: { path: rel, reason: 'symbolic link (never followed)', kind: 'symlink' } };
    return { skipped: { path: rel, reason: `cannot read (${code ?? e})`, kind: 'unreadable' } };
  }
  try {
    const st = fstatSync(fd);
    const problem = notReadable(rel, st, maxFileSize);
    if (problem === null) return undefined;
    if (problem) return { skipped: problem };
    // straight into a buffer of the size fstat said (readFileSync(fd) would fstat it a second time)
    const bytes = into ? into.readOpen(fd, st.size) : readUpTo(fd, Buffer.allocUnsafe(st.size), st.size);
    return { bytes, mode: st.mode & 0o7777 };
  } catch (e) {
    return { skipped: { path: rel, reason: `cannot read (${(e as NodeJS.ErrnoException).code ?? e})`, kind: 'unreadable' } };
  } finally {
    closeSync(fd);
  }
}
