// Renames whose new type has another shape (table field `shape`, see scripts/table/code-shapes.ts).
// The name itself is renamed by names.ts; this module decides, per file and per row, whether
// that is safe, writes the structural edits a safe rename needs (extends -> implements, the
// `()` of a Kotlin supertype, `I.super.m()`, attributes that keep an annotation's old meaning),
// and returns the rows that must not be renamed in this file, with a finding at each use that
// stops it, saying what to write instead.
import type { Edit, FindingInput } from '../../src/engine/types.js';
import type { GrammarLang, Node } from '../../src/formats/tree-sitter.js';
import { type SharedTrees, walk, withSharedTree } from '../../src/formats/tree-sitter.js';
import type { TypeRename } from '../../src/table/sections/sources.js';
import { type CodeIndex, type FileModel, RULE, chainText, denotes, vocabularyUsed } from './model.js';
import { annotationUse } from './shape-annotations.js';
import { type Use, collectUses } from './shape-uses.js';

export interface ShapeResult {
  edits: Edit[];
  findings: FindingInput[];
  /** Rows (by `from`) that names.ts must not rename in this file. */
  blocked: Set<string>;
}

const simpleOf = (fq: string) => fq.slice(fq.lastIndexOf('.') + 1);

/** Java methods every class inherits from Object: `super.toString()` must stay as it is. */
const OBJECT_METHODS = new Set(['toString', 'hashCode', 'equals', 'clone', 'finalize', 'getClass', 'notify', 'notifyAll', 'wait']);

/** Rows with a shape other than `same` whose simple name the file mentions. */
const shapedSimpleCache = new WeakMap<CodeIndex, string[]>();
function candidateRows(idx: CodeIndex, model: FileModel): TypeRename[] {
  const idents = vocabularyUsed(idx, model);
  if (idents.size === 0) return [];
  let simple = shapedSimpleCache.get(idx);
  if (!simple) shapedSimpleCache.set(idx, (simple = idx.shaped.map((r) => simpleOf(r.from))));
  return idx.shaped.filter((_, i) => idents.has(simple[i]!));
}

export function needsShapes(idx: CodeIndex, model: FileModel): boolean {
  return candidateRows(idx, model).length > 0;
}

export interface ShapeCtx {
  model: FileModel;
  lang: GrammarLang;
  out: ShapeResult;
}
type Ctx = ShapeCtx;

/** Where the file names the row outside the uses: its import, or the first qualified use. */
function referenceOffset(model: FileModel, row: TypeRename): number | undefined {
  const imp = model.imports.find((i) => !i.chain.wildcard && chainText(i.chain) === row.from);
  if (imp) return model.tokens[imp.startToken]!.start;
  const c = model.chains.find((ch) => !ch.afterDot && !model.declChains.has(ch.first) && namesRow(model, ch, row));
  return c?.tokens[0]!.start;
}

/** `a.b.X`, `a.b.X.Y` or an imported simple `X` (`X.FIELD`) that denotes the row's type. */
function namesRow(model: FileModel, c: FileModel['chains'][number], row: TypeRename): boolean {
  const text = chainText(c);
  return text === row.from || text.startsWith(row.from + '.') || denotes(model, c.tokens[0]!.value, row.from);
}

/** Every line naming the row (imports, class literals, types), one offset per line. */
function everyReference(model: FileModel, row: TypeRename): number[] {
  const out: number[] = [];
  let lastLine = -1;
  for (const c of model.chains) {
    if (c.afterDot) continue;
    if (!namesRow(model, c, row)) continue;
    const offset = c.tokens[0]!.start;
    const line = lineOf(model.text, offset);
    if (line !== lastLine) out.push(offset);
    lastLine = line;
  }
  return out;
}

function lineOf(text: string, offset: number): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

const severityOf = (row: TypeRename) => (row.removed ? 'error' : 'warning');

function block(ctx: Ctx, row: TypeRename, rule: string, sites: { offset: number; message: string }[]): void {
  ctx.out.blocked.add(row.from);
  const at = referenceOffset(ctx.model, row);
  const lines = new Set(sites.map((s) => lineOf(ctx.model.text, s.offset)));
  if (at !== undefined && !lines.has(lineOf(ctx.model.text, at)))
    ctx.out.findings.push({ rule, severity: severityOf(row), offset: at, message: `${simpleOf(row.from)} not renamed to ${row.to} in this file: ${row.changes} (uses below)`, docs: row.docs });
  for (const s of sites) ctx.out.findings.push({ rule, severity: severityOf(row), offset: s.offset, message: s.message, docs: row.docs });
}

