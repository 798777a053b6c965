// Spring Batch 5 in Kotlin sources. The common Kotlin shape injects the factories through the
// primary constructor:
//   class BatchConfig(private val jobBuilderFactory: JobBuilderFactory, private val stepBuilderFactory: StepBuilderFactory)
// which becomes
//   class BatchConfig(private val jobRepository: JobRepository, private val transactionManager: PlatformTransactionManager)
// with `jobBuilderFactory.get("x")` -> `JobBuilder("x", jobRepository)`, `stepBuilderFactory.get("s")`
// -> `StepBuilder("s", jobRepository)`, and in the step chain `.chunk<I, O>(n)` / `.chunk(n)` /
// `.tasklet(t)` / `.tasklet { .. }` -> `.chunk<I, O>(n, transactionManager)` / `.tasklet({ .. }, transactionManager)`.
//
// `@Autowired lateinit var jobs: JobBuilderFactory` properties are replaced in place the same way
// (not private: only when no other file reads `.jobs`).
// The other Kotlin shape, factories as @Bean function parameters, gets the Java treatment: each
// such parameter gives way to `jobRepository: JobRepository` (and `transactionManager:
// PlatformTransactionManager` when the function's chains call chunk/tasklet).
//
// Written only when that is the same program: the factories are constructor parameters (`private
// val`, or plain parameters) of one class, used only as `<name>.get(..)` inside it; the new names
// are free (or already constructor properties of the right type, then reused); the class declares
// no bean the batch infrastructure itself is built from (a DataSource, transaction manager,
// JobRepository, ... bean in the same class would make the constructor injection circular, where
// the factories of Batch 4 were lazy proxies). Everything else is reported at each use.
import type { Edit } from '../../../src/engine/types.js';
import { matchingBracket, type Token } from '../../../src/formats/jvm-tokens.js';
import { type Node, withSharedTree } from '../../../src/formats/tree-sitter.js';
import { removalEdit } from '../annotations.js';
import { getCalls, transactionalEdits } from './batch5-kotlin-chain.js';
import { type LibContext, type LibResult, emptyResult, importOf, lineIndent, removeImport, simpleOf, usedOutside } from '../lib-edits.js';

const RULE = 'batch5/builders';
/** Beans the Batch 5 infrastructure (JobRepository and the transaction manager) is built from. */
const INFRASTRUCTURE = /DataSource|TransactionManager|JobRepository|JobLauncher|JobExplorer|JobRegistry|BatchConfigurer|EntityManagerFactory|BatchConfiguration/;

interface Param {
  /** A constructor parameter, an injected `lateinit var` property of the class, a function parameter. */
  kind: 'ctor' | 'prop' | 'fn';
  factory: string;
  builder: string;
  name: string;
  /** Non-private: another file may read it. */
  visible: boolean;
  /** The whole declaration, its `name: Type` part, and whether it is a property. */
  node: { start: number; end: number };
  nameType: { start: number; end: number };
  modifiers: string;
  property: boolean;
  ok: boolean;
}

/** A class whose primary constructor, or a function whose parameter list, takes factories. */
interface Owner {
  kind: 'class' | 'function';
  /** tree-sitter-kotlin found a syntax error inside: the structure is not trusted. */
  broken: boolean;
  /** Functions: annotated @Bean (Spring then injects the new parameters). */
  bean: boolean;
  name: string;
  start: number;
  end: number;
  params: Param[];
  /** Other constructor parameters: name -> type as written. */
  others: Map<string, { type: string; property: boolean }>;
  /** Offsets of the parameter list's entries, to place a new one after the last. */
  list: { start: number; end: number }[];
}

const named = (n: Node) => n.namedChildren.filter((c): c is Node => c !== null);

