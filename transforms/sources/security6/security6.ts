// Spring Security 6 in sources: the matcher renames (antMatchers/mvcMatchers -> requestMatchers,
// antMatcher/mvcMatcher -> securityMatcher), authorizeRequests -> authorizeHttpRequests with
// access("...") strings made typed (or wrapped in WebExpressionAuthorizationManager), the Kotlin
// DSL's authorizeRequests { } block, and @Configuration next to @EnableWebSecurity & co (6.0 took
// it out of those annotations). The Kotlin DSL is security6-kotlin.ts, the
// WebSecurityConfigurerAdapter rewrite security6-adapter.ts.
//
// Everything is decided on tokens: a call is `.name(`, its scope the parentheses (lambda form) or
// the rest of the chain (`authorizeRequests().a().b().and()`). A rewrite happens only when every
// call in that scope exists on the 6.0 API; otherwise the file gets a finding with the shape of
// the replacement and nothing in that scope changes.
import type { Edit, FindingInput } from '../../../src/engine/types.js';
import { stringValue } from '../../../src/formats/jvm-strings.js';
import type { Token } from '../../../src/formats/jvm-tokens.js';
import { type LibContext, type LibResult, callArgs, emptyResult, lineIndent, memberCalls, simpleOf } from '../lib-edits.js';
import { annotationIs, annotationSpans, classDecls } from '../lib-declarations.js';
import { authorizeRequests } from './security6-authorize.js';
import { receiverOf } from './security6-receivers.js';
import { userDeclares } from './security6-user-methods.js';

export const SECURITY_RULES = {
  requestMatchers: 'security6/request-matchers',
  authorizeHttpRequests: 'security6/authorize-http-requests',
  kotlinDsl: 'security6/kotlin-dsl',
  configuration: 'security6/enable-configuration',
  adapter: 'security6/adapter',
  removedOverride: 'security6/removed-override',
} as const;

const SECURITY_PACKAGE = 'org.springframework.security.';

export const DISPATCH_NOTE =
  'authorizeRequests -> authorizeHttpRequests: in Spring Security 6 these rules also apply to FORWARD and ERROR dispatches (permit the error page, e.g. .dispatcherTypeMatchers(DispatcherType.ERROR).permitAll(), if it must stay public)';

/** The file uses Spring Security at all (an import or a qualified name from its packages). */
export function usesSecurity(ctx: LibContext): boolean {
  return ctx.model.imports.some((i) => i.chain.tokens[0]?.value === 'org' && (i.chain.tokens.map((t) => t.value).join('.') + '.').startsWith(SECURITY_PACKAGE));
}

export function rename(tok: Token, to: string, rule: string): Edit {
  return { start: tok.start, end: tok.end, text: to, rule };
}

/** antMatchers/mvcMatchers -> requestMatchers, antMatcher/mvcMatcher -> securityMatcher; regex forms reported. */
function matchers(ctx: LibContext, out: LibResult): void {
  const { tokens } = ctx.model;
  const sec = ctx.libs.security;
  const renames = new Map([...sec.requestMatchers, ...sec.securityMatchers].map((r) => [r.from, r]));
  for (const k of memberCalls(tokens, 0, tokens.length - 1, new Set(renames.keys()))) {
    const row = renames.get(tokens[k]!.value)!;
    const receiver = receiverOf(ctx, k);
    if (receiver === 'other') continue;
    if (receiver === 'unknown' && userDeclares(ctx, row.from)) {
      out.findings.push({
        rule: SECURITY_RULES.requestMatchers,
        severity: 'error',
        offset: tokens[k]!.start,
        message: `${row.from}(..) kept: the file does not show the type it is called on, and the project declares a method ${row.from}(..) of its own. If it is Spring Security's (removed in 6), write ${row.to}(..) with the same arguments`,
        docs: row.source,
      });
      continue;
    }
    const args = callArgs(tokens, k + 1);
    const patterns = args.map((a) => (a.first === a.last && tokens[a.first]!.type === 'string' ? stringValue(ctx.model.text, tokens[a.first]!, ctx.lang) : undefined));
    if (!row.ant || !patterns.some((p) => p !== undefined && !pathPatternParses(p))) {
      out.edits.push(rename(tokens[k]!, row.to, SECURITY_RULES.requestMatchers));
      continue;
    }
    const wrapped = antMatcherEdits(ctx, k, args, patterns);
    if (typeof wrapped === 'string') {
      out.findings.push({ rule: SECURITY_RULES.requestMatchers, severity: 'error', offset: tokens[k]!.start, message: wrapped, docs: sec.antPatterns.source }); // antMatchers is gone in Security 6
      continue;
    }
    out.edits.push(rename(tokens[k]!, row.to, SECURITY_RULES.requestMatchers), ...wrapped);
    out.imports.push(sec.antPatterns.matcher);
  }
  const reported = new Map(sec.reportedMatchers.map((r) => [r.name, r]));
  for (const k of memberCalls(tokens, 0, tokens.length - 1, new Set(reported.keys()))) {
    const row = reported.get(tokens[k]!.value)!;
    if (receiverOf(ctx, k) === 'other') continue;
    out.findings.push({
      rule: SECURITY_RULES.requestMatchers,
      severity: 'error', // removed in Security 6: the call does not compile
      offset: tokens[k]!.start,
      message: `${row.name}(..) is removed in Spring Security 6 and has no String-for-String equivalent: use ${row.replacement}`,
      docs: row.source,
    });
  }
}

/** Can Spring MVC's PathPattern parse this Ant pattern? `**` is allowed only as the last segment. */
export function pathPatternParses(pattern: string): boolean {
  const at = pattern.indexOf('**');
  return at < 0 || (pattern.endsWith('/**') && at === pattern.length - 2) || pattern === '**';
}

