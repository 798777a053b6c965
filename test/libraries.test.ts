// Unit tests of the library modules' decisions that fixtures show only indirectly: the SpEL ->
// typed access map, where new imports go, and the project-wide blockers.
import { describe, expect, it } from 'vitest';
import { setupOnce } from './helpers/setup.js';
import type { ProjectFile, ProjectView } from '../src/engine/types.js';
import { scanJvm, type JvmLang } from '../src/formats/jvm-tokens.js';
import { loadTable } from '../src/table/load.js';
import { loadGrammar } from '../src/formats/tree-sitter.js';
import { importInsertion, type LibContext } from '../transforms/sources/lib-edits.js';
import { buildModel } from '../transforms/sources/model.js';
import { migrateSecurity, pathPatternParses, typedAccess } from '../transforms/sources/security6/security6.js';
import { migrateBatch } from '../transforms/sources/batch5/batch5.js';
import { migrateAdapter } from '../transforms/sources/security6/security6-adapter.js';
import { annotationSpans } from '../transforms/sources/lib-declarations.js';

const libs = loadTable().libraries!;

function project(files: { path: string; text: string }[] = []): ProjectView {
  const list: ProjectFile[] = files.map((f) => ({ path: f.path, kind: f.path.endsWith('.kt') ? 'kotlin' : 'java', text: f.text }));
  return { root: '/x', files: list, byPath: new Map(list.map((f) => [f.path, f])), ofKind: (...k) => list.filter((f) => k.includes(f.kind)) };
}

function ctx(text: string, lang: JvmLang = 'java', files: { path: string; text: string }[] = []): LibContext {
  return { model: buildModel(text, scanJvm(text, lang)), lang, eol: '\n', libs, project: project(files) };
}

const apply = (text: string, edits: { start: number; end: number; text: string }[]) =>
  [...edits].sort((a, b) => b.start - a.start || b.end - a.end).reduce((t, e) => t.slice(0, e.start) + e.text + t.slice(e.end), text);

describe('annotationSpans', () => {
  it('finds a file’s annotations once and shares them, frozen, with every module', () => {
    const c = ctx('@Configuration\n@EnableWebSecurity(debug = true)\nclass A { @Bean Object b() { return null; } }\n');
    const spans = annotationSpans(c.model);
    expect(spans.map((s) => s.name)).toEqual(['Configuration', 'EnableWebSecurity', 'Bean']);
    expect(annotationSpans(c.model)).toBe(spans);
    expect(Object.isFrozen(spans) && spans.every((s) => Object.isFrozen(s))).toBe(true);
    // another model of the same text has its own
    expect(annotationSpans(ctx(c.model.text).model)).not.toBe(spans);
  });
});

describe('typedAccess', () => {
  const c = ctx('class A {}');
  it.each([
    ["hasRole('ADMIN')", 'hasRole("ADMIN")'],
    ["hasRole('ROLE_ADMIN')", 'hasAuthority("ROLE_ADMIN")'],
    ["hasAnyRole('A', 'B')", 'hasAnyRole("A", "B")'],
    ["hasAnyRole('ROLE_A','ROLE_B')", 'hasAnyAuthority("ROLE_A", "ROLE_B")'],
    ['permitAll', 'permitAll()'],
    [' isAuthenticated() ', 'authenticated()'],
    ['isFullyAuthenticated()', 'fullyAuthenticated()'],
    ["hasAuthority('SCOPE_read')", 'hasAuthority("SCOPE_read")'],
  ])('%s -> %s', (spel, typed) => expect(typedAccess(c, spel)).toBe(typed));
  it.each([["hasAnyRole('ROLE_A', 'B')"], ["hasRole('A') and hasRole('B')"], ["hasIpAddress('10.0.0.0/8')"], ['@guard.check(request)'], ["hasRole('A B')"]])(
    '%s has no typed form',
    (spel) => expect(typedAccess(c, spel)).toBeUndefined(),
  );
});

