// Where a value that was an HttpStatus in Spring Framework 5.3 and is an HttpStatusCode in 6.0
// goes, and what each place needs (Java). HttpStatusCode answers value(), the isNxx() tests,
// equals and ==, so most uses compile as they are; `series() == Series.X` becomes the matching
// isNxx() test; anywhere else the value gets back its old type with HttpStatus.valueOf(x.value()).
// That conversion always compiles where the HttpStatus compiled (it is one), and behaves the same:
// in 5.3 the accessors themselves ran HttpStatus.valueOf(raw code) and threw on a code HttpStatus
// does not know, as valueOf still does.
import type { Edit, FindingInput } from '../../../src/engine/types.js';
import type { Node } from '../../../src/formats/tree-sitter.js';
import type { Spring6Rows } from '../../../src/table/sections/libraries.js';
import { type FileModel, denotes } from '../model.js';
import { simpleOf } from '../lib-edits.js';
import { type Declaration, declarationOf, enclosingClass, localMethodType, enclosingMethod, referencesOf, supertypesOf, typeAmong, typeIs, typeName, unparen, valueParent } from './java-scope.js';

export interface FlowCtx {
  model: FileModel;
  rows: Spring6Rows;
  rule: string;
  edits: Edit[];
  findings: FindingInput[];
  imports: Set<string>;
  /** Start offsets of expressions already decided (each is decided once). */
  decided: Set<number>;
  /** The build compiling this file fails on deprecation warnings (-Werror with -Xlint:deprecation). */
  deprecationFails?: () => boolean;
}

/** How a type is written here (Java or Kotlin): its simple name when it is (or can be) imported, else qualified. */
export function written(ctx: { model: FileModel; imports: Set<string> }, fq: string): string {
  const simple = simpleOf(fq);
  if (denotes(ctx.model, simple, fq)) return simple;
  if (ctx.model.importedNames.has(simple)) return fq;
  ctx.imports.add(fq);
  return simple;
}

/** What a use of the value needs. */
export type Need = { kind: 'ok' } | { kind: 'wrap' } | { kind: 'series'; binary: Node; call: Node; test: string; negate: boolean };

const OK: Need = { kind: 'ok' };
const WRAP: Need = { kind: 'wrap' };

/** Calls that take any object (assertions, mocks, logging, formatting): an HttpStatusCode passes as the HttpStatus did. */
const OBJECT_SINKS = new Set(['assertEquals', 'assertNotEquals', 'assertSame', 'assertNotSame', 'assertThat', 'when', 'eq', 'equalTo', 'requireNonNull', 'format', 'println', 'print']);
const LOG_METHODS = new Set(['trace', 'debug', 'info', 'warn', 'error']);
const LOGGER = /^(log|logger|LOG|LOGGER)$/;

const SERIES = 'org.springframework.http.HttpStatus.Series';

/** Does `text` (no spaces) name the constant X of HttpStatus.Series here? Returns X. */
function seriesConstant(ctx: FlowCtx, text: string): string | undefined {
  const m = /^(?:(.*)\.)?([A-Z_]+)$/.exec(text);
  if (!m) return undefined;
  const [, owner, constant] = m;
  if (owner === undefined) return ctx.model.importedNames.get(constant!) === `${SERIES}.${constant}` ? constant : undefined;
  if (owner === SERIES || owner === 'HttpStatus.Series' && denotes(ctx.model, 'HttpStatus', ctx.rows.statusCode.httpStatus)) return constant;
  return owner === 'Series' && ctx.model.importedNames.get('Series') === SERIES ? constant : undefined;
}

/** `series() == Series.X` / `Series.X == series()` with X a constant of HttpStatus.Series: the test answering it. */
function seriesTest(ctx: FlowCtx, call: Node): Need | undefined {
  const { parent, child } = valueParent(call);
  if (parent?.type !== 'binary_expression') return undefined;
  const op = parent.childForFieldName('operator')?.text;
  if (op !== '==' && op !== '!=') return undefined;
  const left = parent.childForFieldName('left');
  const other = left?.id === child.id ? parent.childForFieldName('right') : left;
  const constant = other ? seriesConstant(ctx, unparen(other).text.replace(/\s+/g, '')) : undefined;
  const test = constant ? ctx.rows.statusCode.seriesTests[constant] : undefined;
  return test ? { kind: 'series', binary: parent, call, test, negate: op === '!=' } : undefined;
}

