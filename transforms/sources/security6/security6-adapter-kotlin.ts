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
import { type Node, withTree } from '../../../src/formats/tree-sitter.js';
import { type LibContext, type LibResult, indentUnit, lineIndent, simpleOf, tokenAt } from '../lib-edits.js';
import type { ClassDecl } from '../lib-declarations.js';
import { SECURITY_RULES } from './security6.js';
import { adapterCount, adapterFinding, beanName, classOrder, hierarchyBlocker, usersNotMapped, usesAdapter } from './security6-adapter-shared.js';
import { type UsersPlan, USER_DETAILS_SERVICE, inMemoryUsers } from './security6-users.js';

const RULE = SECURITY_RULES.adapter;
const KINDS = ['HttpSecurity', 'WebSecurity', 'AuthenticationManagerBuilder'] as const;
const COMMENTS = new Set(['line_comment', 'block_comment', 'comment', 'multiline_comment']);

interface Range {
  start: number;
  end: number;
}

/** One `configure` function of the class, as offsets (the tree is freed before edits are made). */
interface KtConfigure {
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
  users?: UsersPlan;
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
  withTree('kotlin', text, (tree) => {
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
    const plan = inMemoryUsers(ctx, { param: amb.param, bodyOpen: tokenAt(tokens, amb.body.open), bodyClose: tokenAt(tokens, amb.body.close) }, adapterCount(ctx), a.decl);
    if (typeof plan === 'string') return usersNotMapped(plan);
    amb.users = plan;
  }
  if (!a.methods.length) return 'it overrides no configure(..) method that maps to a bean';
  const web = a.methods.find((m) => m.kind === 'WebSecurity');
  const webStatements = web && (web.body.kind === 'block' ? web.body.statements : [web.body.expr]);
  if (web && webStatements!.some((s) => tokens[tokenAt(tokens, s.start)]!.value !== web.param)) return 'configure(WebSecurity) does more than configure its parameter';
  return hierarchyBlocker(ctx, a.decl);
}

/** `@Bean` (after the class's @Order for the filter chain) on its own line before the function; `override` goes. */
function beanHead(ctx: LibContext, m: KtConfigure, open: boolean, order?: string): Edit[] {
  const { text, tokens } = ctx.model;
  const indent = lineIndent(text, m.decl.start);
  const head = `${order ? `${order}${ctx.eol}${indent}` : ''}@Bean${ctx.eol}${indent}`;
  const edits: Edit[] = [{ start: m.decl.start, end: m.decl.start, text: head, rule: RULE }];
  const next = tokens[tokenAt(tokens, m.override!.end)]!;
  edits.push({ start: m.override!.start, end: next.start, text: '', rule: RULE });
  if (open) edits.push({ start: m.funKeyword, end: m.funKeyword, text: 'open ', rule: RULE });
  return edits;
}

/** One more indentation unit at the start of every non-blank line that begins inside (from, to). */
function indentLines(text: string, from: number, to: number): Edit[] {
  const unit = indentUnit(text);
  const edits: Edit[] = [];
  for (let at = text.indexOf('\n', from) + 1; at > 0 && at < to; at = text.indexOf('\n', at) + 1) {
    const lineEnd = text.indexOf('\n', at);
    if (!/^[ \t]*\r?$/.test(text.slice(at, lineEnd < 0 ? text.length : lineEnd))) edits.push({ start: at, end: at, text: unit, rule: RULE });
  }
  return edits;
}

/** `return <param>.build()` as the last statement of a block body. */
function returnBuild(ctx: LibContext, m: KtConfigure & { body: { kind: 'block' } }): Edit {
  const { text } = ctx.model;
  const statement = `return ${m.param}.build()`;
  const close = m.body.close;
  const closeIndent = lineIndent(text, close);
  const ownLine = text[close - closeIndent.length - 1] === '\n' && /^[ \t]*$/.test(text.slice(close - closeIndent.length, close));
  const first = m.body.statements[0];
  if (ownLine) {
    const inner = first && text.slice(m.body.open, first.start).includes('\n') ? lineIndent(text, first.start) : closeIndent + indentUnit(text);
    const at = close - closeIndent.length;
    return { start: at, end: at, text: `${inner}${statement}${ctx.eol}`, rule: RULE };
  }
  const last = m.body.statements[m.body.statements.length - 1];
  if (last) return { start: last.end, end: last.end, text: `; ${statement}`, rule: RULE };
  return { start: m.body.open + 1, end: m.body.open + 1, text: ` ${statement} `, rule: RULE };
}

function filterChainEdits(ctx: LibContext, m: KtConfigure, name: string, open: boolean, order?: string): Edit[] {
  const { text } = ctx.model;
  const edits = beanHead(ctx, m, open, order);
  edits.push({ start: m.name.start, end: m.name.end, text: name, rule: RULE });
  const type = 'SecurityFilterChain';
  if (m.body.kind === 'block') {
    if (m.returnType) edits.push({ start: m.returnType.start, end: m.returnType.end, text: type, rule: RULE });
    else edits.push({ start: m.paramsEnd, end: m.paramsEnd, text: `: ${type}`, rule: RULE });
    edits.push(returnBuild(ctx, m as KtConfigure & { body: { kind: 'block' } }));
    return edits;
  }
  // `= expr` -> `{ expr; return http.build() }`, the expression's lines one level deeper.
  const indent = lineIndent(text, m.decl.start);
  const inner = indent + indentUnit(text);
  const { expr } = m.body;
  // `=` then the expression on the next line: that line already sits one level deeper.
  const ownLine = text.slice(m.body.eq, expr.start).includes('\n');
  edits.push({ start: m.paramsEnd, end: expr.start, text: `: ${type} {${ctx.eol}${ownLine ? lineIndent(text, expr.start) : inner}`, rule: RULE });
  if (!ownLine) edits.push(...indentLines(text, expr.start, expr.end));
  edits.push({ start: expr.end, end: expr.end, text: `${ctx.eol}${inner}return ${m.param}.build()${ctx.eol}${indent}}`, rule: RULE });
  return edits;
}

function customizerEdits(ctx: LibContext, m: KtConfigure, name: string, open: boolean): Edit[] {
  const edits = beanHead(ctx, m, open);
  const type = 'WebSecurityCustomizer';
  edits.push({ start: m.name.start, end: m.returnType?.end ?? m.paramsEnd, text: `${name}(): ${type}`, rule: RULE });
  if (m.body.kind === 'block') {
    edits.push({ start: m.body.open, end: m.body.open + 1, text: `= ${type} { ${m.param} ->`, rule: RULE });
    return edits;
  }
  edits.push({ start: m.body.eq, end: m.body.expr.start, text: `= ${type} { ${m.param} -> `, rule: RULE });
  edits.push({ start: m.body.expr.end, end: m.body.expr.end, text: ' }', rule: RULE });
  return edits;
}

function usersEdits(ctx: LibContext, m: KtConfigure, plan: UsersPlan, open: boolean): Edit[] {
  const edits = beanHead(ctx, m, open);
  edits.push({ start: m.name.start, end: m.returnType?.end ?? m.paramsEnd, text: `userDetailsService(): ${simpleOf(USER_DETAILS_SERVICE)}`, rule: RULE });
  edits.push(plan.edit);
  return edits;
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
      } else if (m.kind === 'WebSecurity') {
        out.edits.push(...customizerEdits(ctx, m, beanName(ctx, a.decl, 'webSecurityCustomizer', taken), open));
        out.imports.push(row.webSecurityCustomizer);
      } else if (m.users) {
        out.edits.push(...usersEdits(ctx, m, m.users, open));
        out.imports.push(...m.users.imports);
      }
    }
    out.imports.push(row.bean);
    rewritten++;
  }
  return rewritten;
}