describe('importInsertion', () => {
  const text = 'package p;\n\nimport a.b.C;\nimport x.y.Z;\n\nclass K {}\n';
  it('puts each import before the first that sorts after it, or after the last', () => {
    const c = ctx(text);
    const { edits } = importInsertion(c.model, 'java', '\n', ['m.N', 'z.Last', 'a.A'], 'r');
    expect(apply(text, edits)).toBe('package p;\n\nimport a.A;\nimport a.b.C;\nimport m.N;\nimport x.y.Z;\nimport z.Last;\n\nclass K {}\n');
  });
  it('skips what is imported, same-package and wildcard-covered names; reports a clashing simple name', () => {
    const t = 'package p;\nimport a.b.*;\nimport q.C;\nclass K {}\n';
    const { edits, conflicts } = importInsertion(ctx(t).model, 'java', '\n', ['q.C', 'p.Own', 'a.b.D', 'other.C'], 'r');
    expect(edits).toEqual([]);
    expect(conflicts).toEqual(['other.C']);
  });
  it('never anchors on an import another edit deletes', () => {
    const c = ctx(text);
    const del = { start: text.indexOf('import x'), end: text.indexOf('\n\nclass') + 1, text: '', rule: 'r' };
    const { edits } = importInsertion(c.model, 'java', '\n', ['z.Last'], 'r', [del]);
    expect(apply(text, [...edits, del])).toBe('package p;\n\nimport a.b.C;\nimport z.Last;\n\nclass K {}\n');
  });
  it('Kotlin imports have no semicolon', () => {
    const t = 'package p\n\nimport a.B\n\nclass K\n';
    expect(apply(t, importInsertion(ctx(t, 'kotlin').model, 'kotlin', '\n', ['c.D'], 'r').edits)).toBe('package p\n\nimport a.B\nimport c.D\n\nclass K\n');
  });
});

describe('security6 project blockers', () => {
  const chain = 'import org.springframework.security.config.annotation.web.builders.HttpSecurity;\nclass S { void f(HttpSecurity http) { http.authorizeRequests().antMatchers("/a").permitAll(); } }\n';
  it('rewrites authorizeRequests without a RoleHierarchy bean', () => {
    const r = migrateSecurity(ctx(chain));
    expect(apply(chain, r.edits)).toContain('http.authorizeHttpRequests().requestMatchers("/a").permitAll()');
  });
  it('keeps authorizeRequests (and says why) when the project defines a RoleHierarchy', () => {
    const roles = { path: 'R.java', text: 'import org.springframework.security.access.hierarchicalroles.RoleHierarchy;\nclass R { RoleHierarchy h; }' };
    const r = migrateSecurity(ctx(chain, 'java', [roles]));
    expect(apply(chain, r.edits)).toContain('http.authorizeRequests().requestMatchers("/a")');
    expect(r.findings.map((f) => f.message).join()).toMatch(/RoleHierarchy/);
  });
});

describe('batch5', () => {
  it('leaves a file alone when a factory is used other than through get(..)', () => {
    const t = [
      'import org.springframework.batch.core.configuration.annotation.JobBuilderFactory;',
      'class J { @Autowired JobBuilderFactory jobs; @Bean Job a() { return jobs.get("a").build(); } Object leak() { return jobs; } }',
    ].join('\n');
    const r = migrateBatch(ctx(t));
    expect(r.edits).toEqual([]);
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]!.message).toMatch(/used other than as jobs\.get/);
  });
});

describe('security6 adapter: configure(AuthenticationManagerBuilder)', () => {
  const adapter = (body: string) =>
    [
      'import org.springframework.security.config.annotation.web.configuration.WebSecurityConfigurerAdapter;',
      'import org.springframework.security.config.annotation.authentication.builders.AuthenticationManagerBuilder;',
      'class A extends WebSecurityConfigurerAdapter {',
      '  @Override protected void configure(AuthenticationManagerBuilder auth) throws Exception {',
      `    ${body}`,
      '  }',
      '}',
    ].join('\n');
  it('maps an in-memory user list to a UserDetailsService bean', () => {
    const t = adapter('auth.inMemoryAuthentication().withUser("u").password("{noop}p").roles("R");');
    const r = migrateAdapter(ctx(t));
    expect(r.findings).toEqual([]);
    expect(apply(t, r.edits)).toContain('protected UserDetailsService userDetailsService() {\n    return new InMemoryUserDetailsManager(\n        User.withUsername("u").password("{noop}p").roles("R").build());');
  });
  it.each([
    ['auth.inMemoryAuthentication().passwordEncoder(enc).withUser("u").password("p").roles("R");', /passwordEncoder\(enc\): enc is not an injected PasswordEncoder field.*User\.withUsername\("u"\)\.password\("p"\)/],
    ['auth.jdbcAuthentication().dataSource(ds);', /jdbcAuthentication\(\.\.\)\.dataSource\(\.\.\) is not a user service.*new JdbcUserDetailsManager\(dataSource\)/],
    ['auth.inMemoryAuthentication().withUser(name).password("p");', /user name literal/],
  ])('reports %s', (body, why) => {
    const r = migrateAdapter(ctx(adapter(body)));
    expect(r.edits).toEqual([]);
    expect(r.findings[0]!.message).toMatch(why);
  });
  it('reports when another file of the project has a UserDetailsService', () => {
    const r = migrateAdapter(ctx(adapter('auth.inMemoryAuthentication().withUser("u").password("p");'), 'java', [{ path: 'U.java', text: 'class U implements UserDetailsService {}' }]));
    expect(r.edits).toEqual([]);
    expect(r.findings[0]!.message).toMatch(/U\.java also deals with a UserDetailsService/);
  });
});

