// XML with exact offsets (saxes), for position edits on poms and other XML files. The tree keeps
// only what an editor needs: element names, the span of each tag and the parent/child links.
// Text is read raw from the original string between the tags, never decoded: an entity
// reference (&name;) is never expanded, and DOCTYPE declarations (internal or external) are never
// resolved or fetched. A value that holds an entity reference or markup is "opaque" (undefined).
import { noteParsed } from './parse-memo.js';
import { lazyModule } from '../engine/lazy.js';

const saxes = lazyModule<typeof import('saxes')>('saxes');
import { ParseError } from '../engine/types.js';

export interface XmlElement {
  /** Qualified name as written (prefix:local). */
  name: string;
  /** Offset of '<' of the start tag. */
  start: number;
  /** Offset just after '>' of the start tag. */
  openEnd: number;
  /** Offset of '<' of the end tag (== openEnd for a self-closing element). */
  closeStart: number;
  /** Offset just after the end tag. */
  end: number;
  selfClosing: boolean;
  attributes: Record<string, string>;
  parent?: XmlElement;
  children: XmlElement[];
}

export interface XmlDocument {
  text: string;
  root: XmlElement;
  /** The DOCTYPE declaration as written, if any (never interpreted). */
  doctype?: string;
  /** Entity references (&name;) the parser met that XML does not predefine; never expanded. */
  entityRefs: string[];
}

const UNDEFINED_ENTITY = /undefined entity/;

/** Parses `text`; throws ParseError with the offset of the first real error. */
export function parseXml(text: string): XmlDocument {
  const parser = new (saxes().SaxesParser)({ position: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let doctype: string | undefined;
  const entityRefs: string[] = [];
  let error: ParseError | undefined;

  parser.on('error', (e) => {
    // An entity declared in the DOCTYPE (or nowhere) is left as written: not an error for us.
    if (UNDEFINED_ENTITY.test(e.message)) {
      const m = /&([^;&\s]*);?$/.exec(text.slice(Math.max(0, parser.position - 64), parser.position));
      entityRefs.push(m?.[1] ?? '?');
      return;
    }
    error ??= new ParseError(e.message.replace(/^(?:[^:]*:)?\d+:\d+: /, ''), Math.max(0, parser.position - 1));
  });
  parser.on('doctype', (d) => {
    doctype = d;
  });
  parser.on('opentag', (tag) => {
    const openEnd = parser.position;
    const start = text.lastIndexOf('<', openEnd - 1);
    const attributes: Record<string, string> = {};
    for (const [k, v] of Object.entries(tag.attributes)) attributes[k] = typeof v === 'string' ? v : v.value;
    const el: XmlElement = { name: tag.name, start, openEnd, closeStart: openEnd, end: openEnd, selfClosing: tag.isSelfClosing, attributes, children: [] };
    const parent = stack[stack.length - 1];
    if (parent) {
      el.parent = parent;
      parent.children.push(el);
    } else root ??= el;
    if (!tag.isSelfClosing) stack.push(el);
  });
  parser.on('closetag', (tag) => {
    if (tag.isSelfClosing) return;
    const el = stack.pop();
    if (!el) return;
    el.end = parser.position;
    el.closeStart = text.lastIndexOf('</', el.end - 1);
  });
  try {
    parser.write(text).close();
  } catch (e) {
    error ??= new ParseError((e as Error).message.replace(/^(?:[^:]*:)?\d+:\d+: /, ''), Math.max(0, parser.position - 1));
  }
  if (error) throw error;
  if (!root) throw new ParseError('no root element', 0);
  noteParsed('xml', text, 1);
  return { text, root, doctype, entityRefs };
}

/** Child elements named `name` (local name, any prefix). */
export function childrenNamed(el: XmlElement | undefined, name: string): XmlElement[] {
  return el ? el.children.filter((c) => localName(c.name) === name) : [];
}

export function child(el: XmlElement | undefined, name: string): XmlElement | undefined {
  return el?.children.find((c) => localName(c.name) === name);
}

/** Follows a '/'-separated path of child names. */
export function childPath(el: XmlElement | undefined, path: string): XmlElement | undefined {
  let cur = el;
  for (const part of path.split('/')) cur = child(cur, part);
  return cur;
}

export function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

/** The raw characters between the tags, exactly as written. */
export function rawText(text: string, el: XmlElement): string {
  return el.selfClosing ? '' : text.slice(el.openEnd, el.closeStart);
}

/**
 * The trimmed text of a leaf element, or undefined when it is not plain text (holds markup, an
 * entity or character reference, or CDATA): such a value is never decided on nor rewritten.
 */
export function textValue(text: string, el: XmlElement | undefined): string | undefined {
  if (!el) return undefined;
  const raw = rawText(text, el);
  if (raw.includes('<') || raw.includes('&')) return undefined;
  return raw.trim();
}

/** The span of the trimmed text of a leaf element (for replacing the value only). */
export function valueSpan(text: string, el: XmlElement): { start: number; end: number } | undefined {
  if (el.selfClosing) return undefined;
  const raw = rawText(text, el);
  if (raw.includes('<') || raw.includes('&')) return undefined;
  const lead = raw.length - raw.trimStart().length;
  const trail = raw.length - raw.trimEnd().length;
  return { start: el.openEnd + lead, end: el.closeStart - trail };
}

/** The whitespace that starts the line holding `offset`. */
export function lineIndent(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, offset))![0];
}

