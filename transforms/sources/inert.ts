// A sharper prefilter for Java sources. The substring prefilter lets through every file that
// names `javax` anywhere, and most do where no rule looks: a JDK package that stays
// (`javax.sql.DataSource`), a comment, a sentence in a string. Such a file paid the whole pass:
// tokens, model, every rule, for nothing. This walks the text once with the scanner's lexical
// rules (src/formats/java-regions.ts: no tokens) and says whether every `javax` is inert:
// - in a comment (no rule of the pass reads comments);
// - `javax` in a string literal that is not a moved javax name (nor `{…}` around one), which is
//   all sources/jakarta-string reads;
// - `javax.a.B` in code, not after a dot, naming a package the table keeps (fate `stay`).
// Any other needle or library needle anywhere, or a text the scanner would refuse (an
// unterminated comment or literal, unbalanced brackets: the pass reports those) keeps the file
// in the pass.
// test/inert.test.ts runs the whole pass on every fixture source this skips.
import type { NeedleSet } from '../../src/engine/needles.js';
import { isIdentPart, isIdentStart } from '../../src/formats/jvm-tokens.js';
import { walkJavaRegions } from '../../src/formats/java-regions.js';
import { javaxFate, type CodeIndex } from './model.js';
import { movedLiteral } from './strings.js';

const isBlank = (c: number) => c === 32 || c === 9 || c === 10 || c === 13 || c === 12;
/** `javax.a.b.C` read from `at` in code (blanks around the dots as the scanner allows), or undefined when something else follows. */
function javaxChain(text: string, at: number): { parts: string[]; wildcard: boolean } | undefined {
  const parts: string[] = [];
  let i = at;
  for (;;) {
    const start = i;
    while (i < text.length && isIdentPart(text.charCodeAt(i))) i++;
    if (i === start) return undefined;
    parts.push(text.slice(start, i));
    let j = i;
    while (isBlank(text.charCodeAt(j))) j++;
    if (text.charCodeAt(j) !== 46 /* . */) return { parts, wildcard: false };
    j++;
    while (isBlank(text.charCodeAt(j))) j++;
    if (text.charCodeAt(j) === 42 /* * */) return { parts, wildcard: true };
    if (!isIdentStart(text.charCodeAt(j))) return undefined; // a comment or anything unusual: let the pass decide
    i = j;
  }
}

/** Is the `javax` at `at` (in code) the head of a name whose package stays? */
function stayingJavaxName(idx: CodeIndex, text: string, at: number): boolean {
  if (at > 0 && (isIdentPart(text.charCodeAt(at - 1)) || text.charCodeAt(at - 1) === 46)) return false; // inside a name, or a member
  let k = at - 1;
  while (k >= 0 && isBlank(text.charCodeAt(k))) k--;
  if (text.charCodeAt(k) === 46) return false; // `x . javax`
  const chain = javaxChain(text, at);
  if (!chain || chain.parts[0] !== 'javax' || chain.parts.length < 2) return false;
  return javaxFate(idx, chain.parts, chain.wildcard)?.kind === 'stay';
}

/**
 * True when the Java text names `javax` only where no rule acts and no other needle at all (see
 * the top of the file). `otherNeedles`: every needle of the pass but `javax`, with the library
 * modules' (jvm-pass.ts prefilterNeedles). One test tells whether the file names any of them;
 * then it stays in the pass, wherever the name is: a comment naming one is rare, and one test is
 * cheaper than placing each hit.
 */
export function needlesInert(idx: CodeIndex, text: string, otherNeedles: NeedleSet): boolean {
  if (otherNeedles.test(text)) return false;
  // each `javax` judged where the walk over the regions meets it: in code before a region, or
  // inside one; the walk stops at the first that is not inert
  let at = text.indexOf('javax');
  const nextJavax = () => (at = text.indexOf('javax', at + 5));
  const inCodeInert = (before: number) => {
    for (; at >= 0 && at < before; nextJavax()) if (!stayingJavaxName(idx, text, at)) return false;
    return true;
  };
  const walk = walkJavaRegions(text, (start, end, region, content) => {
    if (!inCodeInert(start)) return false;
    if (at < 0 || at >= end) return true;
    if (region === 'other-literal') return false; // a char literal or a text block: the pass decides
    if (region === 'string' && movedLiteral(idx, text.slice(content, end - 1))) return false;
    while (at >= 0 && at < end) nextJavax();
    return true;
  });
  return walk === 'done' && inCodeInert(text.length);
}
