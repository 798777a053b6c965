// Every path the tool writes, creates or deletes must stay inside the repository: no `..`, no
// absolute path, and no folder on the way that is a symbolic link (writing through a linked
// `META-INF/spring -> /elsewhere` would put a file outside the repository while the diff shows
// it inside). Folders that do not exist yet are fine: the writer creates them, inside.
import { lstatSync } from 'node:fs';
import path from 'node:path';

/**
 * Is `rel` a plain repository path: '/'-separated, relative, without '.' or '..' segments, empty
 * segments or a trailing '/'? Every path the listing gives is; path.posix.normalize returns such
 * a path unchanged.
 */
export function isPlainRelative(rel: string): boolean {
  if (rel === '' || rel.charCodeAt(0) === 47 || rel.charCodeAt(rel.length - 1) === 47 || rel.includes('//')) return false;
  return !DOT_SEGMENT.test(rel);
}
const DOT_SEGMENT = /(^|\/)\.\.?(\/|$)/;

/**
 * The absolute path of a repository path: what path.join(root, rel) gives, without its
 * normalising pass when `rel` is plain (that pass makes a string for each segment: 28 MB of
 * garbage over the reads and the write of 10,000 files).
 */
export function underRoot(root: string, rel: string): string {
  if (!normalRoot(root) || !isPlainRelative(rel)) return path.join(root, rel);
  return root.endsWith('/') ? root + rel : `${root}/${rel}`;
}

/** Is `root` an absolute path that path.join would give back unchanged? (One root a run: the last answer is kept.) */
let lastRoot: { root: string; normal: boolean } | undefined;
function normalRoot(root: string): boolean {
  if (lastRoot?.root !== root) lastRoot = { root, normal: path.sep === '/' && path.isAbsolute(root) && path.normalize(root) === root };
  return lastRoot.normal;
}

export class Containment {
  /** Folder (relative, '/'-separated) -> '' (a real folder), a reason (a link, a file), or null (absent). */
  private readonly folders = new Map<string, string | null>();
  /** Folder -> problem(rel)'s answer for the files directly in it. */
  private readonly chains = new Map<string, string | undefined>();

  constructor(private readonly root: string) {}

  /** Why `rel` must not be written, created or deleted; undefined when it may. */
  problem(rel: string): string | undefined {
    if (!isPlainRelative(rel)) {
      const normal = path.posix.normalize(rel);
      if (path.isAbsolute(rel) || normal === '..' || normal.startsWith('../') || normal !== rel) return 'not a plain path inside the repository';
    }
    const slash = rel.lastIndexOf('/');
    if (slash < 0) return undefined;
    // the files of one folder share its answer: no strings for each of 2,000 files
    const dir = rel.slice(0, slash);
    if (!this.chains.has(dir)) this.chains.set(dir, this.chain(dir));
    return this.chains.get(dir);
  }

  /** Why nothing may be written below `dir`: a folder on the way that is a link or a file. */
  private chain(dir: string): string | undefined {
    const parts = dir.split('/');
    let folder = '';
    for (const part of parts) {
      folder = folder ? `${folder}/${part}` : part;
      const why = this.folder(folder);
      if (why === null) break; // does not exist yet: the writer creates it, inside
      if (why) return why;
    }
    return undefined;
  }

  private folder(folder: string): string | null {
    let why = this.folders.get(folder);
    if (why === undefined) {
      try {
        const st = lstatSync(path.join(this.root, folder));
        why = st.isSymbolicLink() ? `${folder} is a symbolic link; boot-upgrade never writes through links` : st.isDirectory() ? '' : `${folder} is not a folder`;
      } catch {
        why = null;
      }
      this.folders.set(folder, why);
    }
    return why;
  }
}
