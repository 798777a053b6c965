// The project as the passes see it: every file read, in scan order, by path and kind, with its
// text. The file passes get one view of the texts as read; the project passes share one list of
// files built once after the file passes, with a new view object per pass over that list.
import type { ProjectFile, ProjectView } from './types.js';

/** A view over `files`; its kind lists are made on first ask and kept with the view (the list must not change under it). */
export function viewOf(root: string, files: ProjectFile[], byPath: Map<string, ProjectFile> = new Map(files.map((f) => [f.path, f]))): ProjectView {
  return { root, files, byPath, ofKind: kindIndex(files) };
}

/**
 * The files of the project passes. Built once (a list and a map of 50,000 files, rebuilt for
 * each of ten passes, was 60 MB of old-generation garbage and most of the run's heap growth
 * after the file passes), and kept current: a file a pass edited is replaced by a new
 * ProjectFile, never changed in place, so a cache keyed by a ProjectFile (WeakMap) never sees
 * a text other than the one it was made from. Each pass gets a view object of its own, so a
 * cache keyed by the view (e.g. buildFilesText, its kind lists) is made again from the texts
 * that pass sees.
 */
export class ProjectFiles {
  private readonly byPath: Map<string, ProjectFile>;
  /** Position of each path in `files`: made on the first edit (most runs' project passes edit few files, or none). */
  private position?: Map<string, number>;

  constructor(
    private readonly root: string,
    private readonly files: ProjectFile[],
  ) {
    this.byPath = new Map(files.map((f) => [f.path, f]));
  }

  /** The view for the next pass: the files as the passes before it left them. */
  view(): ProjectView {
    return viewOf(this.root, this.files, this.byPath);
  }

  /** A pass edited `path`: the next passes see `text`. */
  setText(path: string, text: string): void {
    const old = this.byPath.get(path);
    if (!old || old.text === text) return;
    this.position ??= new Map(this.files.map((f, i) => [f.path, i]));
    const updated: ProjectFile = { path, kind: old.kind, text };
    this.files[this.position.get(path)!] = updated;
    this.byPath.set(path, updated);
  }
}

/**
 * `ProjectView.ofKind` over a fixed file list, each kind list filtered once: passes ask it per
 * file they read (a prefilter, a library module), and filtering every file of the repository on
 * each call made those runs quadratic in its size. Callers must not change the arrays returned.
 */
export function kindIndex(files: readonly ProjectFile[]): ProjectView['ofKind'] {
  const cache = new Map<string, ProjectFile[]>();
  return (...kinds) => {
    const key = kinds.join(',');
    let hit = cache.get(key);
    // frozen: a caller sorting or splicing the shared list would throw, not corrupt other passes
    if (!hit) cache.set(key, (hit = Object.freeze(files.filter((f) => kinds.includes(f.kind))) as ProjectFile[]));
    return hit;
  };
}
