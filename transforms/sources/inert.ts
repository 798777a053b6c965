// A sharper prefilter for Java sources. The substring prefilter lets through every file that
// names `javax` anywhere, and most do where no rule looks: a JDK package that stays
// (`javax.sql.DataSource`), a comment, a sentence in a string. Such a file paid the whole pass:
// tokens, model, every rule, for nothing. This walks the text once with the scanner's lexical
// rules (comments, strings, char literals, text blocks, brackets) but makes no token, and says
// whether every needle occurrence is inert:
// - in a comment (no rule of the pass reads comments);
// - `javax` in a string literal that is not a moved javax name (nor `{…}` around one), which is
//   all sources/jakarta-string reads;
// - `javax.a.B` in code, not after a dot, naming a package the table keeps (fate `stay`).
// Any other needle or library needle anywhere, or a text the scanner would refuse (an
// unterminated comment or literal, unbalanced brackets: the pass reports those) keeps the file
// in the pass.
// test/inert.test.ts runs the whole pass on every fixture source this skips.
import { movedJavaxName, splitQualified, type CodeIndex } from './model.js';

const isIdentStart = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 36 || c > 127;
const isIdentPart = (c: number) => isIdentStart(c) || (c >= 48 && c <= 57);
const isBlank = (c: number) => c === 32 || c === 9 || c === 10 || c === 13 || c === 12;

/** Where each occurrence of a needle lies, by the lexical region the scanner would put it in. */
type Region = 'code' | 'comment' | 'string' | 'other-literal';

interface Span {
  start: number;
  end: number;
  region: Region;
  /** For a string: where its content starts. */
  content?: number;
}

/**
 * The non-code regions of a Java text in order, or undefined when the scanner would refuse the
 * text. Code is everything between them; brackets are checked in code as the scanner does.
 */
function literalRegions(text: string): Span[] | undefined {
  const spans: Span[] = [];
  const brackets: number[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 47 /* / */ && text.charCodeAt(i + 1) === 47) {
      const nl = text.indexOf('\n', i);
      const end = nl < 0 ? n : nl;
      spans.push({ start: i, end, region: 'comment' });
      i = end;
    } else if (c === 47 && text.charCodeAt(i + 1) === 42 /* * */) {
      const close = text.indexOf('*/', i + 2);
      if (close < 0) return undefined;
      spans.push({ start: i, end: close + 2, region: 'comment' });
      i = close + 2;
    } else if (c === 34 /* " */) {
      const block = text.startsWith('"""', i);
      const end = block ? textBlockEnd(text, i + 3) : lineLiteralEnd(text, i + 1, 34);
      if (end < 0) return undefined;
      spans.push({ start: i, end, region: block ? 'other-literal' : 'string', content: i + 1 });
      i = end;
    } else if (c === 39 /* ' */) {
      const end = lineLiteralEnd(text, i + 1, 39);
      if (end < 0) return undefined;
      spans.push({ start: i, end, region: 'other-literal' });
      i = end;
    } else {
      if (c === 40 || c === 91 || c === 123) brackets.push(c);
      else if (c === 41 || c === 93 || c === 125) {
        const open = brackets.pop();
        if (open === undefined || open !== (c === 41 ? 40 : c - 2)) return undefined; // ')' pairs '(', ']' '[', '}' '{'
      }
      i++;
    }
  }
  return brackets.length ? undefined : spans;
}

/** After the closing quote of a string or char literal starting at `from`, or -1 (a newline or the end first). */
function lineLiteralEnd(text: string, from: number, quote: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 92 /* \ */) i++;
    else if (c === quote) return i + 1;
    else if (c === 10) return -1;
  }
  return -1;
}

/** After the `"""` closing a text block whose content starts at `from`, or -1. */
function textBlockEnd(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 92) i++;
    else if (c === 34 && text.startsWith('"""', i)) return i + 3;
  }
  return -1;
}

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
  const { pkgParts, cls } = splitQualified(chain.parts);
  if (pkgParts === 0) return false;
  const pkg = chain.parts.slice(0, chain.wildcard && cls === undefined ? chain.parts.length : pkgParts).join('.');
  return idx.fate(pkg, chain.wildcard && cls === undefined ? undefined : cls).kind === 'stay';
}

/** What sources/jakarta-string reports: a literal that is, or whose `{...}` template names, a javax name that moves. */
function namesMovedJavax(idx: CodeIndex, content: string): boolean {
  const template = /^\{(javax\.[^{}]+)\}$/.exec(content);
  return movedJavaxName(idx, template ? template[1]! : content) !== undefined;
}

/** The span holding offset `at` (spans sorted, disjoint), or undefined in code. */
function spanAt(spans: Span[], at: number): Span | undefined {
  let lo = 0;
  let hi = spans.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = spans[mid]!;
    if (at < s.start) hi = mid - 1;
    else if (at >= s.end) lo = mid + 1;
    else return s;
  }
  return undefined;
}

const otherNeedles = new WeakMap<CodeIndex, RegExp>();
/**
 * Every needle but `javax`, and the library modules' needles, as one regex compiled once per
 * table: one scan tells whether the file names any of them (then it stays in the pass, wherever
 * the name is: a comment naming one is rare, and one test is cheaper than placing each hit).
 */
function needlesButJavax(idx: CodeIndex, libraryNeedle: RegExp): RegExp {
  let re = otherNeedles.get(idx);
  if (!re) {
    const words = idx.needles.source.split('|').filter((w) => w !== 'javax');
    otherNeedles.set(idx, (re = new RegExp([...words, libraryNeedle.source].join('|'))));
  }
  return re;
}

/**
 * True when the Java text names `javax` only where no rule acts and no other needle at all (see
 * the top of the file). `libraryNeedle` matches the library modules' needles.
 */
export function needlesInert(idx: CodeIndex, text: string, libraryNeedle: RegExp): boolean {
  if (needlesButJavax(idx, libraryNeedle).test(text)) return false;
  const spans = literalRegions(text);
  if (!spans) return false;
  for (let at = text.indexOf('javax'); at >= 0; at = text.indexOf('javax', at + 5)) {
    const span = spanAt(spans, at);
    if (span?.region === 'comment') continue;
    if (span?.region === 'string') {
      if (namesMovedJavax(idx, text.slice(span.content!, span.end - 1))) return false;
      continue;
    }
    if (span || !stayingJavaxName(idx, text, at)) return false;
  }
  return true;
}
