// WebSecurityConfigurerAdapter in Kotlin, the same beans as the Java rewrite (security6-adapter.ts):
//   override fun configure(http: HttpSecurity) { ... }  -> @Bean fun filterChain(http: HttpSecurity): SecurityFilterChain { ...; return http.build() }
//   override fun configure(http: HttpSecurity) = http { }  -> the expression becomes the first statement of a block body
//   override fun configure(web: WebSecurity) { ... }    -> @Bean fun webSecurityCustomizer(): WebSecurityCustomizer = WebSecurityCustomizer { web -> ... }
//   override fun configure(auth: AuthenticationManagerBuilder) { <in-memory users> } -> @Bean fun userDetailsService(): UserDetailsService
// and `WebSecurityConfigurerAdapter()` leaves the supertype list (the other supertypes and their
// commas stay right). Structure (functions, bodies, supertypes) comes from tree-sitter-kotlin;
// the checks on names and calls run on the token scanner like the Java side.
//
// Kotlin-only conditions, on top of the Java ones: the class is a `class` (an `object` cannot be
// proxied), not abstract; the adapter is constructed with no argument (`(true)` disables the
// defaults the HttpSecurity bean applies); every configure override carries only `override`,
// `public`/`protected` and annotations (`internal` would mangle the bean method's JVM name);
// the parameter is not nullable (`http?.build()` is not a SecurityFilterChain); no body has a
// bare `return` (it would return from the bean function; `return@label` is fine). Bean methods of
// a class written `open` are written `open fun`: without the kotlin-spring plugin a final @Bean
// method of a @Configuration class fails at startup, with it `open` changes nothing.
import type { Edit } from '../../../src/engine/types.js';
import { type Node, withSharedTree } from '../../../src/formats/tree-sitter.js';
import { type LibContext, type LibResult, indentUnit, lineIndent, simpleOf, tokenAt } from '../lib-edits.js';
import type { ClassDecl } from '../lib-declarations.js';
import { SECURITY_RULES } from './security6.js';
import { adapterCount, adapterFinding, beanName, classOrder, hierarchyBlocker, usersNotMapped, usesAdapter } from './security6-adapter-shared.js';
import { customizerEdits, filterChainEdits, globalEdits, usersEdits } from './security6-adapter-kotlin-edits.js';
import {
  type AuthPlan,
  type Member,
  AUTHENTICATION_CONFIGURATION,
  CONFIGURATION_PARAM,
  PASSWORD_ENCODER,
  adapterDefaults,
  authPlan,
  dropOverride,
  httpBodyUses,
  managerBeanEdits,
  managerBeanOverride,
  managerCallEdits,
  ownUserDetailsBean,
} from './security6-auth.js';
import { DISPATCH_NOTE } from './security6.js';

const RULE = SECURITY_RULES.adapter;
const KINDS = ['HttpSecurity', 'WebSecurity', 'AuthenticationManagerBuilder'] as const;
const COMMENTS = new Set(['line_comment', 'block_comment', 'comment', 'multiline_comment']);

export interface Range {
  start: number;
  end: number;
}

/** One `configure` function of the class, as offsets (the tree is freed before edits are made). */
export interface KtConfigure {
  kind: (typeof KINDS)[number] | 'other';
  decl: Range;
  override?: Range;
  /** Modifiers other than `override`, `public`, `protected` and annotations. */
  odd: string[];
  funKeyword: number;
  name: Range;
  param: string;
  nullable: boolean;
  paramsEnd: number;
  /** A declared return type (`: Unit`). */
  returnType?: Range;
  body: { kind: 'block'; open: number; close: number; statements: Range[] } | { kind: 'expr'; eq: number; expr: Range };
  /** configure(AuthenticationManagerBuilder): what it becomes. */
  auth?: AuthPlan;
  /** configure(HttpSecurity): the adapter's manager accessors it calls, and its super.configure(http) statements (tokens). */
  managerCalls?: number[];
  superConfigure?: { at: number; end: number }[];
}

interface KtAdapter {
  decl: ClassDecl;
  /** tree-sitter-kotlin found a syntax error inside the class: its structure is not trusted. */
  broken: boolean;
  keyword: string;
  classModifiers: string[];
  /** The adapter's entry in the supertype list, and the range that removing it deletes. */
  spec: Range;
  removal: Range;
  args: string;
  methods: KtConfigure[];
  /** The authenticationManagerBean() override, published as a bean. */
  managerBean?: Exclude<ReturnType<typeof managerBeanOverride>, string | undefined>;
  /** The class's @Bean userDetailsService(), which loses its `override`. */
  ownUsers?: Member;
}

