// Which beans of an authentication type (PasswordEncoder, UserDetailsService,
// AuthenticationProvider) the project declares, and whether an expression of an adapter names
// one of them. Spring Security 6 builds the global AuthenticationManager from the single bean of
// each type (InitializeUserDetailsBeanManagerConfigurer, InitializeAuthenticationProviderBean-
// ManagerConfigurer: `getBeanNamesForType(type).length != 1` means none is used), so a
// configure(AuthenticationManagerBuilder) that hands the builder those very beans can go: the
// global manager then holds what the adapter's local one held. "Declares" is read from the
// sources: @Bean methods by their declared (or, in Kotlin, constructed) type, and stereotype-
// annotated classes by their supertypes; a bean a library or an XML file adds is not seen.
import { matchingAngle, matchingBracket, openingAngle, type Token } from '../../../src/formats/jvm-tokens.js';
import type { ProjectFile } from '../../../src/engine/types.js';
import { type LibContext, callArgs } from '../lib-edits.js';
import { type ClassDecl, annotationSpans, classDecls } from '../lib-declarations.js';
import { type FileModel } from '../model.js';
import { projectModel } from '../run-decision.js';

export type BeanFamily = 'PasswordEncoder' | 'UserDetailsService' | 'AuthenticationProvider';

/** Spring Security's own types of each family (simple names), besides any name ending in the family's. */
const FAMILY_TYPES: Record<BeanFamily, RegExp> = {
  PasswordEncoder: /PasswordEncoder$/,
  UserDetailsService: /^(UserDetailsService|UserDetailsManager|InMemoryUserDetailsManager|JdbcUserDetailsManager|LdapUserDetailsManager|CachingUserDetailsService|UserDetailsServiceDelegator)$/,
  AuthenticationProvider: /AuthenticationProvider$/,
};
const FAMILIES = Object.keys(FAMILY_TYPES) as BeanFamily[];
/** The substrings a file must hold to declare a bean of the family or a class of it. */
export const BEAN_NEEDLES = ['PasswordEncoder', 'UserDetails', 'AuthenticationProvider'];
const STEREOTYPES = new Set(['Component', 'Service', 'Repository', 'Controller', 'RestController', 'Configuration', 'Named', 'ManagedBean']);

export interface BeanSite {
  /** File path, or '' for the file being migrated. */
  path: string;
  kind: 'method' | 'class';
  /** Method name, or class name. */
  name: string;
  /** The declared (simple) type. */
  type: string;
}

interface FileFacts {
  /** Classes of the file with their supertypes' simple names and whether a stereotype annotates them. */
  classes: { name: string; supers: string[]; stereotype: boolean }[];
  /** @Bean methods: name and the simple type they declare or construct. */
  beans: { name: string; type: string; params: number }[];
}

/** The type name a token range denotes: the last identifier before any generic arguments. */
function typeName(tokens: readonly Token[], from: number, to: number): string | undefined {
  let name: string | undefined;
  for (let j = from; j <= to; j++) {
    const t = tokens[j]!;
    if (t.value === '<') break;
    if (t.type === 'ident') name = t.value;
    else if (t.value !== '.' && t.value !== '?') break;
  }
  return name;
}

/** One file's classes and @Bean methods, read from its tokens. */
export function fileFacts(model: FileModel, kotlin: boolean): FileFacts {
  const { tokens } = model;
  const spans = annotationSpans(model);
  const classes = classDecls(model, spans).map((d) => ({
    name: d.name,
    supers: supertypes(tokens, d, kotlin),
    stereotype: d.annotations.some((a) => STEREOTYPES.has(a.name.slice(a.name.lastIndexOf('.') + 1))),
  }));
  const beans: FileFacts['beans'] = [];
  for (const s of spans) {
    if (s.name !== 'Bean' && s.name !== 'org.springframework.context.annotation.Bean') continue;
    // Skip further annotations and modifiers to the declaration.
    let j = s.end + 1;
    for (;;) {
      const span = spans.find((x) => x.at === j);
      if (span) j = span.end + 1;
      else if (tokens[j]?.type === 'ident' && /^(public|protected|private|static|final|open|override|internal|synchronized)$/.test(tokens[j]!.value)) j++;
      else break;
    }
    const bean = kotlin ? kotlinBean(tokens, j) : javaBean(tokens, j);
    if (bean) beans.push(bean);
  }
  return { classes, beans };
}

