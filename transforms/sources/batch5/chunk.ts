// batch5/chunk: Spring Batch 5's ItemWriter#write, the write listeners' beforeWrite/afterWrite/
// onWriteError and the writers' doWrite take a Chunk where Batch 4 gave a List (table
// `libraries.batch.chunk`, read from the 4.3.10 and 5.0.4 jars). A Batch 4 writer keeps
// write(List) and no longer compiles (or, a listener, silently stops being called).
//
// Java (Kotlin: chunk-kotlin.ts), on the syntax tree:
// - a method of a class (or anonymous class) that extends or implements one of the row's types,
//   directly or through the project's own classes (chunk-writers.ts), or a method annotated
//   @BeforeWrite/@AfterWrite/@OnWriteError: its `List<..>` parameter becomes `Chunk<..>` (same
//   type arguments). Each use of the parameter that a Chunk answers stays (size(), isEmpty(),
//   iterator(), forEach(..), a for-each loop, handing it on to another writer's write(..)); any
//   other use reads `items.getItems()`, the List it was (List<? extends T> again, so every
//   such use compiles as before). Handing it to write(..) of a receiver of unknown type, or
//   assigning to it, is reported instead;
// - a lambda that is an ItemWriter (returned from a method declared to return a writer type,
//   the value of a variable of such a type, the argument of a step builder's `.writer(..)`):
//   the same for its parameter; a method reference there is reported;
// - a call `w.write(list)` on a variable of a writer type (Batch's or the project's): the list is
//   wrapped, `new Chunk<>(list)`, when it is provably a List (List.of/Arrays.asList/Collections.*,
//   new ArrayList<>(..), a variable declared as a List); `verify(w).write(anyList())` ->
//   `any()`; an argument of unknown type is reported with the replacement.
import type { Node } from '../../../src/formats/tree-sitter.js';
import { walk, withSharedTree } from '../../../src/formats/tree-sitter.js';
import { type LibContext, type LibResult, emptyResult, simpleOf } from '../lib-edits.js';
import { type Declaration, enclosingClass, enclosingMethod, referencesOf, typeIs, typeName, valueParent } from '../spring6/java-scope.js';
import { batchTypes, projectWriters } from './chunk-writers.js';
import { migrateChunkKotlin } from './chunk-kotlin.js';
import { callers } from './chunk-callers.js';
import { CHUNK_RULE, type Ctx, batchSupertypes, chunkName, isList, isWriterType, writerReceiver } from './chunk-context.js';

export { CHUNK_RULE };

// ---- parameters that become a Chunk -----------------------------------------------------------

type Use = { kind: 'ok' } | { kind: 'items' } | { kind: 'stop'; why: string };

function useOf(ctx: Ctx, ref: Node, owner: Node): Use {
  const { parent, child } = valueParent(ref);
  if (!parent) return { kind: 'items' };
  if (parent.type === 'method_invocation' && parent.childForFieldName('object')?.id === child.id) {
    return ctx.rows.chunkMethods.includes(parent.childForFieldName('name')?.text ?? '') ? { kind: 'ok' } : { kind: 'items' };
  }
  if (parent.type === 'enhanced_for_statement' && parent.childForFieldName('value')?.id === child.id) return { kind: 'ok' };
  if (parent.type === 'assignment_expression' && parent.childForFieldName('left')?.id === child.id) return { kind: 'stop', why: `${ref.text} is assigned` };
  if (parent.type === 'argument_list') {
    const call = parent.parent;
    const name = call?.type === 'method_invocation' ? call.childForFieldName('name')?.text ?? '' : '';
    if (call?.type === 'method_invocation' && ctx.rows.methods.some((m) => m.name === name)) {
      const object = call.childForFieldName('object');
      // handing the chunk on: to another writer, to super's or this class's own write method
      if (!object || object.type === 'super' || object.type === 'this') {
        const cls = enclosingClass(call);
        if (cls && enclosingClass(owner)?.id === cls.id) return { kind: 'ok' };
      } else if (writerReceiver(ctx, object).writer) return { kind: 'ok' };
      else return { kind: 'stop', why: `${ref.text} is handed to ${object.text}.${name}(..), whose receiver's type this file does not show (a Batch 5 writer takes the Chunk, anything else the List: ${ref.text}.getItems())` };
    }
    if (call?.type === 'object_creation_expression' && typeIs(ctx.lib.model, typeName(call.childForFieldName('type')!), ctx.rows.type)) return { kind: 'items' };
  }
  return { kind: 'items' };
}

/** Retypes a List parameter to Chunk and fits its uses; a use that cannot be fitted reports the method. */
function chunkParameter(ctx: Ctx, decl: Declaration, owner: Node, what: string): void {
  const refs = referencesOf(decl);
  const uses = refs.map((r) => useOf(ctx, r, owner));
  const stop = uses.find((u): u is Extract<Use, { kind: 'stop' }> => u.kind === 'stop');
  if (stop) {
    ctx.findings.push({
      rule: CHUNK_RULE,
      severity: 'error',
      offset: decl.name.startIndex,
      message: `${what} takes a Chunk in Spring Batch 5, not a List, and was not rewritten: ${stop.why}. Declare the parameter Chunk<..> (org.springframework.batch.item.Chunk) and read its List with getItems()`,
      docs: ctx.rows.docs,
    });
    return;
  }
  if (decl.type) {
    const head = decl.type.type === 'generic_type' ? decl.type.namedChild(0)! : decl.type;
    ctx.edits.push({ start: head.startIndex, end: head.endIndex, text: chunkName(ctx), rule: CHUNK_RULE });
  }
  refs.forEach((r, i) => {
    if (uses[i]!.kind === 'items') ctx.edits.push({ start: r.endIndex, end: r.endIndex, text: '.getItems()', rule: CHUNK_RULE });
  });
}