const named = (n: Node) => n.namedChildren.filter((c): c is Node => c !== null);
const range = (n: Node): Range => ({ start: n.startIndex, end: n.endIndex });

/** Is this supertype entry the adapter (`WebSecurityConfigurerAdapter()` imported, or its full name)? */
function isAdapterSpec(ctx: LibContext, spec: Node): Node | undefined {
  const call = named(spec).find((c) => c.type === 'constructor_invocation');
  const type = call && named(call).find((c) => c.type === 'user_type');
  if (!call || !type) return undefined;
  const name = type.text.replace(/\s+/g, '');
  const fq = ctx.libs.security.adapter.type;
  return name === fq || (name === simpleOf(fq) && ctx.model.importedNames.get(name) === fq) ? call : undefined;
}

function configureOf(fn: Node): KtConfigure | undefined {
  const kids = named(fn);
  const name = kids.find((c) => c.type === 'identifier');
  if (name?.text !== 'configure') return undefined;
  const params = kids.find((c) => c.type === 'function_value_parameters')!;
  const body = kids.find((c) => c.type === 'function_body');
  if (!body) return undefined;
  const ps = named(params).filter((c) => c.type === 'parameter');
  const typeNode = ps.length === 1 ? named(ps[0]!).find((c) => c.type === 'user_type' || c.type === 'nullable_type') : undefined;
  const nullable = typeNode?.type === 'nullable_type';
  const typeName = typeNode?.text.replace(/\?$/, '').trim() ?? '';
  const kind = KINDS.find((k) => k === typeName) ?? 'other';
  const mods = kids.find((c) => c.type === 'modifiers');
  let override: Range | undefined;
  const odd: string[] = [];
  for (const m of mods ? named(mods) : []) {
    if (m.type === 'annotation' || COMMENTS.has(m.type)) continue;
    if (m.text === 'override') override = range(m);
    else if (m.text !== 'public' && m.text !== 'protected') odd.push(m.text);
  }
  const returnType = kids.find((c) => c.startIndex >= params.endIndex && c.endIndex <= body.startIndex && c.type !== 'function_body' && !COMMENTS.has(c.type));
  const funKeyword = fn.children.find((c) => c?.type === 'fun')!.startIndex;
  const block = named(body).find((c) => c.type === 'block');
  const expr = named(body).find((c) => !COMMENTS.has(c.type));
  const shaped: KtConfigure['body'] = block
    ? { kind: 'block', open: block.startIndex, close: block.endIndex - 1, statements: named(block).filter((c) => !COMMENTS.has(c.type)).map(range) }
    : { kind: 'expr', eq: body.startIndex, expr: range(expr!) };
  return {
    kind,
    decl: range(fn),
    override,
    odd,
    funKeyword,
    name: range(name),
    param: ps[0] ? named(ps[0]).find((c) => c.type === 'identifier')?.text ?? '' : '',
    nullable,
    paramsEnd: params.endIndex,
    returnType: returnType ? range(returnType) : undefined,
    body: shaped,
  };
}

/** The adapter subclasses of the file, read from tree-sitter-kotlin. */
function kotlinAdapters(ctx: LibContext, decls: readonly ClassDecl[]): KtAdapter[] {
  const { tokens, text } = ctx.model;
  const byNameStart = new Map(decls.map((d) => [tokens[d.keyword + 1]!.start, d]));
  const out: KtAdapter[] = [];
  withSharedTree(ctx.trees, 'kotlin', text, (tree) => {
    const visit = (n: Node) => {
      for (const c of named(n)) {
        if (c.type === 'class_declaration' || c.type === 'object_declaration') found(c);
        visit(c);
      }
    };
    const found = (c: Node) => {
      const kids = named(c);
      const specs = kids.find((k) => k.type === 'delegation_specifiers');
      const name = kids.find((k) => k.type === 'identifier');
      const decl = name && byNameStart.get(name.startIndex);
      if (!specs || !decl) return;
      const list = named(specs).filter((s) => s.type === 'delegation_specifier');
      const i = list.findIndex((s) => isAdapterSpec(ctx, s));
      if (i < 0) return;
      const spec = list[i]!;
      const call = isAdapterSpec(ctx, spec)!;
      const args = named(call).find((k) => k.type === 'value_arguments')?.text ?? '';
      let removal: Range;
      if (list.length === 1) {
        // ` : WebSecurityConfigurerAdapter()`: from the end of what precedes the colon.
        const colon = tokenAt(tokens, specs.startIndex) - 1;
        removal = { start: tokens[colon - 1]!.end, end: spec.endIndex };
      } else if (i === 0) removal = { start: spec.startIndex, end: list[1]!.startIndex };
      else removal = { start: list[i - 1]!.endIndex, end: spec.endIndex };
      const body = kids.find((k) => k.type === 'class_body');
      const methods = body ? named(body).filter((f) => f.type === 'function_declaration').map(configureOf).filter((m): m is KtConfigure => !!m) : [];
      const mods = kids.find((k) => k.type === 'modifiers');
      const classModifiers = mods ? named(mods).filter((m) => m.type !== 'annotation' && !COMMENTS.has(m.type)).map((m) => m.text) : [];
      out.push({ decl, broken: c.hasError, keyword: tokens[decl.keyword]!.value, classModifiers, spec: range(spec), removal, args, methods });
    };
    visit(tree.rootNode);
  });
  return out;
}

