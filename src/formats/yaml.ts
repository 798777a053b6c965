// YAML adapter: the `yaml` package's parser, used only for positions. Re-printing a Document
// changed 107 of 192 real files on a no-op round trip, so nothing here serializes a document:
// it gives every mapping pair its full Spring key path (nested, flat dotted, mixed, sequence
// items as `a[0]`) with the offsets a transform needs to splice text, and the line facts
// (indentation, which lines are comments) needed to move whole lines.
import { noteParsed } from './parse-memo.js';
import { isAlias, isMap, isPair, isScalar, isSeq, yamlLib } from './yaml-lib.js';
import type { Node, Pair, Scalar, YAMLMap } from 'yaml';
import { LineIndex } from '../engine/text.js';
import { duplicateKey } from './yaml-keys.js';
import { ParseError } from '../engine/types.js';
import { splitKey } from '../properties/resolve.js';

export interface YamlMap {
  node: YAMLMap;
  flow: boolean;
  /** Full key path of this map (raw spelling); [] for a document's root map. */
  path: string[];
  /** The pair whose value this map is; undefined for a root map or a sequence item. */
  owner?: YamlPair;
  /** A map that is an item of a sequence (`- a: 1`). */
  inSeq: boolean;
  pairs: YamlPair[];
}

export interface YamlPair {
  map: YamlMap;
  key: Scalar;
  keyText: string;
  /** Segments the key contributes: `spring.redis.host: x` gives three. */
  keySegs: string[];
  path: string[];
  value: Node | null;
  /** The value when it is a mapping. */
  child?: YamlMap;
  /** Maps that are items of a sequence value. */
  itemMaps: YamlMap[];
  /** Column of the key on its line (0-based). */
  column: number;
  /** Only indentation precedes the key on its line, so the pair can be moved by whole lines. */
  lineOwned: boolean;
}

export interface YamlDoc {
  index: number;
  start: number;
  end: number;
  root?: YamlMap;
  /** Every pair, in document order. */
  pairs: YamlPair[];
  /** Anchor name -> offsets where it is defined; alias name -> offsets where it is used. */
  anchors: { name: string; offset: number; end: number }[];
  aliases: { name: string; offset: number }[];
}

export interface YamlFile {
  text: string;
  lines: Lines;
  docs: YamlDoc[];
}

/** Line facts of a text: starts, indentation, and which lines are comments (not scalar content). */
export class Lines extends LineIndex {
  private contentRanges: [number, number][] = [];
  lineText(line: number): string {
    const start = this.starts[line]!;
    const end = line + 1 < this.starts.length ? this.starts[line + 1]! : this.text.length;
    return this.text.slice(start, end).replace(/\r?\n$/, '');
  }
  addContentRange(start: number, end: number): void {
    this.contentRanges.push([start, end]);
  }
  /** True when the line holds nothing but a comment (and is not inside a block or multi-line scalar). */
  isComment(line: number): boolean {
    if (!/^\s*#/.test(this.lineText(line))) return false;
    const start = this.starts[line]!;
    return !this.contentRanges.some(([s, e]) => start > s && start < e);
  }
  isBlank(line: number): boolean {
    return /^\s*$/.test(this.lineText(line));
  }
  indentOf(line: number): number {
    return /^ */.exec(this.lineText(line))![0].length;
  }
}

function firstLine(message: string): string {
  return message.split('\n')[0]!.replace(/:$/, '');
}

/** Parses every document of a YAML file; throws ParseError on the first error (tabs as indentation included). */
export function parseYaml(text: string): YamlFile {
  const lines = new Lines(text);
  // uniqueKeys: false, and duplicateKey() instead: the package's check is quadratic in a map's size
  const parsed = yamlLib().parseAllDocuments(text, { uniqueKeys: false });
  // An empty stream is an empty array (with `empty: true`): no documents, nothing to change.
  const list = [...parsed];
  for (const doc of list) {
    const error = doc.errors[0];
    if (error) throw new ParseError(firstLine(error.message), error.pos[0]);
    const duplicate = duplicateKey(doc);
    if (duplicate) throw new ParseError(duplicate.message, duplicate.offset);
  }
  noteParsed('yaml', text, list.length);
  const docs = list.map((doc, index) => {
    const out: YamlDoc = { index, start: doc.range[0], end: doc.range[2], pairs: [], anchors: [], aliases: [] };
    const walker = new Walker(text, lines, out);
    if (isMap(doc.contents)) out.root = walker.map(doc.contents as YAMLMap, [], undefined, false);
    else if (doc.contents) walker.other(doc.contents as Node);
    return out;
  });
  return { text, lines, docs };
}

/**
 * Where a node's own text ends. The `yaml` package's range of a block collection whose last
 * value is empty (`key:` and nothing after it) runs on to the next token, over the comment lines
 * and indentation between, into the next key's line: a block collection ends where its last
 * item does. A flow collection ends at its bracket.
 */
export function nodeEnd(node: Node): number {
  if ((isMap(node) || isSeq(node)) && !node.flow) {
    const last: unknown = node.items[node.items.length - 1];
    if (isPair(last)) {
      const keyEnd = (last.key as Node | null)?.range?.[1] ?? node.range![0];
      return last.value ? Math.max(keyEnd, nodeEnd(last.value as Node)) : keyEnd;
    }
    if (last) return nodeEnd(last as Node);
  }
  return node.range![1];
}

/** Where a pair's own text ends: its value's end, or its key's when it has no value. */
export function pairEnd(pair: Pick<YamlPair, 'key' | 'value'>): number {
  return pair.value?.range ? Math.max(pair.key.range![1], nodeEnd(pair.value)) : pair.key.range![1];
}

/** Appends `[i]` to the last segment of a path (a sequence item). */
export function indexed(path: string[], i: number): string[] {
  return [...path.slice(0, -1), `${path[path.length - 1] ?? ''}[${i}]`];
}

class Walker {
  constructor(
    private readonly text: string,
    private readonly lines: Lines,
    private readonly doc: YamlDoc,
  ) {}

