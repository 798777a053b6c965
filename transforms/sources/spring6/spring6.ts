// Spring Framework 6.0 in Java sources (the Kotlin forms: spring6-kotlin.ts):
// - spring6/status-code: getStatusCode()/statusCode() of responses and HTTP exceptions return an
//   HttpStatusCode; where the value then goes (status-flow.ts) it is made to compile:
//   `HttpStatus s = r.getStatusCode()` retyped to HttpStatusCode when every use of `s` compiles on
//   it, else converted once; `series() == Series.X` becomes `isNxx()`; HttpStatus-only calls read
//   HttpStatus.valueOf(x.value()). ResponseStatusException#getStatus() becomes getStatusCode(),
//   getRawStatusCode() getStatusCode().value(); onStatus(HttpStatus::isError, ..) takes HttpStatusCode::isError.
//   The status calls 6.0 deprecated (ClientHttpResponse#getRawStatusCode(), rawStatusCode(),
//   getStatusCodeValue()) become getStatusCode().value(): the same int, no warning for a -Werror
//   build; where the old call could give null (ServerHttpResponse) it is reported with the check.
// - spring6/handler-signature: overrides of ResponseEntityExceptionHandler's handle* methods and
//   DefaultResponseErrorHandler's hasError/handleError take an HttpStatusCode parameter.
// - spring6/http-method-switch: HttpMethod is a class: `switch (m)` over its constants becomes
//   `switch (m.name())` with string labels.
// - spring6/socket-utils: org.springframework.util.SocketUtils is gone; tests with spring-test call
//   TestSocketUtils.findAvailableTcpPort(), anything else is reported with the replacement.
// Only what the file proves is edited: a receiver of unknown type is reported where the value
// cannot compile as it is, never guessed at.
import type { Node } from '../../../src/formats/tree-sitter.js';
import { walk, withSharedTree } from '../../../src/formats/tree-sitter.js';
import { type LibContext, type LibResult, emptyResult, simpleOf } from '../lib-edits.js';
import type { Spring6Rows } from '../../../src/table/sections/libraries.js';
import { type FlowCtx, applyNeed, needOf, receiverType, retypeVariable, written } from './status-flow.js';
import { declarationOf, supertypesOf, typeIs, typeName, unparen, valueParent } from './java-scope.js';
import { migrateSocketUtils } from './socket-utils.js';
import { httpMethodSwitches } from './http-method-switch.js';
import { deprecatedOverrides } from './deprecated-overrides.js';
import { migrateSpring6Kotlin } from './spring6-kotlin.js';
import { SPRING6_RULES } from './rules.js';

export { SPRING6_RULES };

/** Names whose presence in a file may give the module work (the orchestrator's needles). */
export const SPRING6_NEEDLES = ['getStatusCode', 'statusCode', 'StatusCode', 'ResponseStatusException', 'ResponseEntityExceptionHandler', 'DefaultResponseErrorHandler', 'HttpMethod', 'SocketUtils'];

/** Identifiers that make a Java file worth a syntax tree here. */
const TRIGGERS = new Set(['getStatusCode', 'statusCode', 'getStatus', 'getRawStatusCode', 'rawStatusCode', 'getStatusCodeValue', 'ResponseEntityExceptionHandler', 'DefaultResponseErrorHandler', 'onStatus', 'switch']);

/** Does the file import from Spring's HTTP or web packages (the only ones these rows are about)? */
function importsSpringWeb(ctx: LibContext): boolean {
  return ctx.model.imports.some((i) => {
    const t = i.chain.tokens.map((x) => x.value).join('.');
    return t.startsWith('org.springframework.http') || t.startsWith('org.springframework.web');
  });
}

