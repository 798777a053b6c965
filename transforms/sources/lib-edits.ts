// Helpers shared by the library modules (security6, batch5, springdoc, httpclient5,
// hibernate6): token navigation over calls and arguments, and import bookkeeping. A module
// asks for imports by name; the orchestrator (libraries.ts) writes them as one insertion, so
// two modules never insert at the same point (the engine would defer one of them).
import type { Edit, FindingInput } from '../../src/engine/types.js';
import { matchingBracket, type JvmLang, type Token } from '../../src/formats/jvm-tokens.js';
import type { LibrariesSection } from '../../src/table/sections/libraries.js';
import type { ProjectView } from '../../src/engine/types.js';
import { removalEdit } from './annotations.js';
import { type FileModel, type ImportDecl, chainText } from './model.js';

export interface LibContext {
  model: FileModel;
  lang: JvmLang;
  eol: string;
  libs: LibrariesSection;
  project: ProjectView;
}

export interface LibResult {
  edits: Edit[];
  findings: FindingInput[];
  /** Fully qualified names this module's edits need imported (rule -> names). */
  imports: string[];
}

export const emptyResult = (): LibResult => ({ edits: [], findings: [], imports: [] });

export const simpleOf = (fq: string) => fq.slice(fq.lastIndexOf('.') + 1);
export const pkgOf = (fq: string) => fq.slice(0, fq.lastIndexOf('.'));

/** Does the file refer to this type: single-type import, on-demand import of its package, or its FQN? */
export function refersToType(model: FileModel, fq: string): boolean {
  if (model.importedNames.get(simpleOf(fq)) === fq) return true;
  if (model.imports.some((i) => i.chain.wildcard && !i.isStatic && chainText(i.chain) === pkgOf(fq))) return true;
  return model.chains.some((c) => chainText(c).startsWith(fq) && !model.declChains.has(c.first));
}

/** The single-type import of a type, if any. */
export function importOf(model: FileModel, fq: string): ImportDecl | undefined {
  return model.imports.find((i) => !i.chain.wildcard && !i.isStatic && chainText(i.chain) === fq);
}

export function removeImport(model: FileModel, imp: ImportDecl, rule: string): Edit {
  return removalEdit(model.text, model.tokens[imp.startToken]!.start, model.tokens[imp.endToken]!.end, rule);
}

/** Is a simple name used outside imports and outside the given (replaced) ranges? */
export function usedOutside(model: FileModel, simple: string, replaced: readonly Edit[]): boolean {
  const importTokens = new Set<number>();
  for (const i of model.imports) for (let k = i.startToken; k <= i.endToken; k++) importTokens.add(k);
  return model.tokens.some(
    (t, k) => t.type === 'ident' && t.value === simple && !importTokens.has(k) && !replaced.some((e) => t.start >= e.start && t.start < e.end),
  );
}

