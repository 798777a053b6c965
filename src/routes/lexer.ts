// A token-level scanner for Java and Kotlin: identifiers, string literals (with exact offsets
// and decoded values), punctuation. Comments, char literals and numbers are skipped; Kotlin
// string templates make a literal non-constant. Exact where the route inventory needs it
// (annotations, declarations, literals) without building a full syntax tree.

export type TokenType = 'id' | 'str' | 'p' | 'num';

export interface Token {
  t: TokenType;
  /** Identifier text, punctuation char(s), or the decoded string value (`undefined` for templates). */
  v: string;
  /** For strings: the decoded value, or undefined when it holds a Kotlin template (`$x`, `${x}`). */
  value?: string;
  /** Offsets into the text; for strings they include the quotes. */
  s: number;
  e: number;
  /** For strings: `"` or `"""`. */
  quote?: string;
  /** A line break separates this token from the previous one (Kotlin statement ends). */
  nl: boolean;
}

const ID_START = /[A-Za-z_$\u00C0-\uFFFF]/;
const ID_PART = /[\w$\u00C0-\uFFFF]/;

export function tokenize(text: string, kotlin: boolean): Token[] {
  const out: Token[] = [];
  let i = 0;
  let nl = true;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    if (c === '\n') {
      nl = true;
      i++;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r' || c === '\f' || c === '\uFEFF') {
      i++;
      continue;
    }
    if (c === '/' && text[i + 1] === '/') {
      while (i < n && text[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      i = skipBlockComment(text, i, kotlin);
      continue;
    }
    const start = i;
    if (c === '"') {
      const lit = text.startsWith('"""', i) ? readTripleString(text, i, kotlin) : readString(text, i, kotlin);
      out.push({ t: 'str', v: lit.value ?? '', value: lit.value, s: start, e: lit.end, quote: lit.quote, nl });
      i = lit.end;
    } else if (c === "'") {
      i = readChar(text, i);
    } else if (c === '`' && kotlin) {
      const close = text.indexOf('`', i + 1);
      const end = close < 0 ? n : close + 1;
      out.push({ t: 'id', v: text.slice(i + 1, end - 1), s: i, e: end, nl });
      i = end;
    } else if (ID_START.test(c)) {
      i++;
      while (i < n && ID_PART.test(text[i]!)) i++;
      out.push({ t: 'id', v: text.slice(start, i), s: start, e: i, nl });
    } else if (c >= '0' && c <= '9') {
      i++;
      while (i < n && /[\w.]/.test(text[i]!)) i++;
      out.push({ t: 'num', v: text.slice(start, i), s: start, e: i, nl });
    } else if (c === ':' && text[i + 1] === ':') {
      out.push({ t: 'p', v: '::', s: i, e: i + 2, nl });
      i += 2;
    } else if (c === '-' && text[i + 1] === '>') {
      out.push({ t: 'p', v: '->', s: i, e: i + 2, nl });
      i += 2;
    } else {
      out.push({ t: 'p', v: c, s: i, e: i + 1, nl });
      i++;
    }
    nl = false;
  }
  return out;
}

function skipBlockComment(text: string, i: number, kotlin: boolean): number {
  // Kotlin block comments nest; Java's do not.
  let depth = 0;
  const n = text.length;
  while (i < n) {
    if (text[i] === '/' && text[i + 1] === '*') {
      depth++;
      i += 2;
      if (!kotlin && depth > 1) depth = 1;
    } else if (text[i] === '*' && text[i + 1] === '/') {
      depth--;
      i += 2;
      if (depth === 0) return i;
    } else i++;
  }
  return n;
}

function readChar(text: string, i: number): number {
  let j = i + 1;
  while (j < text.length && text[j] !== "'" && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
  return Math.min(text.length, j + 1);
}

interface Lit {
  end: number;
  value: string | undefined;
  quote: string;
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', s: ' ', '0': '\0', '"': '"', "'": "'", '\\': '\\', $: '$' };

function readString(text: string, i: number, kotlin: boolean): Lit {
  let j = i + 1;
  let value: string | undefined = '';
  const n = text.length;
  while (j < n) {
    const c = text[j]!;
    if (c === '"') return { end: j + 1, value, quote: '"' };
    if (c === '\n') break; // unterminated: stop at the line end
    if (c === '\\') {
      const e = text[j + 1] ?? '';
      if (e === 'u') {
        const hex = text.slice(j + 2, j + 6);
        if (value !== undefined) value += String.fromCharCode(parseInt(hex, 16));
        j += 6;
      } else {
        if (value !== undefined) value += ESCAPES[e] ?? e;
        j += 2;
      }
      continue;
    }
    if (kotlin && c === '$') {
      const t = skipTemplate(text, j);
      if (t > j) {
        value = undefined;
        j = t;
        continue;
      }
    }
    if (value !== undefined) value += c;
    j++;
  }
  return { end: j, value, quote: '"' };
}

/** Java text block or Kotlin raw string. */
function readTripleString(text: string, i: number, kotlin: boolean): Lit {
  let j = i + 3;
  const n = text.length;
  let value: string | undefined = '';
  while (j < n) {
    if (text.startsWith('"""', j)) {
      let end = j + 3;
      while (kotlin && text[end] === '"') end++; // Kotlin: extra quotes belong to the content
      if (value !== undefined) value += text.slice(j, end - 3);
      if (!kotlin && value !== undefined) value = javaTextBlock(value);
      return { end, value, quote: '"""' };
    }
    const c = text[j]!;
    if (!kotlin && c === '\\') {
      if (value !== undefined) value += c + (text[j + 1] ?? '');
      j += 2;
      continue;
    }
    if (kotlin && c === '$') {
      const t = skipTemplate(text, j);
      if (t > j) {
        value = undefined;
        j = t;
        continue;
      }
    }
    if (value !== undefined) value += c;
    j++;
  }
  return { end: n, value, quote: '"""' };
}

/** A Java text block's content: the opening line break dropped, escapes decoded (indentation kept). */
function javaTextBlock(raw: string): string {
  const body = raw.replace(/^[ \t]*\r?\n/, '');
  return body.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_, e: string) => (e.length === 5 ? String.fromCharCode(parseInt(e.slice(1), 16)) : (ESCAPES[e] ?? e)));
}

/** Kotlin `$name` or `${expr}` at j; returns the index after it, or j when `$` is literal. */
function skipTemplate(text: string, j: number): number {
  if (text[j + 1] === '{') {
    let depth = 1;
    let k = j + 2;
    while (k < text.length && depth > 0) {
      const c = text[k]!;
      if (c === '{') depth++;
      else if (c === '}') depth--;
      else if (c === '"') {
        k = (text.startsWith('"""', k) ? readTripleString(text, k, true) : readString(text, k, true)).end;
        continue;
      }
      k++;
    }
    return k;
  }
  if (/[A-Za-z_]/.test(text[j + 1] ?? '')) {
    let k = j + 1;
    while (k < text.length && /\w/.test(text[k]!)) k++;
    return k;
  }
  return j;
}

/** Index of the token closing the bracket opened at `open` (or tokens.length). */
export function matching(tokens: Token[], open: number): number {
  const o = tokens[open]!.v;
  const c = o === '(' ? ')' : o === '{' ? '}' : o === '[' ? ']' : '>';
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    const v = tokens[i]!;
    if (v.t !== 'p') continue;
    if (v.v === o) depth++;
    else if (v.v === c) {
      depth--;
      if (depth === 0) return i;
    }
  }
  return tokens.length;
}
