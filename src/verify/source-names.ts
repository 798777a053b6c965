// The names a compiler error is about, read from the source file it points at: the import on
// the error's line, and the file's imports to resolve a simple name (javac often says only
// `symbol: class Foo`, kotlinc only `Unresolved reference: Foo`). Read only, never written.
import { readFileSync, statSync } from 'node:fs';

const MAX_SOURCE = 4 * 1024 * 1024;
const IMPORT = /^[ \t]*import[ \t]+(?:static[ \t]+)?([\w$]+(?:[ \t]*\.[ \t]*[\w$]+)*)([ \t]*\.[ \t]*\*)?(?:[ \t]+as[ \t]+\w+)?[ \t]*;?/;

export interface SourceNames {
  /** The import on this line (1-based), qualified name without `.*`. */
  importAt(line: number): { name: string; wildcard: boolean } | undefined;
  /** Fully qualified candidates for a simple name: its single-type import, else each on-demand import's package. */
  candidates(simple: string): string[];
}

const cache = new Map<string, SourceNames | undefined>();

export function sourceNames(file: string): SourceNames | undefined {
  if (cache.has(file)) return cache.get(file);
  let names: SourceNames | undefined;
  try {
    if (statSync(file).size <= MAX_SOURCE) names = readNames(readFileSync(file, 'utf8'));
  } catch {
    names = undefined;
  }
  cache.set(file, names);
  return names;
}

function readNames(text: string): SourceNames {
  const lines = text.split(/\r\n|\r|\n/);
  const imports: { line: number; name: string; wildcard: boolean }[] = [];
  lines.forEach((l, i) => {
    const m = IMPORT.exec(l);
    if (m) imports.push({ line: i + 1, name: m[1]!.replace(/\s+/g, ''), wildcard: m[2] !== undefined });
  });
  return {
    importAt: (line) => imports.find((i) => i.line === line),
    candidates: (simple) => {
      const single = imports.find((i) => !i.wildcard && (i.name === simple || i.name.endsWith('.' + simple)));
      if (single) return [single.name];
      return imports.filter((i) => i.wildcard).map((i) => `${i.name}.${simple}`);
    },
  };
}

/** Tests only: forget what was read. */
export function forgetSources(): void {
  cache.clear();
}
