// Spring Security 6: authorizeRequests -> authorizeHttpRequests, on Spring Security's own DSL only
// (security6-receivers.ts says whose method a call is), with access("...") strings made typed or
// wrapped in WebExpressionAuthorizationManager. The scope of a call is its lambda argument or the
// rest of its chain; when the chain's value, the registry, is kept in a local variable, the
// variable's declared type follows (ExpressionUrlAuthorizationConfigurer<H>.ExpressionInterceptUrlRegistry
// -> AuthorizeHttpRequestsConfigurer<H>.AuthorizationManagerRequestMatcherRegistry) and every call
// made on it later belongs to the scope. A rewrite happens only when every call in the scope
// exists on the 6.0 API; otherwise a finding gives the shape of the replacement.
import type { Edit } from '../../../src/engine/types.js';
import { stringValue } from '../../../src/formats/jvm-strings.js';
import { enclosingBracket, matchingBracket, type Token } from '../../../src/formats/jvm-tokens.js';
import { type LibContext, type LibResult, callArgs, importOf, memberCalls, removeImport, simpleOf, usedOutside } from '../lib-edits.js';
import { DISPATCH_NOTE, SECURITY_RULES, projectBlocker, rename, typedAccess } from './security6.js';
import { chainRoot, declarationsOf, receiverOf } from './security6-receivers.js';
import { userDeclares } from './security6-user-methods.js';

const OLD_REGISTRY = /^ExpressionUrlAuthorizationConfigurer<([\s\S]+)>\.ExpressionInterceptUrlRegistry$/;
const NEW_CONFIGURER = 'org.springframework.security.config.annotation.web.configurers.AuthorizeHttpRequestsConfigurer';
const OLD_CONFIGURER = 'org.springframework.security.config.annotation.web.configurers.ExpressionUrlAuthorizationConfigurer';

/** The tokens an authorizeRequests call configures: its argument (lambda) or the rest of its chain. */
function registryScope(tokens: readonly Token[], k: number): { from: number; to: number; lambda: boolean } | undefined {
  const open = k + 1;
  const close = matchingBracket(tokens, open);
  if (close < 0) return undefined;
  if (tokens[open]!.value === '{') return { from: open + 1, to: close - 1, lambda: true };
  if (close > open + 1) return { from: open + 1, to: close - 1, lambda: true };
  if (tokens[close + 1]?.value === '{') {
    const end = matchingBracket(tokens, close + 1);
    return end < 0 ? undefined : { from: close + 2, to: end - 1, lambda: true };
  }
  // Chain form: `.a(..).b(..)` until `.and()`, or until the chain ends (a ')' not followed by '.').
  const chain = chainAfter(tokens, close);
  return chain && { ...chain, lambda: false };
}

/** The argument of a lambda-form authorizeRequests: a lambda, a trailing Kotlin lambda, or Customizer.withDefaults(). */
function lambdaArgumentOk(tokens: readonly Token[], k: number, from: number, to: number): boolean {
  if (tokens[k + 1]!.value === '{' || tokens[matchingBracket(tokens, k + 1) + 1]?.value === '{') return true;
  const text = tokens.slice(from, to + 1).map((t) => t.value).join('');
  if (/^(Customizer\.)?withDefaults\(\)$/.test(text)) return true;
  if (tokens[from]?.type === 'ident' && tokens[from + 1]?.value === '-' && tokens[from + 2]?.value === '>') return true;
  if (tokens[from]?.value === '(' && tokens[from + 1]?.type === 'ident' && tokens[from + 2]?.value === ')' && tokens[from + 3]?.value === '-') return true;
  return false;
}

/** A range of tokens whose calls are made on the registry. */
interface Range {
  from: number;
  to: number;
}

/** A local variable that holds the registry: its declared type to change and the calls made on it. */
interface Holder {
  type?: { start: number; end: number; text: string };
  uses: Range[];
}

/** The `.a(..).b(..)` calls chained on tokens[j]: up to `.and()` or the chain's end. */
function chainAfter(tokens: readonly Token[], j: number): Range | undefined {
  let k = j + 1;
  let last = j;
  while (tokens[k]?.value === '.' && tokens[k + 1]?.type === 'ident') {
    if (tokens[k + 1]!.value === 'and' && tokens[k + 2]?.value === '(') break;
    let m = k + 2;
    if (tokens[m]?.value === '(') m = matchingBracket(tokens, m);
    if (m < 0) return undefined;
    last = m;
    k = m + 1;
  }
  return { from: j + 1, to: last };
}

/** The block (`{`..`}`) that encloses tokens[at]. */
function enclosingBlock(tokens: readonly Token[], at: number): Range | undefined {
  const from = enclosingBracket(tokens, at, '{');
  return from < 0 ? undefined : { from, to: matchingBracket(tokens, from) };
}

