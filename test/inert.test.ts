// The Java pass skips a file whose needles all sit where no rule acts, and answers for a file
// whose only work is its javax names (transforms/sources/inert.ts). It must never skip a file the
// pass would change or report on, nor answer otherwise than the pass: checked against the whole
// pass on every fixture source and on variants of each, and on the shapes that decide it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { filesUnder } from './helpers/tree.js';
import { describe, expect, it } from 'vitest';
import { NotReady, type PassContext } from '../src/engine/types.js';
import { loadTable } from '../src/table/load.js';
import { javaxVerdict } from '../transforms/sources/inert.js';
import { javaPass, migrateJvmSource, prefilterNeedles } from '../transforms/sources/jvm-pass.js';
import { LIBRARY_NEEDLES } from '../transforms/sources/libraries.js';
import { codeIndex } from '../transforms/sources/model.js';

const table = loadTable();
const idx = codeIndex(table);
const ctx: PassContext = { table, options: {}, project: { root: '/', files: [], byPath: new Map(), ofKind: () => [] }, ruleSelected: () => true, decisions: {} };
const verdict = (text: string) => javaxVerdict(table, text, prefilterNeedles(table));
const inert = (text: string) => verdict(text) === 'inert';
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

describe("the pass's answer for a file whose work is its javax names", () => {
  const CLASS = 'package com.acme.till;\n\nimport javax.persistence.Entity;\nimport javax.sql.DataSource;\n\n@Entity\nclass Till {\n  @Id @GeneratedValue Long id;\n}\n';
  const body = (line: string) => CLASS.replace('  @Id', `  ${line}\n  @Id`);

  it('is the edits the whole pass makes, with a name inside a longer one (GeneratedValue) no needle', async () => {
    const v = verdict(CLASS);
    expect(Array.isArray(v) && v.length).toBe(1);
    expect(await fullPass(CLASS)).toEqual({ edits: v, findings: [] });
    const qualified = body('javax.servlet.http.HttpServletRequest r = (javax.servlet.http.HttpServletRequest) o;');
    expect(await fullPass(qualified)).toEqual({ edits: verdict(qualified), findings: [] });
    expect(verdict(qualified)).toHaveLength(3);
  });

  it('leaves to the pass what it cannot place as the scanner would, or what another rule reads', () => {
    const passes = [
      CLASS.replace('@Id', '@Value("${a.b}") String v;\n  @Id'), // a needle as a name of its own
      body('x. // a comment\n  javax.persistence.EntityManager em;'), // the scanner's chain starts at x
      body('x. /* c */ javax.persistence.EntityManager em;'),
      CLASS.replace('import javax.persistence.Entity;', 'import javax.persistence.Entity /* c */;'),
      CLASS.replace('import javax.persistence.Entity;', 'import javax.persistence.*;'), // a wildcard
      CLASS.replace('package com.acme.till;', 'package javax.persistence.till;'), // the file's own package
      CLASS + '// jakarta.persistence\n', // may import a spec from both
      body('String h = "javax.persistence.lock.timeout";'), // a moved name in a string
      body('String b = """\n  javax.persistence\n  """;'), // a text block
      CLASS.replace(/}\n$/, ''), // the scanner refuses it
      body('int n = xjavax.persistence.Id;'),
    ];
    for (const text of passes) expect(verdict(text), text).toBe('pass');
  });

  it('answers as the whole pass on every fixture source and variants of it', async () => {
    const variants: ((t: string) => string)[] = [
      (t) => t,
      (t) => t.replace(/import javax\./, 'import /* c */ javax.'),
      (t) => t.replace(/import javax\.(\w+)\./, 'import javax . $1 . '),
      (t) => t.replace(/import (javax\.[\w.]+);/, 'import $1 // c\n;'),
      (t) => t.replace(/import javax\./, 'import static javax.'),
      (t) => t.replace(/\{\n/, '{\n  x. // c\n javax.persistence.Entity e;\n'),
      (t) => t.replace(/\{\n/, '{\n  /** doc */ javax.persistence.Entity e;\n'),
      (t) => t.replace(/\{\n/, '{\n  @javax.annotation.PostConstruct void init() {}\n'),
      (t) => t.replace(/\{\n/, '{\n  Object o = javax.validation.Validation.buildDefaultValidatorFactory();\n'),
      (t) => t.replace(/\r?\n/g, '\r\n'),
      (t) => t.slice(0, Math.floor(t.length * 0.6)),
    ];
    const seen = { inert: 0, edits: 0, pass: 0 };
    for (const p of filesUnder(path.resolve(__dirname, '..', 'fixtures'), /\.java$/)) {
      const source = readFileSync(p, 'utf8');
      for (const variant of variants) {
        const text = variant(source);
        if (!prefilterNeedles(table).any.test(text)) continue; // no needle: no verdict asked
        const v = verdict(text);
        if (v === 'pass') {
          seen.pass++;
          continue;
        }
        if (v === 'inert') seen.inert++;
        else seen.edits++;
        expect(await fullPass(text), `${p}: ${text.slice(0, 200)}`).toEqual({ edits: v === 'inert' ? [] : v, findings: [] });
      }
    }
    expect(seen.edits).toBeGreaterThan(50);
    expect(seen.inert).toBeGreaterThan(5);
    expect(seen.pass).toBeGreaterThan(100);
  });

  it('is what the pass returns for the text its prefilter judged, and only for that text', () => {
    const file = { path: 'A.java', kind: 'java' as const, text: CLASS, encoding: 'utf8' as const, bom: false };
    expect(javaPass.prefilter!(CLASS, ctx)).toBe(true);
    const answered = javaPass.run(file, ctx);
    expect(answered).toEqual(migrateJvmSource(file, 'java', ctx));
    // another text (the prefilter judged CLASS) runs the whole pass
    const other = { ...file, text: CLASS.replace('Till', 'Drawer') };
    expect(javaPass.run(other, ctx)).toEqual(migrateJvmSource(other, 'java', ctx));
  });
});