export function migrateSpring6(ctx: LibContext): LibResult {
  if (ctx.lang !== 'java') return migrateSpring6Kotlin(ctx);
  const out = emptyResult();
  const socket = migrateSocketUtils(ctx);
  out.edits.push(...socket.edits);
  out.findings.push(...socket.findings);
  out.imports.push(...socket.imports);
  if (!importsSpringWeb(ctx)) return out;
  const idents = new Set(ctx.model.tokens.filter((t) => t.type === 'ident' && TRIGGERS.has(t.value)).map((t) => t.value));
  if (idents.size === 0 || (idents.size === 1 && idents.has('switch') && !ctx.model.text.includes('HttpMethod'))) return out;
  const rows = ctx.libs.spring6;
  const flow: FlowCtx = { model: ctx.model, rows, rule: SPRING6_RULES.statusCode, edits: [], findings: [], imports: new Set(), decided: new Set(), deprecationFails: ctx.deprecationFails };
  const signature: FlowCtx = { ...flow, rule: SPRING6_RULES.handlerSignature, edits: [], findings: [] };
  const switches: FlowCtx = { ...flow, rule: SPRING6_RULES.httpMethodSwitch, edits: [], findings: [] };
  withSharedTree(ctx.trees, 'java', ctx.model.text, (tree) => {
    const root = tree.rootNode;
    overrides(signature, root);
    if (ctx.deprecationFails?.()) deprecatedOverrides(flow, root, ctx.eol);
    statusAccessors(flow, root);
    onStatusPredicates(flow, root);
    if (ctx.model.text.includes('HttpMethod')) httpMethodSwitches(switches, root);
  });
  for (const f of [signature, flow, switches]) {
    out.edits.push(...f.edits);
    out.findings.push(...f.findings);
  }
  out.imports.push(...flow.imports, ...signature.imports, ...switches.imports);
  return out;
}

// ---- overrides whose HttpStatus parameter became HttpStatusCode --------------------------------

function overrides(ctx: FlowCtx, root: Node): void {
  const sc = ctx.rows.statusCode;
  walk(root, (n) => {
    if (n.type !== 'class_declaration' && n.type !== 'object_creation_expression') return true;
    const supers = supertypesOf(n);
    const rows = ctx.rows.overrides.filter((r) => supers.some((s) => typeIs(ctx.model, s, r.type)));
    const body = n.namedChildren.find((c) => c?.type === 'class_body') ?? n.childForFieldName('body');
    if (!rows.length || !body) return true;
    for (const m of body.namedChildren) {
      if (m?.type !== 'method_declaration') continue;
      const name = m.childForFieldName('name')?.text;
      const params = (m.childForFieldName('parameters')?.namedChildren ?? []).filter((p): p is Node => p?.type === 'formal_parameter');
      const row = rows.flatMap((r) => r.methods).find((x) => x.name === name && x.params === params.length);
      const p = row ? params[row.status] : undefined;
      const type = p?.childForFieldName('type');
      if (!p || !type || !typeIs(ctx.model, typeName(type), sc.httpStatus) || typeName(type).endsWith('.Series')) continue;
      const id = p.childForFieldName('name')!;
      retypeVariable(ctx, { kind: 'param', name: id, type, scope: m }, undefined);
    }
    return true;
  });
}

// ---- accessors whose result became an HttpStatusCode -------------------------------------------

/** Is the receiver a variable whose type the project declares itself (not a Spring type)? */
function foreignReceiver(ctx: FlowCtx, object: Node): boolean {
  const e = unparen(object);
  if (e.type !== 'identifier') return false;
  const d = declarationOf(e);
  if (!d?.type) return false;
  const w = typeName(d.type).split('.')[0]!;
  if (w === 'var' || d.type.type === 'catch_type') return false;
  const fq = ctx.model.importedNames.get(w);
  return fq === undefined ? !ctx.model.imports.some((i) => i.chain.wildcard && i.chain.tokens[0]?.value === 'org') : !fq.startsWith('org.springframework.');
}