describe('pathPatternParses', () => {
  it.each([
    ['/api/**', true],
    ['/**', true],
    ['/a/*.js', true],
    ['/{id}/x', true],
    ['/app/**/*.{js,html}', false],
    ['/**/*.png', false],
    ['/a/**b', false],
  ])('%s -> %s', (p, ok) => expect(pathPatternParses(p)).toBe(ok));
});

describe('security6 adapter in Kotlin', () => {
  setupOnce(() => loadGrammar('kotlin'));
  const imports = [
    'import org.springframework.security.config.annotation.web.configuration.WebSecurityConfigurerAdapter',
    'import org.springframework.security.config.annotation.web.builders.HttpSecurity',
    'import org.springframework.security.config.annotation.web.builders.WebSecurity',
  ].join('\n');
  const kt = (cls: string) => `${imports}\n\n${cls}\n`;
  it('keeps the other supertypes and their commas', () => {
    const t = kt('class A : Marker, WebSecurityConfigurerAdapter(), Other {\n    override fun configure(http: HttpSecurity) {\n        http.csrf()\n    }\n}');
    const r = migrateAdapter(ctx(t, 'kotlin'));
    expect(r.findings).toEqual([]);
    expect(apply(t, r.edits)).toContain('class A : Marker, Other {\n    @Bean\n    fun filterChain(http: HttpSecurity): SecurityFilterChain {\n        http.csrf()\n        return http.build()\n    }');
  });
  it('turns a one-line block and an expression body into beans', () => {
    const t = kt('class A : WebSecurityConfigurerAdapter() {\n    override fun configure(http: HttpSecurity) { http.csrf() }\n    override fun configure(web: WebSecurity) = web.debug(true)\n}');
    const out = apply(t, migrateAdapter(ctx(t, 'kotlin')).edits);
    expect(out).toContain('fun filterChain(http: HttpSecurity): SecurityFilterChain { http.csrf(); return http.build() }');
    expect(out).toContain('fun webSecurityCustomizer(): WebSecurityCustomizer = WebSecurityCustomizer { web -> web.debug(true) }');
  });
  it('keeps the indentation of an expression body that starts on the next line', () => {
    const t = kt('class A : WebSecurityConfigurerAdapter() {\n    override fun configure(http: HttpSecurity) =\n        http {\n            csrf { }\n        }\n}');
    expect(apply(t, migrateAdapter(ctx(t, 'kotlin')).edits)).toContain(
      '    fun filterChain(http: HttpSecurity): SecurityFilterChain {\n        http {\n            csrf { }\n        }\n        return http.build()\n    }\n}',
    );
  });
  it('maps several in-memory users, without new and semicolon', () => {
    const t = kt(
      'import org.springframework.security.config.annotation.authentication.builders.AuthenticationManagerBuilder\nclass A : WebSecurityConfigurerAdapter() {\n    override fun configure(auth: AuthenticationManagerBuilder) {\n        auth.inMemoryAuthentication().withUser("a").password("{noop}x").roles("A").and().withUser("b").password("{noop}y").authorities("B");\n    }\n}',
    );
    const r = migrateAdapter(ctx(t, 'kotlin'));
    expect(r.findings).toEqual([]);
    const out = apply(t, r.edits);
    expect(out).toContain('    @Bean\n    fun userDetailsService(): UserDetailsService {\n        return InMemoryUserDetailsManager(\n            User.withUsername("a").password("{noop}x").roles("A").build(),\n            User.withUsername("b").password("{noop}y").authorities("B").build())\n    }');
    expect(out).not.toContain('AuthenticationManagerBuilder');
  });
  it('reports a class tree-sitter-kotlin does not parse cleanly', () => {
    const r = migrateAdapter(ctx(kt('class A : WebSecurityConfigurerAdapter() {\n    override fun configure(http: HttpSecurity) { http.csrf() }\n    val = 1\n}'), 'kotlin'));
    expect(r.edits).toEqual([]);
    expect(r.findings[0]!.message).toMatch(/does not parse the class cleanly/);
  });
  it('reports a class another file extends', () => {
    const t = kt('open class Base : WebSecurityConfigurerAdapter() {\n    override fun configure(http: HttpSecurity) { http.csrf() }\n}');
    const r = migrateAdapter(ctx(t, 'kotlin', [{ path: 'Sub.kt', text: 'class Sub : Other, Base() {}' }]));
    expect(r.edits).toEqual([]);
    expect(r.findings[0]!.message).toMatch(/Sub\.kt extends it/);
  });
  it('reports a class without a body', () => {
    const r = migrateAdapter(ctx(kt('class A : WebSecurityConfigurerAdapter()'), 'kotlin'));
    expect(r.edits).toEqual([]);
    expect(r.findings[0]!.message).toMatch(/overrides no configure/);
  });
  it.each([
    ['object A : WebSecurityConfigurerAdapter() {\n    override fun configure(http: HttpSecurity) { http.csrf() }\n}', /it is an object/],
    ['class A : WebSecurityConfigurerAdapter(true) {\n    override fun configure(http: HttpSecurity) { http.csrf() }\n}', /passes \(true\)/],
    ['class A : WebSecurityConfigurerAdapter() {\n    internal override fun configure(http: HttpSecurity) { http.csrf() }\n}', /declared internal/],
    ['class A : WebSecurityConfigurerAdapter() {\n    override fun configure(http: HttpSecurity?) { http!!.csrf() }\n}', /nullable/],
    ['class A : WebSecurityConfigurerAdapter() {\n    override fun configure(http: HttpSecurity) { http.csrf().and().apply(Dsl(applicationContext)) }\n}', /getApplicationContext\(\) as the property applicationContext/],
    ['class A : WebSecurityConfigurerAdapter() {\n    override fun configure(web: WebSecurity) {\n        val x = 1\n        web.debug(true)\n    }\n}', /does more than configure its parameter/],
    ['abstract class A : WebSecurityConfigurerAdapter() {\n    override fun configure(http: HttpSecurity) { http.csrf() }\n}', /the class is abstract/],
  ])('reports %s', (cls, why) => {
    const r = migrateAdapter(ctx(kt(cls), 'kotlin'));
    expect(r.edits).toEqual([]);
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]!.message).toMatch(why);
  });
  it('names the bean after the class when another file already has a filterChain bean', () => {
    const t = kt('class Shop : WebSecurityConfigurerAdapter() {\n    override fun configure(http: HttpSecurity) { http.csrf() }\n}');
    const other = { path: 'Other.kt', text: 'class Other { @Bean fun filterChain(http: HttpSecurity): SecurityFilterChain = http.build() }' };
    expect(apply(t, migrateAdapter(ctx(t, 'kotlin', [other])).edits)).toContain('fun shopFilterChain(http: HttpSecurity)');
  });
});

