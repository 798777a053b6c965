// The authentication side of a WebSecurityConfigurerAdapter, for both languages:
//
// configure(AuthenticationManagerBuilder auth) built the adapter's own AuthenticationManager L,
// which the HttpSecurity's manager used as its parent. Spring Security 6 gives HttpSecurity the
// global manager G instead, built from the project's single UserDetailsService bean (with its
// single PasswordEncoder bean, else a DelegatingPasswordEncoder) or its single
// AuthenticationProvider bean. So when the method hands the builder exactly those beans, G holds
// what L held and the method goes:
//   auth.userDetailsService(S)[.passwordEncoder(E)];   S the only UserDetailsService bean, E the only PasswordEncoder bean
//   auth.authenticationProvider(P);                    P the only AuthenticationProvider bean
// and `.passwordEncoder(new BCryptPasswordEncoder())` (an encoder that is no bean, with no
// PasswordEncoder bean in the project) becomes that bean: the method turns into
// `@Bean PasswordEncoder passwordEncoder() { return new BCryptPasswordEncoder(); }`.
// An in-memory user list becomes a UserDetailsService bean (security6-users.ts).
//
// With L the same as G, the adapter's own accessors have a Security 6 form:
//   @Bean @Override AuthenticationManager authenticationManagerBean() { return super.authenticationManagerBean(); }
//     -> @Bean AuthenticationManager authenticationManagerBean(AuthenticationConfiguration c) { return c.getAuthenticationManager(); }
//   authenticationManager() / authenticationManagerBean() inside configure(HttpSecurity) (a filter
//     that needs the manager) -> a parameter AuthenticationConfiguration of the filter chain bean
// (authenticationManagerBean() was the HttpSecurity's manager, which adds nothing to its parent
// when configure(HttpSecurity) registers no provider of its own), and
//   super.configure(http) -> the statements the adapter's configure(HttpSecurity) ran.
import type { Edit } from '../../../src/engine/types.js';
import { matchingBracket, type Token } from '../../../src/formats/jvm-tokens.js';
import { type LibContext, callArgs, chainCalls } from '../lib-edits.js';
import { type ClassDecl, annotationSpans } from '../lib-declarations.js';
import { SECURITY_RULES, projectBlocker } from './security6.js';
import { type UsersMethod, type UsersPlan, inMemoryUsers } from './security6-users.js';
import { beanCount, soleBean } from './security6-beans.js';

const RULE = SECURITY_RULES.adapter;
export const AUTHENTICATION_CONFIGURATION = 'org.springframework.security.config.annotation.authentication.configuration.AuthenticationConfiguration';
export const PASSWORD_ENCODER = 'org.springframework.security.crypto.password.PasswordEncoder';
/** The filter chain bean's parameter when configure(HttpSecurity) asks for the manager. */
export const CONFIGURATION_PARAM = 'authenticationConfiguration';
export const MANAGER_CALL = `${CONFIGURATION_PARAM}.getAuthenticationManager()`;

/** The Security 6 bean for a builder set-up the rewrite does not make. */
const INSTEAD: Record<string, string> = {
  jdbcAuthentication:
    '; in Security 6 it is a bean: @Bean UserDetailsManager users(DataSource dataSource) { JdbcUserDetailsManager users = new JdbcUserDetailsManager(dataSource); users.setUsersByUsernameQuery("..."); users.setAuthoritiesByUsernameQuery("..."); return users; }, its encoder the only PasswordEncoder bean',
  ldapAuthentication:
    '; in Security 6 it is a bean: @Bean AuthenticationManager ldapAuthenticationManager(BaseLdapPathContextSource contextSource) { LdapBindAuthenticationManagerFactory factory = new LdapBindAuthenticationManagerFactory(contextSource); factory.setUserDnPatterns("uid={0},ou=people"); return factory.createAuthenticationManager(); }',
  authenticationProvider: '; with several providers, publish @Bean AuthenticationManager authenticationManager() { return new ProviderManager(first, second); }',
};

export type AuthPlan =
  | { kind: 'users'; users: UsersPlan }
  /** The method goes; `encoder` when it becomes a PasswordEncoder bean with this body expression. */
  | { kind: 'global'; info: string; encoder?: string };

