// Spring Framework 6.0 in Kotlin sources: SocketUtils (token-level, shared with Java) and the
// overrides whose HttpStatus parameter became an HttpStatusCode (spring6/handler-signature):
// `status: HttpStatus` -> `status: HttpStatusCode`, each use the new type answers kept (value(),
// the isNxx() tests, ==, string templates, the calls that take an HttpStatusCode in 6.0:
// ResponseEntity(..), ResponseEntity.status(..), super.handleX(..)), any other use
// HttpStatus.valueOf(status.value()). A body that declares the name again is reported.
import type { Node } from '../../../src/formats/tree-sitter.js';
import { walk, withSharedTree } from '../../../src/formats/tree-sitter.js';
import { type LibContext, type LibResult, emptyResult } from '../lib-edits.js';
import { migrateSocketUtils } from './socket-utils.js';
import { SPRING6_RULES } from './rules.js';
import { written } from './status-flow.js';
import { type KotlinCtx, kotlinParamName, kotlinParamType, kotlinParameters, kotlinReferences, kotlinSupertypes, kotlinTypeIs, kotlinTypeName } from './kotlin-params.js';

const RULE = SPRING6_RULES.handlerSignature;

export function migrateSpring6Kotlin(ctx: LibContext): LibResult {
  const out = migrateSocketUtils(ctx);
  const rows = ctx.libs.spring6;
  const simpleTypes = rows.overrides.map((r) => r.type.slice(r.type.lastIndexOf('.') + 1));
  if (!ctx.model.tokens.some((t) => t.type === 'ident' && simpleTypes.includes(t.value))) return out;
  const k: KotlinCtx = { model: ctx.model, edits: [], findings: [], imports: new Set() };
  withSharedTree(ctx.trees, 'kotlin', ctx.model.text, (tree) => overrides(ctx, k, tree.rootNode));
  const result = emptyResult();
  result.edits.push(...out.edits, ...k.edits);
  result.findings.push(...out.findings, ...k.findings);
  result.imports.push(...out.imports, ...k.imports);
  return result;
}

function overrides(lib: LibContext, k: KotlinCtx, root: Node): void {
  const rows = lib.libs.spring6;
  const sc = rows.statusCode;
  walk(root, (cls) => {
    if (cls.type !== 'class_declaration' && cls.type !== 'object_literal') return true;
    const supers = kotlinSupertypes(cls);
    const matching = rows.overrides.filter((r) => supers.some((s) => kotlinTypeIs(k.model, s, r.type)));
    if (!matching.length) return true;
    const methods = matching.flatMap((r) => r.methods);
    const body = cls.namedChildren.find((c) => c?.type === 'class_body');
    for (const fn of body?.namedChildren ?? []) {
      if (fn?.type !== 'function_declaration') continue;
      const name = fn.namedChildren.find((c) => c?.type === 'identifier')?.text;
      const params = kotlinParameters(fn);
      const row = methods.find((m) => m.name === name && m.params === params.length);
      const p = row ? params[row.status] : undefined;
      const type = p ? kotlinParamType(p) : undefined;
      const user = type?.type === 'nullable_type' ? type.namedChild(0) : type;
      if (!p || !user || !kotlinTypeIs(k.model, kotlinTypeName(user), sc.httpStatus)) continue;
      const pname = kotlinParamName(p).text;
      const refs = kotlinReferences(fn, pname);
      if (!refs) {
        k.findings.push({ rule: RULE, severity: 'error', offset: p.startIndex, message: `${name} takes an HttpStatusCode in Spring Framework 6 and was not rewritten (its body declares ${pname} again): declare ${pname}: HttpStatusCode and write HttpStatus.valueOf(${pname}.value()) where an HttpStatus is needed`, docs: sc.docs });
        continue;
      }
      const qualified = kotlinTypeName(user).includes('.');
      k.edits.push({ start: user.startIndex, end: user.endIndex, text: qualified ? sc.httpStatusCode : written(k, sc.httpStatusCode), rule: RULE });
      for (const r of refs) {
        if (fits(lib, k, r, methods)) continue;
        k.edits.push({ start: r.startIndex, end: r.startIndex, text: `${written(k, sc.httpStatus)}.valueOf(`, rule: RULE });
        k.edits.push({ start: r.endIndex, end: r.endIndex, text: '.value())', rule: RULE });
      }
    }
    return true;
  });
}

/** Does an HttpStatusCode do where this use had an HttpStatus? */
function fits(lib: LibContext, k: KotlinCtx, ref: Node, methods: { name: string; params: number; status: number }[]): boolean {
  const sc = lib.libs.spring6.statusCode;
  const p = ref.parent;
  if (!p) return false;
  if (p.type === 'navigation_expression' && p.namedChild(0)?.id === ref.id) return [...sc.codeMethods, 'javaClass'].includes(p.namedChild(1)?.text ?? '');
  if (p.type === 'binary_expression' || p.type === 'equality_expression') return ['==', '!=', '===', '!=='].includes(p.child(1)?.text ?? '');
  if (p.type === 'interpolation') return true;
  if (p.type === 'value_argument') {
    const call = p.parent?.parent;
    if (call?.type !== 'call_expression') return false;
    const callee = call.namedChild(0);
    if (!callee) return false;
    const accepting = sc.accepting;
    if (callee.type === 'identifier') {
      if (accepting.some((a) => a.method === 'new' && kotlinTypeIs(k.model, callee.text, a.type))) return true;
      return methods.some((m) => m.name === callee.text);
    }
    if (callee.type === 'navigation_expression') {
      const owner = callee.namedChild(0);
      const member = callee.namedChild(1)?.text ?? '';
      if (owner?.type === 'super_expression' || owner?.type === 'this_expression') return methods.some((m) => m.name === member);
      if (owner?.type === 'identifier' && /^[A-Z]/.test(owner.text)) return accepting.some((a) => a.method === member && kotlinTypeIs(k.model, owner.text, a.type));
    }
  }
  return false;
}