function statusAccessors(ctx: FlowCtx, root: Node): void {
  const sc = ctx.rows.statusCode;
  const names = new Set([...sc.accessors.map((a) => a.method), ...ctx.rows.removedMembers.map((r) => r.method)]);
  const calls: Node[] = [];
  walk(root, (n) => {
    if (n.type === 'method_invocation' && names.has(n.childForFieldName('name')?.text ?? '') && n.childForFieldName('arguments')?.namedChildCount === 0) calls.push(n);
    return true;
  });
  for (const call of calls) {
    if (ctx.decided.has(call.startIndex)) continue;
    const object = call.childForFieldName('object');
    if (!object || object.type === 'this' || object.type === 'super') continue;
    const nameNode = call.childForFieldName('name')!;
    const name = nameNode.text;
    const t = receiverType(ctx, object);
    const removed = ctx.rows.removedMembers.find((r) => r.method === name && r.type === t);
    if (removed?.nullable) {
      deprecatedNullable(ctx, call, removed);
      continue;
    }
    if (removed) {
      if (!removed.returnsStatus) {
        ctx.edits.push({ start: nameNode.startIndex, end: call.endIndex, text: removed.replacement, rule: ctx.rule });
        continue;
      }
      ctx.edits.push({ start: nameNode.startIndex, end: call.endIndex, text: removed.replacement, rule: ctx.rule });
      follow(ctx, call);
      continue;
    }
    if (t && sc.accessors.some((a) => a.method === name && a.type === t)) {
      follow(ctx, call);
      continue;
    }
    if (name === 'getStatusCode' && !foreignReceiver(ctx, object)) provenByTarget(ctx, call);
  }
}

/**
 * A deprecated call whose old value could be null where the replacement's `.value()` would throw:
 * reported with the null check. A build that fails on deprecation warnings fails on it, so it is an
 * error there; elsewhere it compiles and behaves the same on the 3.0 line.
 */
function deprecatedNullable(ctx: FlowCtx, call: Node, row: Spring6Rows['removedMembers'][number]): void {
  const object = call.childForFieldName('object')!.text;
  // Optional.ofNullable(r.getRawStatusCode()): the null check is already there
  const wrap = call.parent?.type === 'argument_list' && call.parent.namedChildCount === 1 ? call.parent.parent : null;
  if (wrap?.type === 'method_invocation' && wrap.childForFieldName('name')?.text === 'ofNullable' && /^(java\.util\.)?Optional$/.test(wrap.childForFieldName('object')?.text ?? '')) {
    const nameNode = call.childForFieldName('name')!;
    ctx.edits.push({ start: nameNode.startIndex, end: call.endIndex, text: row.replacement, rule: ctx.rule });
    ctx.edits.push({ start: wrap.endIndex, end: wrap.endIndex, text: `.map(${written(ctx, ctx.rows.statusCode.httpStatusCode)}::value)`, rule: ctx.rule });
    return;
  }
  const fails = ctx.deprecationFails?.() ?? false;
  ctx.findings.push({
    rule: ctx.rule,
    severity: fails ? 'error' : 'info',
    offset: call.startIndex,
    message: `${simpleOf(row.type)}#${row.method}() is deprecated since Spring Framework 6.0${fails ? ', and this build compiles with -Werror and deprecation warnings: it does not compile' : ''}; ${row.replacement} is null while no status is set: write \`HttpStatusCode status = ${object}.${row.replacement}; Integer code = status != null ? status.value() : null;\``,
    docs: ctx.rows.statusCode.docs,
  });
}

/** The accessor's value is an HttpStatusCode now: each place it goes gets what it needs. */
function follow(ctx: FlowCtx, call: Node): void {
  ctx.decided.add(call.startIndex);
  const local = localOf(ctx, call);
  if (local) {
    retypeVariable(ctx, local, call);
    return;
  }
  applyNeed(ctx, call, needOf(ctx, call));
}