/** Is the call at `args` one whose parameter takes an HttpStatusCode in 6.0 (or any object)? */
function accepting(ctx: FlowCtx, args: Node, index: number): boolean {
  const call = args.parent;
  if (!call) return false;
  const sc = ctx.rows.statusCode;
  if (call.type === 'object_creation_expression') {
    const t = call.childForFieldName('type');
    return !!t && sc.accepting.some((a) => a.method === 'new' && typeIs(ctx.model, typeName(t), a.type));
  }
  if (call.type !== 'method_invocation') return false;
  const name = call.childForFieldName('name')?.text ?? '';
  const object = call.childForFieldName('object');
  if (OBJECT_SINKS.has(name)) return true;
  if (LOG_METHODS.has(name) && object && LOGGER.test(object.text)) return true;
  if (object?.type === 'identifier' && /^[A-Z]/.test(object.text)) {
    if (sc.accepting.some((a) => a.method === name && typeIs(ctx.model, object.text, a.type))) return true;
  } else if (object) {
    const t = receiverType(ctx, object);
    if (t && sc.accepting.some((a) => a.method === name && a.type === t)) return true;
  }
  // super.handleX(.., status, ..) / handleExceptionInternal(.., status, ..) in a subclass of a class whose parameter changed
  if (!object || object.type === 'super' || object.type === 'this') {
    const cls = enclosingClass(call);
    if (cls) {
      for (const row of ctx.rows.overrides) {
        if (!supertypesOf(cls).some((s) => typeIs(ctx.model, s, row.type))) continue;
        const argc = args.namedChildren.filter((c) => c && c.type !== 'line_comment' && c.type !== 'block_comment').length;
        if (row.methods.some((m) => m.name === name && m.params === argc && m.status === index)) return true;
      }
    }
  }
  return false;
}

/**
 * `Optional.ofNullable(<status>).map(HttpStatusCode::value)`: the value is read as an HttpStatusCode
 * (Spring 6 code, or what the deprecated nullable getRawStatusCode() became): nothing to convert.
 */
function mappedToValue(ctx: FlowCtx, args: Node): boolean {
  const wrap = args.parent;
  if (wrap?.type !== 'method_invocation' || wrap.childForFieldName('name')?.text !== 'ofNullable' || args.namedChildCount !== 1) return false;
  const map = wrap.parent;
  if (map?.type !== 'method_invocation' || map.childForFieldName('object')?.id !== wrap.id || map.childForFieldName('name')?.text !== 'map') return false;
  const ref = map.childForFieldName('arguments')?.namedChild(0);
  return ref?.type === 'method_reference' && ref.namedChild(1)?.text === 'value' && typeIs(ctx.model, (ref.namedChild(0)?.text ?? '').replace(/\s+/g, ''), ctx.rows.statusCode.httpStatusCode);
}

