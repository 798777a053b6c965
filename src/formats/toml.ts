// Gradle version catalogs (gradle/libs.versions.toml) through toml-eslint-parser, a complete
// TOML 1.0 parser that gives every key and value its exact source range, so edits are splices at
// those ranges and nothing is re-printed. The catalog pass sees one entry per `key = value` with
// the [table] it sits in; strings keep their raw text between the quotes (offsets inside them
// are offsets in the file), inline tables their fields and the offset of the closing brace.
// Multi-line strings, arrays (bundles), numbers and dates are `other`. A file the parser rejects
// (an unterminated string, a duplicate key, a line break in an inline table) throws ParseError.
import type { AST } from 'toml-eslint-parser';
import { ParseError } from '../engine/types.js';
import { lazyModule } from '../engine/lazy.js';

// 18 modules: loaded by the first catalog, not by every run that imports the build passes
const tomlParser = lazyModule<typeof import('toml-eslint-parser')>('toml-eslint-parser');

export interface TomlString {
  kind: 'string';
  /** The raw text between the quotes, escapes as written. */
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
  /** The [table] the entry is in ('' before any header), dotted parts joined with '.'. */
  table: string;
  /** The key as written, dotted parts joined with '.' (version.ref). */
  key: string;
  keyStart: number;
  value: TomlValue;
}

export function scanToml(text: string): TomlEntry[] {
  let ast: AST.TOMLProgram;
  try {
    ast = tomlParser().parseTOML(text);
  } catch (e) {
    const err = e as Error & { index?: number };
    throw new ParseError(err.message, err.index);
  }
  const entries: TomlEntry[] = [];
  for (const node of ast.body[0].body) {
    if (node.type === 'TOMLKeyValue') entries.push(entry('', node, text));
    else for (const kv of node.body) entries.push(entry(tableName(node), kv, text));
  }
  return entries;
}

function tableName(table: AST.TOMLTable): string {
  return table.resolvedKey.filter((k): k is string => typeof k === 'string').join('.');
}

function keyText(key: AST.TOMLKey): string {
  return key.keys.map((k) => (k.type === 'TOMLBare' ? k.name : k.value)).join('.');
}

function entry(table: string, kv: AST.TOMLKeyValue, text: string): TomlEntry {
  return { table, key: keyText(kv.key), keyStart: kv.key.range[0], value: value(kv.value, text) };
}

function value(node: AST.TOMLContentNode, text: string): TomlValue {
  if (node.type === 'TOMLValue' && node.kind === 'string' && !node.multiline) {
    const start = node.range[0] + 1;
    const end = node.range[1] - 1;
    return { kind: 'string', value: text.slice(start, end), start, end };
  }
  if (node.type === 'TOMLInlineTable') {
    const fields = new Map<string, TomlValue>();
    for (const kv of node.body) fields.set(keyText(kv.key), value(kv.value, text));
    return { kind: 'table', fields, close: node.range[1] - 1 };
  }
  return { kind: 'other' };
}