/** The body is one statement `auth.a(..).b(..)[;]`: its calls as [name token, '(' token], or undefined. */
function chainOf(tokens: readonly Token[], m: UsersMethod, kotlin: boolean): { name: string; open: number }[] | undefined {
  if (tokens[m.bodyOpen + 1]?.value !== m.param) return undefined;
  const chain = chainCalls(tokens, m.bodyOpen + 2);
  const calls = chain.calls;
  const j = chain.end + 1;
  const end = tokens[j]?.value === ';' ? j + 1 : kotlin ? j : -1;
  return end === m.bodyClose && calls.length ? calls : undefined;
}

/** What configure(AuthenticationManagerBuilder) becomes, or why it cannot be mapped. */
export function authPlan(ctx: LibContext, decl: ClassDecl, m: UsersMethod, adapters: number): AuthPlan | string {
  const { tokens, text } = ctx.model;
  const kotlin = ctx.lang === 'kotlin';
  const calls = chainOf(tokens, m, kotlin);
  if (calls?.[0]?.name === 'inMemoryAuthentication' || !calls) {
    const users = inMemoryUsers(ctx, m, adapters, decl);
    return typeof users === 'string' ? users : { kind: 'users', users };
  }
  if (adapters > 1) return 'the project has several adapters, each with its own AuthenticationManager; Spring Security 6 has one global manager';
  const other = ctx.project.ofKind('java', 'kotlin').find((f) => f.path !== ctx.path && /\b(GlobalAuthenticationConfigurerAdapter|UserDetailsPasswordService)\b/.test(f.text ?? ''));
  if (other) return `${other.path} also configures the global authentication (a GlobalAuthenticationConfigurerAdapter or UserDetailsPasswordService)`;
  const arg = (c: { open: number }) => {
    const args = callArgs(tokens, c.open);
    return args.length === 1 ? args[0]! : undefined;
  };
  const names = calls.map((c) => c.name).join('.');
  if (names === 'authenticationProvider') {
    const p = arg(calls[0]!);
    const why = p ? soleBean(ctx, decl, p.first, p.last, 'AuthenticationProvider') : 'authenticationProvider(..) takes one provider';
    if (why) return why;
    return { kind: 'global', info: `configure(AuthenticationManagerBuilder) removed: Spring Security 6 builds the AuthenticationManager from the project's only AuthenticationProvider bean, ${written(ctx, p!)}, as this method did (a second AuthenticationProvider bean, a library's too, would leave it out)` };
  }
  if (names !== 'userDetailsService' && names !== 'userDetailsService.passwordEncoder') return `${names.replace(/\./g, '(..).')}(..) is not a user service with its password encoder${INSTEAD[calls[0]!.name] ?? ''}`;
  const s = arg(calls[0]!);
  if (!s) return 'userDetailsService(..) takes one service';
  const notS = soleBean(ctx, decl, s.first, s.last, 'UserDetailsService');
  if (notS) return notS;
  if (beanCount(ctx, 'AuthenticationProvider')) return 'the project declares an AuthenticationProvider bean, which Spring Security 6 would use instead of the UserDetailsService bean';
  const base = `configure(AuthenticationManagerBuilder) removed: Spring Security 6 builds the AuthenticationManager from the project's only UserDetailsService bean, ${written(ctx, s)}`;
  if (calls.length === 1) return { kind: 'global', info: `${base}, with the only PasswordEncoder bean if there is one, as this method did (a second bean of either type, a library's too, would change that)` };
  const e = arg(calls[1]!);
  if (!e) return 'passwordEncoder(..) takes one encoder';
  const notE = soleBean(ctx, decl, e.first, e.last, 'PasswordEncoder');
  if (!notE) return { kind: 'global', info: `${base} and its only PasswordEncoder bean, ${written(ctx, e)}, as this method did (a second bean of either type, a library's too, would change that)` };
  const expr = written(ctx, e);
  const construct = kotlin ? /^(?:[\w.]*\.)?\w*PasswordEncoder\((?:\s*[\w.]+\s*(?:,\s*[\w.]+\s*)*)?\)$/ : /^new\s+(?:[\w.]*\.)?\w*PasswordEncoder\((?:\s*[\w.]+\s*(?:,\s*[\w.]+\s*)*)?\)$/;
  if (!construct.test(expr)) return `passwordEncoder(${expr}): ${notE}`;
  if (beanCount(ctx, 'PasswordEncoder')) return `passwordEncoder(${expr}) is no bean while the project declares a PasswordEncoder bean, which Spring Security 6 would use instead`;
  if (tokens.some((t, j) => t.value === 'passwordEncoder' && tokens[j + 1]?.value === '(' && tokens[j - 1]?.value !== '.')) return `passwordEncoder(${expr}) would become the bean passwordEncoder(), a name the file already uses`;
  return { kind: 'global', encoder: expr, info: `${base}, and ${expr} becomes the PasswordEncoder bean it applies, as this method did (a second bean of either type, a library's too, would change that)` };
}

