// Spring Security 6, Kotlin DSL: `http { authorizeRequests { authorize(..) } }` becomes
// `authorizeHttpRequests { }`, whose rules are AuthorizationManagers instead of SpEL strings.
import type { Edit } from '../../../src/engine/types.js';
import { stringValue } from '../../../src/formats/jvm-strings.js';
import { matchingBracket } from '../../../src/formats/jvm-tokens.js';
import { type LibContext, type LibResult, callArgs, emptyResult, simpleOf } from '../lib-edits.js';
import { DISPATCH_NOTE, SECURITY_RULES, projectBlocker, rename, typedAccess, usesSecurity } from './security6.js';

/**
 * Kotlin DSL: `authorizeRequests { authorize("/a", permitAll) }` -> `authorizeHttpRequests { ... }`.
 * The new DSL takes AuthorizationManagers: permitAll, denyAll, authenticated and hasRole(..) & co
 * keep their spelling; a SpEL string becomes the typed form when there is one, else
 * WebExpressionAuthorizationManager("..."); the old DSL's other values (fullyAuthenticated,
 * anonymous, rememberMe) were SpEL strings too and are wrapped the same way.
 */
export function migrateSecurityKotlinDsl(ctx: LibContext): LibResult {
  const out = emptyResult();
  if (ctx.lang !== 'kotlin' || !usesSecurity(ctx)) return out;
  const { tokens } = ctx.model;
  const row = ctx.libs.security.authorizeHttpRequests;
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.type !== 'ident' || t.value !== row.from || tokens[k - 1]?.value === '.' || tokens[k + 1]?.value !== '{') continue;
    const close = matchingBracket(tokens, k + 1);
    if (close < 0) continue;
    const blocker = projectBlocker(ctx);
    const plan = blocker ? `the project defines ${simpleOf(blocker)}` : dslRewrite(ctx, k + 2, close - 1);
    if (typeof plan === 'string') {
      out.findings.push({
        rule: SECURITY_RULES.kotlinDsl,
        severity: 'warning',
        offset: t.start,
        message: `authorizeRequests { } kept: ${plan}. The Spring Security 6 DSL is authorizeHttpRequests { authorize("/path", hasRole("X")) } with ${row.kotlinAccess.join(', ')} or an AuthorizationManager`,
        docs: row.kotlinSource,
      });
      continue;
    }
    out.edits.push(rename(t, row.to, SECURITY_RULES.kotlinDsl), ...plan.edits);
    if (plan.manager) out.imports.push(row.expressionManager);
    out.findings.push({ rule: SECURITY_RULES.kotlinDsl, severity: 'info', offset: t.start, message: DISPATCH_NOTE, docs: row.source });
  }
  return out;
}

/** The edits that make a Kotlin authorizeRequests block's rules AuthorizationManagers, or why not. */
function dslRewrite(ctx: LibContext, from: number, to: number): { edits: Edit[]; manager: boolean } | string {
  const { tokens, text } = ctx.model;
  const row = ctx.libs.security.authorizeHttpRequests;
  const access = new Set(row.kotlinAccess);
  const spelVals = new Set(Object.keys(row.expressions).filter((e) => /^\w+$/.test(e) && !access.has(e)));
  const manager = simpleOf(row.expressionManager);
  const edits: Edit[] = [];
  let usesManager = false;
  for (let j = from; j <= to; j++) {
    const t = tokens[j]!;
    if (t.type !== 'ident') {
      if (t.type === 'punct' && '({['.includes(t.value)) j = matchingBracket(tokens, j);
      continue;
    }
    if (tokens[j + 1]?.value !== '(' || t.value !== 'authorize') return `'${t.value}' is not an authorize(..) rule`;
    const args = callArgs(tokens, j + 1);
    const last = args[args.length - 1];
    if (args.length < 2 || !last) return 'an authorize(..) rule relies on the default access';
    let first = last.first;
    if (tokens[first]?.type === 'ident' && tokens[first + 1]?.value === '=') first += 2;
    const head = tokens[first]!;
    const written = text.slice(head.start, tokens[last.last]!.end);
    const single = first === last.last;
    const call = head.type === 'ident' && tokens[first + 1]?.value === '(' && matchingBracket(tokens, first + 1) === last.last;
    const wrap = (spel: string): Edit => {
      usesManager = true;
      return { start: head.start, end: tokens[last.last]!.end, text: `${manager}(${spel})`, rule: SECURITY_RULES.kotlinDsl };
    };
    if (single && head.type === 'ident' && access.has(head.value)) {
      // permitAll, denyAll, authenticated: the same name in the new DSL
    } else if (call && access.has(head.value)) {
      const roles = callArgs(tokens, first + 1).map((a) => text.slice(tokens[a.first]!.start, tokens[a.last]!.end));
      if (/Role$/.test(head.value) && roles.some((r) => r.startsWith('"ROLE_'))) return `${written} names a ROLE_ role, which the typed hasRole rejects`;
    } else if (single && head.type === 'ident' && spelVals.has(head.value)) edits.push(wrap(`"${head.value}"`));
    else if (single && head.type === 'string' && !head.templated && !head.block) {
      const value = stringValue(text, head, 'kotlin');
      const typed = value === undefined ? undefined : typedAccess(ctx, value);
      const name = typed?.replace(/\(\)$/, '');
      if (typed && (access.has(name!) || access.has(typed.slice(0, typed.indexOf('('))))) edits.push({ start: head.start, end: head.end, text: access.has(name!) ? name! : typed, rule: SECURITY_RULES.kotlinDsl });
      else edits.push(wrap(written));
    } else return `the access ${written} has no AuthorizationManager form in the new DSL`;
    j = matchingBracket(tokens, j + 1);
  }
  return { edits, manager: usesManager };
}

