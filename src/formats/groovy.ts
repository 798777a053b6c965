// Groovy DSL (build.gradle, settings.gradle) as a flat token stream with exact offsets, from
// Renovate's good-enough-parser (its Groovy lexer handles GStrings, slashy and triple-quoted
// strings and comments; it parsed all 422 real build files where tree-sitter-groovy failed on
// 93). Comments and whitespace are dropped; strings keep the span of their content so a value
// can be replaced without touching the quotes. The same token shape is produced for Kotlin DSL
// (src/formats/kotlin-dsl.ts), so the Gradle rules are written once.
import { lazyModule } from '../engine/lazy.js';

const gep = lazyModule<typeof import('good-enough-parser')>('good-enough-parser');
import { ParseError } from '../engine/types.js';
import { maskSlashy, OPERAND_EXPECTED } from './groovy-slashy.js';

export interface BuildToken {
  type: 'symbol' | 'op' | 'string' | 'number' | 'open' | 'close';
  /** Symbols, operators, brackets, numbers: the text. Strings: the content (raw, escapes not decoded). */
  value: string;
  start: number;
  end: number;
  /** Strings: the span between the quotes. */
  contentStart?: number;
  contentEnd?: number;
  /** Strings with ${...} or $name inside: not a constant; `vars` names the simple references. */
  templated?: boolean;
  vars?: string[];
  /** Nesting depth of brackets ({, (, [) around the token. */
  depth: number;
  /** True when a line break separates this token from the previous one. */
  lineStart: boolean;
}

interface GepNode {
  type: string;
  value?: string;
  offset?: number;
  children?: GepNode[];
  startsWith?: { value: string; offset: number };
  endsWith?: { value: string; offset: number };
}

const PAIRS: Record<string, string> = { '{': '}', '(': ')', '[': ']' };

let groovy: ReturnType<typeof import('good-enough-parser').lang.createLang> | undefined;

export function groovyTokens(text: string): BuildToken[] {
  groovy ??= gep().lang.createLang('groovy');
  // slashy strings found first and masked (same length), so brackets inside a regular expression cannot unbalance the lexer's tree
  const masked = maskSlashy(text);
  let root: GepNode;
  try {
    root = groovy.parse(masked.text).node as unknown as GepNode;
  } catch (e) {
    throw new ParseError(`Groovy lexer: ${(e as Error).message}`);
  }
  const out: BuildToken[] = [];
  flatten(masked.text, root.children ?? [], 0, out);
  const tokens = withSlashyStrings(text, opaqueSlashy(out, masked.spans));
  markLineStarts(text, tokens);
  return tokens;
}

/** The string tokens the lexer read where a slashy string was masked become one opaque token each. */
function opaqueSlashy(tokens: BuildToken[], spans: [number, number][]): BuildToken[] {
  if (spans.length === 0) return tokens;
  const at = new Map(spans.map(([s, e]) => [s, e]));
  return tokens.map((t) => (t.type === 'string' && at.get(t.start) === t.end ? { type: 'symbol', value: SLASHY, start: t.start, end: t.end, depth: t.depth, lineStart: false } : t));
}

function opensSlashy(prev: BuildToken | undefined, slash: BuildToken, text: string): boolean {
  if (slash.type !== 'op' || slash.value !== '/') return false;
  if (text[slash.start + 1] === '/' || text[slash.start + 1] === '*' || text[slash.start + 1] === '=') return false;
  if (!prev) return true;
  if (prev.type === 'open') return true;
  if (prev.type === 'symbol' && prev.value === '$' && prev.end === slash.start) return true; // $/.../$
  if ((prev.type === 'op' || prev.type === 'symbol') && OPERAND_EXPECTED.has(prev.value)) return true;
  // a new statement on its own line (`/x/.matches(...)` is rare; `a\n/ b` is not Groovy division)
  return prev.type !== 'number' && prev.type !== 'string' && prev.type !== 'close' && prev.type !== 'symbol' && text.slice(prev.end, slash.start).includes('\n');
}

/** Offset just after the slash (or `/$`) that closes the slashy string opened at `start`. */
function slashyEnd(text: string, start: number, dollar: boolean): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i];
    if (dollar) {
      if (c === '$' && (text[i + 1] === '$' || text[i + 1] === '/')) i++; // $$ and $/ escape
      else if (c === '/' && text[i + 1] === '$') return i + 2;
    } else if (c === '\\' && text[i + 1] === '/') i++;
    else if (c === '/') return i + 1;
    else if (c === '\n' && !dollar) break; // a one-line slashy only is followed; longer ones are refused below
  }
  throw new ParseError('slashy string is never closed on its line', start);
}

/**
 * The lexer reads a slashy string (`/javax.servlet/`, `$/.../$`) as code: its content would be
 * matched (and rewritten) like a dependency or a symbol. Each becomes one opaque token that no
 * rule matches, so text inside a slashy string is never rewritten. When the lexer's tokens do not
 * end at the closing slash (a quote inside the slashy string opened a string that ran past it),
 * the file is refused as unparseable rather than guessed at.
 */
