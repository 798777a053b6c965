// FilePass.settles: passes that reach their fixed point in one round spare the engine a
// confirming second round on every file they changed. The claim is checked for the Java/Kotlin
// pass on every fixture source (its output, run again, gives no edit and no new finding), and
// the engine is checked to honour the flag only where it is safe: every pass of the kind claims
// it, and no edit was deferred. test/settles-config.test.ts checks the configuration passes.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyEdits } from '../src/engine/edits.js';
import { runEngine } from '../src/engine/run.js';
import { NotReady, type FilePass, type PassContext, type SourceFile } from '../src/engine/types.js';
import { loadTable } from '../src/table/load.js';
import { javaPass, kotlinPass } from '../transforms/sources/jvm-pass.js';
import { filesUnder } from './helpers/tree.js';

const table = loadTable();
const FIXTURES = path.resolve(__dirname, '..', 'fixtures');
const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));


const ctx: PassContext = { table, options: {}, project: { root: '/', files: [], byPath: new Map(), ofKind: () => [] }, ruleSelected: () => true, decisions: {} };

async function runPass(pass: FilePass, file: SourceFile) {
  for (;;) {
    try {
      return pass.run(file, ctx);
    } catch (error) {
      if (!(error instanceof NotReady)) throw error;
      await error.ready; // a tree-sitter grammar loads on first use
    }
  }
}

describe('the Java/Kotlin pass settles in one round', () => {
  it('gives nothing more to do on its own output, for every fixture source it changes', async () => {
    const inputs = readdirSync(FIXTURES).flatMap((t) => readdirSync(path.join(FIXTURES, t)).map((c) => path.join(FIXTURES, t, c, 'input')));
    const files = inputs.flatMap((dir) => (statSync(dir, { throwIfNoEntry: false })?.isDirectory() ? filesUnder(dir, /\.(java|kt)$/) : []));
    let changed = 0;
    for (const p of files) {
      const kind = p.endsWith('.kt') ? 'kotlin' : 'java';
      const pass = kind === 'kotlin' ? kotlinPass : javaPass;
      const file: SourceFile = { path: p, kind, text: readFileSync(p, 'utf8'), encoding: 'utf-8', bom: false };
      if (!pass.prefilter!(file.text, ctx)) continue;
      let first;
      try {
        first = await runPass(pass, file);
      } catch {
        continue; // a source that does not scan is left alone, in one round as in any
      }
      const spliced = applyEdits(file.text, first.edits ?? []);
      if (spliced.applied.length === 0 || spliced.deferred.length > 0) continue;
      changed++;
      const second = await runPass(pass, { ...file, text: spliced.text });
      expect(second.edits ?? [], p).toEqual([]);
      const seen = new Set((first.findings ?? []).map((f) => `${f.rule}\0${f.message}`));
      expect((second.findings ?? []).filter((f) => !seen.has(`${f.rule}\0${f.message}`)), p).toEqual([]);
    }
    expect(changed).toBeGreaterThan(50); // the fixtures exercise it, not an empty loop
  });
});

describe('the engine and FilePass.settles', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bu-settles-'));
  temps.push(dir);
  mkdirSync(path.join(dir, 'src'));
  writeFileSync(path.join(dir, 'src', 'A.java'), 'class A { old x; }\n');

  /** Renames `old` to `new`, counting its runs; `overlap` adds a second edit over the first. */
  function renamer(settles: boolean, overlap = false): FilePass & { runs: number } {
    const pass = {
      id: 'test/rename',
      description: 'test',
      kinds: ['java' as const],
      rules: ['test/rename'],
      settles,
      runs: 0,
      run(file: SourceFile) {
        pass.runs++;
        const at = file.text.indexOf('old');
        if (at < 0) return {};
        const edits = [{ start: at, end: at + 3, text: 'new', rule: 'test/rename' }];
        if (overlap) edits.push({ start: at + 1, end: at + 2, text: 'L', rule: 'test/rename' });
        return { edits };
      },
    };
    return pass;
  }

  it('runs a settling pass once on a file it changed', async () => {
    const pass = renamer(true);
    const result = await runEngine({ root: dir, table, filePasses: [pass] });
    expect(result.changes.map((c) => c.path)).toEqual(['src/A.java']);
    expect(pass.runs).toBe(1);
  });

  it('confirms with a second round when the pass does not claim to settle', async () => {
    const pass = renamer(false);
    await runEngine({ root: dir, table, filePasses: [pass] });
    expect(pass.runs).toBe(2);
  });

  it('runs another round when an edit was deferred, or another pass of the kind does not claim it', async () => {
    const deferring = renamer(true, true);
    await runEngine({ root: dir, table, filePasses: [deferring] });
    expect(deferring.runs).toBe(2);
    const first = renamer(true);
    const other = { ...renamer(false), id: 'test/other', run: () => ({}) };
    await runEngine({ root: dir, table, filePasses: [first, other] });
    expect(first.runs).toBe(2);
  });

  it('runs one round when every pass of the kind claims it', async () => {
    const first = renamer(true);
    const other = { ...renamer(true), id: 'test/other', run: () => ({}) };
    await runEngine({ root: dir, table, filePasses: [first, other] });
    expect(first.runs).toBe(1);
  });
});