/** Index of the token at an offset (first token starting at or after it). */
export function tokenAt(tokens: readonly Token[], offset: number): number {
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tokens[mid]!.start < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Top-level arguments of the call whose '(' is tokens[open]: [first, last] token indexes each. */
export function callArgs(tokens: readonly Token[], open: number): { first: number; last: number }[] {
  const close = matchingBracket(tokens, open);
  if (close < 0 || close === open + 1) return [];
  const out: { first: number; last: number }[] = [];
  let first = open + 1;
  let depth = 0;
  for (let k = open + 1; k < close; k++) {
    const v = tokens[k]!;
    if (v.type !== 'punct') continue;
    if ('([{'.includes(v.value)) depth++;
    else if (')]}'.includes(v.value)) depth--;
    else if (v.value === ',' && depth === 0) {
      out.push({ first, last: k - 1 });
      first = k + 1;
    }
  }
  out.push({ first, last: close - 1 });
  return out;
}

/** `.name(` calls: token index of each name whose previous token is '.' and next is '('. */
export function memberCalls(tokens: readonly Token[], from: number, to: number, names: ReadonlySet<string>): number[] {
  const out: number[] = [];
  for (let k = Math.max(from, 1); k <= to; k++) {
    const t = tokens[k]!;
    if (t.type === 'ident' && names.has(t.value) && tokens[k - 1]?.value === '.' && tokens[k + 1]?.value === '(') out.push(k);
  }
  return out;
}

export function lineIndent(text: string, offset: number): string {
  let s = offset;
  while (s > 0 && text[s - 1] !== '\n') s--;
  return /^[ \t]*/.exec(text.slice(s, offset))![0];
}

/** The indentation one level deeper than `indent`, guessed from the file (tab or 4/2 spaces). */
export function indentUnit(text: string): string {
  if (/^\t/m.test(text)) return '\t';
  return /^ {2}\S/m.test(text) && !/^ {4}\S/m.test(text) ? '  ' : '    ';
}

/**
 * One insertion for every import the modules need that the file does not have yet: before the
 * first import (or after the package declaration). A simple name the file already imports
 * from another package is a conflict: returned, and the caller drops that module's edits.
 */
export function importInsertion(
  model: FileModel,
  lang: JvmLang,
  eol: string,
  names: readonly string[],
  rule: string,
  removed: readonly Edit[] = [],
): { edits: Edit[]; conflicts: string[] } {
  const wanted = [...new Set(names)].sort();
  const conflicts: string[] = [];
  const add: string[] = [];
  const ownPackage = packageName(model);
  for (const fq of wanted) {
    const simple = simpleOf(fq);
    const have = model.importedNames.get(simple);
    if (have === fq) continue;
    if (have) {
      conflicts.push(fq);
      continue;
    }
    if (pkgOf(fq) === ownPackage) continue;
    if (model.imports.some((i) => i.chain.wildcard && !i.isStatic && chainText(i.chain) === pkgOf(fq))) continue;
    add.push(fq);
  }
  if (!add.length) return { edits: [], conflicts };
  const semi = lang === 'java' ? ';' : '';
  const line = (fq: string) => `import ${fq}${semi}`;
  // Imports another edit deletes cannot anchor an insertion (it would land inside the deletion).
  const gone = (i: ImportDecl) => removed.some((e) => e.text === '' && model.tokens[i.startToken]!.start >= e.start && model.tokens[i.startToken]!.start < e.end);
  const plain = model.imports.filter((i) => !i.isStatic && !gone(i));
  if (plain.length) {
    // Each new import goes before the first existing one that sorts after it (else after the
    // last), as a person keeping a sorted import block would place it.
    const byAnchor = new Map<number, string[]>();
    const last = plain[plain.length - 1]!;
    for (const fq of add) {
      const next = plain.find((i) => chainText(i.chain) > fq);
      const at = next ? model.tokens[next.startToken]!.start : -1;
      byAnchor.set(at, [...(byAnchor.get(at) ?? []), fq]);
    }
    const edits: Edit[] = [];
    for (const [at, fqs] of byAnchor) {
      if (at >= 0) edits.push({ start: at, end: at, text: fqs.map((fq) => line(fq) + eol).join(''), rule });
      else {
        const end = model.tokens[last.endToken]!.end;
        edits.push({ start: end, end, text: fqs.map((fq) => eol + line(fq)).join(''), rule });
      }
    }
    return { edits, conflicts };
  }
  const firstImport = model.imports[0];
  if (firstImport) {
    // Every import is deleted or static: the new ones take the place of the first.
    const at = model.tokens[firstImport.startToken]!.start;
    return { edits: [{ start: at, end: at, text: add.map((fq) => line(fq) + eol).join(''), rule }], conflicts };
  }
  const pkg = packageEnd(model);
  if (pkg === undefined) return { edits: [{ start: 0, end: 0, text: add.map((fq) => line(fq) + eol).join('') + eol, rule }], conflicts };
  return { edits: [{ start: pkg, end: pkg, text: eol + eol + add.map(line).join(eol), rule }], conflicts };
}

function packageName(model: FileModel): string | undefined {
  const k = model.tokens.findIndex((t) => t.type === 'ident' && t.value === 'package');
  if (k < 0) return undefined;
  const c = model.chains.find((ch) => ch.first === k + 1);
  return c ? chainText(c) : undefined;
}

function packageEnd(model: FileModel): number | undefined {
  const k = model.tokens.findIndex((t) => t.type === 'ident' && t.value === 'package');
  if (k < 0) return undefined;
  const c = model.chains.find((ch) => ch.first === k + 1);
  if (!c) return undefined;
  const semi = model.tokens[c.last + 1];
  return semi?.value === ';' ? semi.end : model.tokens[c.last]!.end;
}

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

/** Every annotation in the file (Kotlin use-site targets such as `@field:` skipped to the name). */
export function annotationSpans(model: FileModel): AnnotationSpan[] {
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