/**
 * Where the registry goes when the chain of the call at `k` ends with it (no `.and()`): nowhere
 * (a statement), a local variable (the Holder), or somewhere the rewrite cannot follow (why).
 */
function resultHolder(ctx: LibContext, k: number, to: number): Holder | string | undefined {
  const { tokens, text } = ctx.model;
  if (tokens[to + 1]?.value === '.') return undefined; // `.and()`: the chain goes on with HttpSecurity
  const root = chainRoot(tokens, k);
  if (root === undefined) return 'the registry comes from an expression the rewrite cannot follow';
  const start = tokens[root - 1]?.value === '.' && tokens[root - 2]?.value === 'this' ? root - 2 : root;
  const prev = tokens[start - 1];
  const kotlin = ctx.lang === 'kotlin';
  const newline = prev ? text.slice(prev.end, tokens[start]!.start).includes('\n') : true;
  if (!prev || [';', '{', '}'].includes(prev.value) || (kotlin && newline && !['=', '(', ',', ':', '.'].includes(prev.value) && prev.value !== 'return')) return undefined;
  if (prev.value === 'return') return 'the registry is returned (a method returning the old registry type must change by hand)';
  if (prev.value !== '=') return 'the registry is passed on (a method taking the old registry type must change by hand)';
  // `T name = chain` (Java), `val name: T = chain` / `val name = chain` (Kotlin)
  let nameAt: number;
  let type: Holder['type'];
  if (kotlin) {
    let colon = start - 2;
    if (tokens[colon]?.type === 'ident' && ['val', 'var'].includes(tokens[colon - 1]?.value ?? '')) nameAt = colon;
    else {
      while (colon > 0 && tokens[colon]!.value !== ':' && tokens[colon]!.value !== ';' && tokens[colon]!.value !== '{') colon--;
      if (tokens[colon]?.value !== ':' || !['val', 'var'].includes(tokens[colon - 2]?.value ?? '')) return 'the registry is assigned to something other than a local variable';
      nameAt = colon - 1;
      type = oldType(ctx, colon + 1, start - 2);
      if (!type) return `the registry is held as ${text.slice(tokens[colon + 1]!.start, tokens[start - 2]!.end)}`;
    }
  } else {
    nameAt = start - 2;
    const typeEnd = start - 3;
    if (tokens[nameAt]?.type !== 'ident' || !(tokens[typeEnd]?.type === 'ident' || tokens[typeEnd]?.value === '>')) return 'the registry is assigned to a variable declared elsewhere';
    if (tokens[typeEnd]!.value !== 'var') {
      const decl = declarationsOf(ctx, tokens[nameAt]!.value);
      const first = decl.find((d) => d.type !== undefined && d.type <= typeEnd)?.type;
      type = first === undefined ? undefined : oldType(ctx, first, typeEnd);
      if (!type) return `the registry is held as ${first === undefined ? 'another type' : text.slice(tokens[first]!.start, tokens[typeEnd]!.end)}`;
    }
  }
  const name = tokens[nameAt]!.value;
  const block = enclosingBlock(tokens, nameAt);
  if (!block) return 'the registry is held outside a method body';
  const uses: Range[] = [];
  for (let j = to + 1; j < block.to; j++) {
    const t = tokens[j]!;
    if (t.type !== 'ident' || t.value !== name || tokens[j - 1]?.value === '.') continue;
    const r = tokens[j + 1]?.value === '.' && tokens[j + 2]?.type === 'ident' && tokens[j + 3]?.value === '(' ? chainAfter(tokens, j) : undefined;
    if (!r) return `${name} is used other than through its own calls`;
    uses.push(r);
  }
  return { type, uses };
}

/** tokens[from..to] written as the old registry type: its replacement. */
function oldType(ctx: LibContext, from: number, to: number): Holder['type'] {
  const { tokens, text } = ctx.model;
  const written = text.slice(tokens[from]!.start, tokens[to]!.end);
  const m = OLD_REGISTRY.exec(written.replace(/\s+/g, ''));
  if (!m) return undefined;
  return { start: tokens[from]!.start, end: tokens[to]!.end, text: `${simpleOf(NEW_CONFIGURER)}<${m[1]}>.AuthorizationManagerRequestMatcherRegistry` };
}