/** `HttpStatus s = <call>;` (a local declared HttpStatus initialized by the call): its declaration. */
function localOf(ctx: FlowCtx, call: Node): ReturnType<typeof declarationOf> {
  const { parent, child } = valueParent(call);
  if (parent?.type !== 'variable_declarator' || parent.childForFieldName('value')?.id !== child.id) return undefined;
  const decl = parent.parent;
  if (decl?.type !== 'local_variable_declaration') return undefined;
  const type = decl.childForFieldName('type');
  if (!type || !typeIs(ctx.model, typeName(type), ctx.rows.statusCode.httpStatus)) return undefined;
  const id = parent.childForFieldName('name')!;
  return { kind: 'local', name: id, type, value: call, scope: decl.parent! };
}

/**
 * A getStatusCode() whose receiver's type the file does not show: where the code states that it
 * held an HttpStatus (a local, a variable or a return value declared HttpStatus), the conversion
 * compiles whatever the receiver is; a call only HttpStatus has is reported with the replacement.
 */
function provenByTarget(ctx: FlowCtx, call: Node): void {
  const sc = ctx.rows.statusCode;
  const local = localOf(ctx, call);
  if (local) {
    ctx.decided.add(call.startIndex);
    retypeVariable(ctx, local, call);
    return;
  }
  const { parent, child } = valueParent(call);
  if (!parent) return;
  const declaredStatus = (t: Node | null | undefined) => !!t && typeIs(ctx.model, typeName(t), sc.httpStatus) && !typeName(t).endsWith('.Series');
  let target = false;
  if (parent.type === 'assignment_expression' && parent.childForFieldName('right')?.id === child.id) {
    const left = parent.childForFieldName('left');
    target = left?.type === 'identifier' && declaredStatus(declarationOf(left)?.type);
  } else if (parent.type === 'return_statement') {
    let m: Node | null = parent.parent;
    while (m && m.type !== 'method_declaration' && m.type !== 'lambda_expression') m = m.parent;
    target = m?.type === 'method_declaration' && declaredStatus(m.childForFieldName('type'));
  } else if (parent.type === 'method_invocation' && parent.childForFieldName('object')?.id === child.id && sc.statusOnlyMethods.includes(parent.childForFieldName('name')?.text ?? '')) {
    const member = parent.childForFieldName('name')!.text;
    ctx.findings.push({
      rule: ctx.rule,
      severity: 'error',
      offset: call.startIndex,
      message: `getStatusCode() returns an HttpStatusCode in Spring Framework 6, which has no ${member}(); the receiver's type is not declared in this file, so it was not rewritten: write HttpStatus.valueOf(${call.text}.value()).${member}(..)${member === 'series' ? ' (or the isNxx() test: series() == SERVER_ERROR is is5xxServerError())' : ''}`,
      docs: sc.docs,
    });
    return;
  }
  if (!target) return;
  ctx.decided.add(call.startIndex);
  applyNeed(ctx, call, { kind: 'wrap' });
}

// ---- WebClient onStatus(HttpStatus::isError, ..) ----------------------------------------------

function onStatusPredicates(ctx: FlowCtx, root: Node): void {
  const sc = ctx.rows.statusCode;
  walk(root, (n) => {
    if (n.type !== 'method_invocation' || n.childForFieldName('name')?.text !== 'onStatus') return true;
    const first = n.childForFieldName('arguments')?.namedChild(0);
    if (first?.type !== 'method_reference') return true;
    const owner = first.namedChild(0);
    const member = first.namedChild(1);
    if (owner && member && typeIs(ctx.model, owner.text.replace(/\s+/g, ''), sc.httpStatus) && sc.codeMethods.includes(member.text)) {
      const qualified = owner.text.includes('.');
      ctx.edits.push({ start: owner.startIndex, end: owner.endIndex, text: qualified ? sc.httpStatusCode : written(ctx, sc.httpStatusCode), rule: ctx.rule });
    }
    return true;
  });
}