/** The classes (primary constructors) and functions of the file with factory-typed parameters. */
function owners(ctx: LibContext): Owner[] {
  const { model } = ctx;
  const factories = ctx.libs.batch.factories;
  const typeOf = (written: string) =>
    factories.find((f) => written === f.factory || (written === simpleOf(f.factory) && model.importedNames.get(written) === f.factory));
  const out: Owner[] = [];
  const collect = (decl: Node, kind: Owner['kind'], list: Node[], props: Node[] = []) => {
    const mods = named(decl).find((k) => k.type === 'modifiers');
    const bean = !!mods && named(mods).some((a) => a.type === 'annotation' && /^@(org\.springframework\.context\.annotation\.)?Bean\b/.test(a.text));
    const name = named(decl).find((k) => k.type === 'identifier')?.text ?? '';
    const found: Owner = { kind, broken: decl.hasError, bean, name, start: decl.startIndex, end: decl.endIndex, params: [], others: new Map(), list: list.map((p) => ({ start: p.startIndex, end: p.endIndex })) };
    for (const p of [...list, ...props]) {
      const pkind: Param['kind'] = p.type === 'property_declaration' ? 'prop' : kind === 'function' ? 'fn' : 'ctor';
      const kids = named(p);
      const variable = pkind === 'prop' ? kids.find((k) => k.type === 'variable_declaration') : p;
      const vkids = variable ? named(variable) : [];
      const pname = vkids.find((k) => k.type === 'identifier');
      const type = vkids.find((k) => k.type === 'user_type' || k.type === 'nullable_type');
      if (!pname || !type) continue;
      const pmods = kids.find((k) => k.type === 'modifiers' || k.type === 'parameter_modifiers');
      // A function parameter is in scope in the whole body, like a constructor property.
      const property = kind === 'function' || pkind === 'prop' || p.children.some((k) => k?.type === 'val' || k?.type === 'var');
      const row = typeOf(type.text.replace(/\s+/g, ''));
      if (!row) {
        found.others.set(pname.text, { type: type.text, property });
        continue;
      }
      const isVar = p.children.some((k) => k?.type === 'var');
      const modText = pmods?.text ?? '';
      const mods = pmods ? named(pmods) : [];
      const visibility = mods.find((m) => m.type === 'visibility_modifier')?.text;
      // `@Autowired (private) lateinit var x: Factory`: field injection, no initializer, nothing else.
      const injected =
        pkind === 'prop' &&
        isVar &&
        !kids.some((k) => k.startIndex >= type.endIndex) &&
        mods.some((m) => m.type === 'annotation' && /^@(\w+\.)*(Autowired|Inject)$/.test(m.text)) &&
        mods.every((m) => m.type === 'annotation' || m.text === 'lateinit' || m.text === 'private' || m.text === 'public');
      const ok = pkind === 'prop' ? injected : !isVar && (kind === 'class' && property ? modText === 'private' : modText === '');
      found.params.push({
        kind: pkind,
        visible: pkind === 'prop' ? visibility !== 'private' : false,
        factory: row.factory,
        builder: row.builder,
        name: pname.text,
        node: { start: p.startIndex, end: p.endIndex },
        nameType: { start: pname.startIndex, end: type.endIndex },
        modifiers: model.text.slice(p.startIndex, pname.startIndex),
        property,
        ok,
      });
    }
    if (found.params.length) out.push(found);
  };
  withSharedTree(ctx.trees, 'kotlin', model.text, (tree) => {
    const visit = (n: Node) => {
      for (const c of named(n)) {
        if (c.type === 'class_declaration') {
          const ctor = named(c).find((k) => k.type === 'primary_constructor');
          const params = ctor ? named(ctor).find((k) => k.type === 'class_parameters') : undefined;
          const body = named(c).find((k) => k.type === 'class_body');
          const props = body ? named(body).filter((k) => k.type === 'property_declaration') : [];
          collect(c, 'class', params ? named(params).filter((p) => p.type === 'class_parameter') : [], props);
        } else if (c.type === 'function_declaration') {
          const params = named(c).find((k) => k.type === 'function_value_parameters');
          collect(c, 'function', params ? named(params).filter((p) => p.type === 'parameter') : []);
        }
        visit(c);
      }
    };
    visit(tree.rootNode);
  });
  return out;
}

