// Where a Java text is code and where it is a comment or a literal, by the lexical rules of the
// token scanner (jvm-tokens.ts: `//` and non-nesting `/* */` comments, string and char literals
// with escapes that end at a newline, text blocks, balanced brackets), without making tokens:
// for a question about a few offsets of a file (transforms/sources/inert.ts), one walk over its
// characters instead of its whole token list. test/inert.test.ts holds both to the same texts.

/** What a stretch of a Java text that is not code holds. `string`: an ordinary string literal; `other-literal`: a char literal or a text block. */
export type RegionKind = 'comment' | 'string' | 'other-literal';

/**
 * Told of each non-code region in order: [start, end), and for a string where its content
 * starts (it ends before the closing quote, at end - 1). Returning false stops the walk. It must
 * not walk another text: every walk shares one bracket stack (a guard for that cost 5 % of the
 * walk; the one visitor, transforms/sources/inert.ts, walks nothing).
 */
export type RegionVisitor = (start: number, end: number, region: RegionKind, content: number) => boolean | void;

const PLAIN = 0;
const OPEN = 1;
const CLOSE = 2;
const STARTS = 3; // `/`, `"`, `'`: a comment or a literal may start
/** What an ASCII character can do to the walk. */
const LEXICAL = new Uint8Array(128);
for (const c of '([{') LEXICAL[c.charCodeAt(0)] = OPEN;
for (const c of ')]}') LEXICAL[c.charCodeAt(0)] = CLOSE;
for (const c of '/"\'') LEXICAL[c.charCodeAt(0)] = STARTS;

/**
 * Walks the non-code regions of a Java text in order, telling `visit` of each: 'done' at the
 * end, 'refused' where the token scanner would refuse the text (an unterminated comment or
 * literal, unbalanced brackets), 'stopped' when `visit` said so. Code is everything between
 * the regions; brackets are checked in code as the scanner does. No region objects: the
 * question is usually about a few offsets of a file that is then let go (8,000 files of the
 * bench made 250,000 objects for the collector).
 */
export function walkJavaRegions(text: string, visit: RegionVisitor): 'done' | 'refused' | 'stopped' {
  let depth = 0; // open brackets, on the shared stack below
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    // most characters are plain code: one table look-up instead of seven comparisons each
    if (c >= 128 || LEXICAL[c] === PLAIN) {
      i++;
      continue;
    }
    const kind = LEXICAL[c];
    if (kind === OPEN) {
      if (depth === brackets.length) brackets = growStack(brackets);
      brackets[depth++] = c;
      i++;
    } else if (kind === CLOSE) {
      if (depth === 0 || brackets[--depth] !== (c === 41 ? 40 : c - 2)) return 'refused'; // ')' pairs '(', ']' '[', '}' '{'
      i++;
    } else if (c === 47 /* / */) {
      const next = text.charCodeAt(i + 1);
      if (next === 47) {
        const nl = text.indexOf('\n', i);
        const end = nl < 0 ? n : nl;
        if (visit(i, end, 'comment', i) === false) return 'stopped';
        i = end;
      } else if (next === 42 /* * */) {
        const close = text.indexOf('*/', i + 2);
        if (close < 0) return 'refused';
        if (visit(i, close + 2, 'comment', i) === false) return 'stopped';
        i = close + 2;
      } else {
        i++;
      }
    } else if (c === 34 /* " */) {
      const block = text.startsWith('"""', i);
      const end = block ? textBlockEnd(text, i + 3) : lineLiteralEnd(text, i + 1, 34);
      if (end < 0) return 'refused';
      if (visit(i, end, block ? 'other-literal' : 'string', i + 1) === false) return 'stopped';
      i = end;
    } else {
      const end = lineLiteralEnd(text, i + 1, 39); // '
      if (end < 0) return 'refused';
      if (visit(i, end, 'other-literal', i + 1) === false) return 'stopped';
      i = end;
    }
  }
  return depth ? 'refused' : 'done';
}

/** The open brackets of the walk under way: one stack for every walk (a new array per file was 7 MB for the collector at 10k). */
let brackets: Uint8Array<ArrayBuffer> = new Uint8Array(256);

function growStack(stack: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  const grown = new Uint8Array(stack.length * 2);
  grown.set(stack);
  return grown;
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