  map(node: YAMLMap, path: string[], owner: YamlPair | undefined, inSeq: boolean): YamlMap {
    const map: YamlMap = { node, flow: !!node.flow, path, owner, inSeq, pairs: [] };
    this.note(node as unknown as Node);
    for (const item of node.items as Pair<unknown, unknown>[]) {
      const key = item.key as Node | null;
      if (!isScalar(key) || !key.range) {
        // Complex keys (`? [a, b]`) are not Spring keys; still record anchors and aliases below them.
        if (key) this.other(key);
        if (item.value) this.other(item.value as Node);
        continue;
      }
      this.note(key);
      const keyText = String(key.source ?? key.value);
      const keySegs = splitKey(keyText);
      const lineStart = this.lines.lineStart(key.range[0]);
      const before = this.text.slice(lineStart, key.range[0]);
      const pair: YamlPair = {
        map,
        key,
        keyText,
        keySegs,
        path: [...path, ...keySegs],
        value: (item.value as Node | null) ?? null,
        itemMaps: [],
        column: key.range[0] - lineStart,
        lineOwned: /^ *$/.test(before) && !map.flow,
      };
      map.pairs.push(pair);
      this.doc.pairs.push(pair);
      this.value(pair);
    }
    if (map.flow && node.range) this.lines.addContentRange(node.range[0], node.range[1]);
    return map;
  }

  private value(pair: YamlPair): void {
    const value = pair.value;
    if (!value) return;
    if (isMap(value)) {
      pair.child = this.map(value as YAMLMap, pair.path, pair, false);
    } else if (isSeq(value)) {
      this.note(value);
      if (value.flow && value.range) this.lines.addContentRange(value.range[0], value.range[1]);
      value.items.forEach((item, i) => {
        if (isMap(item)) pair.itemMaps.push(this.map(item as YAMLMap, indexed(pair.path, i), undefined, true));
        else if (item) this.other(item as Node);
      });
    } else {
      this.other(value);
    }
  }

  /** Anchors, aliases and multi-line scalar content of nodes that are not walked as pairs. */
  other(node: Node): void {
    if (isMap(node) || isSeq(node)) {
      this.note(node);
      if (node.range) this.lines.addContentRange(node.range[0], node.range[1]);
      for (const item of node.items as unknown[]) {
        if (item && typeof item === 'object' && 'key' in item) {
          const p = item as Pair<Node, Node>;
          if (p.key) this.other(p.key);
          if (p.value) this.other(p.value);
        } else if (item) this.other(item as Node);
      }
      return;
    }
    this.note(node);
  }

  private note(node: Node): void {
    if (!node.range) return;
    if (isAlias(node)) {
      this.doc.aliases.push({ name: node.source, offset: node.range[0] });
      return;
    }
    if (node.anchor) this.doc.anchors.push({ name: node.anchor, offset: node.range[0], end: node.range[1] });
    if (isScalar(node) && this.lines.lineOf(node.range[0]) !== this.lines.lineOf(Math.max(node.range[0], node.range[1] - 1))) {
      this.lines.addContentRange(node.range[0], node.range[1]);
    }
  }
}

const PLAIN_SAFE = /^[A-Za-z0-9_][A-Za-z0-9_./\-]*$/;

/** A key or value written in the same quoting style as `like` (plain when safe, else double quotes). */
export function scalarText(value: string, like?: Scalar['type']): string {
  if (like === 'QUOTE_SINGLE' && !value.includes("'")) return `'${value}'`;
  if (like === 'QUOTE_DOUBLE' || !PLAIN_SAFE.test(value)) return JSON.stringify(value);
  return value;
}

/** A value written as a plain scalar when YAML reads it back as the same string, else double-quoted. */
export function valueText(value: string): string {
  if (/^[A-Za-z0-9_./][A-Za-z0-9_./:,*\-]*$/.test(value) && !/^(null|~)$/i.test(value)) return value;
  return JSON.stringify(value);
}