describe('batch5 in Kotlin', () => {
  setupOnce(() => loadGrammar('kotlin'));
  const kt = (body: string) =>
    [
      'import org.springframework.batch.core.configuration.annotation.JobBuilderFactory',
      'import org.springframework.batch.core.configuration.annotation.StepBuilderFactory',
      body,
    ].join('\n');
  it('reuses a transaction manager property the class already has and removes the spare factory', () => {
    const t = kt('class B(private val jobs: JobBuilderFactory, private val transactionManager: PlatformTransactionManager, private val steps: StepBuilderFactory) {\n  fun s() = steps.get("s").chunk<String, String>(3).build()\n  fun j() = jobs.get("j").build()\n}');
    const r = migrateBatch(ctx(t, 'kotlin'));
    expect(r.findings).toEqual([]);
    const out = apply(t, r.edits);
    expect(out).toContain('class B(private val jobRepository: JobRepository, private val transactionManager: PlatformTransactionManager) {');
    expect(out).toContain('StepBuilder("s", jobRepository).chunk<String, String>(3, transactionManager)');
  });
  it.each([
    ['class B(val jobs: JobBuilderFactory) {\n  fun j() = jobs.get("j").build()\n}', /declared 'val'/],
    ['class B(private val jobs: JobBuilderFactory) {\n  fun j() = jobs.get("j").build()\n  fun leak() = jobs\n}', /used other than as jobs\.get/],
    ['class B(private val jobs: JobBuilderFactory) {\n  fun j(jobRepository: Any) = jobs.get("j").build()\n}', /name jobRepository is taken/],
    ['class B(private val jobs: JobBuilderFactory) {\n  @Bean fun dataSource(): DataSource = make()\n  fun j() = jobs.get("j").build()\n}', /declares dataSource: DataSource/],
  ])('reports %s', (body, why) => {
    const r = migrateBatch(ctx(kt(body), 'kotlin'));
    expect(r.edits).toEqual([]);
    expect(r.findings.length).toBeGreaterThan(0);
    expect(r.findings[0]!.message).toMatch(why);
  });
  it('puts the added parameter on its own line when the factory had one', () => {
    const t = kt('class B(\n    private val steps: StepBuilderFactory\n) {\n  fun s(t: Tasklet) = steps.get("s").tasklet(t).build()\n}');
    expect(apply(t, migrateBatch(ctx(t, 'kotlin')).edits)).toContain(
      'class B(\n    private val jobRepository: JobRepository,\n    private val transactionManager: PlatformTransactionManager\n) {',
    );
  });
  it('adds the transaction manager as a second injected property next to a lone step factory property', () => {
    const t = kt('class B {\n    @Autowired\n    private lateinit var steps: StepBuilderFactory\n\n    @Bean fun s(t: Tasklet) = steps.get("s").tasklet(t).build()\n}');
    const r = migrateBatch(ctx(t, 'kotlin'));
    expect(r.findings).toEqual([]);
    expect(apply(t, r.edits)).toContain(
      '    @Autowired\n    private lateinit var jobRepository: JobRepository\n    @Autowired\n    private lateinit var transactionManager: PlatformTransactionManager\n\n',
    );
  });
  it.each([
    ['class B {\n    @Autowired lateinit var jobs: JobBuilderFactory\n    fun j() = jobs.get("j").build()\n    fun k() = jobs.get("k").build()\n}', 'X.kt', 'val f = b.jobs', /X\.kt may read jobs/],
    ['class B {\n    lateinit var jobs: JobBuilderFactory\n    fun j() = jobs.get("j").build()\n}', 'Y.kt', '', /only a private val, a plain parameter or an @Autowired lateinit var/],
  ])('reports a property that is %s', (body, path, other, why) => {
    const r = migrateBatch(ctx(kt(body), 'kotlin', [{ path, text: other }]));
    expect(r.edits).toEqual([]);
    expect(r.findings[0]!.message).toMatch(why);
  });
  it('reports a factory parameter of a function that is not a @Bean', () => {
    const r = migrateBatch(ctx(kt('class B {\n  fun j(jobs: JobBuilderFactory) = jobs.get("j").build()\n}'), 'kotlin'));
    expect(r.edits).toEqual([]);
    expect(r.findings[0]!.message).toMatch(/j takes a factory but is not a @Bean function/);
  });
  it('gives a @Bean function the parameters its own factory parameter had', () => {
    const t = kt('class B {\n  @Bean fun t(steps: StepBuilderFactory, t: Tasklet) = steps.get("t").tasklet(t).build()\n}');
    const r = migrateBatch(ctx(t, 'kotlin'));
    expect(r.findings).toEqual([]);
    expect(apply(t, r.edits)).toContain('@Bean fun t(jobRepository: JobRepository, transactionManager: PlatformTransactionManager, t: Tasklet) = StepBuilder("t", jobRepository).tasklet(t, transactionManager).build()');
  });
  it('reports when another file calls the constructor', () => {
    const r = migrateBatch(ctx(kt('class B(private val jobs: JobBuilderFactory) {\n  fun j() = jobs.get("j").build()\n}'), 'kotlin', [{ path: 'T.kt', text: 'val b = B(factory)' }]));
    expect(r.edits).toEqual([]);
    expect(r.findings[0]!.message).toMatch(/T\.kt calls its constructor/);
  });
});