export function authorizeRequests(ctx: LibContext, out: LibResult): void {
  const { tokens, text } = ctx.model;
  const row = ctx.libs.security.authorizeHttpRequests;
  const oldOnly = new Set(row.oldOnly);
  const manager = simpleOf(row.expressionManager);
  let heldTypes = 0;
  const calls = memberCalls(tokens, 0, tokens.length - 1, new Set([row.from]));
  // Kotlin trailing lambda: `.authorizeRequests { }`
  for (let k = 1; k < tokens.length; k++) if (tokens[k]!.value === row.from && tokens[k - 1]!.value === '.' && tokens[k + 1]?.value === '{') calls.push(k);
  for (const k of calls) {
    const report = (why: string) =>
      out.findings.push({
        rule: SECURITY_RULES.authorizeHttpRequests,
        severity: 'warning',
        offset: tokens[k]!.start,
        message: `authorizeRequests() kept: ${why}. Spring Security 6 replaces it with authorizeHttpRequests(authz -> authz.requestMatchers(..).hasRole("X")...), typed rules or access(new ${manager}("<SpEL>"))`,
        docs: row.source,
      });
    const receiver = receiverOf(ctx, k);
    if (receiver === 'other') continue;
    if (receiver === 'unknown' && userDeclares(ctx, row.from)) {
      report(`the file does not show the type it is called on, and the project declares a method ${row.from}(..) of its own`);
      continue;
    }
    const scope = registryScope(tokens, k);
    if (!scope) continue;
    if (scope.lambda && !lambdaArgumentOk(tokens, k, scope.from, scope.to)) {
      report('its argument is not a lambda or Customizer.withDefaults() (a method taking the old registry type must change by hand)');
      continue;
    }
    const blocker = projectBlocker(ctx);
    if (blocker) {
      report(`the project defines ${simpleOf(blocker)}, which the old configurer applies and AuthorizeHttpRequestsConfigurer 6.0 does not`);
      continue;
    }
    const ranges: Range[] = [scope];
    const holder = scope.lambda ? undefined : resultHolder(ctx, k, scope.to);
    if (typeof holder === 'string') {
      report(holder);
      continue;
    }
    if (holder) ranges.push(...holder.uses);
    const typeNamed = tokens.slice(scope.from, scope.to + 1).find((t) => t.type === 'ident' && (t.value === 'ExpressionUrlAuthorizationConfigurer' || t.value === 'ExpressionInterceptUrlRegistry'));
    if (typeNamed) {
      report(`the lambda names the old registry type ${typeNamed.value}`);
      continue;
    }
    const old = ranges.flatMap((r) => memberCalls(tokens, r.from, r.to, oldOnly));
    if (old.length) {
      report(`${[...new Set(old.map((j) => tokens[j]!.value))].join(', ')}(..) has no counterpart on the new registry`);
      continue;
    }
    const edits: Edit[] = [rename(tokens[k]!, row.to, SECURITY_RULES.authorizeHttpRequests)];
    if (holder?.type) edits.push({ ...holder.type, rule: SECURITY_RULES.authorizeHttpRequests });
    let usesManager = false;
    let bad: string | undefined;
    for (const a of ranges.flatMap((r) => memberCalls(tokens, r.from, r.to, new Set(['access'])))) {
      const args = callArgs(tokens, a + 1);
      const lit = args.length === 1 && args[0]!.first === args[0]!.last ? tokens[args[0]!.first]! : undefined;
      const value = lit?.type === 'string' && !lit.block ? stringValue(text, lit, ctx.lang) : undefined;
      if (value === undefined) {
        bad = 'access(..) is given something other than one string literal';
        break;
      }
      const typed = typedAccess(ctx, value);
      const close = matchingBracket(tokens, a + 1);
      if (typed) edits.push({ start: tokens[a]!.start, end: tokens[close]!.end, text: typed, rule: SECURITY_RULES.authorizeHttpRequests });
      else {
        usesManager = true;
        const ctor = ctx.lang === 'java' ? `new ${manager}` : manager;
        edits.push({ start: lit!.start, end: lit!.end, text: `${ctor}(${text.slice(lit!.start, lit!.end)})`, rule: SECURITY_RULES.authorizeHttpRequests });
      }
    }
    if (bad) {
      report(bad);
      continue;
    }
    out.edits.push(...edits);
    if (usesManager) out.imports.push(row.expressionManager);
    if (holder?.type) {
      out.imports.push(NEW_CONFIGURER);
      heldTypes++;
    }
    out.findings.push({
      rule: SECURITY_RULES.authorizeHttpRequests,
      severity: 'info',
      offset: tokens[k]!.start,
      message: DISPATCH_NOTE,
      docs: row.source,
    });
  }
  // The old registry's configurer, named only in the types that changed, loses its import.
  const oldImport = heldTypes ? importOf(ctx.model, OLD_CONFIGURER) : undefined;
  if (oldImport && !usedOutside(ctx.model, simpleOf(OLD_CONFIGURER), out.edits)) out.edits.push(removeImport(ctx.model, oldImport, SECURITY_RULES.authorizeHttpRequests));
}