/**
 * `antMatchers([HttpMethod.X,] "a", <a pattern with ** before its end>)` -> `requestMatchers(new AntPathRequestMatcher("a"[, "X"]), ...)`:
 * the same Ant matching as before, for arguments that are all string literals (after an optional
 * `HttpMethod.X`). Otherwise the reason it cannot be rewritten.
 */
function antMatcherEdits(ctx: LibContext, k: number, args: { first: number; last: number }[], patterns: (string | undefined)[]): Edit[] | string {
  const { tokens, text } = ctx.model;
  const cls = simpleOf(ctx.libs.security.antPatterns.matcher);
  const pattern = patterns.find((p) => p !== undefined && !pathPatternParses(p))!;
  const why = `${tokens[k]!.value}("${pattern}"): Spring MVC's PathPattern (which requestMatchers(String) uses when Spring MVC is present) takes ** only at the end; keep Ant matching with requestMatchers(new ${cls}("${pattern}")) or change the pattern`;
  let from = 0;
  let method: string | undefined;
  const head = tokens.slice(args[0]!.first, args[0]!.last + 1).map((t) => t.value).join('');
  const m = /^(?:HttpMethod\.)?(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS|TRACE)$/.exec(head);
  if (m) {
    method = m[1];
    from = 1;
  }
  if (from >= args.length || patterns.slice(from).some((p) => p === undefined)) return why;
  const edits: Edit[] = [];
  for (const a of args.slice(from)) {
    const lit = text.slice(tokens[a.first]!.start, tokens[a.first]!.end);
    const ctor = ctx.lang === 'java' ? `new ${cls}` : cls;
    edits.push({ start: tokens[a.first]!.start, end: tokens[a.first]!.end, text: `${ctor}(${lit}${method ? `, "${method}"` : ''})`, rule: SECURITY_RULES.requestMatchers });
  }
  if (method) edits.push({ start: tokens[args[0]!.first]!.start, end: tokens[args[1]!.first]!.start, text: '', rule: SECURITY_RULES.requestMatchers });
  return edits;
}

/** `hasRole('A')`, `permitAll`, `isAuthenticated()` -> the typed call text (without the leading dot), or undefined. */
export function typedAccess(ctx: LibContext, expression: string): string | undefined {
  const row = ctx.libs.security.authorizeHttpRequests;
  const expr = expression.trim();
  const bare = row.expressions[expr];
  if (bare) return `${bare}()`;
  const m = /^(\w+)\(\s*('[\w:.\-]+'(?:\s*,\s*'[\w:.\-]+')*)\s*\)$/.exec(expr);
  if (!m || !row.functions.includes(m[1]!)) return undefined;
  const args = m[2]!.split(',').map((a) => a.trim().slice(1, -1));
  let fn = m[1]!;
  // The typed hasRole/hasAnyRole prepend ROLE_ and reject a role that already has it; SpEL
  // accepts both. A ROLE_-prefixed role is the authority of that name.
  if (fn === 'hasRole' || fn === 'hasAnyRole') {
    const prefixed = args.filter((a) => a.startsWith('ROLE_')).length;
    if (prefixed === args.length) fn = fn === 'hasRole' ? 'hasAuthority' : 'hasAnyAuthority';
    else if (prefixed) return undefined;
  }
  return `${fn}(${args.map((a) => `"${a}"`).join(', ')})`;
}

/** Project-wide: does any Java/Kotlin file name a bean type the 6.0 configurer ignores? */
export function projectBlocker(ctx: LibContext): string | undefined {
  const cache = blockerCache.get(ctx.project);
  if (cache !== undefined) return cache || undefined;
  const names = ctx.libs.security.authorizeHttpRequests.projectBlockers;
  let hit = '';
  for (const f of ctx.project.ofKind('java', 'kotlin')) {
    const found = names.find((n) => f.text?.includes(simpleOf(n)) && f.text.includes(n.slice(0, n.lastIndexOf('.'))));
    if (found) {
      hit = found;
      break;
    }
  }
  blockerCache.set(ctx.project, hit);
  return hit || undefined;
}
const blockerCache = new WeakMap<object, string>();

/** @EnableWebSecurity & co no longer carry @Configuration: add it where the class has none. */
function configurationAnnotation(ctx: LibContext, out: LibResult): void {
  const { model } = ctx;
  const row = ctx.libs.security.configurationAnnotations;
  const spans = annotationSpans(model);
  for (const decl of classDecls(model, spans)) {
    const enable = decl.annotations.find((a) => row.annotations.some((fq) => annotationIs(model, a, fq)));
    if (!enable) continue;
    const hasConfig = decl.annotations.some((a) => annotationIs(model, a, row.add) || /(^|\.)(Configuration|SpringBootApplication|AutoConfiguration|TestConfiguration|SpringBootConfiguration)$/.test(a.name));
    if (hasConfig) continue;
    const at = model.tokens[enable.at]!.start;
    const indent = lineIndent(model.text, at);
    const own = /^[ \t]*$/.test(model.text.slice(at - indent.length, at));
    const text = own ? `@${simpleOf(row.add)}${ctx.eol}${indent}` : `@${simpleOf(row.add)} `;
    out.edits.push({ start: at, end: at, text, rule: SECURITY_RULES.configuration });
    out.imports.push(row.add);
  }
}

export function migrateSecurity(ctx: LibContext): LibResult {
  const out = emptyResult();
  if (!usesSecurity(ctx)) return out;
  matchers(ctx, out);
  authorizeRequests(ctx, out);
  configurationAnnotation(ctx, out);
  return out;
}

export type { FindingInput };