const written = (ctx: LibContext, a: { first: number; last: number }) => ctx.model.text.slice(ctx.model.tokens[a.first]!.start, ctx.model.tokens[a.last]!.end);

/** A method of the class body: its tokens (Java and Kotlin). */
export interface Member {
  name: number;
  /** First annotation or modifier token. */
  first: number;
  paramsOpen: number;
  paramsClose: number;
  /** `{` of a block body; for a Kotlin `= expr` body, the `=`. */
  bodyOpen: number;
  /** `}` of a block body, or the expression's last token. */
  bodyClose: number;
  annotations: string[];
}

const MODIFIERS = /^(public|protected|private|final|static|synchronized|void|override|open|fun|internal)$/;

/** Methods named `name` declared directly in the class body. */
export function members(ctx: LibContext, decl: ClassDecl, name: string): Member[] {
  const { tokens } = ctx.model;
  const out: Member[] = [];
  if (decl.open === undefined) return out;
  const spans = new Map(annotationSpans(ctx.model).map((a) => [a.end, a]));
  for (let j = decl.open + 1; j < decl.close!; j++) {
    const t = tokens[j]!;
    if (t.type === 'punct' && '({['.includes(t.value)) {
      j = matchingBracket(tokens, j);
      if (j < 0) return out;
      continue;
    }
    if (t.value !== name || tokens[j + 1]?.value !== '(' || tokens[j - 1]?.value === '.' || tokens[j - 1]?.value === 'new') continue;
    const paramsClose = matchingBracket(tokens, j + 1);
    let k = paramsClose + 1;
    if (ctx.lang === 'kotlin' && tokens[j - 1]?.value !== 'fun') continue;
    if (ctx.lang === 'kotlin' && tokens[k]?.value === ':') while (tokens[k] && tokens[k]!.value !== '{' && tokens[k]!.value !== '=') k++;
    if (tokens[k]?.value === 'throws') while (tokens[k] && tokens[k]!.value !== '{') k++;
    let bodyClose: number;
    if (tokens[k]?.value === '{') bodyClose = matchingBracket(tokens, k);
    else if (ctx.lang === 'kotlin' && tokens[k]?.value === '=') bodyClose = expressionEnd(ctx, k + 1, decl.close!);
    else continue;
    const annotations: string[] = [];
    let first = j;
    for (let b = j - 1; b > decl.open; b--) {
      const span = spans.get(b);
      const p = tokens[b]!;
      if (span) {
        annotations.unshift(span.name.slice(span.name.lastIndexOf('.') + 1));
        first = span.at;
        b = span.at;
      } else if (p.type === 'ident' && MODIFIERS.test(p.value)) first = b;
      else if (ctx.lang === 'java' && (p.type === 'ident' || '<>.,?[]'.includes(p.value))) first = b; // the return type
      else break;
    }
    out.push({ name: j, first, paramsOpen: j + 1, paramsClose, bodyOpen: k, bodyClose, annotations });
    j = bodyClose;
  }
  return out;
}

/** The last token of a Kotlin expression body starting at `from`: before the next line that starts a declaration, or the class's `}`. */
export function expressionEnd(ctx: LibContext, from: number, classClose: number): number {
  const { tokens, text } = ctx.model;
  let j = from;
  for (; j < classClose; j++) {
    if (tokens[j]!.type === 'punct' && '({['.includes(tokens[j]!.value)) j = matchingBracket(tokens, j);
    if (j < 0) return classClose - 1;
    const t = tokens[j]!;
    const next = tokens[j + 1];
    if (!next || j + 1 >= classClose) break;
    const newline = text.slice(t.end, next.start).includes('\n');
    if (newline && !['.', '?', ':', '+', '-', '*', '/', '&', '|', '='].includes(next.value)) break;
  }
  return j;
}

