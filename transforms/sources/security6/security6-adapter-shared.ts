// What the Java (security6-adapter.ts) and Kotlin (security6-adapter-kotlin.ts) adapter rewrites
// share: the class-level blockers, the project facts (how many adapters, which bean names are
// taken elsewhere; the one place these modules read the project besides the users' checks), the
// bean names, the class's @Order and the finding for an adapter left as it is.
import type { Edit } from '../../../src/engine/types.js';
import type { LibContext, LibResult } from '../lib-edits.js';
import { removalEdit } from '../annotations.js';
import type { ClassDecl } from '../lib-declarations.js';
import { SECURITY_RULES } from './security6.js';

const RULE = SECURITY_RULES.adapter;

/** What a bean of Security 6 uses in place of the adapter's accessor. */
const INSTEAD: Record<string, string> = {
  authenticationManager: ' (in Security 6: inject AuthenticationConfiguration and call getAuthenticationManager())',
  authenticationManagerBean: ' (in Security 6: inject AuthenticationConfiguration and call getAuthenticationManager(), or publish it as @Bean AuthenticationManager authenticationManager(AuthenticationConfiguration c) { return c.getAuthenticationManager(); })',
  userDetailsService: ' (in Security 6: inject the UserDetailsService bean)',
  userDetailsServiceBean: ' (in Security 6: inject the UserDetailsService bean)',
  getHttp: ' (in Security 6: the SecurityFilterChain bean takes HttpSecurity as its parameter)',
  getApplicationContext: ' (in Security 6: inject the ApplicationContext)',
};
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/**
 * Calls of the adapter's own methods (and, in Kotlin, its getters read as properties) or of super:
 * the class needs the adapter. `handled` holds the tokens the rewrite gives a Security 6 form
 * (security6-auth.ts) and, in Kotlin, the configure parameters.
 */
export function usesAdapter(ctx: LibContext, decl: ClassDecl, handled: ReadonlySet<number> = new Set()): string | undefined {
  const { tokens } = ctx.model;
  const inherited = new Set(ctx.libs.security.adapter.inherited);
  // Kotlin reads getX()/setX(..) of a Java superclass as the property x.
  const properties = new Map<string, string>();
  if (ctx.lang === 'kotlin') for (const n of inherited) if (/^[gs]et[A-Z]/.test(n) && !properties.has(lowerFirst(n.slice(3)))) properties.set(lowerFirst(n.slice(3)), n);
  for (let j = decl.open! + 1; j < decl.close!; j++) {
    const t = tokens[j]!;
    if (t.type !== 'ident' || handled.has(j)) continue;
    const prev = tokens[j - 1]?.value;
    const receiverless = prev !== '.' || ['this', 'super'].includes(tokens[j - 2]?.value ?? '');
    if (inherited.has(t.value) && tokens[j + 1]?.value === '(' && receiverless) return `it uses the adapter's ${t.value}()${INSTEAD[t.value] ?? ''}`;
    if (properties.has(t.value) && receiverless && tokens[j + 1]?.value !== ':') return `it uses the adapter's ${properties.get(t.value)}() as the property ${t.value}`;
    if (t.value === 'super' && (tokens[j + 1]?.value === '(' || tokens[j + 1]?.value === '.')) return 'it calls the adapter through super';
  }
  return undefined;
}

/** A generic class, or one another class of the project extends, cannot lose its supertype here. */
export function hierarchyBlocker(ctx: LibContext, decl: ClassDecl): string | undefined {
  const { tokens } = ctx.model;
  if (tokens[decl.keyword + 2]?.value === '<') return 'the class is generic';
  const sub = adapterProject(ctx).extended.get(decl.name);
  if (sub) return `${sub} extends it`;
  return undefined;
}

export const usersNotMapped = (why: string) =>
  `configure(AuthenticationManagerBuilder) was not mapped (${why}): publish a @Bean UserDetailsService (InMemoryUserDetailsManager, JdbcUserDetailsManager) or get the AuthenticationManager from AuthenticationConfiguration instead`;

/**
 * What the adapter rewrite needs to know about the rest of the project, read once per project:
 * how many adapter subclasses there are (with more than one, bean names are made unique per
 * class) and which files already declare a bean method under one of the names the rewrite
 * would give (a second bean of that name would fail at startup).
 */
