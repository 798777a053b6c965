// What `check` says about a file that would change: each changed line at file:line with the
// text it has and the text it gets (the key or type and its replacement), the rules, and one
// fix command that works on the staged files.
import path from 'node:path';
import { lazyModule } from '../engine/lazy.js';
import type { FileChange } from '../engine/types.js';
import { visible } from './escape.js';

// loaded only when a file would change (a clean commit never needs it)
const diffLib = lazyModule<typeof import('diff')>('diff');

/** Changed lines listed per file before "and N more". */
const LINES_PER_FILE = 10;

export interface PendingLine {
  line: number;
  before: string;
  after: string;
}

/** The line-level changes of a modified file (removed and added lines paired in order). */
export function pendingLines(change: FileChange): PendingLine[] {
  if (change.status !== 'modified' || !change.before || !change.after) return [];
  const patch = diffLib().structuredPatch('a', 'b', change.before.toString('utf8'), change.after.toString('utf8'), '', '', { context: 0 });
  const out: PendingLine[] = [];
  for (const hunk of patch.hunks) {
    const removed = hunk.lines.filter((l) => l.startsWith('-')).map((l) => l.slice(1).trim());
    const added = hunk.lines.filter((l) => l.startsWith('+')).map((l) => l.slice(1).trim());
    const pairs = Math.max(removed.length, added.length);
    for (let i = 0; i < pairs; i++) out.push({ line: hunk.oldStart + Math.min(i, Math.max(0, hunk.oldLines - 1)), before: removed[i] ?? '', after: added[i] ?? '' });
  }
  return out;
}

// a line of the repository, shown on a terminal: control characters as escapes
const short = (s: string) => visible(s.length > 120 ? s.slice(0, 117) + '...' : s);

function describeLine(p: PendingLine): string {
  if (!p.before) return `add \`${short(p.after)}\``;
  if (!p.after) return `remove \`${short(p.before)}\``;
  return `\`${short(p.before)}\` -> \`${short(p.after)}\``;
}

export function pendingMessage(change: FileChange): string[] {
  const rules = Object.keys(change.rules).join(', ');
  const file = visible(change.path);
  if (change.status !== 'modified') return [`${file}: would be ${change.status} [${rules}]`];
  const lines = pendingLines(change);
  const out = lines.slice(0, LINES_PER_FILE).map((p) => `${file}:${p.line}: ${describeLine(p)} [${rules}]`);
  if (lines.length > LINES_PER_FILE) out.push(`${file}: and ${lines.length - LINES_PER_FILE} more changed line(s)`);
  return out.length ? out : [`${file}: would change [${rules}]`];
}

/** A path for the shell: as it is when plain, in single quotes, or (control characters in it) as bash's $'...' with escapes. */
function quote(p: string): string {
  if (/^[\w./@+-]+$/.test(p)) return p;
  const shown = visible(p);
  if (shown === p) return `'${p.replace(/'/g, `'\\''`)}'`;
  return `$'${shown.replace(/'/g, "\\'")}'`;
}

/** `boot-upgrade migrate a b && git add a b`, with paths as seen from the current folder. */
export function fixCommand(changes: FileChange[], baseDir: string, cwd = process.cwd()): string {
  const files = changes.filter((c) => c.status === 'modified').map((c) => quote(path.relative(cwd, path.join(baseDir, c.path)) || '.'));
  if (files.length === 0 || files.length !== changes.length) return `boot-upgrade migrate ${quote(path.relative(cwd, baseDir) || '.')}`;
  return `boot-upgrade migrate ${files.join(' ')} && git add ${files.join(' ')}`;
}

/** The first line a modified file changes at (1 for created and deleted files). */
export function firstChangedLine(change: FileChange): number {
  return pendingLines(change)[0]?.line ?? 1;
}
