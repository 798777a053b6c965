// Every path the tool writes, creates or deletes must stay inside the repository: no `..`, no
// absolute path, and no folder on the way that is a symbolic link (writing through a linked
// `META-INF/spring -> /elsewhere` would put a file outside the repository while the diff shows
// it inside). Folders that do not exist yet are fine: the writer creates them, inside.
import { lstatSync } from 'node:fs';
import path from 'node:path';

export class Containment {
  /** Folder (relative, '/'-separated) -> '' (a real folder), a reason (a link, a file), or null (absent). */
  private readonly folders = new Map<string, string | null>();

  constructor(private readonly root: string) {}

  /** Why `rel` must not be written, created or deleted; undefined when it may. */
  problem(rel: string): string | undefined {
    const normal = path.posix.normalize(rel);
    if (path.isAbsolute(rel) || normal === '..' || normal.startsWith('../') || normal !== rel) {
      return 'not a plain path inside the repository';
    }
    const parts = rel.split('/');
    let folder = '';
    for (let i = 0; i < parts.length - 1; i++) {
      folder = folder ? `${folder}/${parts[i]}` : parts[i]!;
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