function javaBean(tokens: readonly Token[], j: number): FileFacts['beans'][number] | undefined {
  if (tokens[j]?.value === '<') j = typeParamsEnd(tokens, j) + 1;
  let k = j;
  while (tokens[k] && tokens[k]!.value !== '(' && tokens[k]!.value !== ';' && tokens[k]!.value !== '{' && tokens[k]!.value !== '=') k++;
  if (tokens[k]?.value !== '(' || tokens[k - 1]?.type !== 'ident' || k - 1 <= j) return undefined;
  const type = typeName(tokens, j, k - 2);
  return type ? { name: tokens[k - 1]!.value, type, params: callArgs(tokens, k).length } : undefined;
}

function kotlinBean(tokens: readonly Token[], j: number): FileFacts['beans'][number] | undefined {
  if (tokens[j]?.value !== 'fun') return undefined;
  let k = j + 1;
  if (tokens[k]?.value === '<') k = typeParamsEnd(tokens, k) + 1;
  if (tokens[k]?.type !== 'ident' || tokens[k + 1]?.value !== '(') return undefined;
  const name = tokens[k]!.value;
  const close = matchingBracket(tokens, k + 1);
  if (close < 0) return undefined;
  const params = callArgs(tokens, k + 1).length;
  if (tokens[close + 1]?.value === ':') {
    const type = typeName(tokens, close + 2, tokens.length - 1);
    return type ? { name, type, params } : undefined;
  }
  // `= Type(..)`: the constructed type.
  if (tokens[close + 1]?.value === '=' && tokens[close + 2]?.type === 'ident') {
    let last = close + 2;
    while (tokens[last + 1]?.value === '.' && tokens[last + 2]?.type === 'ident') last += 2;
    if (tokens[last + 1]?.value === '(' && /^[A-Z]/.test(tokens[last]!.value)) return { name, type: tokens[last]!.value, params };
  }
  return undefined;
}

/** The `>` closing the type parameters at tokens[open] (the last token when none does). */
function typeParamsEnd(tokens: readonly Token[], open: number): number {
  const close = matchingAngle(tokens, open);
  return close < 0 ? tokens.length - 1 : close;
}

/** The simple names a class header lists as supertypes (Java extends/implements, Kotlin `:`). */
function supertypes(tokens: readonly Token[], d: ClassDecl, kotlin: boolean): string[] {
  const end = d.open ?? Math.min(tokens.length, d.keyword + 60);
  const out: string[] = [];
  let on = false;
  for (let j = d.keyword + 2; j < end; j++) {
    const t = tokens[j]!;
    if (t.value === 'extends' || t.value === 'implements' || (kotlin && t.value === ':' && !on)) on = true;
    if (t.value === '(' && kotlin && !on) {
      j = matchingBracket(tokens, j);
      if (j < 0) break;
      continue;
    }
    if (!on || t.type !== 'ident' || t.value === 'extends' || t.value === 'implements') continue;
    if (tokens[j + 1]?.value === '.') continue;
    out.push(t.value);
  }
  return out;
}

interface ProjectBeans {
  sites: Record<BeanFamily, BeanSite[]>;
  /** Class names of the project in each family (implementing a family type, directly or through another such class). */
  types: Record<BeanFamily, Set<string>>;
}

const cache = new WeakMap<object, { path: string; text: string; beans: ProjectBeans }>();

