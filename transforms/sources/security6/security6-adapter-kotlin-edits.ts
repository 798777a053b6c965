// The edits of the Kotlin adapter rewrite (security6-adapter-kotlin.ts decides, this file writes):
// the bean head of each configure function, the filter chain's `return http.build()`, the
// WebSecurityCustomizer lambda, the in-memory users' UserDetailsService, and a
// configure(AuthenticationManagerBuilder) that goes or becomes the PasswordEncoder bean.
import type { Edit } from '../../../src/engine/types.js';
import { type LibContext, indentUnit, lineIndent, simpleOf, tokenAt } from '../lib-edits.js';
import { SECURITY_RULES } from './security6.js';
import { type UsersPlan, USER_DETAILS_SERVICE } from './security6-users.js';
import type { KtConfigure, Range } from './security6-adapter-kotlin.js';
import { memberRemoval } from './security6-adapter-shared.js';
import { PASSWORD_ENCODER } from './security6-auth.js';

const RULE = SECURITY_RULES.adapter;

/** `@Bean` (after the class's @Order for the filter chain) on its own line before the function; `override` goes. */
export function beanHead(ctx: LibContext, m: KtConfigure, open: boolean, order?: string): Edit[] {
  const { text, tokens } = ctx.model;
  const indent = lineIndent(text, m.decl.start);
  const head = `${order ? `${order}${ctx.eol}${indent}` : ''}@Bean${ctx.eol}${indent}`;
  const edits: Edit[] = [{ start: m.decl.start, end: m.decl.start, text: head, rule: RULE }];
  const next = tokens[tokenAt(tokens, m.override!.end)]!;
  edits.push({ start: m.override!.start, end: next.start, text: '', rule: RULE });
  if (open) edits.push({ start: m.funKeyword, end: m.funKeyword, text: 'open ', rule: RULE });
  return edits;
}

/** One more indentation unit at the start of every non-blank line that begins inside (from, to). */
function indentLines(text: string, from: number, to: number): Edit[] {
  const unit = indentUnit(text);
  const edits: Edit[] = [];
  for (let at = text.indexOf('\n', from) + 1; at > 0 && at < to; at = text.indexOf('\n', at) + 1) {
    const lineEnd = text.indexOf('\n', at);
    if (!/^[ \t]*\r?$/.test(text.slice(at, lineEnd < 0 ? text.length : lineEnd))) edits.push({ start: at, end: at, text: unit, rule: RULE });
  }
  return edits;
}

/** `return <param>.build()` as the last statement of a block body. */
function returnBuild(ctx: LibContext, m: KtConfigure & { body: { kind: 'block' } }): Edit {
  const { text } = ctx.model;
  const statement = `return ${m.param}.build()`;
  const close = m.body.close;
  const closeIndent = lineIndent(text, close);
  const ownLine = text[close - closeIndent.length - 1] === '\n' && /^[ \t]*$/.test(text.slice(close - closeIndent.length, close));
  const first = m.body.statements[0];
  if (ownLine) {
    const inner = first && text.slice(m.body.open, first.start).includes('\n') ? lineIndent(text, first.start) : closeIndent + indentUnit(text);
    const at = close - closeIndent.length;
    return { start: at, end: at, text: `${inner}${statement}${ctx.eol}`, rule: RULE };
  }
  const last = m.body.statements[m.body.statements.length - 1];
  if (last) return { start: last.end, end: last.end, text: `; ${statement}`, rule: RULE };
  return { start: m.body.open + 1, end: m.body.open + 1, text: ` ${statement} `, rule: RULE };
}

export function filterChainEdits(ctx: LibContext, m: KtConfigure, name: string, open: boolean, order?: string): Edit[] {
  const { text } = ctx.model;
  const edits = beanHead(ctx, m, open, order);
  edits.push({ start: m.name.start, end: m.name.end, text: name, rule: RULE });
  const type = 'SecurityFilterChain';
  if (m.body.kind === 'block') {
    if (m.returnType) edits.push({ start: m.returnType.start, end: m.returnType.end, text: type, rule: RULE });
    else edits.push({ start: m.paramsEnd, end: m.paramsEnd, text: `: ${type}`, rule: RULE });
    edits.push(returnBuild(ctx, m as KtConfigure & { body: { kind: 'block' } }));
    return edits;
  }
  // `= expr` -> `{ expr; return http.build() }`, the expression's lines one level deeper.
  const indent = lineIndent(text, m.decl.start);
  const inner = indent + indentUnit(text);
  const { expr } = m.body;
  // `=` then the expression on the next line: that line already sits one level deeper.
  const ownLine = text.slice(m.body.eq, expr.start).includes('\n');
  edits.push({ start: m.paramsEnd, end: expr.start, text: `: ${type} {${ctx.eol}${ownLine ? lineIndent(text, expr.start) : inner}`, rule: RULE });
  if (!ownLine) edits.push(...indentLines(text, expr.start, expr.end));
  edits.push({ start: expr.end, end: expr.end, text: `${ctx.eol}${inner}return ${m.param}.build()${ctx.eol}${indent}}`, rule: RULE });
  return edits;
}

export function customizerEdits(ctx: LibContext, m: KtConfigure, name: string, open: boolean): Edit[] {
  const edits = beanHead(ctx, m, open);
  const type = 'WebSecurityCustomizer';
  edits.push({ start: m.name.start, end: m.returnType?.end ?? m.paramsEnd, text: `${name}(): ${type}`, rule: RULE });
  if (m.body.kind === 'block') {
    edits.push({ start: m.body.open, end: m.body.open + 1, text: `= ${type} { ${m.param} ->`, rule: RULE });
    return edits;
  }
  edits.push({ start: m.body.eq, end: m.body.expr.start, text: `= ${type} { ${m.param} -> `, rule: RULE });
  edits.push({ start: m.body.expr.end, end: m.body.expr.end, text: ' }', rule: RULE });
  return edits;
}

export function usersEdits(ctx: LibContext, m: KtConfigure, plan: UsersPlan, open: boolean): Edit[] {
  const edits = beanHead(ctx, m, open);
  edits.push({ start: m.name.start, end: m.returnType?.end ?? m.paramsEnd, text: `userDetailsService(): ${simpleOf(USER_DETAILS_SERVICE)}`, rule: RULE });
  edits.push(plan.edit);
  return edits;
}


/** configure(AuthenticationManagerBuilder) handing the builder the global beans: it goes, or becomes the PasswordEncoder bean. */
export function globalEdits(ctx: LibContext, m: KtConfigure, encoder: string | undefined, open: boolean): Edit[] {
  const { text } = ctx.model;
  if (encoder === undefined) return [memberRemoval(text, m.decl.start, m.decl.end)];
  const edits = beanHead(ctx, m, open);
  edits.push({ start: m.name.start, end: m.returnType?.end ?? m.paramsEnd, text: `passwordEncoder(): ${simpleOf(PASSWORD_ENCODER)}`, rule: RULE });
  const b = m.body as { kind: 'block'; statements: Range[] };
  edits.push({ start: b.statements[0]!.start, end: b.statements[b.statements.length - 1]!.end, text: `return ${encoder}`, rule: RULE });
  return edits;
}
