// Values inside YAML scalars and sequences: the comma-separated items of a scalar, with the
// offsets of each item, and the value text a conversion writes in place of an old value.
import { isScalar, isSeq } from '../../src/formats/yaml-lib.js';
import type { Scalar } from 'yaml';
import type { YamlPair } from '../../src/formats/yaml.js';
import { valueText } from '../../src/formats/yaml.js';

export interface ValueItem {
  start: number;
  end: number;
  text: string;
}

/**
 * The comma-separated items of a one-line plain or quoted scalar, with their offsets in the file.
 * Undefined when the scalar's source is not a simple list (block scalars, escapes, several lines):
 * such a value is reported, never edited.
 */
export function scalarItems(text: string, scalar: Scalar): ValueItem[] | undefined {
  const [start, end] = scalar.range!;
  const raw = text.slice(start, end);
  if (raw.includes('\n')) return undefined;
  let inner = raw;
  let base = start;
  if (scalar.type === 'QUOTE_SINGLE' || scalar.type === 'QUOTE_DOUBLE') {
    inner = raw.slice(1, -1);
    base = start + 1;
    if (scalar.type === 'QUOTE_DOUBLE' ? inner.includes('\\') : inner.includes("'")) return undefined;
  } else if (scalar.type !== 'PLAIN') {
    return undefined;
  }
  const items: ValueItem[] = [];
  let from = 0;
  for (const part of inner.split(',')) {
    const lead = /^\s*/.exec(part)![0].length;
    const trimmed = part.trim();
    if (trimmed) items.push({ start: base + from + lead, end: base + from + lead + trimmed.length, text: trimmed });
    from += part.length + 1;
  }
  return items;
}

/** The scalars holding a list value: the value itself, or every scalar item of a sequence. */
export function listScalars(pair: YamlPair): Scalar[] {
  const v = pair.value;
  if (isSeq(v)) return v.items.filter((i): i is Scalar => isScalar(i));
  return isScalar(v) && v.range ? [v] : [];
}

/** A value as plain text for a conversion: a scalar's string, or a sequence's items joined by ','. */
export function plainValue(pair: YamlPair): string | undefined {
  const v = pair.value;
  if (v === null) return '';
  if (isScalar(v)) return String(v.source ?? v.value ?? '');
  if (isSeq(v) && v.items.every((i) => isScalar(i))) return v.items.map((i) => String((i as Scalar).source ?? '')).join(',');
  return undefined;
}

/**
 * The edit that writes `value` as the pair's new value, or undefined when the value already
 * reads so (it is kept as written, with its quoting), or 'uncertain' when the old value's
 * layout cannot be replaced with certainty (a block scalar, a comment between key and list).
 */
export function valueEdit(text: string, pair: YamlPair, value: string): ValueItem | undefined | 'uncertain' {
  const v = pair.value;
  if (isScalar(v) && v.range) {
    if (String(v.source ?? v.value ?? '').trim() === value) return undefined;
    if (v.type === 'BLOCK_LITERAL' || v.type === 'BLOCK_FOLDED' || text.slice(v.range[0], v.range[1]).includes('\n')) return 'uncertain';
    if (v.range[0] === v.range[1]) return { start: pair.key.range![1], end: colonEnd(text, pair), text: `: ${valueText(value)}` };
    return { start: v.range[0], end: v.range[1], text: valueText(value) };
  }
  if (isSeq(v) && v.range) {
    // an anchor on the list would be lost (its aliases would stand for a scalar); a tag might not fit the value
    if (v.anchor || v.tag) return 'uncertain';
    const only = v.items.length === 1 && isScalar(v.items[0]) ? (v.items[0] as Scalar) : undefined;
    if (only?.tag) return 'uncertain';
    // the item's anchor (`- &job importJob`) goes with its value: its aliases keep standing for it
    const anchor = only?.anchor ? `&${only.anchor} ` : '';
    const written = anchor + (only && String(only.source) === value && only.range ? text.slice(only.range[0], only.range[1]) : valueText(value));
    if (v.flow) return { start: v.range[0], end: v.range[1], text: written };
    // A block sequence's range runs past its last line end (up to the next key, `---` or
    // comment): the edit ends where the last item's value ends, so what follows stays put.
    const last = v.items[v.items.length - 1];
    if (!isScalar(last) || !last.range) return 'uncertain';
    const colon = colonEnd(text, pair);
    const end = last.range[1];
    if (text.slice(colon, end).includes('#')) return 'uncertain';
    return { start: colon, end, text: ` ${written}` };
  }
  return 'uncertain';
}

/** Offset just after the ':' that follows a block key. */
function colonEnd(text: string, pair: YamlPair): number {
  const colon = text.indexOf(':', pair.key.range![1]);
  return colon + 1;
}