/** Every declaration of a bean of each family: the other files of the project, and this one as it is now. */
export function projectBeans(ctx: LibContext): ProjectBeans {
  const self = ctx.path ?? '';
  const hit = cache.get(ctx.project);
  if (hit && hit.path === self && hit.text === ctx.model.text) return hit.beans;
  const facts: { path: string; facts: FileFacts }[] = [{ path: '', facts: fileFacts(ctx.model, ctx.lang === 'kotlin') }];
  for (const f of others(ctx)) facts.push(...readFacts(f));
  const beans = collect(facts);
  cache.set(ctx.project, { path: self, text: ctx.model.text, beans });
  return beans;
}

const factsCache = new WeakMap<ProjectFile, { text: string; facts: FileFacts } | null>();

function readFacts(f: ProjectFile): { path: string; facts: FileFacts }[] {
  const had = factsCache.get(f);
  if (had !== undefined && (had === null || had.text === f.text)) return had ? [{ path: f.path, facts: had.facts }] : [];
  const model = projectModel(f);
  const facts = model ? fileFacts(model, f.kind === 'kotlin') : undefined;
  factsCache.set(f, facts ? { text: f.text ?? '', facts } : null);
  return facts ? [{ path: f.path, facts }] : [];
}

/** The project's other Java/Kotlin files that can declare a bean (of any family): they name a @Bean or a stereotype. */
function others(ctx: LibContext): ProjectFile[] {
  return ctx.project.ofKind('java', 'kotlin').filter((f) => f.path !== ctx.path && f.text !== undefined && f.text !== ctx.model.text && beanCandidate(f.text));
}

/** Could the text declare a bean of a family? */
function beanCandidate(text: string): boolean {
  return BEAN_NEEDLES.some((n) => text.includes(n)) || /@(Bean|Component|Service|Repository|Named)\b/.test(text);
}

function collect(files: { path: string; facts: FileFacts }[]): ProjectBeans {
  const types = Object.fromEntries(FAMILIES.map((f) => [f, new Set<string>()])) as ProjectBeans['types'];
  const inFamily = (fam: BeanFamily, name: string) => FAMILY_TYPES[fam].test(name) || types[fam].has(name);
  // Subclasses of subclasses: repeat until nothing new joins.
  for (let changed = true; changed; ) {
    changed = false;
    for (const fam of FAMILIES)
      for (const { facts } of files)
        for (const c of facts.classes)
          if (!types[fam].has(c.name) && c.supers.some((s) => inFamily(fam, s))) {
            types[fam].add(c.name);
            changed = true;
          }
  }
  const sites = Object.fromEntries(FAMILIES.map((f) => [f, [] as BeanSite[]])) as ProjectBeans['sites'];
  for (const fam of FAMILIES)
    for (const { path, facts } of files) {
      for (const b of facts.beans) if (inFamily(fam, b.type)) sites[fam].push({ path, kind: 'method', name: b.name, type: b.type });
      for (const c of facts.classes) if (c.stereotype && types[fam].has(c.name)) sites[fam].push({ path, kind: 'class', name: c.name, type: c.name });
    }
  return { sites, types };
}

export function inBeanFamily(ctx: LibContext, fam: BeanFamily, type: string): boolean {
  return FAMILY_TYPES[fam].test(type) || projectBeans(ctx).types[fam].has(type);
}

/** A method of the class, annotated @Bean, taking nothing: its declared type. */
export function ownBeanMethod(ctx: LibContext, decl: ClassDecl, name: string): string | undefined {
  const { tokens } = ctx.model;
  const facts = fileFacts(ctx.model, ctx.lang === 'kotlin');
  const bean = facts.beans.find((b) => b.name === name && b.params === 0);
  if (!bean) return undefined;
  // The declaration must sit directly in this class's body.
  for (let j = decl.open! + 1; j < decl.close!; j++) {
    const t = tokens[j]!;
    if (t.type === 'punct' && t.value === '{') {
      j = matchingBracket(tokens, j);
      continue;
    }
    if (t.value === name && tokens[j + 1]?.value === '(' && tokens[j - 1]?.value !== '.' && tokens[j - 1]?.value !== 'new') return bean.type;
  }
  return undefined;
}

