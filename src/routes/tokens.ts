// The route inventory's view of a Java or Kotlin file's tokens. The scanning itself is
// `src/formats/jvm-tokens.ts` (the one JVM scanner the project has, shared with the sources
// transform); this only reshapes its tokens for the declaration walker: string values decoded
// (Kotlin templates split into parts), `::` and `->` as one token, char literals and the code
// inside templates left out, and a flag for a line break before a token (Kotlin statements end
// at line breaks).
import { stringParts, stringValue, type StringPart } from '../formats/jvm-strings.js';
import { scanJvm } from '../formats/jvm-tokens.js';

export { ScanError } from '../formats/jvm-tokens.js';

export type TokenType = 'id' | 'str' | 'p' | 'num';

export interface Token {
  t: TokenType;
  /** Identifier text, punctuation, or the decoded string value ('' for a templated string). */
  v: string;
  /** Strings: the decoded value, or undefined when it holds a Kotlin template (`$x`, `${x}`). */
  value?: string;
  /** Strings with Kotlin templates: the literal text and template expressions, in order. */
  parts?: StringPart[];
  /** Offsets into the text; for strings they include the quotes. */
  s: number;
  e: number;
  /** Strings: `"` or `"""`. */
  quote?: string;
  /** A line break separates this token from the previous one (Kotlin statement ends). */
  nl: boolean;
}

const TYPES = { ident: 'id', punct: 'p', string: 'str', number: 'num' } as const;

/** Tokens of a source file; throws ScanError (from the scanner) when the text does not scan. */
export function tokenize(text: string, kotlin: boolean): Token[] {
  const lang = kotlin ? 'kotlin' : 'java';
  const raw = scanJvm(text, lang);
  const out: Token[] = [];
  let prevEnd = 0;
  let nextNl = text.indexOf('\n');
  for (let k = 0; k < raw.length; k++) {
    const r = raw[k]!;
    if (r.start < prevEnd) continue; // code inside a string template
    while (nextNl >= 0 && nextNl < prevEnd) nextNl = text.indexOf('\n', prevEnd);
    const nl = out.length === 0 || (nextNl >= 0 && nextNl < r.start);
    prevEnd = r.end;
    if (r.type === 'char') continue;
    let s = r.start;
    let v = r.value;
    if (s === 0 && v.charCodeAt(0) === 0xfeff) {
      s = 1; // a BOM glued to the first identifier
      v = v.slice(1);
    }
    const next = raw[k + 1];
    if (r.type === 'punct' && next?.type === 'punct' && next.start === r.end && ((v === ':' && next.value === ':') || (v === '-' && next.value === '>'))) {
      out.push({ t: 'p', v: v + next.value, s, e: next.end, nl });
      prevEnd = next.end;
      k++;
      continue;
    }
    if (r.type === 'string') {
      if (!r.templates && !r.block) {
        // the common case: a plain literal, decoded only when it has escapes
        const content = text.slice(r.contentStart, r.contentEnd);
        const value = content.includes('\\') ? stringValue(text, r, lang)! : content;
        out.push({ t: 'str', v: value, value, s, e: r.end, quote: '"', nl });
        continue;
      }
      const parts = stringParts(text, r, lang);
      const value = parts.length === 1 && parts[0]!.kind === 'text' ? parts[0]!.value : undefined;
      const tok: Token = { t: 'str', v: value ?? '', value, s, e: r.end, quote: r.block ? '"""' : '"', nl };
      if (value === undefined) tok.parts = parts;
      out.push(tok);
      continue;
    }
    out.push({ t: TYPES[r.type], v, s, e: r.end, nl });
  }
  return out;
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