/** The authenticationManagerBean() override: `@Bean` on it and `return super.authenticationManagerBean()` as its whole body. */
export function managerBeanOverride(ctx: LibContext, decl: ClassDecl): { member: Member; superAt: number } | string | undefined {
  const { tokens } = ctx.model;
  const found = members(ctx, decl, 'authenticationManagerBean');
  if (!found.length) return undefined;
  const m = found[0]!;
  if (found.length > 1 || m.paramsClose !== m.paramsOpen + 1) return 'it overloads authenticationManagerBean()';
  if (!m.annotations.includes('Bean')) return 'it overrides authenticationManagerBean() without publishing it as a @Bean';
  let j = m.bodyOpen + 1;
  if (tokens[m.bodyOpen]!.value === '{') {
    if (tokens[j]?.value !== 'return') return 'authenticationManagerBean() does more than return super.authenticationManagerBean()';
    j++;
  }
  const ok = tokens[j]?.value === 'super' && tokens[j + 1]?.value === '.' && tokens[j + 2]?.value === 'authenticationManagerBean' && tokens[j + 3]?.value === '(' && tokens[j + 4]?.value === ')';
  const end = tokens[j + 5]?.value === ';' ? j + 6 : j + 5;
  const close = tokens[m.bodyOpen]!.value === '{' ? m.bodyClose : m.bodyClose + 1;
  if (!ok || end !== close) return 'authenticationManagerBean() does more than return super.authenticationManagerBean()';
  return { member: m, superAt: j };
}

/** `@Override` (Java, with the rest of its line) or `override` (Kotlin) of a member goes. */
export function dropOverride(ctx: LibContext, m: Member): Edit[] {
  const { tokens, text } = ctx.model;
  const edits: Edit[] = [];
  for (let j = m.first; j < m.name; j++) {
    if (tokens[j]!.value === 'Override' && tokens[j - 1]?.value === '@') {
      let e = tokens[j]!.end;
      while (text[e] === ' ' || text[e] === '\t') e++;
      if (text[e] === '\r') e++;
      if (text[e] === '\n') {
        e++;
        while (text[e] === ' ' || text[e] === '\t') e++;
      }
      edits.push({ start: tokens[j - 1]!.start, end: e, text: '', rule: RULE });
    }
    if (ctx.lang === 'kotlin' && tokens[j]!.value === 'override' && tokens[j]!.type === 'ident') edits.push({ start: tokens[j]!.start, end: tokens[j + 1]!.start, text: '', rule: RULE });
  }
  return edits;
}

/** The edits of the override: `@Override`/`override` goes, the parameter comes in, the body asks it. */
export function managerBeanEdits(ctx: LibContext, o: { member: Member; superAt: number }): Edit[] {
  const { tokens } = ctx.model;
  const m = o.member;
  const kotlin = ctx.lang === 'kotlin';
  const edits = dropOverride(ctx, m);
  const param = kotlin ? `${CONFIGURATION_PARAM}: AuthenticationConfiguration` : `AuthenticationConfiguration ${CONFIGURATION_PARAM}`;
  edits.push({ start: tokens[m.paramsOpen]!.end, end: tokens[m.paramsClose]!.start, text: param, rule: RULE });
  edits.push({ start: tokens[o.superAt]!.start, end: tokens[o.superAt + 4]!.end, text: kotlin ? `${CONFIGURATION_PARAM}.authenticationManager` : MANAGER_CALL, rule: RULE });
  return edits;
}

/**
 * In configure(HttpSecurity)'s body [from, to]: the adapter's manager accessors called on the
 * class itself, and `super.configure(param)` statements, as token indexes; or why they cannot move.
 */
