// A line-level scanner for Gradle version catalogs (gradle/libs.versions.toml) that keeps exact
// offsets. No TOML library on npm reports value positions (they parse to objects), so editing
// through one would mean re-printing the file. A catalog only needs: [table] headers, `key =
// "string"` and one-line inline tables `key = { module = "g:a", version.ref = "x" }` (TOML 1.0
// forbids line breaks inside inline tables). Strings are scanned with their escapes, comments are
// skipped, arrays (bundles) and multi-line strings are stepped over. An unterminated string or
// inline table is a file that does not parse (ParseError).
import { ParseError } from '../engine/types.js';

export interface TomlString {
  kind: 'string';
  value: string;
  /** Span of the content between the quotes. */
  start: number;
  end: number;
}

export interface TomlTable {
  kind: 'table';
  fields: Map<string, TomlValue>;
  /** Offset of the closing brace. */
  close: number;
}

export type TomlValue = TomlString | TomlTable | { kind: 'other' };

export interface TomlEntry {
  /** The [table] the entry is in ('' before any header). */
  table: string;
  key: string;
  keyStart: number;
  value: TomlValue;
}

class Cursor {
  constructor(
    readonly text: string,
    public i: number,
  ) {}
  skipSpaces(): void {
    while (this.i < this.text.length && (this.text[this.i] === ' ' || this.text[this.i] === '\t')) this.i++;
  }
  peek(): string {
    return this.text[this.i] ?? '';
  }
}

export function scanToml(text: string): TomlEntry[] {
  const entries: TomlEntry[] = [];
  let table = '';
  const c = new Cursor(text, 0);
  while (c.i < text.length) {
    c.skipSpaces();
    const ch = c.peek();
    if (ch === '\n' || ch === '\r') {
      c.i++;
      continue;
    }
    if (ch === '#') {
      skipLine(c);
      continue;
    }
    if (ch === '[') {
      const end = text.indexOf(']', c.i);
      const nl = text.indexOf('\n', c.i);
      if (end < 0 || (nl >= 0 && end > nl)) throw new ParseError('unterminated table header', c.i);
      table = text.slice(c.i + 1, end).replace(/^\[|\]$/g, '').trim();
      c.i = end + 1;
      skipLine(c);
      continue;
    }
    const keyStart = c.i;
    const key = readKey(c);
    c.skipSpaces();
    if (c.peek() !== '=') throw new ParseError(`expected '=' after key ${key}`, c.i);
    c.i++;
    c.skipSpaces();
    entries.push({ table, key, keyStart, value: readValue(c) });
    skipLine(c);
  }
  return entries;
}

function skipLine(c: Cursor): void {
  c.skipSpaces();
  const ch = c.peek();
  if (ch !== '' && ch !== '#' && ch !== '\n' && ch !== '\r') throw new ParseError(`unexpected '${ch}'`, c.i);
  const nl = c.text.indexOf('\n', c.i);
  c.i = nl < 0 ? c.text.length : nl + 1;
}

/** A bare or quoted key, dotted parts joined with '.' (version.ref). */
function readKey(c: Cursor): string {
  const parts: string[] = [];
  for (;;) {
    c.skipSpaces();
    const ch = c.peek();
    if (ch === '"' || ch === "'") parts.push(readString(c).value);
    else {
      const m = /^[A-Za-z0-9_-]+/.exec(c.text.slice(c.i, c.i + 256));
      if (!m) throw new ParseError('expected a key', c.i);
      parts.push(m[0]);
      c.i += m[0].length;
    }
    c.skipSpaces();
    if (c.peek() !== '.') return parts.join('.');
    c.i++;
  }
}

function readValue(c: Cursor): TomlValue {
  const ch = c.peek();
  if (ch === '"' || ch === "'") {
    if (c.text.startsWith(ch.repeat(3), c.i)) return skipMultiline(c, ch.repeat(3));
    return readString(c);
  }
  if (ch === '{') return readInlineTable(c);
  if (ch === '[') return skipArray(c);
  const m = /^[^\s#,}\]]+/.exec(c.text.slice(c.i, c.i + 256));
  if (!m) throw new ParseError('expected a value', c.i);
  c.i += m[0].length;
  return { kind: 'other' };
}

function readString(c: Cursor): TomlString {
  const quote = c.peek();
  const start = c.i + 1;
  let i = start;
  while (i < c.text.length) {
    const ch = c.text[i]!;
    if (ch === '\n') break;
    if (quote === '"' && ch === '\\') {
      i += 2;
      continue;
    }
    if (ch === quote) {
      c.i = i + 1;
      return { kind: 'string', value: c.text.slice(start, i), start, end: i };
    }
    i++;
  }
  throw new ParseError('unterminated string', c.i);
}

function skipMultiline(c: Cursor, delim: string): TomlValue {
  const end = c.text.indexOf(delim, c.i + 3);
  if (end < 0) throw new ParseError('unterminated multi-line string', c.i);
  c.i = end + 3;
  return { kind: 'other' };
}

function readInlineTable(c: Cursor): TomlTable {
  const open = c.i;
  c.i++;
  const fields = new Map<string, TomlValue>();
  for (;;) {
    c.skipSpaces();
    const ch = c.peek();
    if (ch === '}') {
      const close = c.i;
      c.i++;
      return { kind: 'table', fields, close };
    }
    if (ch === '' || ch === '\n' || ch === '\r' || ch === '#') throw new ParseError('inline table is not closed on its line', open);
    const key = readKey(c);
    c.skipSpaces();
    if (c.peek() !== '=') throw new ParseError(`expected '=' after ${key}`, c.i);
    c.i++;
    c.skipSpaces();
    fields.set(key, readValue(c));
    c.skipSpaces();
    if (c.peek() === ',') c.i++;
  }
}

/** Arrays may span lines (bundles); strings inside are stepped over so a ']' in one does not end it. */
function skipArray(c: Cursor): TomlValue {
  const open = c.i;
  let depth = 0;
  while (c.i < c.text.length) {
    const ch = c.peek();
    if (ch === '"' || ch === "'") {
      readString(c);
      continue;
    }
    if (ch === '#') {
      const nl = c.text.indexOf('\n', c.i);
      c.i = nl < 0 ? c.text.length : nl;
      continue;
    }
    if (ch === '[') depth++;
    if (ch === ']') {
      depth--;
      if (depth === 0) {
        c.i++;
        return { kind: 'other' };
      }
    }
    c.i++;
  }
  throw new ParseError('unterminated array', open);
}
