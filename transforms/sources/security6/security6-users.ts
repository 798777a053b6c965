// configure(AuthenticationManagerBuilder auth) of a WebSecurityConfigurerAdapter, in the one
// shape that maps directly: a single in-memory user list
//   auth.inMemoryAuthentication().withUser("u").password("{noop}p").roles("USER").and().withUser(...)...;
// becomes
//   @Bean UserDetailsService userDetailsService() {
//       return new InMemoryUserDetailsManager(User.withUsername("u").password("{noop}p").roles("USER").build(), ...);
//   }
// (the Spring Security team's own migration of this set-up; in Kotlin without `new` and `;`). The per-user calls are the same
// methods on User.UserBuilder. Anything else (a password encoder set on the builder, JDBC, LDAP,
// custom providers, a user given as UserDetails, two adapters or another UserDetailsService in
// the project, which would leave Spring Security without a single one to use) is reported.
import type { Edit } from '../../../src/engine/types.js';
import { matchingBracket, type Token } from '../../../src/formats/jvm-tokens.js';
import { type LibContext, callArgs, indentUnit, lineIndent, packageName } from '../lib-edits.js';

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

/** The users of `auth.inMemoryAuthentication().withUser(..)...;`, as [withUser '(' index, calls after it] per user. */
function parseUsers(tokens: readonly Token[], m: UsersMethod, kotlin: boolean): { user: number; calls: [number, number][] }[] | string {
  let j = m.bodyOpen + 1;
  const at = (v: string) => tokens[j]?.value === v;
  if (!(tokens[j]?.value === m.param && tokens[j + 1]?.value === '.' && tokens[j + 2]?.value === 'inMemoryAuthentication' && tokens[j + 3]?.value === '(' && tokens[j + 4]?.value === ')'))
    return 'only an inMemoryAuthentication() user list maps directly to a UserDetailsService bean';
  j += 5;
  const users: { user: number; calls: [number, number][] }[] = [];
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
    } else if (name && USER_METHODS.has(name) && users.length) users[users.length - 1]!.calls.push([j, close]);
    else return `${name}(..) on the in-memory builder has no User.UserBuilder counterpart`;
    j = close + 1;
  }
  // Java ends the statement with `;`; in Kotlin it is optional.
  const end = at(';') ? j + 1 : kotlin ? j : -1;
  if (end !== m.bodyClose) return 'configure(AuthenticationManagerBuilder) does more than list in-memory users';
  if (!users.length) return 'no user is listed';
  return users;
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

export function inMemoryUsers(ctx: LibContext, m: UsersMethod, adapters: number): UsersPlan | string {
  const { tokens, text } = ctx.model;
  const conflict = projectConflict(ctx, adapters);
  if (conflict) return conflict;
  const kotlin = ctx.lang === 'kotlin';
  const users = parseUsers(tokens, m, kotlin);
  if (typeof users === 'string') return users;
  const user = userTaken(ctx) ? USER : 'User';
  const indent = lineIndent(text, tokens[m.bodyOpen + 1]!.start);
  const inner = indent + indentUnit(text);
  const built = users.map((u) => {
    const name = text.slice(tokens[u.user + 1]!.start, tokens[u.user + 1]!.end);
    const calls = u.calls.map(([a, b]) => text.slice(tokens[a]!.start, tokens[b]!.end)).join('');
    return `${inner}${user}.withUsername(${name})${calls}.build()`;
  });
  const first = tokens[m.bodyOpen + 1]!.start;
  const last = tokens[m.bodyClose - 1]!.end;
  const replacement = `return ${kotlin ? '' : 'new '}InMemoryUserDetailsManager(${ctx.eol}${built.join(`,${ctx.eol}`)})${kotlin ? '' : ';'}`;
  const imports = [USER_DETAILS_SERVICE, MANAGER];
  if (user === 'User') imports.push(USER);
  return { edit: { start: first, end: last, text: replacement, rule: 'security6/adapter' }, imports };
}
