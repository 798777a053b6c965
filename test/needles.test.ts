// NeedleSet must answer exactly what `needles.some((n) => text.includes(n))` answers: it only
// changes how the regex engine is asked (src/engine/needles.ts). Its wordIn, what a search of
// each needle with a word character test at both ends answers.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { filesUnder } from './helpers/tree.js';
import { describe, expect, it } from 'vitest';
import { NameSearch, NeedleSet } from '../src/engine/needles.js';
import { loadTable } from '../src/table/load.js';
import { LIBRARY_NEEDLES } from '../transforms/sources/libraries.js';
import { codeIndex } from '../transforms/sources/model.js';
import { prefilterNeedles } from '../transforms/sources/jvm-pass.js';
import { seededRandom } from './helpers/random-config.js';
import { isIdentPart } from '../src/formats/jvm-tokens.js';

const naive = (needles: readonly string[], text: string) => needles.some((n) => text.includes(n));
/** Every occurrence of every needle, each judged at both ends. */
function naiveWord(needles: readonly string[], text: string): boolean {
  for (const n of needles) {
    for (let at = text.indexOf(n); at >= 0 && n; at = text.indexOf(n, at + 1)) {
      if (!isIdentPart(text.charCodeAt(at - 1)) && !isIdentPart(text.charCodeAt(at + n.length))) return true;
    }
  }
  return false;
}


