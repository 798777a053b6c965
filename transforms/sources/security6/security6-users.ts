// configure(AuthenticationManagerBuilder auth) of a WebSecurityConfigurerAdapter, in the one
// shape that maps directly: a single in-memory user list
//   auth.inMemoryAuthentication()[.passwordEncoder(e)].withUser("u").password("{noop}p").roles("USER").and().withUser(...)...;
// becomes
//   @Bean UserDetailsService userDetailsService() {
//       return new InMemoryUserDetailsManager(User.withUsername("u").password("{noop}p").roles("USER").build(), ...);
//   }
// (the Spring Security team's own migration of this set-up; in Kotlin without `new` and `;`). The per-user calls are the same
// methods on User.UserBuilder. The builder's passwordEncoder(e) decides how a stored password is
// compared; without it the adapter compared with the project's only PasswordEncoder bean, else a
// DelegatingPasswordEncoder, and Spring Security 6 does the same for a UserDetailsService bean.
// So e must be that very bean (a @Bean method of the class or an injected field, the project's
// only PasswordEncoder bean): the passwords stay as written. When e is NoOpPasswordEncoder or a
// BCryptPasswordEncoder and the project has no PasswordEncoder bean, each password gets the
// DelegatingPasswordEncoder prefix that selects the same comparison ({noop}, {bcrypt}).
// Anything else (another encoder, JDBC, LDAP, custom providers, a user given as UserDetails, two
// adapters or another UserDetailsService in the project, which would leave Spring Security
// without a single one to use) is reported.
import type { Edit } from '../../../src/engine/types.js';
import { matchingBracket, type Token } from '../../../src/formats/jvm-tokens.js';
import { type LibContext, callArgs, indentUnit, lineIndent, packageName } from '../lib-edits.js';
import type { ClassDecl } from '../lib-declarations.js';
import { beanCount, soleBean } from './security6-beans.js';

export const USER_DETAILS_SERVICE = 'org.springframework.security.core.userdetails.UserDetailsService';
const USER = 'org.springframework.security.core.userdetails.User';
const MANAGER = 'org.springframework.security.provisioning.InMemoryUserDetailsManager';
/** Methods of UserDetailsManagerConfigurer.UserDetailsBuilder that User.UserBuilder has with the same arguments. */
const USER_METHODS = new Set(['password', 'roles', 'authorities', 'accountExpired', 'accountLocked', 'credentialsExpired', 'disabled']);

export interface UsersMethod {
  param: string;
  bodyOpen: number;
  bodyClose: number;
}

export interface UsersPlan {
  /** Replaces the body's statement. */
  edit: Edit;
  imports: string[];
}

interface ParsedUsers {
  /** Per user: withUser's '(' index, the calls after it as [first, last] token ranges. */
  users: { user: number; calls: [number, number][] }[];
  /** The argument of passwordEncoder(..), as [first, last] tokens. */
  encoder?: [number, number];
}

/** The users of `auth.inMemoryAuthentication()[.passwordEncoder(e)].withUser(..)...;`. */
function parseUsers(tokens: readonly Token[], m: UsersMethod, kotlin: boolean): ParsedUsers | string {
  let j = m.bodyOpen + 1;
  const at = (v: string) => tokens[j]?.value === v;
  if (!(tokens[j]?.value === m.param && tokens[j + 1]?.value === '.' && tokens[j + 2]?.value === 'inMemoryAuthentication' && tokens[j + 3]?.value === '(' && tokens[j + 4]?.value === ')'))
    return 'only an inMemoryAuthentication() user list maps directly to a UserDetailsService bean';
  j += 5;
  const users: { user: number; calls: [number, number][] }[] = [];
  let encoder: [number, number] | undefined;
  while (at('.')) {
    const name = tokens[j + 1]?.value;
    if (tokens[j + 2]?.value !== '(') return 'unexpected token in the user list';
    const close = matchingBracket(tokens, j + 2);
    if (name === 'withUser') {
      const args = callArgs(tokens, j + 2);
      if (args.length !== 1 || args[0]!.first !== args[0]!.last || tokens[args[0]!.first]!.type !== 'string') return 'withUser(..) is given something other than a user name literal';
      users.push({ user: j + 2, calls: [] });
    } else if (name === 'and' && close === j + 3) {
      // separator between users
    } else if (name === 'passwordEncoder' && !users.length && !encoder) {
      const args = callArgs(tokens, j + 2);
      if (args.length !== 1) return 'passwordEncoder(..) is not given one encoder';
      encoder = [args[0]!.first, args[0]!.last];
    } else if (name && USER_METHODS.has(name) && users.length) users[users.length - 1]!.calls.push([j, close]);
    else return `${name}(..) on the in-memory builder has no User.UserBuilder counterpart`;
    j = close + 1;
  }
  // Java ends the statement with `;`; in Kotlin it is optional.
  const end = at(';') ? j + 1 : kotlin ? j : -1;
  if (end !== m.bodyClose) return 'configure(AuthenticationManagerBuilder) does more than list in-memory users';
  if (!users.length) return 'no user is listed';
  return { users, encoder };
}

/** Does another file of the project declare a UserDetailsService, or is there more than one adapter? */
function projectConflict(ctx: LibContext, adapters: number): string | undefined {
  if (adapters > 1) return 'the project has several adapters: one UserDetailsService bean each would leave Spring Security without a single one to use';
  const other = ctx.project.ofKind('java', 'kotlin').find((f) => f.text !== ctx.model.text && /\bUserDetailsService\b/.test(f.text ?? ''));
  return other ? `${other.path} also deals with a UserDetailsService` : undefined;
}

