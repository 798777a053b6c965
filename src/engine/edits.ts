// Splicing position edits into a text. Edits are sorted; an edit that overlaps one already
// accepted waits for the next round (the engine re-runs passes until nothing changes).
import type { Edit } from './types.js';

export interface SpliceResult {
  text: string;
  applied: Edit[];
  deferred: Edit[];
}

function byPosition(a: Edit, b: Edit): number {
  return a.start - b.start || a.end - b.end;
}

/** Two edits conflict when their ranges overlap, or when both insert at the same point. */
function conflicts(prev: Edit, next: Edit): boolean {
  if (next.start < prev.end) return true;
  return prev.start === prev.end && next.start === next.end && next.start === prev.start;
}

export function validateEdit(edit: Edit, length: number): string | undefined {
  if (!Number.isInteger(edit.start) || !Number.isInteger(edit.end)) return 'non-integer offsets';
  if (edit.start < 0 || edit.end > length || edit.start > edit.end) {
    return `range [${edit.start}, ${edit.end}) outside the file (length ${length})`;
  }
  return undefined;
}

export function applyEdits(text: string, edits: readonly Edit[]): SpliceResult {
  const sorted = edits.filter((e) => text.slice(e.start, e.end) !== e.text).sort(byPosition);
  const applied: Edit[] = [];
  const deferred: Edit[] = [];
  for (const edit of sorted) {
    const prev = applied[applied.length - 1];
    if (prev && conflicts(prev, edit)) deferred.push(edit);
    else applied.push(edit);
  }
  if (applied.length === 0) return { text, applied, deferred };
  const parts: string[] = [];
  let cursor = 0;
  for (const edit of applied) {
    parts.push(text.slice(cursor, edit.start), edit.text);
    cursor = edit.end;
  }
  parts.push(text.slice(cursor));
  return { text: parts.join(''), applied, deferred };
}

/**
 * `target.push(...items)` passes every item as an argument: past ~120k (a file needing that many
 * edits) it throws "Maximum call stack size exceeded". Appends one by one instead.
 */
export function appendAll<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item);
}