export function httpBodyUses(ctx: LibContext, from: number, to: number, param: string): { managerCalls: number[]; superConfigure: { at: number; end: number }[] } | string {
  const { tokens } = ctx.model;
  const managerCalls: number[] = [];
  const superConfigure: { at: number; end: number }[] = [];
  const kotlin = ctx.lang === 'kotlin';
  for (let j = from; j <= to; j++) {
    const t = tokens[j]!;
    if (t.type !== 'ident') continue;
    const own = tokens[j - 1]?.value !== '.' || tokens[j - 2]?.value === 'this';
    if ((t.value === 'authenticationManager' || t.value === 'authenticationManagerBean') && tokens[j + 1]?.value === '(' && tokens[j + 2]?.value === ')' && own) {
      managerCalls.push(tokens[j - 2]?.value === 'this' && tokens[j - 1]?.value === '.' ? j - 2 : j);
      continue;
    }
    if (kotlin && t.value === 'authenticationManager' && own && tokens[j + 1]?.value !== '(' && tokens[j + 1]?.value !== ':') return "it reads the adapter's authenticationManager property";
    if (t.value === 'super' && tokens[j + 1]?.value === '.' && tokens[j + 2]?.value === 'configure' && tokens[j + 3]?.value === '(' && tokens[j + 4]?.value === param && tokens[j + 5]?.value === ')') {
      const statementStart = j === from || [';', '{', '}'].includes(tokens[j - 1]!.value) || (kotlin && ctx.model.text.slice(tokens[j - 1]!.end, t.start).includes('\n'));
      const end = tokens[j + 6]?.value === ';' ? j + 6 : j + 5;
      if (!statementStart || (!kotlin && end !== j + 6)) return 'super.configure(..) is not a statement of its own';
      superConfigure.push({ at: j, end });
    }
  }
  if (managerCalls.length && memberCallIn(tokens, from, to, ['authenticationProvider', 'userDetailsService'])) return "configure(HttpSecurity) registers its own authentication, so the adapter's manager is not the global one";
  if (superConfigure.length) {
    // super.configure(http) ran authorizeRequests(anyRequest().authenticated()), which becomes
    // authorizeHttpRequests like every other; with rules of its own the body could not start.
    if (memberCallIn(tokens, from, to, ['authorizeRequests', 'authorizeHttpRequests'])) return 'configure(HttpSecurity) calls super.configure(http) and adds request rules of its own';
    const blocker = projectBlocker(ctx);
    if (blocker) return `super.configure(http) authorizes requests the way Spring Security 6 no longer does when the project defines ${blocker.slice(blocker.lastIndexOf('.') + 1)}`;
  }
  return { managerCalls, superConfigure };
}

const memberCallIn = (tokens: readonly Token[], from: number, to: number, names: string[]) =>
  tokens.slice(from, to + 1).some((t, i) => names.includes(t.value) && tokens[from + i - 1]?.value === '.' && tokens[from + i + 1]?.value === '(');

/** What WebSecurityConfigurerAdapter#configure(HttpSecurity) ran, as statements on `param`. */
export function adapterDefaults(ctx: LibContext, param: string, indent: string): string {
  const end = ctx.lang === 'kotlin' ? '' : ';';
  const lambda = ctx.lang === 'kotlin' ? `{ requests -> requests.anyRequest().authenticated() }` : `((requests) -> requests.anyRequest().authenticated())`;
  return [`${param}.authorizeHttpRequests${ctx.lang === 'kotlin' ? ' ' : ''}${lambda}${end}`, `${param}.formLogin()${end}`, `${param}.httpBasic()${end}`].join(`${ctx.eol}${indent}`);
}

/** Replaces each manager call with the configuration parameter's manager. */
export function managerCallEdits(ctx: LibContext, calls: number[]): Edit[] {
  const { tokens } = ctx.model;
  return calls.map((j) => {
    const name = tokens[j]!.value === 'this' ? j + 2 : j;
    return { start: tokens[j]!.start, end: tokens[name + 2]!.end, text: ctx.lang === 'kotlin' ? `${CONFIGURATION_PARAM}.authenticationManager` : MANAGER_CALL, rule: RULE };
  });
}

/**
 * The class's own @Bean userDetailsService(): it overrode the adapter's method of that name and
 * stays a bean method once the adapter is gone (without its @Override), so its declaration and
 * the calls to it are the class's own. The member and the name tokens.
 */
export function ownUserDetailsBean(ctx: LibContext, decl: ClassDecl): { member?: Member; names: number[] } {
  const { tokens } = ctx.model;
  const own = members(ctx, decl, 'userDetailsService').filter((m) => m.annotations.includes('Bean') && m.paramsClose === m.paramsOpen + 1);
  if (own.length !== 1) return { names: [] };
  const names: number[] = [];
  for (let j = decl.open! + 1; j < decl.close!; j++) {
    const t = tokens[j]!;
    const receiverless = tokens[j - 1]?.value !== '.' || tokens[j - 2]?.value === 'this';
    if (t.value === 'userDetailsService' && tokens[j + 1]?.value === '(' && tokens[j + 2]?.value === ')' && receiverless) names.push(j);
  }
  return { member: own[0], names };
}
