// The Java pass skips a file whose needles all sit where no rule acts (transforms/sources/inert.ts).
// It must never skip a file the pass would change or report on: checked on every fixture source
// it judges inert, and on the shapes that decide it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { filesUnder } from './helpers/tree.js';
import { describe, expect, it } from 'vitest';
import { NotReady, type PassContext } from '../src/engine/types.js';
import { loadTable } from '../src/table/load.js';
import { needlesInert } from '../transforms/sources/inert.js';
import { javaPass, migrateJvmSource, prefilterNeedles } from '../transforms/sources/jvm-pass.js';
import { LIBRARY_NEEDLES } from '../transforms/sources/libraries.js';
import { codeIndex } from '../transforms/sources/model.js';

const table = loadTable();
const idx = codeIndex(table);
const ctx: PassContext = { table, options: {}, project: { root: '/', files: [], byPath: new Map(), ofKind: () => [] }, ruleSelected: () => true, decisions: {} };
const inert = (text: string) => needlesInert(idx, text, prefilterNeedles(table).butJavax);
const namesANeedle = (text: string) => [...idx.needleWords, ...LIBRARY_NEEDLES].some((n) => text.includes(n));


async function fullPass(text: string) {
  for (;;) {
    try {
      return migrateJvmSource({ path: 'A.java', kind: 'java', text, encoding: 'utf8', bom: false }, 'java', ctx);
    } catch (error) {
      if (!(error instanceof NotReady)) return { error };
      await error.ready;
    }
  }
}

describe('needles where no rule acts', () => {
  const CLASS = 'package com.acme.till;\n\nclass Till {\n  int n() { return 1; }\n}\n';
  it('skips a JDK javax package, comments and sentences in strings', () => {
    expect(inert('import javax.sql.DataSource;\nimport javax.crypto.*;\n' + CLASS)).toBe(true);
    expect(inert('// see javax.persistence.Entity\n/* javax.servlet */\n' + CLASS)).toBe(true);
    expect(inert(CLASS.replace('return 1;', 'String s = "javax.servlet is a word here"; return 1;'))).toBe(true);
  });

  it('keeps what a rule reads', () => {
    expect(inert('import javax.persistence.Entity;\n' + CLASS)).toBe(false); // moves
    expect(inert('import javax . persistence . Entity;\n' + CLASS)).toBe(false); // moves, with blanks
    expect(inert('import javax.annotation.*;\n' + CLASS)).toBe(false); // split by class
    expect(inert(CLASS.replace('return 1;', 'String h = "javax.persistence.lock.timeout"; return 1;'))).toBe(false); // jakarta-string
    expect(inert(CLASS.replace('return 1;', 'String m = "{javax.validation.constraints.NotNull.message}"; return 1;'))).toBe(false);
    expect(inert('import org.springframework.beans.factory.annotation.Value;\n// javax\n' + CLASS)).toBe(false); // another needle in code
    expect(inert('import org.springframework.security.Foo; // javax\n' + CLASS)).toBe(false); // a library needle, anywhere
    expect(inert(CLASS.replace('return 1;', 'return javax.sql.Types.INTEGER + xjavax;'))).toBe(false); // javax inside a name
  });

  it('keeps a text the scanner refuses, so that the pass reports it', () => {
    expect(inert('import javax.sql.DataSource;\n/* never closed\n' + CLASS)).toBe(false);
    expect(inert('import javax.sql.DataSource;\n' + CLASS + '}\n')).toBe(false);
    expect(inert('import javax.sql.DataSource;\nclass A { String s = "open\n"; }\n')).toBe(false);
  });

  it('checks brackets nested deeper than its first stack, and starts each file afresh', () => {
    const deep = (n: number) => `import javax.sql.DataSource;\nclass A { int n = ${'('.repeat(n)}1${')'.repeat(n)}; }\n`;
    expect(inert(deep(1000))).toBe(true);
    expect(inert(deep(1000).replace(/\)\)/, ')]'))).toBe(false);
    expect(inert('import javax.sql.DataSource;\nclass A { int n = ((1); }\n')).toBe(false); // left open
    expect(inert(deep(3))).toBe(true); // nothing left over from the refused walk
  });

  it('judges no fixture source inert that the pass changes or reports on', async () => {
    const fixtures = path.resolve(__dirname, '..', 'fixtures');
    let judged = 0;
    for (const p of filesUnder(fixtures, /\.java$/)) {
      const text = readFileSync(p, 'utf8');
      if (!javaPass.prefilter!(text, ctx) && namesANeedle(text)) {
        judged++;
        const result = await fullPass(text);
        expect(result, p).toEqual({ edits: [], findings: [] });
      }
    }
    expect(judged).toBeGreaterThan(0);
  });
});