/** Would `import ...userdetails.User` change what `User` means here (another import, a use, a same-package User)? */
function userTaken(ctx: LibContext): boolean {
  const { model } = ctx;
  const imported = model.importedNames.get('User');
  if (imported) return imported !== USER;
  if (model.tokens.some((t) => t.type === 'ident' && t.value === 'User')) return true;
  const dir = (packageName(model) ?? '').replace(/\./g, '/');
  return ctx.project.files.some((f) => new RegExp(`(^|/)${dir ? dir + '/' : ''}User\\.(java|kt)$`).test(f.path));
}

/** Encoders whose comparison a DelegatingPasswordEncoder id selects exactly (the constructor's arguments only change how it encodes). */
const DELEGATED: { id: string; matches: RegExp }[] = [
  { id: 'noop', matches: /^(?:[\w.]*\.)?NoOpPasswordEncoder\.getInstance\(\)$/ },
  { id: 'bcrypt', matches: /^(?:new\s+)?(?:[\w.]*\.)?BCryptPasswordEncoder\([^()]*\)$/ },
];

/**
 * How each password must be written so that Spring Security 6 compares it as the in-memory
 * builder's passwordEncoder(..) did: '' (as written), a `{id}` prefix, or why it cannot be.
 */
function passwordPrefix(ctx: LibContext, decl: ClassDecl, encoder: [number, number] | undefined): string | { why: string } {
  if (!encoder) return '';
  const notBean = soleBean(ctx, decl, encoder[0], encoder[1], 'PasswordEncoder');
  if (!notBean) return '';
  const { tokens, text } = ctx.model;
  const written = text.slice(tokens[encoder[0]]!.start, tokens[encoder[1]]!.end).replace(/\s+/g, ' ').replace(/\( /g, '(').replace(/ \)/g, ')');
  const known = DELEGATED.find((d) => d.matches.test(written));
  if (known && beanCount(ctx, 'PasswordEncoder') === 0) return `{${known.id}}`;
  return { why: `passwordEncoder(${written}): ${notBean}; Spring Security 6 compares the passwords of a UserDetailsService bean with the project's only PasswordEncoder bean` };
}

/** `.password(x)` -> `.password("{id}x")` for a literal, `.password("{id}" + x)` otherwise. */
function prefixed(ctx: LibContext, call: [number, number], prefix: string): string {
  const { tokens, text } = ctx.model;
  const [a, b] = call;
  const written = text.slice(tokens[a]!.start, tokens[b]!.end);
  if (!prefix || tokens[a + 1]?.value !== 'password') return written;
  const args = callArgs(tokens, a + 2);
  const arg = args[0]!;
  const lit = tokens[arg.first]!;
  const head = text.slice(tokens[a]!.start, lit.start);
  const tail = text.slice(tokens[arg.last]!.end, tokens[b]!.end);
  if (arg.first === arg.last && lit.type === 'string' && !lit.block && lit.contentStart !== undefined) {
    return `${head}${text.slice(lit.start, lit.contentStart)}${prefix}${text.slice(lit.contentStart, lit.end)}${tail}`;
  }
  return `${head}"${prefix}" + ${text.slice(lit.start, tokens[arg.last]!.end)}${tail}`;
}

export function inMemoryUsers(ctx: LibContext, m: UsersMethod, adapters: number, decl: ClassDecl): UsersPlan | string {
  const { tokens, text } = ctx.model;
  const conflict = projectConflict(ctx, adapters);
  if (conflict) return conflict;
  const kotlin = ctx.lang === 'kotlin';
  const parsed = parseUsers(tokens, m, kotlin);
  if (typeof parsed === 'string') return parsed;
  const { users } = parsed;
  const prefix = passwordPrefix(ctx, decl, parsed.encoder);
  const user = userTaken(ctx) ? USER : 'User';
  const bean = (p: string, inner: string, eol: string) => {
    const built = users.map((u) => {
      const name = text.slice(tokens[u.user + 1]!.start, tokens[u.user + 1]!.end);
      const calls = u.calls.map((c) => prefixed(ctx, c, p)).join('');
      return `${inner}${user}.withUsername(${name})${calls}.build()`;
    });
    return `return ${kotlin ? '' : 'new '}InMemoryUserDetailsManager(${eol}${built.join(`,${eol}`)})${kotlin ? '' : ';'}`;
  };
  // The users as a bean, for the finding when the encoder is what stops the rewrite.
  if (typeof prefix !== 'string') return `${prefix.why}. The users as a bean, once the encoder is that bean: ${bean('', '', ' ').replace(/\s+/g, ' ')}`;
  if (prefix && users.some((u) => !u.calls.some(([a]) => tokens[a + 1]?.value === 'password'))) return 'a user has no password(..)';
  const indent = lineIndent(text, tokens[m.bodyOpen + 1]!.start);
  const first = tokens[m.bodyOpen + 1]!.start;
  const last = tokens[m.bodyClose - 1]!.end;
  const replacement = bean(prefix, indent + indentUnit(text), ctx.eol);
  const imports = [USER_DETAILS_SERVICE, MANAGER];
  if (user === 'User') imports.push(USER);
  return { edit: { start: first, end: last, text: replacement, rule: 'security6/adapter' }, imports };
}
