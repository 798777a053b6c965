// WebSecurityConfigurerAdapter (removed in Spring Security 6) -> a configuration with beans:
//   configure(HttpSecurity http)  -> @Bean SecurityFilterChain filterChain(HttpSecurity http) ... return http.build();
//   configure(WebSecurity web)    -> @Bean WebSecurityCustomizer webSecurityCustomizer() { return (web) -> ...; }
// Only when the mapping is direct: the class calls none of the adapter's own methods
// (authenticationManagerBean(), userDetailsService(), super.configure(..), ...), no other class
// extends it, configure(AuthenticationManagerBuilder) only lists in-memory users, and the bodies
// return nothing themselves. Anything else is a finding with the shape of the beans. This file
// holds the Java rewrite and what both languages share; Kotlin is security6-adapter-kotlin.ts.
import type { Edit } from '../../../src/engine/types.js';
import { enclosingBracket, matchingBracket, type Token } from '../../../src/formats/jvm-tokens.js';
import { type LibContext, type LibResult, emptyResult, importOf, indentUnit, lineIndent, removeImport, simpleOf, usedOutside } from '../lib-edits.js';
import { type ClassDecl, annotationSpans, classDecls } from '../lib-declarations.js';
import { DISPATCH_NOTE, SECURITY_RULES, usesSecurity } from './security6.js';
import { type UsersPlan, USER_DETAILS_SERVICE } from './security6-users.js';
import {
  type AuthPlan,
  AUTHENTICATION_CONFIGURATION,
  CONFIGURATION_PARAM,
  PASSWORD_ENCODER,
  type Member,
  adapterDefaults,
  authPlan,
  dropOverride,
  httpBodyUses,
  managerBeanEdits,
  managerBeanOverride,
  managerCallEdits,
  ownUserDetailsBean,
} from './security6-auth.js';
import { migrateKotlinAdapters } from './security6-adapter-kotlin.js';
import { adapterCount, adapterFinding, beanName, classOrder, hierarchyBlocker, memberRemoval, usersNotMapped, usesAdapter } from './security6-adapter-shared.js';

const RULE = SECURITY_RULES.adapter;
const AUTHENTICATION_MANAGER_BUILDER = 'org.springframework.security.config.annotation.authentication.builders.AuthenticationManagerBuilder';

interface ConfigureMethod {
  kind: 'HttpSecurity' | 'WebSecurity' | 'AuthenticationManagerBuilder' | 'other';
  /** Token of `configure`. */
  name: number;
  /** Token of the method's first annotation or modifier. */
  first: number;
  param: string;
  override?: number;
  voidTok?: number;
  paramsClose: number;
  throwsEnd?: number;
  bodyOpen: number;
  bodyClose: number;
  /** configure(AuthenticationManagerBuilder): what it becomes. */
  auth?: AuthPlan;
  /** configure(HttpSecurity): the adapter's manager accessors it calls, and its super.configure(http) statements. */
  managerCalls?: number[];
  superConfigure?: { at: number; end: number }[];
}

/** What the class needs besides its configure methods: the authenticationManagerBean() override. */
interface ClassPlan {
  managerBean?: Exclude<ReturnType<typeof managerBeanOverride>, string | undefined>;
  /** The class's @Bean userDetailsService(), which loses its @Override. */
  ownUsers?: Member;
}

/** `extends WebSecurityConfigurerAdapter` between the class name and its body: [start, end) token range. */
function extendsAdapter(ctx: LibContext, decl: ClassDecl): { ext: number; type: number } | undefined {
  const { tokens, importedNames } = ctx.model;
  const fq = ctx.libs.security.adapter.type;
  if (decl.open === undefined) return undefined;
  for (let j = decl.keyword + 2; j < decl.open; j++) {
    // Java `extends X`, Kotlin `: X()`
    if (tokens[j]!.value !== 'extends' && !(ctx.lang === 'kotlin' && tokens[j]!.value === ':')) continue;
    let last = j + 1;
    while (tokens[last + 1]?.value === '.' && tokens[last + 2]?.type === 'ident') last += 2;
    const name = tokens.slice(j + 1, last + 1).filter((t) => t.type === 'ident').map((t) => t.value).join('.');
    if (name === fq || (name === simpleOf(fq) && importedNames.get(name) === fq)) return { ext: j, type: last };
  }
  return undefined;
}

