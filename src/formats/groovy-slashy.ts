// Groovy slashy strings (`/^[0-9,.v-]+(-r)?$/`, `$/.../$`) found before the lexer runs. The
// lexer reads a slashy string as code, so brackets inside one (a regular expression in the
// common dependency-updates snippet) unbalanced its tree and cost the whole file. Each one-line
// slashy string in operand position (Groovy's own rule: after `=`, `(`, `,`, `==~`, `return`,
// ...) is masked with a double-quoted string of the same length, so every offset stays; the
// caller turns the string token the lexer reads there into one opaque token no rule matches.
// Comments and quoted strings (with `${...}` inside GStrings) are skipped so a slash in them is
// never taken for one.

export interface Masked {
  text: string;
  /** [start, end) of every masked slashy string, in order. */
  spans: [number, number][];
}

/** Tokens after which a `/` opens a slashy string rather than dividing (Groovy's own rule). */
export const OPERAND_EXPECTED = new Set(['=', '==', '!=', '=~', '==~', ',', ':', '?', '&&', '||', '!', '+', '<<', '->', 'return', 'in', 'case', 'assert']);

const OP_CHARS = '=!~<>+-*%&|^?:.,;@';

type Prev = 'none' | 'open' | 'close' | 'word' | 'number' | 'string' | 'op';

export function maskSlashy(text: string): Masked {
  const spans: [number, number][] = [];
  let prev: Prev = 'none';
  let prevValue = '';
  let newline = false;
  let i = 0;
  const n = text.length;
  const operandExpected = () =>
    prev === 'none' || prev === 'open' || ((prev === 'op' || prev === 'word') && OPERAND_EXPECTED.has(prevValue)) || (newline && prev !== 'number' && prev !== 'string' && prev !== 'close' && prev !== 'word');
  while (i < n) {
    const c = text[i]!;
    if (c === '\n') {
      newline = true;
      i++;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r' || c === '\f') {
      i++;
      continue;
    }
    if (c === '/' && text[i + 1] === '/') {
      while (i < n && text[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
      continue;
    }
    if (c === '"' || c === "'") {
      i = skipQuoted(text, i);
      prev = 'string';
      newline = false;
      continue;
    }
    const dollar = c === '$' && text[i + 1] === '/';
    if ((c === '/' || dollar) && text[i + (dollar ? 2 : 1)] !== '=' && operandExpected()) {
      const end = slashyEnd(text, i + (dollar ? 1 : 0), dollar);
      if (end !== undefined) {
        spans.push([i, end]);
        i = end;
        prev = 'string';
        newline = false;
        continue;
      }
    }
    if (/[A-Za-z_$]/.test(c)) {
      const start = i;
      while (i < n && /[\w$]/.test(text[i]!)) i++;
      prev = 'word';
      prevValue = text.slice(start, i);
    } else if (/[0-9]/.test(c)) {
      while (i < n && /[\w.]/.test(text[i]!)) i++;
      prev = 'number';
    } else if (c === '(' || c === '[' || c === '{') {
      i++;
      prev = 'open';
    } else if (c === ')' || c === ']' || c === '}') {
      i++;
      prev = 'close';
    } else if (OP_CHARS.includes(c) || c === '/') {
      const start = i;
      i++;
      while (i < n && OP_CHARS.includes(text[i]!)) i++;
      prev = 'op';
      prevValue = text.slice(start, i);
    } else {
      i++;
      prev = 'op';
      prevValue = c;
    }
    newline = false;
  }
  if (spans.length === 0) return { text, spans };
  let out = '';
  let at = 0;
  for (const [s, e] of spans) {
    out += text.slice(at, s) + '"' + ' '.repeat(e - s - 2) + '"';
    at = e;
  }
  return { text: out + text.slice(at), spans };
}

/** Offset just after the slash (or `/$`) that closes the slashy string opened at `start`; undefined when not closed on its line. */
function slashyEnd(text: string, start: number, dollar: boolean): number | undefined {
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') return undefined;
    if (dollar) {
      if (c === '$' && (text[i + 1] === '$' || text[i + 1] === '/')) i++; // $$ and $/ escape
      else if (c === '/' && text[i + 1] === '$') return i + 2;
    } else if (c === '\\' && text[i + 1] === '/') i++;
    else if (c === '/') return i + 1;
  }
  return undefined;
}

/** Offset after the quoted string at `i` ('...', "...", '''...''', """...""", GString `${...}` inside). */
function skipQuoted(text: string, i: number): number {
  const q = text[i]!;
  const triple = text.startsWith(q.repeat(3), i);
  const close = triple ? q.repeat(3) : q;
  let j = i + close.length;
  while (j < text.length) {
    const c = text[j];
    if (c === '\\') {
      j += 2;
      continue;
    }
    if (!triple && c === '\n') return j; // unterminated on its line: the lexer reports it
    if (text.startsWith(close, j)) return j + close.length;
    if (q === '"' && c === '$' && text[j + 1] === '{') {
      j = skipTemplate(text, j + 2);
      continue;
    }
    j++;
  }
  return j;
}

/** Offset after the `}` that closes a `${` whose body starts at `j`, quoted strings in it skipped. */
function skipTemplate(text: string, j: number): number {
  let depth = 1;
  while (j < text.length && depth > 0) {
    const c = text[j]!;
    if (c === '"' || c === "'") {
      j = skipQuoted(text, j);
      continue;
    }
    if (c === '{') depth++;
    else if (c === '}') depth--;
    j++;
  }
  return j;
}