// ---- class-to-interface (*ListenerSupport -> *Listener) --------------------------------------

/** Java `super.m(...)` calls of this class's own body (not of nested or anonymous classes). */
function ownSuperCalls(body: Node): Node[] {
  const found: Node[] = [];
  walk(body, (n) => {
    if (n.id !== body.id && (n.type === 'class_body' || n.type === 'interface_body' || n.type === 'enum_body')) return false;
    if (n.type === 'method_invocation' && n.childForFieldName('object')?.type === 'super') {
      const name = n.childForFieldName('name')?.text ?? '';
      if (!OBJECT_METHODS.has(name)) found.push(n.childForFieldName('object')!);
    }
    return true;
  });
  return found;
}

/** The text to qualify `super` with: the simple name when the old one was written simple. */
const ifaceName = (row: TypeRename, written: string) => (written.includes('.') ? row.to : simpleOf(row.to));

function javaSupertypeEdits(ctx: Ctx, row: TypeRename, use: Use): Edit[] {
  const rule = RULE.classToInterface;
  const sup = use.node.parent!; // superclass
  const cls = sup.parent!;
  const edits: Edit[] = [];
  const interfaces = cls.childForFieldName('interfaces');
  const list = interfaces?.namedChildren.find((n) => n?.type === 'type_list');
  const already = list?.namedChildren.some((t) => !!t && denotes(ctx.model, t.type === 'generic_type' ? t.namedChild(0)!.text : t.text, row.to));
  const text = ctx.model.text;
  const blank = (from: number, to: number) => /^\s*$/.test(text.slice(from, to));
  if (interfaces && list && already) {
    // A comment between the clauses stays: then only the extends clause itself goes.
    edits.push({ start: sup.startIndex, end: blank(sup.endIndex, interfaces.startIndex) ? interfaces.startIndex : sup.endIndex, text: '', rule });
  } else {
    const kw = sup.child(0)!;
    edits.push({ start: kw.startIndex, end: kw.endIndex, text: 'implements', rule });
    if (interfaces && list) {
      const implementsKw = interfaces.child(0)!;
      const gap = text.slice(sup.endIndex, interfaces.startIndex);
      if (blank(sup.endIndex, interfaces.startIndex) && blank(implementsKw.endIndex, list.startIndex))
        edits.push({ start: sup.endIndex, end: list.startIndex, text: ',' + (gap.includes('\n') ? gap : ' '), rule });
      else edits.push({ start: implementsKw.startIndex, end: implementsKw.endIndex, text: ',', rule }); // comments in between are kept
    }
  }
  const body = cls.childForFieldName('body');
  if (body) for (const s of ownSuperCalls(body)) edits.push({ start: s.startIndex, end: s.startIndex, text: `${ifaceName(row, use.name)}.`, rule });
  return edits;
}

function classToInterface(ctx: Ctx, row: TypeRename, uses: Use[]): void {
  const rule = RULE.classToInterface;
  const edits: Edit[] = [];
  const stops: { offset: number; message: string }[] = [];
  const iface = simpleOf(row.to);
  for (const u of uses) {
    if (u.kind === 'extends' && ctx.lang === 'java') edits.push(...javaSupertypeEdits(ctx, row, u));
    else if (u.kind === 'extends') {
      // Kotlin `: XSupport()` -> `: X`: the interface takes no constructor call.
      if (u.args && u.args.namedChildCount === 0) edits.push({ start: u.args.startIndex, end: u.args.endIndex, text: '', rule });
      else stops.push({ offset: u.node.startIndex, message: `${simpleOf(row.from)}(...) with arguments cannot become the interface ${iface}; implement ${row.to} and move the arguments into the class` });
    } else if (u.kind === 'anonymous' && ctx.lang === 'java') {
      if (u.args && u.args.namedChildCount === 0 && u.body) for (const s of ownSuperCalls(u.body)) edits.push({ start: s.startIndex, end: s.startIndex, text: `${ifaceName(row, u.name)}.`, rule });
      else stops.push({ offset: u.node.startIndex, message: `new ${simpleOf(row.from)}(...) with arguments: write new ${iface}() { ... } by hand` });
    } else if (u.kind === 'new' || u.kind === 'construct') {
      stops.push({ offset: u.node.startIndex, message: `${simpleOf(row.from)} is instantiated here; an interface cannot be: write ${ctx.lang === 'java' ? `new ${iface}() {}` : `object : ${iface} {}`} (its methods are defaults in Batch 5)` });
    } else if (u.kind === 'implements') {
      stops.push({ offset: u.node.startIndex, message: `${simpleOf(row.from)} in an unexpected position; replace it with ${row.to} by hand` });
    }
  }
  if (stops.length) {
    block(ctx, row, rule, stops);
    return;
  }
  ctx.out.edits.push(...edits);
  dropDuplicateImport(ctx, row, rule);
}