/** Where a name means the owner's parameter: the function, or (a class's property) the whole file. */
const scopeOf = (ctx: LibContext, o: Owner) => (o.kind === 'function' ? { start: o.start, end: o.end } : { start: 0, end: ctx.model.text.length });
const within = (t: { start: number }, r: { start: number; end: number }) => t.start >= r.start && t.start < r.end;

/** Factory types written anywhere but the imports and the owners' parameters. */
function strayFactory(ctx: LibContext, all: readonly Owner[]): string | undefined {
  const { tokens } = ctx.model;
  const simple = new Set(ctx.libs.batch.factories.map((f) => simpleOf(f.factory)));
  const imports = ctx.model.imports.map((i) => ({ start: tokens[i.startToken]!.start, end: tokens[i.endToken]!.end }));
  const stray = tokens.find((t) => t.type === 'ident' && simple.has(t.value) && !imports.some((r) => within(t, r)) && !all.some((o) => o.params.some((p) => within(t, p.node))));
  return stray?.value;
}

/** Why this owner's factories cannot be replaced, or undefined. */
function blocker(ctx: LibContext, o: Owner, calls: Map<Param, { at: number; first: number }[]>): string | undefined {
  const { tokens } = ctx.model;
  if (o.kind === 'function' && !o.bean) return `${o.name} takes a factory but is not a @Bean function`;
  const bad = o.params.find((p) => !p.ok);
  if (bad) return `${bad.name} is declared '${bad.modifiers.trim().replace(/\s+/g, ' ')}' (only a private val, a plain parameter or an @Autowired lateinit var is replaced)`;
  const scope = scopeOf(ctx, o);
  for (const p of o.params) {
    const gets = new Set(calls.get(p)!.map((g) => g.at));
    const other = tokens.find((t, k) => t.type === 'ident' && t.value === p.name && within(t, scope) && !gets.has(k) && !within(t, p.node));
    if (other) return `${p.name} is used other than as ${p.name}.get(..)`;
    if (calls.get(p)!.some((g) => !within(tokens[g.at]!, o))) return `${p.name}.get(..) is called outside ${o.kind === 'class' ? 'its class' : 'its function'}`;
  }
  if (o.kind === 'function') return undefined;
  // Another file constructing the class (a test, a hand-written configuration) passes factories;
  // another file may read a property that is not private.
  const ctor = o.params.some((p) => p.kind === 'ctor');
  const visible = o.params.filter((p) => p.visible).map((p) => p.name);
  const reach = new RegExp([ctor ? `\\b${o.name}\\s*\\(` : '', ...visible.map((n) => `\\.${n}\\b`)].filter(Boolean).join('|'));
  const other = ctor || visible.length ? ctx.project.ofKind('java', 'kotlin').find((f) => f.text !== undefined && f.text !== ctx.model.text && reach.test(f.text)) : undefined;
  if (other) return `${other.path} ${ctor ? 'calls its constructor' : `may read ${visible.join(', ')}`}`;
  const fn = tokens.findIndex((t, k) => t.value === 'fun' && t.type === 'ident' && within(t, o) && INFRASTRUCTURE.test(signature(ctx, k)));
  if (fn >= 0) return `the class declares ${signature(ctx, fn).trim()}, which the JobRepository / transaction manager are built from: injecting them into its constructor would be circular (take them as @Bean function parameters instead)`;
  return undefined;
}

/** A function's name and declared return type (`dataSource: DataSource`), without its parameters. */
function signature(ctx: LibContext, fun: number): string {
  const { tokens, text } = ctx.model;
  const name = tokens[fun + 1];
  if (name?.type !== 'ident' || tokens[fun + 2]?.value !== '(') return name?.value ?? '';
  const close = matchingBracket(tokens, fun + 2);
  let j = close + 1;
  while (tokens[j] && tokens[j]!.value !== '{' && tokens[j]!.value !== '=' && tokens[j]!.value !== '}') j++;
  return `${name.value}${j > close + 1 ? text.slice(tokens[close]!.end, tokens[j - 1]!.end) : ''}`;
}

