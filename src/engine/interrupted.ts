// What a command that only reads says about a write in progress or left half-done: another run
// writing the repository now, or a run killed mid-write whose journal (journal.ts) waits for the
// next `migrate` to undo it. A file such a run had moved aside is missing from the tree until
// then: each is named with the backup that holds it, so that nothing is committed without it.
import { existsSync, lstatSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Containment, isPlainRelative, underRoot } from './contain.js';
import { gitTopLevel } from './git.js';
import { lockState } from './lock.js';
import { lockHomePath } from './lock-home.js';
import { sideName } from './temp-file.js';

interface LeftJournal {
  run?: string;
  pid?: number;
  entries?: { path?: unknown; status?: unknown }[];
}

/** Files named per note before "and N more". */
const NAMED = 5;

/**
 * The lines to print (after `boot-upgrade: `) when a write of this repository is in progress
 * or was interrupted; empty when none is.
 */
export function interruptedWrite(root: string): string[] {
  let dir: string | undefined;
  try {
    dir = lockHomePath(root);
  } catch {
    return []; // git itself failed: the command says so
  }
  if (!dir || !existsSync(path.join(dir, 'journal.json'))) return [];
  let data: LeftJournal;
  try {
    data = JSON.parse(readFileSync(path.join(dir, 'journal.json'), 'utf8')) as LeftJournal;
  } catch {
    return [`${path.join(dir, 'journal.json')}: a write journal boot-upgrade cannot read; \`boot-upgrade migrate\` says what to do`];
  }
  if (lockState(dir) === 'alive') return [`another boot-upgrade run (pid ${data.pid}) is writing this repository: what this run reads may be half-written; run again when it is done`];
  const missing = missingFiles(data, gitTopLevel(root) ?? root);
  const lines = [`an interrupted boot-upgrade run (pid ${data.pid}) left its write half-done; \`boot-upgrade migrate\` undoes it`];
  if (missing.length) {
    lines.push(`${missing.length} file(s) are missing until then, each held by its backup: ${missing.slice(0, NAMED).join(', ')}${missing.length > NAMED ? `, and ${missing.length - NAMED} more` : ''}`);
  }
  return lines;
}

/** `a.txt (in .a.txt.boot-upgrade-<run>.bak)` for every file of the journal moved aside and not back. */
function missingFiles(data: LeftJournal, top: string): string[] {
  if (typeof data.run !== 'string' || !Array.isArray(data.entries)) return [];
  const out: string[] = [];
  const containment = new Containment(top);
  for (const e of data.entries) {
    // only paths inside the repository are looked at (this journal is not checked as the writer checks it)
    if (typeof e?.path !== 'string' || !isPlainRelative(e.path) || containment.problem(e.path) || e.status === 'created') continue;
    const bak = sideName(e.path, data.run, 'bak');
    if (!lstatSync(underRoot(top, e.path), { throwIfNoEntry: false }) && lstatSync(underRoot(top, bak), { throwIfNoEntry: false })) out.push(`${e.path} (in ${bak})`);
  }
  return out;
}