/** The class's `configure(...)` overrides (methods directly in the body). */
function configureMethods(tokens: readonly Token[], decl: ClassDecl): ConfigureMethod[] {
  const out: ConfigureMethod[] = [];
  for (let j = decl.open! + 1; j < decl.close!; j++) {
    const t = tokens[j]!;
    if (t.type === 'punct' && '({['.includes(t.value)) {
      j = matchingBracket(tokens, j);
      continue;
    }
    if (t.value !== 'configure' || tokens[j + 1]?.value !== '(' || tokens[j - 1]?.value === '.') continue;
    const paramsClose = matchingBracket(tokens, j + 1);
    const params = tokens.slice(j + 2, paramsClose).filter((x) => x.type === 'ident' && x.value !== 'final');
    const type = params.length === 2 ? params[0]!.value : '';
    const kind = (['HttpSecurity', 'WebSecurity', 'AuthenticationManagerBuilder'] as const).find((k) => k === type) ?? 'other';
    let first = j;
    let override: number | undefined;
    let voidTok: number | undefined;
    for (let b = j - 1; b > decl.open!; b--) {
      const p = tokens[b]!;
      if (p.type === 'ident' && ['void', 'public', 'protected', 'private', 'final'].includes(p.value)) {
        if (p.value === 'void') voidTok = b;
        first = b;
      } else if (p.type === 'ident' && tokens[b - 1]?.value === '@') {
        if (p.value === 'Override') override = b;
        first = b - 1;
        b--;
      } else break;
    }
    let k = paramsClose + 1;
    let throwsEnd: number | undefined;
    if (tokens[k]?.value === 'throws') {
      while (tokens[k + 1] && tokens[k + 1]!.value !== '{') k++;
      throwsEnd = k;
      k++;
    }
    if (tokens[k]?.value !== '{') continue;
    const bodyClose = matchingBracket(tokens, k);
    out.push({ kind, name: j, first, param: params[1]?.value ?? '', override, voidTok, paramsClose, throwsEnd, bodyOpen: k, bodyClose });
    j = bodyClose;
  }
  return out;
}

/** A `return` whose innermost enclosing block is not a lambda body would return from the new bean method. */
function returnsItself(tokens: readonly Token[], m: ConfigureMethod): boolean {
  for (let j = m.bodyOpen + 1; j < m.bodyClose; j++) {
    if (tokens[j]!.value !== 'return' || tokens[j]!.type !== 'ident') continue;
    const b = enclosingBracket(tokens, j, '{');
    if (b >= m.bodyOpen && (b === m.bodyOpen || tokens[b - 1]?.value !== '>' || tokens[b - 2]?.value !== '-')) return true;
  }
  return false;
}

