// batch5/chunk, Java callers: `w.write(list)` on a writer (a variable of a writer type, the class's
// own write, `verify(w)`) gets `new Chunk<>(list)` when the argument is provably a List, a mock's
// `anyList()` becomes `any()`; an argument of unknown type is reported with the replacement.
import type { Node } from '../../../src/formats/tree-sitter.js';
import { walk } from '../../../src/formats/tree-sitter.js';
import { simpleOf } from '../lib-edits.js';
import { denotes } from '../model.js';
import { type Declaration, declarationOf, typeIs, typeName, unparen } from '../spring6/java-scope.js';
import { CHUNK_RULE, type Ctx, LIST_FACTORIES, chunkName, isList, writerReceiver } from './chunk-context.js';

function provablyList(ctx: Ctx, arg: Node): boolean {
  const a = unparen(arg);
  if (a.type === 'method_invocation') {
    const object = a.childForFieldName('object');
    const name = a.childForFieldName('name')?.text ?? '';
    return !!object && object.type === 'identifier' && (LIST_FACTORIES[object.text]?.includes(name) ?? false) && (object.text !== 'List' || isListName(ctx, 'List'));
  }
  if (a.type === 'object_creation_expression') return isList(ctx, a.childForFieldName('type'));
  if (a.type === 'identifier') {
    const d = declarationOf(a);
    return !!d?.type && isList(ctx, d.type);
  }
  return false;
}

const isListName = (ctx: Ctx, name: string) => denotes(ctx.lib.model, name, 'java.util.List');

function provablyChunk(ctx: Ctx, arg: Node): boolean {
  const a = unparen(arg);
  if (a.type === 'object_creation_expression') return typeIs(ctx.lib.model, typeName(a.childForFieldName('type')!), ctx.rows.type);
  if (a.type === 'method_invocation') return a.childForFieldName('object')?.text === simpleOf(ctx.rows.type) && a.childForFieldName('name')?.text === 'of';
  if (a.type === 'identifier') {
    const d = declarationOf(a);
    return !!d?.type && typeIs(ctx.lib.model, typeName(d.type), ctx.rows.type);
  }
  return false;
}

export function callers(ctx: Ctx, root: Node): void {
  walk(root, (n) => {
    if (n.type !== 'method_invocation' || n.childForFieldName('name')?.text !== 'write') return true;
    const args = n.childForFieldName('arguments');
    if (args?.namedChildCount !== 1) return true;
    const { writer, mock } = writerReceiver(ctx, n.childForFieldName('object'), n);
    if (!writer) return true;
    const arg = args.namedChild(0)!;
    if (provablyChunk(ctx, arg)) return true;
    // a parameter this rule turns into a Chunk is one already
    if (unparen(arg).type === 'identifier') {
      const d = declarationOf(unparen(arg));
      if (d && (d.kind === 'param' || d.kind === 'lambda') && d.type && isList(ctx, d.type) && rewrittenParam(ctx, d)) return true;
    }
    // a matcher of any type already fits the Chunk
    if (mock && unparen(arg).type === 'method_invocation' && ['any', 'notNull', 'isNotNull'].includes(unparen(arg).childForFieldName('name')?.text ?? '')) return true;
    if (mock && unparen(arg).type === 'method_invocation' && unparen(arg).childForFieldName('name')?.text === 'anyList' && (unparen(arg).childForFieldName('arguments')?.namedChildCount ?? 0) === 0) {
      const name = unparen(arg).childForFieldName('name')!;
      const any = ctx.lib.model.importedNames.get('any');
      const object = unparen(arg).childForFieldName('object');
      const text = object ? 'any' : any === 'org.mockito.ArgumentMatchers.any' || any === 'org.mockito.Mockito.any' ? 'any' : 'org.mockito.ArgumentMatchers.any';
      ctx.edits.push({ start: object ? name.startIndex : unparen(arg).startIndex, end: name.endIndex, text, rule: CHUNK_RULE });
      return true;
    }
    if (provablyList(ctx, arg)) {
      ctx.edits.push({ start: arg.startIndex, end: arg.startIndex, text: `new ${chunkName(ctx)}<>(`, rule: CHUNK_RULE });
      ctx.edits.push({ start: arg.endIndex, end: arg.endIndex, text: ')', rule: CHUNK_RULE });
      return true;
    }
    ctx.findings.push({
      rule: CHUNK_RULE,
      severity: 'error',
      offset: arg.startIndex,
      message: `write(..) takes a Chunk in Spring Batch 5; this argument's type is not declared here, so it was not rewritten: if it is a List, write ${n.childForFieldName('object')!.text}.write(new Chunk<>(${arg.text}))`,
      docs: ctx.rows.docs,
    });
    return true;
  });
}

/** Is this declaration a parameter chunkParameter rewrites (a writer method's or a writer lambda's)? */
function rewrittenParam(ctx: Ctx, d: Declaration): boolean {
  return ctx.edits.some((e) => d.type && e.start === (d.type.type === 'generic_type' ? d.type.namedChild(0)!.startIndex : d.type.startIndex));
}