describe('NeedleSet', () => {
  const table = loadTable();
  const idx = codeIndex(table);
  const passNeedles = [...idx.needleWords, ...LIBRARY_NEEDLES];

  it('finds a needle wherever it stands: its capital part, its lower-case head, a needle inside another', () => {
    const set = new NeedleSet(['getProperty', 'HttpTrace', 'HttpTraceEndpoint', 'write', 'com.sun.xml.bind']);
    expect(set.test('x.getProperty("a")')).toBe(true);
    expect(set.test('class P implements Property {}')).toBe(false); // the tail alone is not the needle
    expect(set.test('myGetProperty')).toBe(false); // capital G: another string
    expect(set.test('HttpTraceEndpointX')).toBe(true);
    expect(set.test('rewrite()')).toBe(true);
    expect(set.test('import com.sun.xml.bind.X;')).toBe(true);
    expect(set.test('com.sun.xml.Bind')).toBe(false);
    expect(set.test('')).toBe(false);
  });

  it('handles sets without capitals, with only capitals, empty, and the empty needle', () => {
    expect(new NeedleSet(['apache']).test('org.apache.x')).toBe(true);
    expect(new NeedleSet(['Apache']).test('org.apache.x')).toBe(false);
    expect(new NeedleSet([]).test('anything')).toBe(false);
    expect(new NeedleSet(['', 'Zzz']).test('abc')).toBe(true);
    expect(new NeedleSet(['a.b*c(d)']).test('x a.b*c(d) y')).toBe(true); // regex characters are literal
    expect(new NeedleSet(['a.b*c(d)']).test('x aXbbc(d) y')).toBe(false);
  });

  it("agrees with a plain substring search over the Java pass's needles on every fixture source", () => {
    const set = prefilterNeedles(table).any; // the set the prefilter asks
    const files = filesUnder(path.resolve(__dirname, '..', 'fixtures'), /\.(java|kt)$/);
    let hits = 0;
    for (const p of files) {
      const text = readFileSync(p, 'utf8');
      const expected = naive(passNeedles, text);
      expect(set.test(text), p).toBe(expected);
      if (expected) hits++;
    }
    expect(hits).toBeGreaterThan(50);
    expect(files.length - hits).toBeGreaterThan(0);
  });

  it('agrees with a plain substring search on texts made of pieces of the needles', () => {
    const random = seededRandom(1234);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    const fragment = () => {
      const n = pick(passNeedles);
      const a = Math.floor(random() * n.length);
      const b = a + 1 + Math.floor(random() * (n.length - a));
      return random() < 0.1 ? n : n.slice(a, b); // mostly partial names: near misses
    };
    const set = new NeedleSet(passNeedles);
    let hits = 0;
    for (let i = 0; i < 3000; i++) {
      const parts = Array.from({ length: 1 + Math.floor(random() * 6) }, () => (random() < 0.7 ? fragment() : pick([' ', '.', 'x', '\n', '"', 'é'])));
      const text = parts.join('');
      const expected = naive(passNeedles, text);
      if (set.test(text) !== expected) throw new Error(`disagrees on ${JSON.stringify(text)}: expected ${expected}`);
      if (expected) hits++;
    }
    expect(hits).toBeGreaterThan(300);
    expect(hits).toBeLessThan(2700);
  });

  it('NameSearch: a word needle as a name of its own, not inside a longer one; the others anywhere', () => {
    const search = new NameSearch(['Value', 'ValueOf', 'org.thymeleaf', 'org.thymeleaf.spring5', 'getStatus'], [], isIdentPart);
    const word = (text: string) => search.occursIn(text);
    expect(word('@Value("${a}")')).toBe(true);
    expect(word('@GeneratedValue @Values x.getValue()')).toBe(false);
    expect(word('GeneratedValue Value')).toBe(true); // the second one
    expect(word('xValueOf ValueOf(')).toBe(true);
    expect(word('import org.thymeleaf.spring5x.A;')).toBe(true); // `org.thymeleaf` ends before a dot
    expect(word('import xorg.thymeleaf.spring5.A;')).toBe(false);
    expect(word('r.getStatus$() r.getStatus1 é_getStatus')).toBe(false);
    expect(word('getStatus')).toBe(true);
    expect(new NameSearch([], [], isIdentPart).occursIn('anything')).toBe(false);
    // a needle inside the span of another that is not a name there
    expect(new NameSearch(['org.thymeleaf', 'thymeleaf'], [], isIdentPart).occursIn('xorg.thymeleaf;')).toBe(true);
    const mixed = new NameSearch(['Value'], ['security', 'Val'], isIdentPart);
    expect(mixed.occursIn('org.springframework.securityx')).toBe(true); // anywhere
    expect(mixed.occursIn('GeneratedValue')).toBe(true); // `Val` anywhere, though `Value` is no name there
    expect(mixed.occursIn('GeneratedVaLue')).toBe(false);
  });

  it("agrees with a search of each needle on the pass's names, in every fixture source and in near misses", () => {
    const search = prefilterNeedles(table).butJavaxAsRead; // what the Java prefilter's verdict asks
    const names = idx.needleWords.filter((w) => w !== 'javax');
    const library = LIBRARY_NEEDLES.filter((w) => w !== 'javax');
    const expected = (text: string) => naiveWord(names, text) || naive(library, text);
    let hits = 0;
    for (const p of filesUnder(path.resolve(__dirname, '..', 'fixtures'), /\.(java|kt)$/)) {
      const text = readFileSync(p, 'utf8');
      expect(search.occursIn(text), p).toBe(expected(text));
      if (expected(text)) hits++;
    }
    expect(hits).toBeGreaterThan(30);
    const random = seededRandom(99);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    let wordHits = 0;
    for (let i = 0; i < 3000; i++) {
      // whole names, glued to letters, digits, dots and each other: most occurrences are inside longer names
      const parts = Array.from({ length: 1 + Math.floor(random() * 5) }, () => (random() < 0.6 ? pick(names) : random() < 0.1 ? pick(library) : pick([' ', '.', 'x', '_', '1', '$', '(', 'é', 'get'])));
      const text = parts.join('');
      if (search.occursIn(text) !== expected(text)) throw new Error(`disagrees on ${JSON.stringify(text)}: expected ${expected(text)}`);
      if (expected(text)) wordHits++;
    }
    expect(wordHits).toBeGreaterThan(300);
    expect(wordHits).toBeLessThan(2700);
  });
});
