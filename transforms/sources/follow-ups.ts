// Manual follow-ups: every removed, deprecated or changed API of the data that a file uses
// becomes a finding at the place of use, with what replaces it and a docs link. Types are
// found through the imports (or a fully qualified name); methods and constructors by name and
// argument count, in files that reference their declaring type.
import type { FindingInput } from '../../src/engine/types.js';
import type { ApiFollowUp } from '../../src/table/sections/sources.js';
import type { Token } from '../../src/formats/jvm-tokens.js';
import { type CodeIndex, type FileModel, RULE, chainText, vocabularyUsed } from './model.js';
import { callArgs } from './lib-edits.js';

const pkgOf = (fq: string) => fq.slice(0, fq.lastIndexOf('.'));
const simpleOf = (fq: string) => fq.slice(fq.lastIndexOf('.') + 1);

/** Top-level argument count of the call whose '(' is tokens[open]. */
/** How many arguments the call whose '(' is tokens[open] passes. */
function argCount(tokens: Token[], open: number): number {
  return callArgs(tokens, open).length;
}

function finding(row: ApiFollowUp, offset: number): FindingInput {
  return { rule: RULE.followUp, severity: row.severity, offset, message: row.message, docs: row.docs };
}

/** Where the file names a type: its single-type import, else a fully qualified use. */
function typeReference(model: FileModel, fq: string): number | undefined {
  const imp = model.imports.find((i) => !i.chain.wildcard && chainText(i.chain) === fq);
  if (imp) return model.tokens[imp.startToken]!.start;
  const simple = simpleOf(fq);
  const wildcard = model.imports.some((i) => i.chain.wildcard && chainText(i.chain) === pkgOf(fq));
  for (const c of model.chains) {
    const text = chainText(c);
    if (text === fq || text.startsWith(fq + '.')) return c.tokens[0]!.start;
    if (wildcard && !c.afterDot && c.tokens[0]!.value === simple && !model.declChains.has(c.first)) return c.tokens[0]!.start;
  }
  return undefined;
}

/** A method row applies in files that name its declaring type (or, for Abstract* bases, its package). */
function anchored(model: FileModel, row: ApiFollowUp): boolean {
  const simple = simpleOf(row.type);
  if (model.importedNames.get(simple) === row.type) return true;
  if (model.tokens.some((t) => t.type === 'ident' && t.value === simple)) return true;
  return simple.startsWith('Abstract') && model.imports.some((i) => chainText(i.chain).startsWith(pkgOf(row.type) + '.'));
}

function memberUses(model: FileModel, row: ApiFollowUp): FindingInput[] {
  const out: FindingInput[] = [];
  const { tokens } = model;
  const names = new Map((row.members ?? []).map((m) => [m.name, m]));
  const importTokens = new Set<number>();
  for (const i of model.imports) for (let k = i.startToken; k <= i.endToken; k++) importTokens.add(k);
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    const m = t.type === 'ident' ? names.get(t.value) : undefined;
    if (!m || importTokens.has(k) || tokens[k + 1]?.value !== '(') continue;
    const prev = tokens[k - 1]?.value;
    const simple = simpleOf(row.type);
    const isCtor = m.name === simple;
    // Calls (`.name(`, `new Name(`, `super(`-less) and overriding declarations (`Type name(`).
    if (isCtor ? prev !== 'new' : !(prev === '.' || tokens[k - 1]?.type === 'ident' || prev === '>' || prev === ']')) continue;
    // `Other.name(`: a static method of another type with the same name (StringUtils.hasText is not Assert.hasText)
    if (!isCtor && prev === '.' && otherTypeReceiver(tokens, k - 2, simple, row.type)) continue;
    // `Type name(`: a declaration overrides the member only in a class that extends or implements its type
    if (!isCtor && prev !== '.' && tokens[k - 1]?.type === 'ident' && !subtypes(model.text, simple)) continue;
    if (m.params !== undefined && argCount(tokens, k + 1) !== m.params) continue;
    out.push(finding(row, t.start));
  }
  return out;
}

/**
 * The receiver before `.name(` names a type other than the member's own: a capitalised simple
 * name (not a variable, `this` or a call result) that is not the declaring type, or a qualified
 * name that ends in another type.
 */
function otherTypeReceiver(tokens: Token[], at: number, simple: string, fq: string): boolean {
  const r = tokens[at];
  if (r?.type !== 'ident' || !/^[A-Z]/.test(r.value) || /^[A-Z0-9_]+$/.test(r.value)) return false; // a CONSTANT holds an instance
  if (r.value === simple) return false;
  // a.b.Assert: the qualified declaring type
  let start = at;
  while (tokens[start - 1]?.value === '.' && tokens[start - 2]?.type === 'ident') start -= 2;
  const qualified = tokens.slice(start, at + 1).map((t) => t.value).join('');
  return qualified !== fq;
}

function subtypes(text: string, simple: string): boolean {
  return new RegExp(`\\b(extends|implements)\\b[^{;]*\\b${simple}\\b|\\)\\s*:[^{;=]*\\b${simple}\\b|\\bclass\\s+\\w+[^{;=]*:[^{;=]*\\b${simple}\\b`).test(text);
}

export function followUps(idx: CodeIndex, model: FileModel, owned: ReadonlySet<string> = new Set()): FindingInput[] {
  const out: FindingInput[] = [];
  const seenNames = vocabularyUsed(idx, model);
  if (seenNames.size === 0) return out; // neither a type nor a member of any row: most files
  for (const [simple, rows] of idx.followUps) {
    const typeSeen = seenNames.has(simple);
    for (const row of rows) {
      if (owned.has(row.type)) continue; // a library module reports this one precisely
      if (row.kind === 'method') {
        if (row.members?.some((m) => seenNames.has(m.name)) && anchored(model, row)) out.push(...memberUses(model, row));
      } else if (typeSeen) {
        const at = typeReference(model, row.type);
        if (at !== undefined) out.push(finding(row, at));
      }
    }
  }
  return out;
}