const INJECT = new Set(['Autowired', 'Inject', 'Resource']);

/**
 * A field of the class that Spring injects: annotated @Autowired/@Inject/@Resource, or (Java) a
 * final field without initializer that every constructor sets from its own parameter, or (Kotlin)
 * a property of the primary constructor. Its declared simple type.
 */
export function injectedMember(ctx: LibContext, decl: ClassDecl, name: string): string | undefined {
  const { tokens } = ctx.model;
  const spans = annotationSpans(ctx.model);
  const byEnd = new Map(spans.map((s) => [s.end, s]));
  const annotatedInject = (j: number): boolean => {
    for (let b = j - 1; b > 0; b--) {
      const span = byEnd.get(b);
      if (span) {
        if (INJECT.has(span.name.slice(span.name.lastIndexOf('.') + 1))) return true;
        b = span.at;
      } else if (!(tokens[b]!.type === 'ident' && /^(private|protected|public|final|lateinit|var|val|internal)$/.test(tokens[b]!.value))) return false;
    }
    return false;
  };
  if (ctx.lang === 'kotlin') {
    // Primary constructor: `class X(private val name: T)`.
    const open = tokens.findIndex((t, j) => j > decl.keyword + 1 && j < (decl.open ?? tokens.length) && t.value === '(');
    if (open > 0) {
      const close = matchingBracket(tokens, open);
      for (let j = open + 1; j < close; j++)
        if (tokens[j]!.value === name && tokens[j + 1]?.value === ':' && /^(val|var)$/.test(tokens[j - 1]?.value ?? '')) return typeName(tokens, j + 2, close - 1);
    }
    if (decl.open === undefined) return undefined;
    for (let j = decl.open + 1; j < decl.close!; j++) {
      if (tokens[j]!.value === '{') {
        j = matchingBracket(tokens, j);
        continue;
      }
      if (tokens[j]!.value === name && tokens[j + 1]?.value === ':' && tokens[j - 1]?.value === 'var' && annotatedInject(j - 1)) return typeName(tokens, j + 2, decl.close! - 1);
    }
    return undefined;
  }
  if (decl.open === undefined) return undefined;
  for (let j = decl.open + 1; j < decl.close!; j++) {
    const t = tokens[j]!;
    if (t.type === 'punct' && '({'.includes(t.value)) {
      j = matchingBracket(tokens, j);
      continue;
    }
    if (t.value !== name || t.type !== 'ident' || tokens[j - 1]?.type !== 'ident' && tokens[j - 1]?.value !== '>') continue;
    if (tokens[j + 1]?.value !== ';' && tokens[j + 1]?.value !== '=') continue;
    // `T name;` or `T name = ...;`: the type's tokens end before `name`.
    let from = j - 1;
    if (tokens[from]!.value === '>') {
      const open = openingAngle(tokens, from, decl.open + 1);
      from = (open < 0 ? decl.open : open) - 1;
    }
    while (tokens[from - 1]?.value === '.' && tokens[from - 2]?.type === 'ident') from -= 2;
    const type = typeName(tokens, from, j - 1);
    if (!type) return undefined;
    if (annotatedInject(from)) return type;
    const isFinal = tokens[from - 1]?.value === 'final' || tokens[from - 2]?.value === 'final';
    if (isFinal && tokens[j + 1]?.value === ';' && constructorInjected(ctx, decl, name)) return type;
    return undefined;
  }
  return undefined;
}

