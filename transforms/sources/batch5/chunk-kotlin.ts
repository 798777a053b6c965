// batch5/chunk in Kotlin: `override fun write(items: List<Foo>)` (or `MutableList<out Foo>`) of a
// class extending or implementing a Batch writer or write-listener type (directly or through the
// project's own classes) becomes `write(items: Chunk<out Foo>)`, the Kotlin form of Batch 5's
// `Chunk<? extends T>`. A for loop over it stays (a Chunk is Iterable) and handing it on to
// super's write(..) or to a writer property's write(..) passes the Chunk; every other use reads
// `items.items` (getItems()), the List it was, so Kotlin's List extensions (size, map, joinToString)
// keep working. Callers `w.write(listOf(..))` on a writer property or parameter get
// `w.write(Chunk(listOf(..)))`. Anything undecidable is reported.
import type { Edit, FindingInput } from '../../../src/engine/types.js';
import type { Node } from '../../../src/formats/tree-sitter.js';
import { walk, withSharedTree } from '../../../src/formats/tree-sitter.js';
import type { BatchChunkRows } from '../../../src/table/sections/libraries.js';
import type { LibContext } from '../lib-edits.js';
import { written } from '../spring6/status-flow.js';
import { type KotlinCtx, kotlinClassOf, kotlinMemberType, kotlinParamName, kotlinParamType, kotlinParameters, kotlinReferences, kotlinSupertypes, kotlinTypeIs, kotlinTypeName } from '../spring6/kotlin-params.js';

const LISTS = new Set(['List', 'MutableList', 'kotlin.collections.List', 'kotlin.collections.MutableList', 'java.util.List']);
const LIST_BUILDERS = new Set(['listOf', 'mutableListOf', 'arrayListOf', 'emptyList', 'listOfNotNull']);

interface Ctx extends KotlinCtx {
  rows: BatchChunkRows;
  project: Map<string, Set<string>>;
  types: string[];
  rule: string;
}

function batchSupers(ctx: Ctx, cls: Node): Set<string> {
  const out = new Set<string>();
  for (const s of kotlinSupertypes(cls)) {
    const b = ctx.types.find((t) => kotlinTypeIs(ctx.model, s, t));
    if (b) out.add(b);
    else for (const t of ctx.project.get(s.slice(s.lastIndexOf('.') + 1)) ?? []) out.add(t);
  }
  return out;
}

function isWriterType(ctx: Ctx, t: Node | undefined): boolean {
  const w = kotlinTypeName(t);
  if (!w) return false;
  if (ctx.rows.writers.some((fq) => kotlinTypeIs(ctx.model, w, fq))) return true;
  return [...(ctx.project.get(w.slice(w.lastIndexOf('.') + 1)) ?? [])].some((x) => ctx.rows.writers.includes(x));
}

/** The element type of `List<X>` / `MutableList<out X>` as written, without variance. */
function elementType(t: Node): string | undefined {
  const args = t.namedChildren.find((c) => c?.type === 'type_arguments');
  const proj = args?.namedChildren.filter((c): c is Node => c?.type === 'type_projection');
  if (proj?.length !== 1) return undefined;
  const inner = proj[0]!.namedChildren.filter((c): c is Node => !!c && c.type !== 'variance_modifier');
  return inner.length === 1 ? inner[0]!.text : undefined;
}

type Use = 'ok' | 'items' | string;

function useOf(ctx: Ctx, ref: Node, cls: Node): Use {
  const p = ref.parent;
  if (p?.type === 'for_statement' && p.namedChildren.find((c) => c?.type !== 'variable_declaration' && c?.type !== 'multi_variable_declaration')?.id === ref.id) return 'ok';
  if (p?.type === 'value_argument' && p.parent?.namedChildCount === 1) {
    const call = p.parent.parent;
    const callee = call?.type === 'call_expression' ? call.namedChild(0) : undefined;
    if (callee?.type === 'navigation_expression' && ctx.rows.methods.some((m) => m.name === callee.namedChild(1)?.text)) {
      const owner = callee.namedChild(0)!;
      if (owner.type === 'super_expression' || owner.type === 'this_expression') return 'ok';
      if (owner.type === 'identifier' && isWriterType(ctx, kotlinMemberType(cls, owner.text))) return 'ok';
      return `${ref.text} is handed to ${callee.text}(..), whose receiver's type this file does not show (a Batch 5 writer takes the Chunk, anything else ${ref.text}.items)`;
    }
  }
  return 'items';
}

