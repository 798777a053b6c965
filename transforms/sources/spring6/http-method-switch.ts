// spring6/http-method-switch: HttpMethod was an enum in Spring Framework 5.3 and is a class in
// 6.0 (the same constants as static fields, name() kept), so `switch (method) { case GET: .. }`
// no longer compiles. `switch (method.name()) { case "GET": .. }` does, and takes the same branch
// for every value 5.3 could hold (name() is the constant's name; a null selector throws a
// NullPointerException in both). Rewritten when the selector is proven an HttpMethod (a variable
// declared so, an accessor of the table, HttpMethod.valueOf/resolve); a switch whose labels are
// HttpMethod's constants over a selector of unknown type is reported.
import type { Node } from '../../../src/formats/tree-sitter.js';
import { walk } from '../../../src/formats/tree-sitter.js';
import type { FlowCtx } from './status-flow.js';
import { declarationOf, localMethodType, typeAmong, typeIs, typeName, unparen } from './java-scope.js';

/** The selector's type is HttpMethod, as far as the file shows (true), or unknown (false). */
function isHttpMethod(ctx: FlowCtx, expr: Node): boolean {
  const row = ctx.rows.httpMethod;
  const e = unparen(expr);
  if (e.type === 'identifier') {
    const d = declarationOf(e);
    if (!d?.type) return false;
    const w = typeName(d.type);
    if (w === 'var') return !!d.value && isHttpMethod(ctx, d.value);
    return typeIs(ctx.model, w, row.type);
  }
  if (e.type === 'method_invocation') {
    const name = e.childForFieldName('name')?.text ?? '';
    const object = e.childForFieldName('object');
    if (!object) {
      const t = localMethodType(e);
      return !!t && typeIs(ctx.model, typeName(t), row.type);
    }
    if (object.type === 'identifier' && /^[A-Z]/.test(object.text) && typeIs(ctx.model, object.text, row.type)) return name === 'valueOf' || name === 'resolve';
    const o = unparen(object);
    if (o.type !== 'identifier') return false;
    const d = declarationOf(o);
    if (!d?.type) return false;
    const t = typeAmong(ctx.model, typeName(d.type), row.accessors.map((a) => a.type));
    return !!t && row.accessors.some((a) => a.type === t && a.method === name);
  }
  return false;
}

export function httpMethodSwitches(ctx: FlowCtx, root: Node): void {
  const row = ctx.rows.httpMethod;
  const constants = new Set(row.constants);
  walk(root, (n) => {
    if (n.type !== 'switch_expression' && n.type !== 'switch_statement') return true;
    const cond = n.childForFieldName('condition');
    const body = n.childForFieldName('body');
    const selector = cond?.namedChild(0);
    if (!cond || !body || !selector) return true;
    const labels: Node[] = [];
    let other = false;
    walk(body, (b) => {
      if (b.id !== body.id && (b.type === 'switch_expression' || b.type === 'switch_statement' || b.type === 'class_body' || b.type === 'lambda_expression')) return false;
      if (b.type !== 'switch_label') return true;
      for (const l of b.namedChildren) {
        if (!l) continue;
        if (l.type === 'identifier' && constants.has(l.text)) labels.push(l);
        else other = true;
      }
      return false;
    });
    if (!labels.length || other) return true;
    if (!isHttpMethod(ctx, selector)) {
      if (ctx.model.importedNames.get('HttpMethod') === row.type || ctx.model.text.includes(row.type))
        ctx.findings.push({
          rule: ctx.rule,
          severity: 'error',
          offset: n.startIndex,
          message: `HttpMethod is a class in Spring Framework 6, not an enum: a switch over it does not compile. The selector's type is not declared in this file, so it was not rewritten: if it is an HttpMethod, write switch (${selector.text}.name()) with string labels (case "${labels[0]!.text}":)`,
          docs: row.docs,
        });
      return true;
    }
    ctx.edits.push({ start: selector.endIndex, end: selector.endIndex, text: '.name()', rule: ctx.rule });
    for (const l of labels) ctx.edits.push({ start: l.startIndex, end: l.endIndex, text: `"${l.text}"`, rule: ctx.rule });
    return true;
  });
}