const formalParameters = (m: Node) => (m.childForFieldName('parameters')?.namedChildren ?? []).filter((p): p is Node => p?.type === 'formal_parameter' || p?.type === 'spread_parameter');

function annotated(ctx: Ctx, m: Node): boolean {
  const mods = m.namedChildren.find((c) => c?.type === 'modifiers');
  return !!mods?.namedChildren.some((a) => (a?.type === 'marker_annotation' || a?.type === 'annotation') && ctx.rows.annotations.some((fq) => typeIs(ctx.lib.model, a.childForFieldName('name')!.text, fq)));
}

function declarations(ctx: Ctx, root: Node): void {
  walk(root, (n) => {
    if (n.type !== 'method_declaration') return true;
    const params = formalParameters(n);
    const name = n.childForFieldName('name')?.text ?? '';
    const cls = enclosingClass(n);
    let indexes: number[] = [];
    if (annotated(ctx, n)) indexes = params.map((p, i) => (isList(ctx, p.childForFieldName('type')) ? i : -1)).filter((i) => i >= 0);
    else if (cls) {
      const supers = batchSupertypes(ctx, cls);
      const row = supers.size ? ctx.rows.methods.find((m) => m.name === name && m.params === params.length && m.types.some((t) => supers.has(t))) : undefined;
      if (row && isList(ctx, params[row.index]!.childForFieldName('type'))) indexes = [row.index];
    }
    for (const i of indexes) {
      const p = params[i]!;
      chunkParameter(ctx, { kind: 'param', name: p.childForFieldName('name')!, type: p.childForFieldName('type')!, scope: n }, n, `${name}(..)`);
    }
    return true;
  });
}

// ---- lambdas that are writers -----------------------------------------------------------------

/** Is this lambda (or method reference) an ItemWriter by the place it stands in? */
function writerTarget(ctx: Ctx, fn: Node): boolean {
  const { parent, child } = valueParent(fn);
  if (!parent) return false;
  if (parent.type === 'return_statement') {
    const m = enclosingMethod(parent);
    const t = m?.childForFieldName('type');
    return !!t && isWriterType(ctx, typeName(t));
  }
  if (parent.type === 'variable_declarator' && parent.childForFieldName('value')?.id === child.id) {
    const t = parent.parent?.childForFieldName('type');
    return !!t && typeName(t) !== 'var' && isWriterType(ctx, typeName(t));
  }
  if (parent.type === 'argument_list' && parent.namedChildCount === 1) {
    const call = parent.parent;
    return call?.type === 'method_invocation' && call.childForFieldName('name')?.text === 'writer' && !!call.childForFieldName('object');
  }
  return false;
}

function lambdas(ctx: Ctx, root: Node): void {
  walk(root, (n) => {
    if (n.type === 'method_reference' && writerTarget(ctx, n)) {
      ctx.findings.push({ rule: CHUNK_RULE, severity: 'error', offset: n.startIndex, message: `${n.text} is used as an ItemWriter: in Spring Batch 5 its method must take a Chunk (org.springframework.batch.item.Chunk), not a List; write items -> ...(items.getItems()) or change the method`, docs: ctx.rows.docs });
      return true;
    }
    if (n.type !== 'lambda_expression' || !writerTarget(ctx, n)) return true;
    const params = n.childForFieldName('parameters');
    if (!params) return true;
    if (params.type === 'identifier') chunkParameter(ctx, { kind: 'lambda', name: params, scope: n }, n, 'the ItemWriter lambda');
    else {
      const list = params.namedChildren.filter((p): p is Node => !!p);
      if (list.length !== 1) return true;
      const p = list[0]!;
      if (p.type === 'identifier') chunkParameter(ctx, { kind: 'lambda', name: p, scope: n }, n, 'the ItemWriter lambda');
      else if (p.type === 'formal_parameter' && isList(ctx, p.childForFieldName('type'))) chunkParameter(ctx, { kind: 'lambda', name: p.childForFieldName('name')!, type: p.childForFieldName('type')!, scope: n }, n, 'the ItemWriter lambda');
    }
    return true;
  });
}

/** Does the file name anything this rule reads (cheap, on tokens), before a syntax tree is made? */
export function needsChunk(lib: LibContext, project: Map<string, Set<string>>): boolean {
  const rows = lib.libs.batch.chunk;
  const names = new Set([...batchTypes(rows).map(simpleOf), ...rows.annotations.map(simpleOf), ...project.keys()]);
  return lib.model.tokens.some((t) => t.type === 'ident' && names.has(t.value));
}

export function migrateChunk(lib: LibContext): LibResult {
  const out = emptyResult();
  const rows = lib.libs.batch.chunk;
  const project = projectWriters(lib.project, rows);
  if (!needsChunk(lib, project)) return out;
  if (lib.lang !== 'java') {
    const k = migrateChunkKotlin(lib, CHUNK_RULE, project, batchTypes(rows));
    out.edits.push(...k.edits);
    out.findings.push(...k.findings);
    out.imports.push(...k.imports);
    return out;
  }
  const ctx: Ctx = { lib, rows, edits: [], findings: [], imports: new Set(), project, types: batchTypes(rows) };
  withSharedTree(lib.trees, 'java', lib.model.text, (tree) => {
    declarations(ctx, tree.rootNode);
    lambdas(ctx, tree.rootNode);
    callers(ctx, tree.rootNode);
  });
  out.edits.push(...ctx.edits);
  out.findings.push(...ctx.findings);
  out.imports.push(...ctx.imports);
  return out;
}