/** Classes whose header names the adapter but which the tree did not give as adapters (a syntax error around them). */
function unparsedAdapters(ctx: LibContext, decls: readonly ClassDecl[], found: readonly KtAdapter[]): { decl: ClassDecl; offset: number }[] {
  const { tokens } = ctx.model;
  const fq = ctx.libs.security.adapter.type;
  const simple = simpleOf(fq);
  const out: { decl: ClassDecl; offset: number }[] = [];
  for (const d of decls) {
    if (found.some((a) => a.decl === d)) continue;
    const end = d.open ?? Math.min(tokens.length, d.keyword + 40);
    for (let j = d.keyword + 2; j < end; j++) {
      const t = tokens[j]!;
      if (t.type === 'ident' && t.value === simple && tokens[j - 1]?.value !== '.' ? ctx.model.importedNames.get(simple) === fq : t.value === simple && tokens[j - 1]?.value === '.') {
        out.push({ decl: d, offset: t.start });
        break;
      }
    }
  }
  return out;
}

/** Does the range hold a `return` without a label (it would return from the new bean function)? */
function bareReturn(ctx: LibContext, r: Range): boolean {
  const { tokens } = ctx.model;
  for (let j = tokenAt(tokens, r.start); j < tokens.length && tokens[j]!.start < r.end; j++) {
    const t = tokens[j]!;
    if (t.type === 'ident' && t.value === 'return' && !(tokens[j + 1]?.value === '@' && tokens[j + 1]!.start === t.end)) return true;
  }
  return false;
}

const bodyRange = (m: KtConfigure): Range => (m.body.kind === 'block' ? { start: m.body.open, end: m.body.close + 1 } : m.body.expr);

/** Why this Kotlin adapter cannot be rewritten, or undefined (then `users` is filled in). */
function kotlinBlocker(ctx: LibContext, a: KtAdapter): string | undefined {
  const { tokens } = ctx.model;
  if (a.broken) return 'tree-sitter-kotlin does not parse the class cleanly';
  if (a.keyword !== 'class') return `it is an ${a.keyword}, whose bean functions Spring cannot proxy`;
  const odd = a.classModifiers.find((m) => !['open', 'public', 'internal'].includes(m));
  if (odd) return `the class is ${odd}`;
  if (a.args.replace(/\s+/g, '') !== '()') return `it passes ${a.args} to the adapter's constructor (disableDefaults has no bean equivalent here)`;
  if (a.decl.open === undefined) return 'it overrides no configure(..) method that maps to a bean';
  // The configure parameters are not the adapter's getHttp() read as a property.
  const own = new Set<number>();
  for (const m of a.methods)
    for (let j = tokenAt(tokens, m.decl.start); j < tokens.length && tokens[j]!.start < m.decl.end; j++) if (tokens[j]!.value === m.param) own.add(j);
  const ownUsers = ownUserDetailsBean(ctx, a.decl);
  for (const j of ownUsers.names) own.add(j);
  a.ownUsers = ownUsers.member;
  const override = managerBeanOverride(ctx, a.decl);
  if (typeof override === 'string') return override;
  if (override) {
    for (let j = override.member.first; j <= override.member.bodyClose; j++) own.add(j);
    a.managerBean = override;
  }
  const http = a.methods.find((m) => m.kind === 'HttpSecurity');
  if (http) {
    const r = bodyRange(http);
    const uses = httpBodyUses(ctx, tokenAt(tokens, r.start), tokenAt(tokens, r.end) - 1, http.param);
    if (typeof uses === 'string') return uses;
    for (const j of uses.managerCalls) own.add(j).add(j + 2);
    for (const x of uses.superConfigure) own.add(x.at);
    http.managerCalls = uses.managerCalls;
    http.superConfigure = uses.superConfigure;
  }
  const direct = usesAdapter(ctx, a.decl, own);
  if (direct) return direct;
  if (a.methods.some((m) => m.kind === 'other')) return 'it overrides another configure(..) method';
  const odds = a.methods.find((m) => m.odd.length || !m.override);
  if (odds) return `configure(${odds.param}) is declared ${odds.odd.join(' ') || 'without override'}`;
  if (a.methods.some((m) => m.nullable)) return 'a configure parameter is declared nullable';
  if (a.methods.some((m) => bareReturn(ctx, bodyRange(m)))) return 'a configure body has its own return';
  const amb = a.methods.find((m) => m.kind === 'AuthenticationManagerBuilder');
  if (amb) {
    if (amb.body.kind !== 'block') return usersNotMapped('an expression body');
    const plan = authPlan(ctx, a.decl, { param: amb.param, bodyOpen: tokenAt(tokens, amb.body.open), bodyClose: tokenAt(tokens, amb.body.close) }, adapterCount(ctx));
    if (typeof plan === 'string') return usersNotMapped(plan);
    amb.auth = plan;
  }
  if (!a.methods.length && !override) return 'it overrides no configure(..) method that maps to a bean';
  const web = a.methods.find((m) => m.kind === 'WebSecurity');
  const webStatements = web && (web.body.kind === 'block' ? web.body.statements : [web.body.expr]);
  if (web && webStatements!.some((s) => tokens[tokenAt(tokens, s.start)]!.value !== web.param)) return 'configure(WebSecurity) does more than configure its parameter';
  return hierarchyBlocker(ctx, a.decl);
}