/** Every constructor of the class assigns the field from one of its parameters (Lombok's generated ones do). */
function constructorInjected(ctx: LibContext, decl: ClassDecl, name: string): boolean {
  const { tokens } = ctx.model;
  if (decl.annotations.some((a) => /(^|\.)(RequiredArgsConstructor|AllArgsConstructor)$/.test(a.name))) return !hasConstructor(tokens, decl);
  let seen = 0;
  for (let j = decl.open! + 1; j < decl.close!; j++) {
    const t = tokens[j]!;
    if (t.value === '{') {
      j = matchingBracket(tokens, j);
      continue;
    }
    if (t.value !== decl.name || tokens[j + 1]?.value !== '(' || tokens[j - 1]?.value === 'new' || tokens[j - 1]?.value === '.') continue;
    const close = matchingBracket(tokens, j + 1);
    const params = new Set(callArgs(tokens, j + 1).map((a) => tokens[a.last]!.value));
    let body = close + 1;
    while (tokens[body] && tokens[body]!.value !== '{') body++;
    const end = matchingBracket(tokens, body);
    let assigned = false;
    for (let k = body + 1; k < end; k++) {
      // `this.name = param;` or `name = param;` (not `x.name = ...`)
      const lhs = tokens[k]!.value === 'this' && tokens[k + 1]?.value === '.' ? k + 2 : k;
      if (lhs === k && tokens[k - 1]?.value === '.') continue;
      if (tokens[lhs]?.value === name && tokens[lhs + 1]?.value === '=' && params.has(tokens[lhs + 2]?.value ?? '') && tokens[lhs + 3]?.value === ';') assigned = true;
    }
    if (!assigned) return false;
    seen++;
    j = end;
  }
  return seen > 0;
}

function hasConstructor(tokens: readonly Token[], decl: ClassDecl): boolean {
  for (let j = decl.open! + 1; j < decl.close!; j++) {
    if (tokens[j]!.value === '{') {
      j = matchingBracket(tokens, j);
      continue;
    }
    if (tokens[j]!.value === decl.name && tokens[j + 1]?.value === '(' && tokens[j - 1]?.value !== 'new' && tokens[j - 1]?.value !== '.') return true;
  }
  return false;
}

/**
 * Is the expression tokens[first..last] the project's only bean of the family? `name()` (a @Bean
 * method of this class), `name` or `this.name` (an injected field of the family's type). Returns
 * undefined when it is, else why not.
 */
export function soleBean(ctx: LibContext, decl: ClassDecl, first: number, last: number, fam: BeanFamily): string | undefined {
  const { tokens, text } = ctx.model;
  const written = text.slice(tokens[first]!.start, tokens[last]!.end);
  let k = first;
  if (tokens[k]?.value === 'this' && tokens[k + 1]?.value === '.') k += 2;
  const name = tokens[k];
  if (name?.type !== 'ident') return `${written} is neither a @Bean method of this class nor an injected field`;
  const sites = projectBeans(ctx).sites[fam];
  const call = tokens[k + 1]?.value === '(' && tokens[k + 2]?.value === ')' && k + 2 === last;
  if (call) {
    const type = ownBeanMethod(ctx, decl, name.value);
    if (!type || !inBeanFamily(ctx, fam, type)) return `${written} is not a @Bean method of this class returning a ${fam}`;
  } else if (k === last) {
    const type = injectedMember(ctx, decl, name.value);
    if (!type || !inBeanFamily(ctx, fam, type)) return `${written} is not an injected ${fam} field`;
    if (sites.length === 1 && type !== fam && sites[0]!.type !== type) return `${written} is a ${type}, the project's ${fam} bean a ${sites[0]!.type}`;
  } else return `${written} is neither a @Bean method of this class nor an injected field`;
  if (sites.length !== 1) return `the project declares ${sites.length} ${fam} beans (${sites.slice(0, 3).map((s) => s.name).join(', ')}), and Spring Security 6 applies one only when it is the only one`;
  if (call && (sites[0]!.path !== '' || sites[0]!.name !== name.value)) return `${written} is not the project's ${fam} bean`;
  return undefined;
}

/** How many beans of the family the project declares. */
export const beanCount = (ctx: LibContext, fam: BeanFamily): number => projectBeans(ctx).sites[fam].length;
