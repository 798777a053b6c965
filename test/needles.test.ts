// NeedleSet must answer exactly what `needles.some((n) => text.includes(n))` answers: it only
// changes how the regex engine is asked (src/engine/needles.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { filesUnder } from './helpers/tree.js';
import { describe, expect, it } from 'vitest';
import { NeedleSet } from '../src/engine/needles.js';
import { loadTable } from '../src/table/load.js';
import { LIBRARY_NEEDLES } from '../transforms/sources/libraries.js';
import { codeIndex } from '../transforms/sources/model.js';
import { prefilterNeedles } from '../transforms/sources/jvm-pass.js';
import { seededRandom } from './helpers/random-config.js';

const naive = (needles: readonly string[], text: string) => needles.some((n) => text.includes(n));


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
});
