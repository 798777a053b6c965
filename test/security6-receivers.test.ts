// Whose method a call is (security6-receivers.ts), and which beans of the authentication types a
// project declares (security6-beans.ts): the decisions behind rewriting antMatchers and
// authorizeRequests only on Spring Security's DSL, and behind removing configure(AuthenticationManagerBuilder).
import { describe, expect, it } from 'vitest';
import type { ProjectFile, ProjectView } from '../src/engine/types.js';
import { scanJvm, type JvmLang } from '../src/formats/jvm-tokens.js';
import { loadTable } from '../src/table/load.js';
import type { LibContext } from '../transforms/sources/lib-edits.js';
import { buildModel } from '../transforms/sources/model.js';
import { receiverOf } from '../transforms/sources/security6/security6-receivers.js';
import { beanCount, projectBeans } from '../transforms/sources/security6/security6-beans.js';
import { planHttpClient5 } from '../transforms/sources/httpclient5/httpclient5-api.js';

const libs = loadTable().libraries!;

function ctx(text: string, lang: JvmLang = 'java', files: { path: string; text: string }[] = []): LibContext {
  const list: ProjectFile[] = files.map((f) => ({ path: f.path, kind: f.path.endsWith('.kt') ? 'kotlin' : 'java', text: f.text }));
  const project: ProjectView = { root: '/x', files: list, byPath: new Map(list.map((f) => [f.path, f])), ofKind: (...k) => list.filter((f) => k.includes(f.kind)) };
  return { model: buildModel(text, scanJvm(text, lang)), lang, eol: '\n', libs, project, path: 'Self.java' };
}

/** The receiver of the first `.name(` call in the text. */
function receiver(text: string, name: string, lang: JvmLang = 'java'): string {
  const c = ctx(text, lang);
  const k = c.model.tokens.findIndex((t, j) => t.value === name && c.model.tokens[j - 1]?.value === '.');
  return receiverOf(c, k);
}

const SEC = 'import org.springframework.security.config.annotation.web.builders.HttpSecurity;\nimport org.springframework.security.config.annotation.web.builders.WebSecurity;\n';

describe('receiverOf', () => {
  it.each([
    ['a parameter declared HttpSecurity, through a chain', `${SEC}class A { void f(HttpSecurity http) { http.csrf().disable().authorizeRequests().antMatchers("/a"); } }`, 'antMatchers', 'security'],
    ['a lambda given to a Security call', `${SEC}class A { void f(HttpSecurity http) { http.authorizeRequests(authz -> authz.antMatchers("/a")); } }`, 'antMatchers', 'security'],
    ['a parenthesised lambda parameter', `${SEC}class A { void f(HttpSecurity http) { http.csrf((c) -> c.ignoringAntMatchers("/h2/**")); } }`, 'ignoringAntMatchers', 'security'],
    ['WebSecurity.ignoring()', `${SEC}class A { void f(WebSecurity web) { web.ignoring().antMatchers("/x"); } }`, 'antMatchers', 'security'],
    ['a user type', `${SEC}class A { void f(RouteRules rules) { rules.antMatchers("/x"); } }`, 'antMatchers', 'other'],
    ['a user type held in a var', `${SEC}class A { void f() { var rules = new RouteRules(); rules.antMatchers("/x"); } }`, 'antMatchers', 'other'],
    ['a method result', `${SEC}class A { void f() { rules().antMatchers("/x"); } }`, 'antMatchers', 'unknown'],
    ['a name declared nowhere', `${SEC}class A { void f() { registry.antMatchers("/x"); } }`, 'antMatchers', 'unknown'],
  ])('%s', (_, text, name, expected) => expect(receiver(text, name)).toBe(expected));

  it.each([
    ['Kotlin it in a trailing lambda', `${SEC}class A { fun f(http: HttpSecurity) { http.authorizeRequests { it.antMatchers("/a") } } }`, 'antMatchers', 'security'],
    ['a Kotlin property of a user type', `${SEC}class A(private val rules: RouteRules) { fun f() { rules.antMatchers("/a") } }`, 'antMatchers', 'other'],
  ])('%s', (_, text, name, expected) => expect(receiver(text, name, 'kotlin')).toBe(expected));
});

describe('projectBeans', () => {
  const self = 'import org.springframework.context.annotation.Bean;\nclass A { @Bean public PasswordEncoder enc() { return null; } }';
  it('counts @Bean methods by declared type and stereotyped classes by their supertypes', () => {
    const c = ctx(self, 'java', [
      { path: 'B.kt', text: '@Configuration class B { @Bean fun hasher() = BCryptPasswordEncoder() }' },
      { path: 'C.java', text: '@Service public class C implements UserDetailsService {}' },
      { path: 'D.java', text: '@Service public class D extends C {}' },
      { path: 'E.java', text: 'public class E implements UserDetailsService {}' },
    ]);
    expect(beanCount(c, 'PasswordEncoder')).toBe(2);
    expect(projectBeans(c).sites.UserDetailsService.map((s) => s.name).sort()).toEqual(['C', 'D']);
    expect(beanCount(c, 'AuthenticationProvider')).toBe(0);
  });
});

describe('planHttpClient5', () => {
  const file = (body: string) =>
    ['import org.apache.http.client.config.RequestConfig;', 'import org.apache.http.impl.conn.PoolingHttpClientConnectionManager;', 'class A {', body, '}'].join('\n');
  it('wraps a literal timeout with no note, an expression with one', () => {
    const plan = planHttpClient5(ctx(file('RequestConfig c = RequestConfig.custom().setConnectTimeout(100).setSocketTimeout(n()).build();')));
    expect('blockers' in plan).toBe(false);
    if ('blockers' in plan) return;
    expect(plan.notes).toHaveLength(1);
    expect(plan.edits.map((e) => e.text)).toEqual(expect.arrayContaining(['Timeout.ofMilliseconds(', 'setResponseTimeout']));
  });
  it.each([
    ['a negative timeout (HttpClient 4: not set)', 'RequestConfig c = RequestConfig.custom().setConnectTimeout(-1).build();', /setConnectTimeout\(-1\)/],
    ['a method HttpClient 5 lacks', 'void f(PoolingHttpClientConnectionManager p) { p.shutdown(); }', /PoolingHttpClientConnectionManager\.shutdown\(\.\.\) has no one-to-one HttpClient 5 form: write close\(\)/],
    ['a constructor HttpClient 5 lacks', 'Object p = new PoolingHttpClientConnectionManager(registry);', /this PoolingHttpClientConnectionManager constructor/],
  ])('blocks %s', (_, body, why) => {
    const plan = planHttpClient5(ctx(file(body)));
    expect('blockers' in plan && plan.blockers[0]!.message).toMatch(why);
  });
});