/** What a place that held an HttpStatus needs now that it holds an HttpStatusCode. */
export function needOf(ctx: FlowCtx, expr: Node): Need {
  const { parent, child } = valueParent(expr);
  if (!parent) return WRAP;
  switch (parent.type) {
    case 'method_invocation': {
      if (parent.childForFieldName('object')?.id !== child.id) break;
      const name = parent.childForFieldName('name')?.text ?? '';
      if (ctx.rows.statusCode.codeMethods.includes(name)) return OK;
      if (name === 'series' && (parent.childForFieldName('arguments')?.namedChildCount ?? 0) === 0) return seriesTest(ctx, parent) ?? WRAP;
      return WRAP;
    }
    case 'binary_expression': {
      const op = parent.childForFieldName('operator')?.text ?? parent.child(1)?.text;
      if (op === '==' || op === '!=') return OK;
      if (op === '+') {
        const other = parent.childForFieldName('left')?.id === child.id ? parent.childForFieldName('right') : parent.childForFieldName('left');
        if (other?.type === 'string_literal' || other?.type === 'binary_expression' && /^"/.test(other.text)) return OK;
      }
      return WRAP;
    }
    case 'argument_list': {
      const index = parent.namedChildren.filter((c) => c && c.type !== 'line_comment' && c.type !== 'block_comment').findIndex((c) => c!.id === child.id);
      return accepting(ctx, parent, index) || mappedToValue(ctx, parent) ? OK : WRAP;
    }
    case 'expression_statement':
      return OK;
    case 'variable_declarator': {
      const decl = parent.parent;
      const t = decl?.childForFieldName('type');
      if (t && (typeIs(ctx.model, typeName(t), ctx.rows.statusCode.httpStatusCode) || ['Object', 'Serializable'].includes(typeName(t)))) return OK;
      return WRAP;
    }
    case 'assignment_expression': {
      if (parent.childForFieldName('right')?.id !== child.id) break;
      const left = parent.childForFieldName('left');
      const d = left?.type === 'identifier' ? declarationOf(left) : undefined;
      if (d?.type && typeIs(ctx.model, typeName(d.type), ctx.rows.statusCode.httpStatusCode)) return OK;
      return WRAP;
    }
    case 'return_statement': {
      const m = enclosingMethod(parent);
      const t = m?.childForFieldName('type');
      if (t && typeIs(ctx.model, typeName(t), ctx.rows.statusCode.httpStatusCode)) return OK;
      return WRAP;
    }
  }
  return WRAP;
}

/** The edits a need asks for at `expr`. */
export function applyNeed(ctx: FlowCtx, expr: Node, need: Need): void {
  const rule = ctx.rule;
  if (need.kind === 'wrap') {
    const status = written(ctx, ctx.rows.statusCode.httpStatus);
    ctx.edits.push({ start: expr.startIndex, end: expr.startIndex, text: `${status}.valueOf(`, rule });
    ctx.edits.push({ start: expr.endIndex, end: expr.endIndex, text: '.value())', rule });
  } else if (need.kind === 'series') {
    // `x.series() == HttpStatus.Series.SERVER_ERROR` -> `x.is5xxServerError()` (`!x...` for !=)
    const name = need.call.childForFieldName('name')!;
    const left = unparen(need.binary.childForFieldName('left')!);
    if (left.id === need.call.id || left.startIndex <= need.call.startIndex && left.endIndex >= need.call.endIndex) {
      ctx.edits.push({ start: name.startIndex, end: need.binary.endIndex, text: `${need.test}()`, rule });
      if (need.negate) ctx.edits.push({ start: need.binary.startIndex, end: need.binary.startIndex, text: '!', rule });
    } else {
      // constant on the left: `Series.X == x.series()`
      ctx.edits.push({ start: need.binary.startIndex, end: need.call.startIndex, text: need.negate ? '!' : '', rule });
      ctx.edits.push({ start: name.startIndex, end: need.call.endIndex, text: `${need.test}()`, rule });
    }
  }
}

/**
 * A variable declared HttpStatus whose value is now an HttpStatusCode: retyped to HttpStatusCode
 * with each use made to fit (`retype`), or, for a local whose every use does not fit as it is,
 * left an HttpStatus with its initializer converted once.
 */
export function retypeVariable(ctx: FlowCtx, decl: Declaration, init: Node | undefined): void {
  const refs = referencesOf(decl);
  const needs = refs.map((r) => {
    const { parent, child } = valueParent(r);
    // assigning an HttpStatus (what it held before) to an HttpStatusCode variable compiles
    if (parent?.type === 'assignment_expression' && parent.childForFieldName('left')?.id === child.id) return OK;
    return needOf(ctx, r);
  });
  if (init && needs.some((n) => n.kind === 'wrap')) {
    applyNeed(ctx, init, WRAP);
    return;
  }
  if (decl.type) {
    const t = decl.type.type === 'generic_type' ? decl.type.namedChild(0)! : decl.type;
    const qualified = t.text.includes('.');
    ctx.edits.push({ start: t.startIndex, end: t.endIndex, text: qualified ? ctx.rows.statusCode.httpStatusCode : written(ctx, ctx.rows.statusCode.httpStatusCode), rule: ctx.rule });
  }
  refs.forEach((r, i) => applyNeed(ctx, r, needs[i]!));
}

// ---- receivers --------------------------------------------------------------------------------

function knownTypes(rows: Spring6Rows): string[] {
  const sc = rows.statusCode;
  return [...new Set([...sc.accessors.map((a) => a.type), ...sc.returns.map((r) => r.type), ...sc.returns.map((r) => r.returns), ...rows.removedMembers.map((r) => r.type), ...rows.httpMethod.accessors.map((a) => a.type)])];
}

const ENTITY_TERMINALS = new Set(['toEntity', 'toBodilessEntity', 'toEntityList']);

function declaredType(ctx: FlowCtx, d: Declaration): string | undefined {
  if (!d.type) {
    if (d.kind !== 'lambda') return undefined;
    // an inferred lambda parameter typed by the call the lambda is passed to
    const lambda = d.scope;
    const args = lambda.parent;
    const call = args?.parent;
    if (args?.type !== 'argument_list' || call?.type !== 'method_invocation') return undefined;
    const index = args.namedChildren.findIndex((c) => c?.id === lambda.id);
    const name = call.childForFieldName('name')?.text;
    return ctx.rows.statusCode.lambdaParameters.find((l) => l.method === name && l.argument === index)?.type;
  }
  if (d.type.type === 'catch_type') {
    const alts = d.type.namedChildren.filter((c): c is Node => !!c).map((c) => typeAmong(ctx.model, typeName(c), knownTypes(ctx.rows)));
    return alts.every((a) => a && a === alts[0]) ? alts[0] : undefined;
  }
  const w = typeName(d.type);
  if (w === 'var') return d.value ? receiverType(ctx, d.value) : undefined;
  return typeAmong(ctx.model, w, knownTypes(ctx.rows));
}

/** The known Spring type (qualified) of a receiver expression, if the file proves it. */
export function receiverType(ctx: FlowCtx, expr: Node): string | undefined {
  const e = unparen(expr);
  switch (e.type) {
    case 'identifier': {
      const d = declarationOf(e);
      return d ? declaredType(ctx, d) : undefined;
    }
    case 'field_access': {
      if (e.childForFieldName('object')?.type !== 'this') return undefined;
      const field = e.childForFieldName('field');
      const cls = enclosingClass(e);
      const body = cls?.namedChildren.find((c) => c?.type === 'class_body');
      const d = body && field ? declarationOfField(body, field.text) : undefined;
      return d ? declaredType(ctx, d) : undefined;
    }
    case 'object_creation_expression':
    case 'cast_expression': {
      const t = e.childForFieldName('type');
      return t ? typeAmong(ctx.model, typeName(t), knownTypes(ctx.rows)) : undefined;
    }
    case 'method_invocation': {
      const name = e.childForFieldName('name')?.text ?? '';
      const object = e.childForFieldName('object');
      if (!object) {
        const t = localMethodType(e);
        return t ? typeAmong(ctx.model, typeName(t), knownTypes(ctx.rows)) : undefined;
      }
      if (name === 'block' && unparen(object).type === 'method_invocation' && ENTITY_TERMINALS.has(unparen(object).childForFieldName('name')?.text ?? '')) return 'org.springframework.http.ResponseEntity';
      const t = receiverType(ctx, object);
      return ctx.rows.statusCode.returns.find((r) => r.type === t && r.methods.includes(name))?.returns;
    }
  }
  return undefined;
}

function declarationOfField(body: Node, name: string): Declaration | undefined {
  for (const m of body.namedChildren) {
    if (m?.type !== 'field_declaration') continue;
    const type = m.childForFieldName('type') ?? undefined;
    for (const d of m.namedChildren) {
      if (d?.type !== 'variable_declarator' || d.childForFieldName('name')?.text !== name) continue;
      return { kind: 'field', name: d.childForFieldName('name')!, ...(type ? { type } : {}), scope: body };
    }
  }
  return undefined;
}
