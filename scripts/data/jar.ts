// Reading entries out of a jar (a zip) in memory, for the data derivation. fflate inflates only the
// entries the filter keeps; the rest of the archive is never decompressed.
import { unzipSync } from 'fflate';

/** The names of every entry (directories too). */
export function entryNames(jar: Buffer): string[] {
  const names: string[] = [];
  unzipSync(jar, {
    filter: (f) => {
      names.push(f.name);
      return false;
    },
  });
  return names;
}

/** The text of every entry whose name `keep` accepts, by name. */
export function readEntries(jar: Buffer, keep: (name: string) => boolean): Map<string, string> {
  const files = unzipSync(jar, { filter: (f) => keep(f.name) });
  const decoder = new TextDecoder('utf-8');
  return new Map(Object.entries(files).map(([name, bytes]) => [name, decoder.decode(bytes)]));
}
