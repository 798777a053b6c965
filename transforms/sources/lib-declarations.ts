// Declarations as tokens, for the library modules: annotations (`@Name(...)`, Kotlin use-site
// targets included) and class declarations with the annotations written on them and their body.
import { matchingBracket } from '../../src/formats/jvm-tokens.js';
import { pkgOf, simpleOf } from './lib-edits.js';
import { type FileModel, chainText } from './model.js';

/** An annotation as tokens: `@` at `at`, its name chain, and its argument parentheses if any. */
export interface AnnotationSpan {
  at: number;
  nameFirst: number;
  nameLast: number;
  /** The name as written (`Api`, `io.swagger.annotations.Api`). */
  name: string;
  open?: number;
  close?: number;
  /** Last token of the annotation. */
  end: number;
}

/** Each file's annotations, found once: most library modules that run on a file ask for them. */
const spansOf = new WeakMap<FileModel, readonly AnnotationSpan[]>();

/**
 * Every annotation in the file (Kotlin use-site targets such as `@field:` skipped to the name).
 * Computed once per model and shared by every caller: the array and its spans are frozen.
 */
export function annotationSpans(model: FileModel): readonly AnnotationSpan[] {
  let spans = spansOf.get(model);
  if (!spans) {
    spans = Object.freeze(findAnnotationSpans(model).map((s) => Object.freeze(s)));
    spansOf.set(model, spans);
  }
  return spans;
}

function findAnnotationSpans(model: FileModel): AnnotationSpan[] {
  const { tokens } = model;
  const out: AnnotationSpan[] = [];
  for (let k = 0; k < tokens.length; k++) {
    if (tokens[k]!.value !== '@' || tokens[k]!.type !== 'punct') continue;
    let n = k + 1;
    if (tokens[n]?.type === 'ident' && tokens[n + 1]?.value === ':' && tokens[n + 2]?.type === 'ident') n += 2;
    const t = tokens[n];
    if (t?.type !== 'ident' || t.value === 'interface') continue;
    let last = n;
    while (tokens[last + 1]?.value === '.' && tokens[last + 2]?.type === 'ident') last += 2;
    const name = tokens.slice(n, last + 1).filter((x) => x.type === 'ident').map((x) => x.value).join('.');
    const span: AnnotationSpan = { at: k, nameFirst: n, nameLast: last, name, end: last };
    if (tokens[last + 1]?.value === '(') {
      const close = matchingBracket(tokens, last + 1);
      if (close > 0) Object.assign(span, { open: last + 1, close, end: close });
    }
    out.push(span);
  }
  return out;
}

/** Does an annotation's written name denote this type (FQN, or the imported simple name)? */
export function annotationIs(model: FileModel, span: AnnotationSpan, fq: string): boolean {
  if (span.name === fq) return true;
  if (span.name !== simpleOf(fq)) return false;
  const imported = model.importedNames.get(span.name);
  if (imported) return imported === fq;
  return model.imports.some((i) => i.chain.wildcard && !i.isStatic && chainText(i.chain) === pkgOf(fq));
}

const MODIFIERS = new Set(['public', 'protected', 'private', 'abstract', 'static', 'final', 'strictfp', 'sealed', 'non', 'open', 'internal', 'data', 'inner', 'enum', 'annotation', 'value']);

/** A class (or interface/object) declaration and the annotations written on it. */
export interface ClassDecl {
  /** Token index of `class`/`interface`/`object`. */
  keyword: number;
  name: string;
  annotations: AnnotationSpan[];
  /** First token of the declaration (first annotation or modifier). */
  first: number;
  /** Token index of the body's `{` (undefined for a Kotlin class without a body). */
  open?: number;
  close?: number;
}

export function classDecls(model: FileModel, spans: readonly AnnotationSpan[]): ClassDecl[] {
  const { tokens } = model;
  const byEnd = new Map(spans.map((s) => [s.end, s]));
  const out: ClassDecl[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.type !== 'ident' || !['class', 'interface', 'object'].includes(t.value)) continue;
    const prev = tokens[k - 1];
    if (prev?.value === '.' || prev?.value === ':' || tokens[k + 1]?.type !== 'ident') continue; // X.class, Foo::class
    const annotations: AnnotationSpan[] = [];
    let first = k;
    for (let j = k - 1; j >= 0; j--) {
      const p = tokens[j]!;
      const span = byEnd.get(j);
      if (span) {
        annotations.unshift(span);
        first = span.at;
        j = span.at;
      } else if (p.type === 'ident' && MODIFIERS.has(p.value)) first = j;
      else if (p.value === '-' && tokens[j - 1]?.value === 'non') continue;
      else break;
    }
    let open: number | undefined;
    for (let j = k + 2; j < tokens.length; j++) {
      const v = tokens[j]!.value;
      if (v === '{' && tokens[j]!.type === 'punct') {
        open = j;
        break;
      }
      if (v === '(' || v === '<' || v === '[') {
        if (v === '<') continue;
        const m = matchingBracket(tokens, j);
        if (m > 0) j = m;
        continue;
      }
      if (v === ';' || (tokens[j]!.type === 'ident' && ['class', 'fun', 'val', 'var', 'import'].includes(v))) break;
    }
    const decl: ClassDecl = { keyword: k, name: tokens[k + 1]!.value, annotations, first };
    if (open !== undefined) Object.assign(decl, { open, close: matchingBracket(tokens, open) });
    out.push(decl);
  }
  return out;
}
