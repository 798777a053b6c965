// The content of a string token of src/formats/jvm-tokens.ts: escapes decoded, Kotlin templates
// split out. Kept apart from the scanner: the scanner only marks where a string's content and
// templates are; what they mean is read here, for the few tokens a rule asks about.
import type { JvmLang, Token } from './jvm-tokens.js';

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', s: ' ', '0': '\0', '"': '"', "'": "'", '\\': '\\', $: '$' };

/** Decodes `\n`, `\uXXXX`, ... (Java strings and text blocks, Kotlin ordinary strings). */
function decodeEscapes(raw: string): string {
  if (!raw.includes('\\')) return raw;
  return raw.replace(/\\(u[0-9a-fA-F]{4}|[\s\S])/g, (_, e: string) => (e.length === 5 ? String.fromCharCode(parseInt(e.slice(1), 16)) : (ESCAPES[e] ?? e)));
}

/** One piece of a string literal: decoded text, or a Kotlin template's expression as written. */
export type StringPart = { kind: 'text'; value: string } | { kind: 'template'; expr: string; start: number; end: number };

/**
 * A string token's content split at its Kotlin templates: `"$API/users"` gives the template
 * `API` and the text `/users`; `"${Paths.API}/x"` gives `Paths.API` (trimmed). Text is decoded
 * (escapes in Java strings and text blocks and Kotlin ordinary strings; a text block loses its
 * opening line break, its indentation is kept; Kotlin raw strings are verbatim).
 */
export function stringParts(text: string, tok: Token, lang: JvmLang): StringPart[] {
  const raw = lang === 'kotlin' && tok.block;
  const decode = (s: string) => (raw ? s : decodeEscapes(s));
  const from = tok.contentStart!;
  const to = tok.contentEnd!;
  if (lang === 'java' && tok.block) return [{ kind: 'text', value: decode(text.slice(from, to).replace(/^[ \t]*\r?\n/, '')) }];
  const parts: StringPart[] = [];
  let at = from;
  for (const t of tok.templates ?? []) {
    if (t.start > at) parts.push({ kind: 'text', value: decode(text.slice(at, t.start)) });
    const braced = text.charCodeAt(t.start + 1) === 123;
    parts.push({ kind: 'template', expr: braced ? text.slice(t.start + 2, t.end - 1).trim() : text.slice(t.start + 1, t.end), start: t.start, end: t.end });
    at = t.end;
  }
  if (to > at || parts.length === 0) parts.push({ kind: 'text', value: decode(text.slice(at, to)) });
  return parts;
}

/** A string token's decoded value, or undefined when it holds a Kotlin template. */
export function stringValue(text: string, tok: Token, lang: JvmLang): string | undefined {
  const parts = stringParts(text, tok, lang);
  return parts.length === 1 && parts[0]!.kind === 'text' ? parts[0]!.value : undefined;
}
