// Whole-line views of YAML pairs: where a pair's lines start and end (with the comments that
// belong to it), how to re-indent them, and where a map's content ends. Moves are built from
// these ranges; nothing is re-printed.
import { pairEnd, type Lines, type YamlMap, type YamlPair } from '../../src/formats/yaml.js';

/** Offset of the last character of a pair's own text (key, or the end of its value). */
function contentEnd(pair: YamlPair): number {
  return pairEnd(pair) - 1;
}

/** First offset of a pair's lines: its key line, plus comment lines directly above it (not deeper). */
export function blockStart(lines: Lines, pair: YamlPair): number {
  let line = lines.lineOf(pair.key.range![0]);
  while (line > 0 && lines.isComment(line - 1) && lines.indentOf(line - 1) <= pair.column) line--;
  return lines.starts[line]!;
}

/** End of a pair's lines: after its value's last line, plus comment lines below it that are indented deeper than its key. */
export function blockEnd(lines: Lines, pair: YamlPair): number {
  let end = lines.lineEnd(contentEnd(pair));
  let line = lines.lineOf(end);
  while (end < lines.text.length && line < lines.count && lines.isComment(line) && lines.indentOf(line) > pair.column) {
    end = lines.lineEnd(lines.starts[line]!);
    line++;
  }
  return end;
}

/** Where new pairs of a block map go: after its last line (and the comments indented inside it). */
export function mapEnd(lines: Lines, map: YamlMap): number {
  if (map.owner) return blockEnd(lines, map.owner);
  const last = map.pairs[map.pairs.length - 1];
  return last ? blockEnd(lines, last) : lines.text.length;
}

/** Column of a block map's keys. */
export function mapIndent(map: YamlMap): number {
  return map.pairs[0]?.column ?? 0;
}

/** The document's indentation step, read from its first nested block map (2 when there is none). */
export function indentStep(pairs: YamlPair[]): number {
  for (const pair of pairs) {
    const first = pair.child?.pairs[0];
    if (pair.lineOwned && first?.lineOwned && first.column > pair.column) return first.column - pair.column;
  }
  return 2;
}

/**
 * The lines [start, end) of the text, shifted from column `from` to column `to`, with the
 * replacements (absolute offsets, none spanning a line break) spliced in. Lines inside block or
 * multi-line scalars shift by the same amount, so their content keeps its relative indentation;
 * empty lines stay empty.
 */
export function shiftLines(lines: Lines, start: number, end: number, from: number, to: number, replace: { start: number; end: number; text: string }[] = []): string {
  const delta = to - from;
  const out: string[] = [];
  for (let line = lines.lineOf(start); line < lines.count && lines.starts[line]! < end; line++) {
    const s = lines.starts[line]!;
    const e = Math.min(line + 1 < lines.count ? lines.starts[line + 1]! : lines.text.length, end);
    let text = lines.text.slice(s, e);
    for (const r of [...replace].sort((a, b) => b.start - a.start)) {
      if (r.start >= s && r.end <= e) text = text.slice(0, r.start - s) + r.text + text.slice(r.end - s);
    }
    out.push(shiftLine(text, delta));
  }
  return out.join('');
}

function shiftLine(line: string, delta: number): string {
  if (delta === 0 || /^\r?\n?$/.test(line)) return line;
  if (delta > 0) return ' '.repeat(delta) + line;
  const spaces = /^ */.exec(line)![0].length;
  return line.slice(Math.min(spaces, -delta));
}

/** Shifts every non-empty line of a text (used for text that holds no multi-line scalar). */
export function shiftText(text: string, from: number, to: number): string {
  return (text.match(/[^\n]*\n|[^\n]+$/g) ?? []).map((line) => shiftLine(line, to - from)).join('');
}