interface AdapterProject {
  adapters: number;
  declared: Map<string, Set<string>>;
  /** Type names written as a superclass (Java `extends X`, Kotlin `: X(` / `, X(`) -> the first file doing so. */
  extended: Map<string, string>;
}
const EXTENDS = /extends\s+(?:[\w.]*\.)?([A-Z]\w*)\b|[:,]\s*(?:[\w.]*\.)?([A-Z]\w*)\s*\(/g;
const BEAN_DECLARATION = /\b(?:fun|SecurityFilterChain|WebSecurityCustomizer|UserDetailsService)\s+(filterChain|webSecurityCustomizer|userDetailsService)\s*\(/g;

function adapterProject(ctx: LibContext): AdapterProject {
  let facts = projectCache.get(ctx.project);
  if (facts === undefined) {
    facts = { adapters: 0, declared: new Map(), extended: new Map() };
    for (const f of ctx.project.ofKind('java', 'kotlin')) {
      if (f.text === undefined) continue;
      facts.adapters += f.text.match(/\bWebSecurityConfigurerAdapter\s*(\(\s*\))?\s*[{,]|extends\s+(?:[\w.]*\.)?WebSecurityConfigurerAdapter\b/g)?.length ?? 0;
      for (const m of f.text.matchAll(BEAN_DECLARATION)) facts.declared.set(m[1]!, (facts.declared.get(m[1]!) ?? new Set()).add(f.text));
      for (const m of f.text.matchAll(EXTENDS)) if (!facts.extended.has(m[1] ?? m[2]!)) facts.extended.set(m[1] ?? m[2]!, f.path);
    }
    projectCache.set(ctx.project, facts);
  }
  return facts;
}
const projectCache = new WeakMap<object, AdapterProject>();

export const adapterCount = (ctx: LibContext): number => adapterProject(ctx).adapters;

/** The bean method's name: `base`, or after the class when that could clash in the file or the project. */
export function beanName(ctx: LibContext, decl: ClassDecl, base: string, taken: Set<string>): string {
  const elsewhere = [...(adapterProject(ctx).declared.get(base) ?? [])].some((text) => text !== ctx.model.text);
  return adapterCount(ctx) > 1 || taken.has(base) || elsewhere ? `${lowerFirst(decl.name)}${base.charAt(0).toUpperCase()}${base.slice(1)}` : base;
}

export function classOrder(ctx: LibContext, decl: ClassDecl): string | undefined {
  const order = decl.annotations.find((a) => a.name === 'Order' || a.name.endsWith('.Order'));
  if (!order) return undefined;
  const { tokens, text } = ctx.model;
  return text.slice(tokens[order.at]!.start, tokens[order.end]!.end);
}

/** The error finding for an adapter left as it is. */
export function adapterFinding(ctx: LibContext, decl: ClassDecl, offset: number, why: string): LibResult['findings'][number] {
  return {
    rule: RULE,
    severity: 'error',
    offset,
    message: `${decl.name} extends WebSecurityConfigurerAdapter (removed in Spring Security 6) and was not rewritten: ${why}. ${ctx.lang === 'kotlin' ? KOTLIN_SHAPE : JAVA_SHAPE}`,
    docs: ctx.libs.security.adapter.source,
  };
}
const JAVA_SHAPE =
  'Replace it with a @Configuration declaring @Bean SecurityFilterChain filterChain(HttpSecurity http) throws Exception { ...; return http.build(); }, @Bean WebSecurityCustomizer for configure(WebSecurity), and @Bean UserDetailsService / AuthenticationManager for the authentication set-up';
const KOTLIN_SHAPE =
  'Replace it with a @Configuration declaring @Bean fun filterChain(http: HttpSecurity): SecurityFilterChain { ...; return http.build() }, @Bean fun webSecurityCustomizer(): WebSecurityCustomizer = WebSecurityCustomizer { web -> ... } for configure(WebSecurity), and a @Bean UserDetailsService / AuthenticationManager for the authentication set-up';

/** Deletes a member's lines, and the blank line before it, so no double blank line is left. */
export function memberRemoval(text: string, start: number, end: number): Edit {
  return removalEdit(text, start, end, RULE, 'before');
}
