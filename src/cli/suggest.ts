// "Did you mean": the nearest valid name by edit distance, for unknown commands, options,
// rule ids and configuration keys.

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

/** The closest candidate, if it is close enough to be what was meant (at most ~40% different). */
export function nearest(word: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = distance(word.toLowerCase(), c.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.ceil(word.length * 0.4)) ? best : undefined;
}

/** " (did you mean 'x'?)" or "". */
export function didYouMean(word: string, candidates: Iterable<string>, prefix = ''): string {
  const hit = nearest(word, candidates);
  return hit ? ` (did you mean '${prefix}${hit}'?)` : '';
}
