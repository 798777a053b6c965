// Undoing the write of a run that was killed without a chance to clean up, from the journal it
// left (journal.ts). The writer calls it once it holds the lock, after its dirty-tree guard.
// Staging: only temporary files exist; they go. Committing: every file goes back to what it was
// (put-back.ts), only while it holds what the dead run wrote; a file changed since is left as
// it is and named, with its backup. Finishing: every file was in place; the backups go.
import type { JournalData } from './journal.js';
import { dropBackup, dropTemporary, undoEntry, type Undone } from './put-back.js';

/** What a recovery did, for the lines the writer prints. */
export interface Recovery {
  pid: number;
  phase: JournalData['phase'];
  /** Files put back as they were before the dead run. */
  restored: string[];
  /** Files the dead run created, removed; and side files removed. */
  removed: number;
  /** Files left as they are, and why (changed since the dead run wrote them). */
  left: { path: string; why: string }[];
}

export function recover(top: string, data: JournalData): Recovery {
  const r: Recovery = { pid: data.pid, phase: data.phase, restored: [], removed: 0, left: [] };
  const note = (path: string, u: Undone) => {
    if (u.kind === 'restored') r.restored.push(path);
    else if (u.kind === 'removed') r.removed++;
    else if (u.kind === 'left') r.left.push({ path, why: u.why });
  };
  if (data.phase === 'finishing') for (const e of data.entries) note(e.path, dropBackup(top, data.run, e));
  else if (data.phase === 'committing') for (const e of [...data.entries].reverse()) note(e.path, undoEntry(top, data.run, e));
  else for (const e of data.entries) if (dropTemporary(top, data.run, e)) r.removed++;
  return r;
}

/** Whether the recovery changed files of the tree (a plan made before it is stale). */
export function changedTree(r: Recovery): boolean {
  return r.restored.length > 0 || (r.phase === 'committing' && r.removed > 0) || r.left.length > 0;
}

/** The lines that say what was undone (the writer prints each after `boot-upgrade: `). */
export function recoveryLines(r: Recovery): string[] {
  const head = `an interrupted boot-upgrade run (pid ${r.pid}, killed while ${r.phase}) was undone: ${r.restored.length} file(s) restored, ${r.removed} leftover(s) removed`;
  return [head + (r.left.length ? `; ${r.left.length} file(s) left as they are:` : ''), ...r.left.map((l) => `  ${l.path}: ${l.why}`)];
}
