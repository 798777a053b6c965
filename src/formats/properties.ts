// Format adapter for Spring Boot .properties files: logical lines with exact offsets, so that a
// pass can replace a key's own text and nothing else. dot-properties finds the lines (comments,
// separators, continuations); this module adds what Spring needs on top: unescaping with an
// offset map (a key written `spring.re\u0064is.host` is matched as `spring.redis.host`, and an
// edit covers only the characters that change), whole-line ranges for deletions, and the
// `#---` / `!---` document separators of Spring Boot 2.4+.
import { noteParsed } from './parse-memo.js';
import type { Node as DotNode } from 'dot-properties';
import { lazyModule } from '../engine/lazy.js';

const dotProperties = lazyModule<typeof import('dot-properties')>('dot-properties');
import { ParseError } from '../engine/types.js';

export interface PropertyEntry {
  /** Unescaped key as Spring reads it (continuations joined, `\uXXXX` decoded). */
  key: string;
  /** Unescaped value (leading whitespace skipped, trailing kept, as java.util.Properties does). */
  value: string;
  /** Raw key text is text[keyStart, keyEnd); the separator is text[keyEnd, valueStart). */
  keyStart: number;
  keyEnd: number;
  valueStart: number;
  valueEnd: number;
  /** Start of the natural line that holds the key (indentation included). */
  lineStart: number;
  /** After the end-of-line that ends the logical line (or the end of the text). */
  lineEnd: number;
  /** Index into ParsedProperties.documents. */
  document: number;
}

export interface PropertiesDocument {
  index: number;
  entries: PropertyEntry[];
}

export interface ParsedProperties {
  entries: PropertyEntry[];
  documents: PropertiesDocument[];
}

