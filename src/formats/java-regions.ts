// Where a Java text is code and where it is a comment or a literal, by the lexical rules of the
// token scanner (jvm-tokens.ts: `//` and non-nesting `/* */` comments, string and char literals
// with escapes that end at a newline, text blocks, balanced brackets), without making tokens:
// for a question about a few offsets of a file (transforms/sources/inert.ts), one walk over its
// characters instead of its whole token list. test/inert.test.ts holds both to the same texts.

/** A stretch of a Java text that is not code. */
export interface Region {
  start: number;
  end: number;
  /** `string`: an ordinary string literal; `other-literal`: a char literal or a text block. */
  region: 'comment' | 'string' | 'other-literal';
  /** For a string: where its content starts (it ends before the closing quote, at end - 1). */
  content?: number;
}

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
 * The non-code regions of a Java text in order, or undefined when the token scanner would refuse
 * the text. Code is everything between them; brackets are checked in code as the scanner does.
 */
export function javaRegions(text: string): Region[] | undefined {
  const spans: Region[] = [];
  const brackets: number[] = [];
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
      brackets.push(c);
      i++;
    } else if (kind === CLOSE) {
      const open = brackets.pop();
      if (open === undefined || open !== (c === 41 ? 40 : c - 2)) return undefined; // ')' pairs '(', ']' '[', '}' '{'
      i++;
    } else if (c === 47 /* / */) {
      const next = text.charCodeAt(i + 1);
      if (next === 47) {
        const nl = text.indexOf('\n', i);
        const end = nl < 0 ? n : nl;
        spans.push({ start: i, end, region: 'comment' });
        i = end;
      } else if (next === 42 /* * */) {
        const close = text.indexOf('*/', i + 2);
        if (close < 0) return undefined;
        spans.push({ start: i, end: close + 2, region: 'comment' });
        i = close + 2;
      } else {
        i++;
      }
    } else if (c === 34 /* " */) {
      const block = text.startsWith('"""', i);
      const end = block ? textBlockEnd(text, i + 3) : lineLiteralEnd(text, i + 1, 34);
      if (end < 0) return undefined;
      spans.push({ start: i, end, region: block ? 'other-literal' : 'string', content: i + 1 });
      i = end;
    } else {
      const end = lineLiteralEnd(text, i + 1, 39); // '
      if (end < 0) return undefined;
      spans.push({ start: i, end, region: 'other-literal' });
      i = end;
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

/** The region holding offset `at` (regions as javaRegions gives them), or undefined in code. */
export function regionAt(spans: readonly Region[], at: number): Region | undefined {
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