function withSlashyStrings(text: string, tokens: BuildToken[]): BuildToken[] {
  if (!tokens.some((t) => t.type === 'op' && t.value === '/')) return tokens;
  const out: BuildToken[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (!opensSlashy(out[out.length - 1], t, text)) {
      out.push(t);
      continue;
    }
    const prev = out[out.length - 1];
    const dollar = prev?.type === 'symbol' && prev.value === '$' && prev.end === t.start;
    if (dollar) out.pop();
    const start = dollar ? prev!.start : t.start;
    const end = slashyEnd(text, t.start, dollar);
    let j = i + 1;
    while (j < tokens.length && tokens[j]!.start < end) j++;
    const last = tokens[j - 1]!;
    if (last.end > end || tokens.slice(i, j).some((x) => x.depth !== t.depth)) throw new ParseError('slashy string the Groovy lexer cannot follow', start);
    out.push({ type: 'symbol', value: SLASHY, start, end, depth: t.depth, lineStart: false });
    i = j - 1;
  }
  return out;
}

/** The value of a slashy string token: matches no symbol a rule looks for. */
export const SLASHY = '\u0000slashy-string';

function flatten(text: string, nodes: GepNode[], depth: number, out: BuildToken[]): void {
  for (const n of nodes) {
    switch (n.type) {
      case 'symbol':
      case 'operator':
        // the lexer reads a comment that never ends as the operators `/` and `*`: the script would not compile
        if (n.value === '/' && text[n.offset! + 1] === '*') throw new ParseError("comment '/*' is never closed", n.offset);
        out.push(token(n.type === 'symbol' ? 'symbol' : 'op', n.value!, n.offset!, depth));
        break;
      case 'number': {
        const prev = out[out.length - 1];
        // The lexer splits 1.8 into "1" and ".8": join what touches.
        if (prev?.type === 'number' && prev.end === n.offset) {
          prev.value += n.value!;
          prev.end += n.value!.length;
        } else out.push(token('number', n.value!, n.offset!, depth));
        break;
      }
      case 'string-tree':
        out.push(stringToken(n, depth));
        break;
      case 'wrapped-tree': {
        const open = n.startsWith!;
        const close = n.endsWith;
        if (!close || PAIRS[open.value] !== close.value) {
          throw new ParseError(`'${open.value}' is never closed`, open.offset);
        }
        out.push(token('open', open.value, open.offset, depth));
        flatten(text, n.children ?? [], depth + 1, out);
        out.push(token('close', close.value, close.offset, depth));
        break;
      }
      case 'bracket-left':
      case 'bracket-right':
        // the lexer keeps a stray `)))` aside; the script would not compile
        throw new ParseError(`unbalanced '${n.value}'`, n.offset);
      default:
        break; // whitespace, newline, comment, _start/_end markers
    }
  }
}

function token(type: BuildToken['type'], value: string, offset: number, depth: number): BuildToken {
  return { type, value, start: offset, end: offset + value.length, depth, lineStart: false };
}

/** The lexer closes what runs to the end of the file with an end token at its very start. */
const neverClosed = (open: { offset: number }, close: { offset: number } | undefined) => !close || close.offset <= open.offset;

function stringToken(n: GepNode, depth: number): BuildToken {
  const open = n.startsWith!;
  const close = n.endsWith;
  if (neverClosed(open, close)) throw new ParseError(`string ${open.value} is never closed`, open.offset);
  // '...' and "..." end on their line in Groovy: a line break inside means the quote was never
  // closed and the lexer ran on into the code below
  if (open.value.length === 1 && /[\r\n]/.test(n.children?.map((c) => c.value ?? '').join('') ?? '')) {
    throw new ParseError('string is never closed on its line', open.offset);
  }
  const contentStart = open.offset + open.value.length;
  let value = '';
  const vars: string[] = [];
  let templated = false;
  for (const c of n.children ?? []) {
    if (c.type === 'template-tree' && neverClosed(c.startsWith!, c.endsWith)) throw new ParseError("'${' is never closed", c.startsWith!.offset);
    if (c.type === 'string-value') value += c.value;
    else if (c.type === 'template-tree' || c.type === 'symbol') {
      templated = true;
      const names = (c.children ?? []).filter((x) => x.type === 'symbol');
      if (c.type === 'symbol') vars.push(c.value!);
      else if (names.length === 1 && (c.children ?? []).every((x) => ['symbol', '_start', '_end', 'whitespace'].includes(x.type))) vars.push(names[0]!.value!);
    }
  }
  return {
    type: 'string',
    value,
    start: open.offset,
    end: close!.offset + close!.value.length,
    contentStart,
    contentEnd: close!.offset,
    ...(templated ? { templated, vars } : {}),
    depth,
    lineStart: false,
  };
}

export function markLineStarts(text: string, tokens: BuildToken[]): void {
  let prevEnd = 0;
  for (const t of tokens) {
    t.lineStart = prevEnd === 0 || text.slice(prevEnd, t.start).includes('\n');
    prevEnd = t.end;
  }
}