/** Is the name spelled by an identifier in the range? */
const nameUsed = (tokens: readonly Token[], name: string, r: { start: number; end: number }) => tokens.some((t) => t.type === 'ident' && t.value === name && within(t, r));

export function migrateBatchKotlin(ctx: LibContext, fallback: (ctx: LibContext, why: string) => LibResult): LibResult {
  const all = owners(ctx);
  if (all.some((o) => o.broken)) return fallback(ctx, 'tree-sitter-kotlin does not parse the declaration cleanly');
  if (!all.length) return fallback(ctx, 'the factories are neither constructor parameters, injected properties nor @Bean function parameters');
  const stray = strayFactory(ctx, all);
  if (stray) return fallback(ctx, `${stray} is also used other than as a constructor or @Bean function parameter`);
  if (all.filter((o) => o.kind === 'class').length > 1 || (all.some((o) => o.kind === 'class') && all.length > 1))
    return fallback(ctx, 'several classes or functions of the file take the factories in different ways');
  const out = emptyResult();
  for (const o of all) {
    const r = ownerEdits(ctx, o, out);
    if (typeof r === 'string') return fallback(ctx, r);
  }
  for (const row of ctx.libs.batch.factories) {
    const imp = importOf(ctx.model, row.factory);
    if (imp && !usedOutside(ctx.model, simpleOf(row.factory), out.edits)) out.edits.push(removeImport(ctx.model, imp, RULE));
  }
  return out;
}

/** The edits for one owner (into out), or why it cannot be rewritten. */
function ownerEdits(ctx: LibContext, o: Owner, out: LibResult): string | undefined {
  const { tokens, text } = ctx.model;
  const batch = ctx.libs.batch;
  const calls = new Map(o.params.map((p) => [p, getCalls(tokens, p.name).filter((g) => within(tokens[g.at]!, scopeOf(ctx, o)))] as const));
  const why = blocker(ctx, o, calls);
  if (why) return why;
  // The names the builders are given: an existing parameter of the right type, or new.
  const scope = scopeOf(ctx, o);
  const existing = (type: string, name: string): string | undefined | false => {
    const found = [...o.others].find(([, p]) => p.type === simpleOf(type) || p.type === type);
    if (found) return found[1].property ? found[0] : false;
    return nameUsed(tokens, name, scope) ? false : undefined;
  };
  const repoName = existing(batch.jobRepository, 'jobRepository');
  if (repoName === false) return 'the name jobRepository is taken, or a JobRepository parameter is not a property';
  const edits: Edit[] = [];
  const findings: LibResult['findings'] = [];
  const imports: string[] = [];
  const repo = repoName ?? 'jobRepository';
  let needsTm = false;
  const tmName = existing(batch.transactionManager, 'transactionManager');
  const tm = tmName || 'transactionManager';
  for (const p of o.params) {
    for (const g of calls.get(p)!) {
      const close = matchingBracket(tokens, g.at + 3);
      const arg = text.slice(tokens[g.at + 4]!.start, tokens[close - 1]!.end);
      edits.push({ start: tokens[g.first]!.start, end: tokens[close]!.end, text: `${simpleOf(p.builder)}(${arg}, ${repo})`, rule: RULE });
      imports.push(p.builder);
      const tx = transactionalEdits(ctx, close, tm);
      if (!tx) return `a chunk/tasklet call after ${p.name}.get(..) has both arguments and a trailing lambda`;
      if (tx.length) needsTm = true;
      edits.push(...tx);
      if (p.builder.endsWith('StepBuilder') && !tx.length && tokens[close + 1]?.value !== '.')
        findings.push({ rule: RULE, severity: 'warning', offset: tokens[g.at]!.start, message: 'StepBuilder kept in a variable: pass the PlatformTransactionManager to its chunk(..)/tasklet(..) call (Spring Batch 5)', docs: batch.source });
    }
  }
  if (needsTm && tmName === false) return 'the name transactionManager is taken, or a PlatformTransactionManager parameter is not a property';
  edits.push(...parameterEdits(ctx, o, repoName === undefined, needsTm && tmName === undefined));
  if (repoName === undefined) imports.push(batch.jobRepository);
  if (needsTm && tmName === undefined) imports.push(batch.transactionManager);
  out.edits.push(...edits);
  out.findings.push(...findings);
  out.imports.push(...imports);
  return undefined;
}

