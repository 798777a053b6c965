// Helpers shared by the library modules (security6, batch5, springdoc, httpclient5,
// hibernate6): token navigation over calls and arguments, and import bookkeeping. A module
// asks for imports by name; the orchestrator (libraries.ts) writes them for all modules at once,
// one insertion per place, so two modules never insert at the same point (the engine would defer one).
import type { Edit, FindingInput } from '../../src/engine/types.js';
import { matchingBracket, type JvmLang, type Token } from '../../src/formats/jvm-tokens.js';
import type { SharedTrees } from '../../src/formats/tree-sitter.js';
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
  /** The file's path in the repository (forward slashes). */
  path?: string;
  /** The Spring Boot line the run migrates to (`3.0`, `3.5`). */
  target?: string;
  /** The file's syntax trees, parsed once for every module that needs one (withSharedTree). */
  trees?: SharedTrees;
  /** The build moves from springfox to springdoc in this run (springfox-switch.ts). */
  springfoxSwitch?: boolean;
  /** Why it does not, when the build names springfox. */
  springfoxKept?: string;
  /** The build moves from HttpClient 4 to 5 in this run (httpclient5-switch.ts), or why not. */
  httpclientSwitch?: boolean;
  httpclientKept?: string;
  /** The run's sources give HttpComponentsClientHttpRequestFactory a client: HttpClient 4 left in the build does not compile. */
  httpclientFactory?: boolean;
  /** The build compiling this file fails on deprecation warnings (-Werror with -Xlint:deprecation); asked only when it matters. */
  deprecationFails?: () => boolean;
}

export interface LibResult {
  edits: Edit[];
  findings: FindingInput[];
  /** Fully qualified names this module's edits need imported (rule -> names). */
  imports: string[];
  /** Removed-API rows (by declaring type) this run of the module took over, beside the module's static `owns`. */
  owned: string[];
}

export const emptyResult = (): LibResult => ({ edits: [], findings: [], imports: [], owned: [] });

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

/** One call of a chain: token indexes of its name, its '(' and its ')'. */
export interface ChainCall {
  name: string;
  at: number;
  open: number;
  close: number;
}

/** The calls `.a(..).b(..)` from tokens[from] (a '.') on, until the chain stops; `end` is the last token of the last call (from - 1 when none). */
export function chainCalls(tokens: readonly Token[], from: number): { calls: ChainCall[]; end: number } {
  const calls: ChainCall[] = [];
  let k = from;
  while (tokens[k]?.value === '.' && tokens[k + 1]?.type === 'ident' && tokens[k + 2]?.value === '(') {
    const close = matchingBracket(tokens, k + 2);
    if (close < 0) break;
    calls.push({ name: tokens[k + 1]!.value, at: k + 1, open: k + 2, close });
    k = close + 1;
  }
  return { calls, end: k - 1 };
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

export function packageName(model: FileModel): string | undefined {
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
