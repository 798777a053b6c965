// --exclude GLOB and the configuration's `exclude`: files and folders the user keeps out of the
// run (a vendored copy, generated code, a module handled by another team). A pattern matches a
// path or any folder above it, so `legacy`, `legacy/` and `legacy/**` all leave the folder out.
import { lazyModule } from './lazy.js';

const picomatch = lazyModule<typeof import('picomatch')>('picomatch');

/** A test for repository paths ('/' separated, relative to the root); undefined when nothing is excluded. */
export function excluder(globs: readonly string[] | undefined): ((path: string) => boolean) | undefined {
  const patterns = (globs ?? []).map((g) => g.trim().replace(/^\.\//, '').replace(/\/+$/, '')).filter(Boolean);
  if (patterns.length === 0) return undefined;
  const matches = picomatch()(patterns, { dot: true });
  return (p) => {
    if (matches(p)) return true;
    for (let i = p.indexOf('/'); i > 0; i = p.indexOf('/', i + 1)) if (matches(p.slice(0, i))) return true;
    return false;
  };
}