/**
 * The factory parameters give way to `jobRepository: JobRepository` (the first) and
 * `transactionManager: PlatformTransactionManager` (the second, or added after the first with the
 * same modifiers and the list's own separator); factory parameters left over are removed.
 */
function parameterEdits(ctx: LibContext, cls: Owner, addRepo: boolean, addTm: boolean): Edit[] {
  const batch = ctx.libs.batch;
  const wanted: string[] = [];
  if (addRepo) wanted.push(`jobRepository: ${simpleOf(batch.jobRepository)}`);
  if (addTm) wanted.push(`transactionManager: ${simpleOf(batch.transactionManager)}`);
  // The job factory (if any) takes the repository: keeps `jobs` -> `jobRepository` side by side.
  const params = [...cls.params].sort((a, b) => Number(b.builder.endsWith('JobBuilder')) - Number(a.builder.endsWith('JobBuilder')) || a.node.start - b.node.start);
  const edits: Edit[] = [];
  const removals: Edit[] = [];
  params.forEach((p, i) => {
    if (i < wanted.length) {
      const more = i === params.length - 1 && wanted.length > params.length ? wanted.slice(i + 1) : [];
      const sep = separator(ctx, cls, p);
      edits.push({ start: p.nameType.start, end: p.nameType.end, text: [wanted[i]!, ...more.map((w) => `${p.modifiers}${w}`)].join(sep), rule: RULE });
      return;
    }
    removals.push(removal(ctx.model.text, cls, p));
  });
  // Two removals may share a comma: one deletion over their union.
  removals.sort((a, b) => a.start - b.start);
  for (const r of removals) {
    const last = edits[edits.length - 1];
    if (last && last.text === '' && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else edits.push(r);
  }
  return edits;
}

/** What separates constructor parameters in this list: `,` + the line break and indent, or `, `. */
function separator(ctx: LibContext, cls: Owner, p: Param): string {
  const { text } = ctx.model;
  if (p.kind === 'prop') return `${ctx.eol}${lineIndent(text, p.node.start)}`;
  const i = cls.list.findIndex((l) => l.start === p.node.start);
  const neighbour = cls.list[i + 1] ?? cls.list[i - 1];
  // Alone in the list: one per line when the parameter sits on a line of its own.
  const perLine = neighbour
    ? text.slice(Math.min(neighbour.end, p.node.end), Math.max(neighbour.start, p.node.start)).includes('\n')
    : /\n[ \t]*$/.test(text.slice(0, p.node.start));
  return perLine ? `,${ctx.eol}${lineIndent(text, p.node.start)}` : ', ';
}

/** Removes a parameter with the comma on one side (the previous one, else the next). */
function removal(text: string, cls: Owner, p: Param): Edit {
  if (p.kind === 'prop') return removalEdit(text, p.node.start, p.node.end, RULE);
  const i = cls.list.findIndex((l) => l.start === p.node.start);
  const prev = cls.list[i - 1];
  const next = cls.list[i + 1];
  if (prev) return { start: prev.end, end: p.node.end, text: '', rule: RULE };
  if (next) return { start: p.node.start, end: next.start, text: '', rule: RULE };
  return { start: p.node.start, end: p.node.end, text: '', rule: RULE };
}