/** Kotlin classes with `WebSecurityConfigurerAdapter()` among their supertypes; returns how many were rewritten. */
export function migrateKotlinAdapters(ctx: LibContext, decls: ClassDecl[], out: LibResult): number {
  const row = ctx.libs.security.adapter;
  const { tokens } = ctx.model;
  let rewritten = 0;
  const adapters = kotlinAdapters(ctx, decls);
  for (const d of unparsedAdapters(ctx, decls, adapters)) out.findings.push(adapterFinding(ctx, d.decl, d.offset, 'tree-sitter-kotlin does not parse the class cleanly'));
  for (const a of adapters) {
    const why = kotlinBlocker(ctx, a);
    if (why) {
      out.findings.push(adapterFinding(ctx, a.decl, a.spec.start, why));
      continue;
    }
    const taken = new Set(tokens.filter((t, j) => t.type === 'ident' && tokens[j + 1]?.value === '(').map((t) => t.value));
    const open = a.classModifiers.includes('open');
    out.edits.push({ ...a.removal, text: '', rule: RULE });
    const order = classOrder(ctx, a.decl);
    for (const m of a.methods) {
      if (m.kind === 'HttpSecurity') {
        out.edits.push(...filterChainEdits(ctx, m, beanName(ctx, a.decl, 'filterChain', taken), open, order));
        out.imports.push(row.filterChain);
        if (m.managerCalls?.length) {
          out.edits.push({ start: m.paramsEnd - 1, end: m.paramsEnd - 1, text: `, ${CONFIGURATION_PARAM}: AuthenticationConfiguration`, rule: RULE }, ...managerCallEdits(ctx, m.managerCalls));
          out.imports.push(AUTHENTICATION_CONFIGURATION);
        }
        for (const x of m.superConfigure ?? []) {
          const at = tokens[x.at]!.start;
          out.edits.push({ start: at, end: tokens[x.end]!.end, text: adapterDefaults(ctx, m.param, lineIndent(ctx.model.text, at)), rule: RULE });
          out.findings.push({ rule: SECURITY_RULES.authorizeHttpRequests, severity: 'info', offset: at, message: `super.configure(http) -> the adapter's defaults (authorizeHttpRequests, formLogin, httpBasic); ${DISPATCH_NOTE}`, docs: row.source });
        }
      } else if (m.kind === 'WebSecurity') {
        out.edits.push(...customizerEdits(ctx, m, beanName(ctx, a.decl, 'webSecurityCustomizer', taken), open));
        out.imports.push(row.webSecurityCustomizer);
      } else if (m.auth?.kind === 'users') {
        out.edits.push(...usersEdits(ctx, m, m.auth.users, open));
        out.imports.push(...m.auth.users.imports);
      } else if (m.auth?.kind === 'global') {
        out.edits.push(...globalEdits(ctx, m, m.auth.encoder, open));
        if (m.auth.encoder) out.imports.push(PASSWORD_ENCODER);
        out.findings.push({ rule: RULE, severity: 'info', offset: m.name.start, message: m.auth.info, docs: row.source });
      }
    }
    if (a.ownUsers) out.edits.push(...dropOverride(ctx, a.ownUsers));
    if (a.managerBean) {
      out.edits.push(...managerBeanEdits(ctx, a.managerBean));
      out.imports.push(AUTHENTICATION_CONFIGURATION);
    }
    out.imports.push(row.bean);
    rewritten++;
  }
  return rewritten;
}