/** Spring Boot 2.4+ document separator: `#---` or `!---` at column 0, nothing but blanks after. */
const DOCUMENT_SEPARATOR = /^[#!]---[ \t\f]*$/;

/**
 * dot-properties recognises a backslash continuation only before '\n'. A continuation written
 * before CRLF (or a lone CR) inside a key or a separator would end the key early. Spring reads
 * the text through a LineNumberReader, which treats all three as line ends. This view rewrites
 * an escaping backslash's `\r\n` to `\n ` and a bare `\r` to `\n`: the same length, so every
 * offset dot-properties returns is an offset into the original text (the extra blank is
 * indentation, which a continuation skips anyway).
 */
function continuationView(text: string): string {
  if (!text.includes('\\\r')) return text;
  return text.replace(/(\\+)\r(\n?)/g, (match: string, slashes: string, lf: string) => {
    if (slashes.length % 2 === 0) return match;
    return lf ? `${slashes}\n ` : `${slashes}\n`;
  });
}

export interface Unescaped {
  text: string;
  /** offsets[i] = index in the raw text where character i of `text` starts; offsets[text.length] = raw length. */
  offsets: number[];
}

const SIMPLE_ESCAPES: Record<string, string> = { t: '\t', n: '\n', r: '\r', f: '\f' };

/**
 * Java's loadConvert with an offset map. `base` is added to every offset (pass the raw text's
 * start in the file so that errors point at the right place).
 */
export function unescapeWithOffsets(raw: string, base = 0): Unescaped {
  let text = '';
  const offsets: number[] = [];
  let i = 0;
  while (i < raw.length) {
    const ch = raw[i]!;
    if (ch !== '\\') {
      offsets.push(base + i);
      text += ch;
      i++;
      continue;
    }
    const next = raw[i + 1];
    if (next === undefined) break; // a lone backslash at the very end escapes nothing
    if (next === '\r' || next === '\n') {
      i += next === '\r' && raw[i + 2] === '\n' ? 3 : 2;
      while (i < raw.length && (raw[i] === ' ' || raw[i] === '\t' || raw[i] === '\f')) i++;
      continue;
    }
    offsets.push(base + i);
    if (next === 'u') {
      const hex = raw.slice(i + 2, i + 6);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new ParseError(`malformed \\uxxxx escape '${raw.slice(i, i + 6)}'`, base + i);
      text += String.fromCharCode(parseInt(hex, 16));
      i += 6;
    } else {
      text += SIMPLE_ESCAPES[next] ?? next;
      i += 2;
    }
  }
  offsets.push(base + raw.length);
  return { text, offsets };
}

function isBlank(ch: string | undefined): boolean {
  return ch === ' ' || ch === '\t' || ch === '\f';
}

function naturalLineStart(text: string, offset: number): number {
  let i = offset;
  while (i > 0 && isBlank(text[i - 1])) i--;
  return i;
}

function afterEol(text: string, offset: number): number {
  if (text[offset] === '\r') return text[offset + 1] === '\n' ? offset + 2 : offset + 1;
  if (text[offset] === '\n') return offset + 1;
  return offset;
}

function atColumnZero(text: string, offset: number): boolean {
  return offset === 0 || text[offset - 1] === '\n' || text[offset - 1] === '\r';
}

/**
 * Parses a .properties text (BOM already removed) into entries with exact ranges, split into
 * documents at `#---` / `!---`. Throws ParseError where Spring would fail (malformed \u escape).
 */
export function parseProperties(text: string): ParsedProperties {
  const nodes = dotProperties().parseLines(continuationView(text), true) as Required<DotNode>[];
  const entries: PropertyEntry[] = [];
  const documents: PropertiesDocument[] = [{ index: 0, entries: [] }];
  let previous: DotNode['type'] | undefined;
  for (const node of nodes) {
    if (node.type === 'COMMENT') {
      const [start, end] = node.range;
      // Spring's loader: a separator must start at column 0 and not follow a comment line.
      if (previous !== 'COMMENT' && atColumnZero(text, start) && DOCUMENT_SEPARATOR.test(text.slice(start, end))) {
        documents.push({ index: documents.length, entries: [] });
        previous = 'EMPTY_LINE'; // the separator itself does not count as a comment for the next one
        continue;
      }
    } else if (node.type === 'PAIR') {
      const entry = toEntry(text, node.range as [number, number, number, number], documents.length - 1);
      if (entry.key !== '') {
        entries.push(entry);
        documents[documents.length - 1]!.entries.push(entry);
      }
    }
    previous = node.type;
  }
  noteParsed('properties', text, documents.length);
  return { entries, documents };
}

function toEntry(text: string, range: [number, number, number, number], document: number): PropertyEntry {
  const [keyStart, keyEnd, valueStart, rawValueEnd] = range;
  // A backslash as the file's last character makes dot-properties step one past the end.
  const valueEnd = Math.min(rawValueEnd, text.length);
  return {
    key: unescapeWithOffsets(text.slice(keyStart, keyEnd), keyStart).text,
    value: unescapeWithOffsets(text.slice(valueStart, valueEnd), valueStart).text,
    keyStart,
    keyEnd,
    valueStart,
    valueEnd,
    lineStart: naturalLineStart(text, keyStart),
    lineEnd: afterEol(text, valueEnd),
    document,
  };
}

function escapeChar(ch: string, inKey: boolean): string {
  const code = ch.charCodeAt(0);
  if (code > 0xff) return '\\u' + code.toString(16).toUpperCase().padStart(4, '0');
  switch (ch) {
    case '\\':
      return '\\\\';
    case '\t':
      return '\\t';
    case '\n':
      return '\\n';
    case '\r':
      return '\\r';
    case '\f':
      return '\\f';
    case ' ':
    case '=':
    case ':':
    case '#':
    case '!':
      return inKey ? '\\' + ch : ch;
    default:
      return ch;
  }
}

/** Key text as a .properties file must spell it (as Properties.store would escape it). */
export function escapeKey(key: string): string {
  return Array.from(key, (ch) => escapeChar(ch, true)).join('');
}

/**
 * Value text as a .properties file must spell it. Blanks at the very start of a value would be
 * skipped as part of the separator, so there (atStart) they are escaped.
 */
export function escapeValue(value: string, atStart = true): string {
  const lead = atStart ? /^[ \t\f]*/.exec(value)![0] : '';
  return Array.from(lead, (ch) => (ch === ' ' ? '\\ ' : escapeChar(ch, false))).join('') + Array.from(value.slice(lead.length), (ch) => escapeChar(ch, false)).join('');
}

export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/**
 * The smallest edit that turns an escaped span of the file (raw text[start, end), unescaped
 * `from`) into `to`: the common prefix and suffix keep the user's own spelling (escapes,
 * continuations, map keys), only the middle is replaced. undefined when nothing changes.
 */
export function minimalEdit(text: string, start: number, end: number, to: string, escape: (s: string, atStart: boolean) => string): TextEdit | undefined {
  const { text: from, offsets } = unescapeWithOffsets(text.slice(start, end), start);
  if (from === to) return undefined;
  let prefix = 0;
  const max = Math.min(from.length, to.length);
  while (prefix < max && from[prefix] === to[prefix]) prefix++;
  let suffix = 0;
  while (suffix < max - prefix && from[from.length - 1 - suffix] === to[to.length - 1 - suffix]) suffix++;
  return { start: offsets[prefix]!, end: offsets[from.length - suffix]!, text: escape(to.slice(prefix, to.length - suffix), prefix === 0) };
}

/** The edit that renames an entry's key: only the key's own characters change. */
export function renameKeyEdit(text: string, entry: PropertyEntry, newKey: string): TextEdit | undefined {
  return minimalEdit(text, entry.keyStart, entry.keyEnd, newKey, escapeKey);
}

/** The edit that sets an entry's value, keeping the raw spelling of what does not change. */
export function setValueEdit(text: string, entry: PropertyEntry, newValue: string): TextEdit | undefined {
  return minimalEdit(text, entry.valueStart, entry.valueEnd, newValue, escapeValue);
}

/** The edit that deletes an entry's whole logical line, its end-of-line included. */
export function deleteLineEdit(entry: PropertyEntry): TextEdit {
  return { start: entry.lineStart, end: entry.lineEnd, text: '' };
}
