// Checks a table's rows beyond their shape (the JSON Schema): rows that would make the engine
// loop. A prefix rename whose result starts with its own prefix again (`a.` -> `a.b.`) applies to
// its own output every round; two renames that lead back to where they started flip a key back
// and forth. Both are rejected when the table is loaded, naming the row.
import type { MigrationTable } from './types.js';

interface Rename {
  from: string;
  to: string;
}

/** The prefix row with the longest `from` that `key` starts with (as the resolver picks one). */
function longestPrefix(rows: readonly Rename[], key: string): Rename | undefined {
  let best: Rename | undefined;
  for (const r of rows) if (key.startsWith(r.from) && (!best || r.from.length > best.from.length)) best = r;
  return best;
}

/** Why the prefix rows would not settle, or undefined. `*` is compared as written (one segment). */
function prefixLoop(rows: readonly Rename[]): string | undefined {
  for (const row of rows) {
    let key = row.to;
    for (let step = 0; step <= rows.length; step++) {
      if (key.startsWith(row.from)) {
        return step === 0
          ? `properties.renamePrefix (from ${JSON.stringify(row.from)}): its result ${JSON.stringify(row.to)} starts with its own prefix again, so it would rename its own output`
          : `properties.renamePrefix (from ${JSON.stringify(row.from)}): the prefix rows lead back to ${JSON.stringify(row.from)} (${JSON.stringify(key)})`;
      }
      const next = longestPrefix(rows, key);
      if (!next) break;
      key = next.to + key.slice(next.from.length);
    }
  }
  return undefined;
}

/** Why the exact renames would not settle (a key renamed to itself, or a cycle), or undefined. */
function renameLoop(rows: readonly Rename[]): string | undefined {
  const next = new Map(rows.map((r) => [r.from, r.to]));
  for (const row of rows) {
    if (row.from === row.to) return `properties.rename (from ${JSON.stringify(row.from)}): renames the key to itself`;
    const seen = new Set([row.from]);
    let key: string | undefined = row.to;
    while (key !== undefined) {
      if (seen.has(key)) return `properties.rename (from ${JSON.stringify(row.from)}): the renames lead back to ${JSON.stringify(key)}`;
      seen.add(key);
      key = next.get(key);
    }
  }
  return undefined;
}

/** The first problem of a merged table's rows, or undefined when the engine can use it. */
export function rowProblem(table: MigrationTable): string | undefined {
  const p = table.properties;
  if (!p) return undefined;
  return prefixLoop(p.renamePrefix ?? []) ?? renameLoop(p.rename ?? []);
}