/** One level of indentation as the file uses it (a tab, or the smallest step of spaces). */
export function indentUnit(text: string): string {
  let tabs = 0;
  let spaces = 0;
  const steps = new Map<number, number>();
  let prev = 0;
  for (const m of text.matchAll(/\n([ \t]*)</g)) {
    const ws = m[1]!;
    if (ws.startsWith('\t')) tabs++;
    else if (ws.length > 0) {
      spaces++;
      const step = Math.abs(ws.length - prev);
      if (step > 0) steps.set(step, (steps.get(step) ?? 0) + 1);
    }
    prev = ws.startsWith('\t') ? prev : ws.length;
  }
  if (tabs > spaces) return '\t';
  let best = 4;
  let count = 0;
  for (const [step, n] of steps) if (n > count || (n === count && step < best)) [best, count] = [step, n];
  return ' '.repeat(best);
}

/**
 * The span to delete to remove an element together with its own line (leading indentation and
 * the line break), when nothing else shares the line; otherwise the element's exact span.
 */
export function elementLineSpan(text: string, el: XmlElement): { start: number; end: number } {
  const lineStart = text.lastIndexOf('\n', el.start - 1) + 1;
  const before = text.slice(lineStart, el.start);
  const nl = text.indexOf('\n', el.end);
  const lineEnd = nl < 0 ? text.length : nl + 1;
  const after = text.slice(el.end, nl < 0 ? text.length : nl).replace(/\r$/, '');
  if (before.trim() === '' && after.trim() === '') return { start: lineStart, end: lineEnd };
  return { start: el.start, end: el.end };
}

export interface XmlAttributeSpan {
  /** Qualified name as written. */
  name: string;
  /** The raw value between the quotes (entity references not expanded). */
  value: string;
  /** Offsets of the value between the quotes. */
  valueStart: number;
  valueEnd: number;
}

/**
 * The attributes of an element's start tag, in source order, with the span of each raw value:
 * for editing one attribute value in place (a namespace, a version). A start tag holds no
 * comments or CDATA, so reading name="value" pairs from its text is exact.
 */
export function attributeSpans(text: string, el: XmlElement): XmlAttributeSpan[] {
  const tag = text.slice(el.start, el.openEnd);
  const out: XmlAttributeSpan[] = [];
  const re = /\s([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(tag))) {
    const value = m[2] ?? m[3]!;
    const valueEnd = el.start + m.index + m[0].length - 1;
    out.push({ name: m[1]!, value, valueStart: valueEnd - value.length, valueEnd });
  }
  return out;
}