/** Why the adapter class cannot be rewritten mechanically, or undefined (then `plan` and the methods' plans are filled in). */
function blocker(ctx: LibContext, decl: ClassDecl, methods: ConfigureMethod[], plan: ClassPlan): string | undefined {
  const { tokens } = ctx.model;
  const ownUsers = ownUserDetailsBean(ctx, decl);
  const handled = new Set<number>(ownUsers.names);
  plan.ownUsers = ownUsers.member;
  const override = managerBeanOverride(ctx, decl);
  if (typeof override === 'string') return override;
  if (override) {
    for (let j = override.member.first; j <= override.member.bodyClose; j++) handled.add(j);
    plan.managerBean = override;
  }
  const http = methods.find((m) => m.kind === 'HttpSecurity');
  if (http) {
    const uses = httpBodyUses(ctx, http.bodyOpen + 1, http.bodyClose - 1, http.param);
    if (typeof uses === 'string') return uses;
    for (const j of uses.managerCalls) handled.add(j).add(j + 2);
    for (const s of uses.superConfigure) handled.add(s.at);
    http.managerCalls = uses.managerCalls;
    http.superConfigure = uses.superConfigure;
  }
  const direct = usesAdapter(ctx, decl, handled);
  if (direct) return direct;
  const amb = methods.find((m) => m.kind === 'AuthenticationManagerBuilder');
  if (amb) {
    const auth = authPlan(ctx, decl, amb, adapterCount(ctx));
    if (typeof auth === 'string') return usersNotMapped(auth);
    amb.auth = auth;
  }
  if (methods.some((m) => m.kind === 'other')) return 'it overrides another configure(..) method';
  if (methods.some((m) => returnsItself(tokens, m))) return 'a configure body has its own return statement';
  if (!methods.length && !override) return 'it overrides no configure(..) method that maps to a bean';
  const web = methods.find((m) => m.kind === 'WebSecurity');
  if (web && statements(tokens, web).some((s) => tokens[s.first]!.value !== web.param)) return 'configure(WebSecurity) does more than configure its parameter';
  return hierarchyBlocker(ctx, decl);
}

/** Top-level statements of a method body: [first, last] tokens (last is the `;`). */
function statements(tokens: readonly Token[], m: ConfigureMethod): { first: number; last: number }[] {
  const out: { first: number; last: number }[] = [];
  let first = m.bodyOpen + 1;
  for (let j = first; j < m.bodyClose; j++) {
    const v = tokens[j]!;
    if (v.type === 'punct' && '({['.includes(v.value)) {
      j = matchingBracket(tokens, j);
      continue;
    }
    if (v.value === ';') {
      out.push({ first, last: j });
      first = j + 1;
    }
  }
  return out;
}

/** `@Override` -> `@Bean` (or `@Bean` added before the method), plus the class's @Order when it has one. */
function beanAnnotation(ctx: LibContext, m: ConfigureMethod, order: string | undefined, indent: string): Edit[] {
  const { tokens } = ctx.model;
  const orderText = order ? `${order}${ctx.eol}${indent}` : '';
  if (m.override !== undefined) {
    const at = tokens[m.override - 1]!.start;
    return [{ start: at, end: tokens[m.override]!.end, text: `${orderText}@Bean`, rule: RULE }];
  }
  const at = tokens[m.first]!.start;
  return [{ start: at, end: at, text: `${orderText}@Bean${ctx.eol}${indent}`, rule: RULE }];
}

function filterChainEdits(ctx: LibContext, m: ConfigureMethod, name: string, order: string | undefined): Edit[] {
  const { tokens, text } = ctx.model;
  const indent = lineIndent(text, tokens[m.first]!.start);
  const edits = beanAnnotation(ctx, m, order, indent);
  const from = m.voidTok ?? m.name;
  edits.push({ start: tokens[from]!.start, end: tokens[m.name]!.end, text: `SecurityFilterChain ${name}`, rule: RULE });
  if (m.managerCalls?.length) {
    edits.push({ start: tokens[m.paramsClose]!.start, end: tokens[m.paramsClose]!.start, text: `, AuthenticationConfiguration ${CONFIGURATION_PARAM}`, rule: RULE });
    edits.push(...managerCallEdits(ctx, m.managerCalls));
  }
  for (const s of m.superConfigure ?? []) edits.push({ start: tokens[s.at]!.start, end: tokens[s.end]!.end, text: adapterDefaults(ctx, m.param, lineIndent(text, tokens[s.at]!.start)), rule: RULE });
  if (m.throwsEnd === undefined) edits.push({ start: tokens[m.paramsClose]!.end, end: tokens[m.paramsClose]!.end, text: ' throws Exception', rule: RULE });
  edits.push(beforeClose(ctx, m, `return ${m.param}.build();`));
  return edits;
}

