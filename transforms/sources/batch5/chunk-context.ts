// What batch5/chunk's Java parts share (chunk.ts, chunk-callers.ts): the run's context, and what
// the file says about types: a java.util.List, a writer type (Batch's or the project's), a writer receiver.
import type { Edit, FindingInput } from '../../../src/engine/types.js';
import type { Node } from '../../../src/formats/tree-sitter.js';
import type { BatchChunkRows } from '../../../src/table/sections/libraries.js';
import { type LibContext, simpleOf } from '../lib-edits.js';
import { denotes } from '../model.js';
import { declarationOf, enclosingClass, supertypesOf, typeAmong, typeName, unparen } from '../spring6/java-scope.js';
import { written } from '../spring6/status-flow.js';

export const CHUNK_RULE = 'batch5/chunk';

export interface Ctx {
  lib: LibContext;
  rows: BatchChunkRows;
  edits: Edit[];
  findings: FindingInput[];
  imports: Set<string>;
  /** Batch types the project's own classes inherit, by simple name. */
  project: Map<string, Set<string>>;
  types: string[];
}

const LIST_TYPES = ['java.util.List', 'java.util.ArrayList', 'java.util.LinkedList'];
export const LIST_FACTORIES: Record<string, string[]> = { List: ['of', 'copyOf'], Arrays: ['asList'], Collections: ['singletonList', 'emptyList', 'unmodifiableList', 'nCopies'] };

/** Is a type as written java.util.List (java.lang and java.util are where List comes from; the file may import it)? */
export function isList(ctx: Ctx, t: Node | null | undefined): boolean {
  if (!t) return false;
  const w = typeName(t);
  return LIST_TYPES.some((fq) => w === fq || (w === simpleOf(fq) && denotes(ctx.lib.model, w, fq)));
}

/** The Batch types a class (declaration or anonymous) extends or implements, directly or through the project. */
export function batchSupertypes(ctx: Ctx, cls: Node): Set<string> {
  const out = new Set<string>();
  for (const s of supertypesOf(cls)) {
    const b = typeAmong(ctx.lib.model, s, ctx.types);
    if (b) out.add(b);
    const own = ctx.project.get(s.slice(s.lastIndexOf('.') + 1));
    if (!b && own && !ctx.lib.model.importedNames.get(s)?.startsWith('org.springframework.')) for (const t of own) out.add(t);
  }
  return out;
}

/** Is a type as written a writer (Batch's writer types, or a class of the project implementing one)? */
export function isWriterType(ctx: Ctx, written: string): boolean {
  if (typeAmong(ctx.lib.model, written, ctx.rows.writers)) return true;
  const own = ctx.project.get(written.slice(written.lastIndexOf('.') + 1));
  return !!own && [...own].some((t) => ctx.rows.writers.includes(t)) && !ctx.lib.model.importedNames.get(written)?.startsWith('org.springframework.');
}

/** The declared type of a receiver or argument expression, when the file declares it. */
export function declaredTypeOf(e: Node): Node | undefined {
  const x = unparen(e);
  if (x.type === 'identifier') {
    const d = declarationOf(x);
    if (d?.type && typeName(d.type) !== 'var') return d.type;
    if (d?.value?.type === 'object_creation_expression') return d.value.childForFieldName('type') ?? undefined;
    return undefined;
  }
  if (x.type === 'object_creation_expression' || x.type === 'cast_expression') return x.childForFieldName('type') ?? undefined;
  return undefined;
}

/** The receiver of a write call is a writer: `w.write(..)`, `this.w.write(..)`, `verify(w).write(..)`. */
export function writerReceiver(ctx: Ctx, object: Node | null, call?: Node): { writer: boolean; mock: boolean } {
  if (!object || object.type === 'this') {
    // write(..) of the class itself, when it is a writer
    const cls = call ? enclosingClass(call) : undefined;
    return { writer: !!cls && [...batchSupertypes(ctx, cls)].some((t) => ctx.rows.writers.includes(t)), mock: false };
  }
  let o = unparen(object);
  let mock = false;
  if (o.type === 'method_invocation' && o.childForFieldName('name')?.text === 'verify' && (o.childForFieldName('arguments')?.namedChildCount ?? 0) >= 1) {
    o = o.childForFieldName('arguments')!.namedChild(0)!;
    mock = true;
  }
  if (o.type === 'field_access' && o.childForFieldName('object')?.type === 'this') {
    const cls = enclosingClass(o);
    const body = cls?.namedChildren.find((c) => c?.type === 'class_body');
    const name = o.childForFieldName('field')?.text;
    for (const m of body?.namedChildren ?? []) {
      if (m?.type !== 'field_declaration') continue;
      if (m.namedChildren.some((d) => d?.type === 'variable_declarator' && d.childForFieldName('name')?.text === name)) return { writer: isWriterType(ctx, typeName(m.childForFieldName('type')!)), mock };
    }
    return { writer: false, mock };
  }
  const t = declaredTypeOf(o);
  return { writer: !!t && isWriterType(ctx, typeName(t)), mock };
}

export const chunkName = (ctx: Ctx) => written({ model: ctx.lib.model, imports: ctx.imports }, ctx.rows.type);