/** The file already imports the interface: the old import goes instead of becoming a duplicate. */
function dropDuplicateImport(ctx: Ctx, row: TypeRename, rule: string): void {
  const { model } = ctx;
  if (model.importedNames.get(simpleOf(row.to)) !== row.to) return;
  const imp = model.imports.find((i) => !i.chain.wildcard && chainText(i.chain) === row.from);
  if (!imp) return;
  let s = model.tokens[imp.startToken]!.start;
  while (s > 0 && (model.text[s - 1] === ' ' || model.text[s - 1] === '\t')) s--;
  let e = model.tokens[imp.endToken]!.end;
  if (model.text[e] === '\r') e++;
  if (model.text[e] === '\n') e++;
  ctx.out.edits.push({ start: s, end: e, text: '', rule });
}

// ---- members-differ, constructors-differ, different-type --------------------------------------

const SUBTYPE = new Set<Use['kind']>(['extends', 'implements', 'anonymous']);
const CONSTRUCT = new Set<Use['kind']>(['new', 'construct', 'anonymous']);

function otherShapes(ctx: Ctx, row: TypeRename, uses: Use[]): void {
  const rule = RULE.typeShape;
  const simple = simpleOf(row.from);
  const instead = row.instead ? `; instead: ${row.instead}` : `; rewrite it against ${row.to}`;
  if (row.shape === 'different-type') {
    const sites = everyReference(ctx.model, row).map((offset) => ({ offset, message: `${simple} -> ${simpleOf(row.to)} is not a rename: ${row.changes}${instead}` }));
    block(ctx, row, rule, sites);
    return;
  }
  const stops = uses.filter((u) => SUBTYPE.has(u.kind) || (row.shape === 'constructors-differ' && CONSTRUCT.has(u.kind)));
  if (stops.length) {
    const what = (u: Use) => (SUBTYPE.has(u.kind) && u.kind !== 'anonymous' ? 'extends/implements' : 'constructs');
    block(ctx, row, rule, stops.map((u) => ({ offset: u.node.startIndex, message: `this code ${what(u)} ${simple}, whose replacement ${row.to} differs: ${row.changes}${instead}` })));
    return;
  }
  const at = referenceOffset(ctx.model, row);
  if (at !== undefined)
    ctx.out.findings.push({ rule, severity: 'info', offset: at, message: `${simple} renamed to ${simpleOf(row.to)}, which differs: ${row.changes}; check the calls made on it`, docs: row.docs });
}

// ---- entry point ------------------------------------------------------------------------------

export function analyseShapes(idx: CodeIndex, model: FileModel, lang: GrammarLang, trees?: SharedTrees): ShapeResult {
  const ctx: Ctx = { model, lang, out: { edits: [], findings: [], blocked: new Set() } };
  const rows = candidateRows(idx, model).filter((r) => model.chains.some((c) => !c.afterDot && namesRow(model, c, r)));
  if (!rows.length) return ctx.out;
  withSharedTree(trees, lang, model.text, (tree) => {
    const all = collectUses(tree.rootNode, lang);
    for (const row of rows) {
      const uses = all.filter((u) => denotes(model, u.name, row.from));
      if (row.shape === 'class-to-interface') classToInterface(ctx, row, uses);
      else if (row.shape === 'annotation-attributes') annotationUse(ctx, row, uses, block);
      else otherShapes(ctx, row, uses);
    }
  });
  return ctx.out;
}