function declarations(ctx: Ctx, root: Node): void {
  walk(root, (cls) => {
    if (cls.type !== 'class_declaration' && cls.type !== 'object_literal' && cls.type !== 'object_declaration') return true;
    const supers = batchSupers(ctx, cls);
    if (!supers.size) return true;
    const body = cls.namedChildren.find((c) => c?.type === 'class_body');
    for (const fn of body?.namedChildren ?? []) {
      if (fn?.type !== 'function_declaration') continue;
      const name = fn.namedChildren.find((c) => c?.type === 'identifier')?.text;
      const params = kotlinParameters(fn);
      const row = ctx.rows.methods.find((m) => m.name === name && m.params === params.length && m.types.some((t) => supers.has(t)));
      const p = row ? params[row.index] : undefined;
      const type = p ? kotlinParamType(p) : undefined;
      if (!p || type?.type !== 'user_type' || !LISTS.has(kotlinTypeName(type))) continue;
      const element = elementType(type);
      const pname = kotlinParamName(p).text;
      const refs = kotlinReferences(fn, pname);
      const uses = refs?.map((r) => useOf(ctx, r, cls));
      const stop = !refs ? `its body declares ${pname} again` : uses!.find((u) => u !== 'ok' && u !== 'items');
      if (!element || stop) {
        ctx.findings.push({ rule: ctx.rule, severity: 'error', offset: p.startIndex, message: `${name}(..) takes a Chunk in Spring Batch 5, not a List, and was not rewritten${stop ? `: ${stop}` : ''}. Declare ${pname}: Chunk<out T> (org.springframework.batch.item.Chunk) and read its List as ${pname}.items`, docs: ctx.rows.docs });
        continue;
      }
      ctx.edits.push({ start: type.startIndex, end: type.endIndex, text: `${written(ctx, ctx.rows.type)}<out ${element}>`, rule: ctx.rule });
      refs!.forEach((r, i) => {
        if (uses![i] === 'items') ctx.edits.push({ start: r.endIndex, end: r.endIndex, text: '.items', rule: ctx.rule });
      });
    }
    return true;
  });
}

function callers(ctx: Ctx, root: Node): void {
  walk(root, (call) => {
    if (call.type !== 'call_expression') return true;
    const callee = call.namedChild(0);
    const cls = kotlinClassOf(call);
    if (!cls) return true;
    if (callee?.type === 'identifier') {
      // write(..) of the class itself, when it is a writer
      if (callee.text !== 'write' || ![...batchSupers(ctx, cls)].some((t) => ctx.rows.writers.includes(t))) return true;
    } else {
      if (callee?.type !== 'navigation_expression' || callee.namedChild(1)?.text !== 'write') return true;
      const owner = callee.namedChild(0);
      if (owner?.type !== 'identifier' || !isWriterType(ctx, kotlinMemberType(cls, owner.text))) return true;
    }
    const args = call.namedChildren.find((c) => c?.type === 'value_arguments')?.namedChildren.filter((c): c is Node => c?.type === 'value_argument');
    if (args?.length !== 1) return true;
    const arg = args[0]!.namedChild(0)!;
    const builder = arg.type === 'call_expression' ? arg.namedChild(0) : undefined;
    if (builder?.type === 'identifier' && LIST_BUILDERS.has(builder.text)) {
      ctx.edits.push({ start: arg.startIndex, end: arg.startIndex, text: `${written(ctx, ctx.rows.type)}(`, rule: ctx.rule });
      ctx.edits.push({ start: arg.endIndex, end: arg.endIndex, text: ')', rule: ctx.rule });
    }
    return true;
  });
}

export function migrateChunkKotlin(lib: LibContext, rule: string, project: Map<string, Set<string>>, types: string[]): { edits: Edit[]; findings: FindingInput[]; imports: string[] } {
  const ctx: Ctx = { model: lib.model, edits: [], findings: [], imports: new Set(), rows: lib.libs.batch.chunk, project, types, rule };
  withSharedTree(lib.trees, 'kotlin', lib.model.text, (tree) => {
    declarations(ctx, tree.rootNode);
    callers(ctx, tree.rootNode);
  });
  return { edits: ctx.edits, findings: ctx.findings, imports: [...ctx.imports] };
}