/** Inserts a statement on its own line before the body's closing brace. */
function beforeClose(ctx: LibContext, m: ConfigureMethod, statement: string): Edit {
  const { tokens, text } = ctx.model;
  const close = tokens[m.bodyClose]!.start;
  const closeIndent = lineIndent(text, close);
  const inner = tokens[m.bodyOpen + 1] && m.bodyOpen + 1 < m.bodyClose ? lineIndent(text, tokens[m.bodyOpen + 1]!.start) : closeIndent + indentUnit(text);
  const ownLine = /^[ \t]*$/.test(text.slice(close - closeIndent.length, close)) && text[close - closeIndent.length - 1] === '\n';
  if (ownLine) {
    const at = close - closeIndent.length;
    return { start: at, end: at, text: `${inner}${statement}${ctx.eol}`, rule: RULE };
  }
  return { start: close, end: close, text: `${statement} `, rule: RULE };
}

function customizerEdits(ctx: LibContext, m: ConfigureMethod, name: string): Edit[] {
  const { tokens, text } = ctx.model;
  const indent = lineIndent(text, tokens[m.first]!.start);
  const edits = beanAnnotation(ctx, m, undefined, indent);
  const from = m.voidTok ?? m.name;
  edits.push({ start: tokens[from]!.start, end: tokens[m.paramsClose]!.end, text: `WebSecurityCustomizer ${name}()`, rule: RULE });
  if (m.throwsEnd !== undefined) edits.push({ start: tokens[m.paramsClose]!.end, end: tokens[m.throwsEnd]!.end, text: '', rule: RULE });
  const stmts = statements(tokens, m);
  if (stmts.length === 1) {
    const at = tokens[stmts[0]!.first]!.start;
    edits.push({ start: at, end: at, text: `return (${m.param}) -> `, rule: RULE });
    return edits;
  }
  const open = tokens[m.bodyOpen]!.end;
  const unit = indentUnit(text);
  const inner = lineIndent(text, tokens[m.bodyClose]!.start) + unit;
  edits.push({ start: open, end: open, text: `${ctx.eol}${inner}return (${m.param}) -> {`, rule: RULE });
  // The statements move one level into the lambda: each non-blank line of the body gets one more indent.
  const close = tokens[m.bodyClose]!.start;
  for (let at = text.indexOf('\n', open) + 1; at > 0 && at < close; at = text.indexOf('\n', at) + 1) {
    const lineEnd = text.indexOf('\n', at);
    if (lineEnd < 0 || at + lineIndent(text, close).length >= close) break;
    if (!/^[ \t]*\r?$/.test(text.slice(at, lineEnd)) && lineEnd < close) edits.push({ start: at, end: at, text: unit, rule: RULE });
  }
  edits.push(beforeClose(ctx, m, '};'));
  return edits;
}

function usersEdits(ctx: LibContext, m: ConfigureMethod, plan: UsersPlan): Edit[] {
  const { tokens, text } = ctx.model;
  const edits = beanAnnotation(ctx, m, undefined, lineIndent(text, tokens[m.first]!.start));
  const from = m.voidTok ?? m.name;
  edits.push({ start: tokens[from]!.start, end: tokens[m.paramsClose]!.end, text: `${simpleOf(USER_DETAILS_SERVICE)} userDetailsService()`, rule: RULE });
  if (m.throwsEnd !== undefined) edits.push({ start: tokens[m.paramsClose]!.end, end: tokens[m.throwsEnd]!.end, text: '', rule: RULE });
  edits.push(plan.edit);
  return edits;
}

/** configure(AuthenticationManagerBuilder) handing the builder the global beans: it goes, or becomes the PasswordEncoder bean. */
function globalEdits(ctx: LibContext, m: ConfigureMethod, encoder: string | undefined): Edit[] {
  const { tokens, text } = ctx.model;
  if (encoder === undefined) return [memberRemoval(text, tokens[m.first]!.start, tokens[m.bodyClose]!.end)];
  const edits = beanAnnotation(ctx, m, undefined, lineIndent(text, tokens[m.first]!.start));
  const from = m.voidTok ?? m.name;
  edits.push({ start: tokens[from]!.start, end: tokens[m.paramsClose]!.end, text: `${simpleOf(PASSWORD_ENCODER)} passwordEncoder()`, rule: RULE });
  if (m.throwsEnd !== undefined) edits.push({ start: tokens[m.paramsClose]!.end, end: tokens[m.throwsEnd]!.end, text: '', rule: RULE });
  edits.push({ start: tokens[m.bodyOpen + 1]!.start, end: tokens[m.bodyClose - 1]!.end, text: `return ${encoder};`, rule: RULE });
  return edits;
}

export function migrateAdapter(ctx: LibContext): LibResult {
  const out = emptyResult();
  if (!usesSecurity(ctx)) return out;
  const row = ctx.libs.security.adapter;
  const { model } = ctx;
  const decls = classDecls(model, annotationSpans(model));
  const rewritten = ctx.lang === 'kotlin' ? migrateKotlinAdapters(ctx, decls, out) : migrateJavaAdapters(ctx, decls, out);
  for (const fq of [row.type, AUTHENTICATION_MANAGER_BUILDER]) {
    const imp = importOf(model, fq);
    if (rewritten && imp && !usedOutside(model, simpleOf(fq), out.edits)) out.edits.push(removeImport(model, imp, RULE));
  }
  return out;
}

/** Java classes `extends WebSecurityConfigurerAdapter`; returns how many were rewritten. */
function migrateJavaAdapters(ctx: LibContext, decls: ClassDecl[], out: LibResult): number {
  const row = ctx.libs.security.adapter;
  const { tokens } = ctx.model;
  let rewritten = 0;
  for (const decl of decls) {
    const ext = extendsAdapter(ctx, decl);
    if (!ext) continue;
    const methods = configureMethods(tokens, decl);
    const plan: ClassPlan = {};
    const why = blocker(ctx, decl, methods, plan);
    if (why) {
      out.findings.push(adapterFinding(ctx, decl, tokens[ext.type]!.start, why));
      continue;
    }
    const taken = new Set(tokens.filter((t, j) => t.type === 'ident' && tokens[j + 1]?.value === '(').map((t) => t.value));
    out.edits.push({ start: tokens[ext.ext - 1]!.end, end: tokens[ext.type]!.end, text: '', rule: RULE });
    const order = classOrder(ctx, decl);
    for (const m of methods) {
      if (m.kind === 'HttpSecurity') {
        out.edits.push(...filterChainEdits(ctx, m, beanName(ctx, decl, 'filterChain', taken), order));
        for (const s of m.superConfigure ?? []) out.findings.push({ rule: SECURITY_RULES.authorizeHttpRequests, severity: 'info', offset: tokens[s.at]!.start, message: `super.configure(http) -> the adapter's defaults (authorizeHttpRequests, formLogin, httpBasic); ${DISPATCH_NOTE}`, docs: row.source });
        out.imports.push(row.filterChain);
        if (m.managerCalls?.length) out.imports.push(AUTHENTICATION_CONFIGURATION);
      } else if (m.kind === 'WebSecurity') {
        out.edits.push(...customizerEdits(ctx, m, beanName(ctx, decl, 'webSecurityCustomizer', taken)));
        out.imports.push(row.webSecurityCustomizer);
      } else if (m.auth?.kind === 'users') {
        out.edits.push(...usersEdits(ctx, m, m.auth.users));
        out.imports.push(...m.auth.users.imports);
      } else if (m.auth?.kind === 'global') {
        out.edits.push(...globalEdits(ctx, m, m.auth.encoder));
        if (m.auth.encoder) out.imports.push(PASSWORD_ENCODER);
        out.findings.push({ rule: RULE, severity: 'info', offset: tokens[m.name]!.start, message: m.auth.info, docs: row.source });
      }
    }
    if (plan.ownUsers) out.edits.push(...dropOverride(ctx, plan.ownUsers));
    if (plan.managerBean) {
      out.edits.push(...managerBeanEdits(ctx, plan.managerBean));
      out.imports.push(AUTHENTICATION_CONFIGURATION);
    }
    out.imports.push(row.bean);
    rewritten++;
  }
  return rewritten;
}
