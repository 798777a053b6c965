// Spring Batch 5 in sources: JobBuilderFactory / StepBuilderFactory are gone.
//   jobs.get("job")   -> new JobBuilder("job", jobRepository)
//   steps.get("step") -> new StepBuilder("step", jobRepository), and in that chain
//   .chunk(n) / .tasklet(t) -> .chunk(n, transactionManager) / .tasklet(t, transactionManager)
// with JobRepository and PlatformTransactionManager taken as parameters of the @Bean method
// (Spring injects them), the factory field (or the factory parameter) removed. Java only, and
// only when every use of a factory is `<factory>.get(..)` inside a @Bean method; anything else
// (constructor injection, a use outside a @Bean method) is a finding with the replacement.
// Kotlin, where constructor injection is the common shape, is batch5-kotlin.ts.
import type { Edit } from '../../../src/engine/types.js';
import { matchingBracket, type Token } from '../../../src/formats/jvm-tokens.js';
import { removalEdit } from '../annotations.js';
import { type LibContext, type LibResult, callArgs, emptyResult, importOf, refersToType, removeImport, simpleOf, usedOutside } from '../lib-edits.js';
import { annotationSpans } from '../lib-declarations.js';
import { migrateBatchKotlin } from './batch5-kotlin.js';
import { getCalls } from './batch5-kotlin-chain.js';

export const BATCH_RULES = { builders: 'batch5/builders' } as const;
const RULE = BATCH_RULES.builders;

interface Method {
  /** Token of the name, of '(' and ')' of the parameters, and of the body braces. */
  name: number;
  open: number;
  close: number;
  bodyOpen: number;
  bodyClose: number;
  bean: boolean;
}

interface Holder {
  factory: string;
  builder: string;
  name: string;
  kind: 'field' | 'beanParam' | 'other';
  /** Tokens of the declaration to delete (field) or replace (parameter). */
  first: number;
  last: number;
  method?: Method;
}

/** Methods with a body, anywhere in the file, with whether a @Bean annotation precedes them. */
function methods(ctx: LibContext): Method[] {
  const { tokens } = ctx.model;
  const beanEnds = new Set(annotationSpans(ctx.model).filter((a) => a.name === 'Bean' || a.name.endsWith('.Bean')).map((a) => a.end));
  const out: Method[] = [];
  for (let k = 1; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.type !== 'ident' || tokens[k + 1]?.value !== '(' || tokens[k - 1]?.type !== 'ident' && tokens[k - 1]?.value !== '>' && tokens[k - 1]?.value !== ']') continue;
    if (['new', 'return', 'throw', 'else'].includes(tokens[k - 1]!.value)) continue;
    const close = matchingBracket(tokens, k + 1);
    let b = close + 1;
    if (tokens[b]?.value === 'throws') while (tokens[b] && tokens[b]!.value !== '{' && tokens[b]!.value !== ';') b++;
    if (tokens[b]?.value !== '{') continue;
    // Walk back over the return type and modifiers to the annotations.
    let j = k - 1;
    let bean = false;
    while (j > 0) {
      const p = tokens[j]!;
      if (beanEnds.has(j)) bean = true;
      if (p.value === ';' || p.value === '{' || p.value === '}') break;
      j--;
    }
    out.push({ name: k, open: k + 1, close, bodyOpen: b, bodyClose: matchingBracket(tokens, b), bean });
  }
  return out;
}

const enclosing = (ms: Method[], k: number) => ms.filter((m) => k > m.bodyOpen && k < m.bodyClose).sort((a, b) => b.bodyOpen - a.bodyOpen)[0];

/** Declarations of factory-typed variables: fields, @Bean method parameters, anything else. */
function holders(ctx: LibContext, ms: Method[]): Holder[] {
  const { tokens } = ctx.model;
  const out: Holder[] = [];
  for (const row of ctx.libs.batch.factories) {
    if (!refersToType(ctx.model, row.factory)) continue;
    const simple = simpleOf(row.factory);
    for (let k = 0; k < tokens.length; k++) {
      const t = tokens[k]!;
      if (t.type !== 'ident' || t.value !== simple || tokens[k + 1]?.type !== 'ident' || tokens[k - 1]?.value === '.') continue;
      const name = tokens[k + 1]!.value;
      const after = tokens[k + 2]?.value;
      const before = tokens[k - 1]?.value;
      const inParams = ms.find((m) => k > m.open && k < m.close);
      if (inParams && (after === ',' || after === ')')) {
        let first = k;
        while (tokens[first - 1] && tokens[first - 1]!.value !== ',' && tokens[first - 1]!.value !== '(') first--;
        out.push({ factory: row.factory, builder: row.builder, name, kind: inParams.bean ? 'beanParam' : 'other', first, last: k + 1, method: inParams });
      } else if (after === ';' && !enclosing(ms, k) && before !== '(' && before !== ',') {
        let first = k;
        while (first > 0 && !['{', '}', ';'].includes(tokens[first - 1]!.value)) first--;
        out.push({ factory: row.factory, builder: row.builder, name, kind: 'field', first, last: k + 2 });
      } else out.push({ factory: row.factory, builder: row.builder, name, kind: 'other', first: k, last: k + 1 });
    }
  }
  return out;
}

/** Other uses of a holder's name (not its declaration, not `.get(`): these block the rewrite. */
function otherUses(tokens: readonly Token[], h: Holder, gets: { at: number }[]): number[] {
  const ok = new Set(gets.map((g) => g.at));
  const out: number[] = [];
  tokens.forEach((t, k) => {
    if (t.type === 'ident' && t.value === h.name && (k < h.first || k > h.last) && !ok.has(k) && tokens[k - 1]?.value !== '.') out.push(k);
    else if (t.type === 'ident' && t.value === h.name && tokens[k - 1]?.value === '.' && tokens[k - 2]?.value === 'this' && !ok.has(k)) out.push(k);
  });
  return out;
}

/** `.chunk(..)`/`.tasklet(..)` with one argument in the chain that starts after `get(..)`'s ')'. */
function transactionalCalls(ctx: LibContext, from: number): number[] {
  const { tokens } = ctx.model;
  const names = new Set(ctx.libs.batch.transactional);
  const out: number[] = [];
  let j = from + 1;
  while (tokens[j]?.value === '.') {
    let n = j + 1;
    if (tokens[n]?.value === '<') {
      while (tokens[n] && tokens[n]!.value !== '>') n++; // .<I, O>chunk(..)
      n++;
    }
    if (tokens[n]?.type !== 'ident' || tokens[n + 1]?.value !== '(') break;
    if (names.has(tokens[n]!.value) && callArgs(tokens, n + 1).length === 1) out.push(n);
    j = matchingBracket(tokens, n + 1) + 1;
  }
  return out;
}

/** The name of a parameter of the given simple type in the method, if it has one. */
function paramOfType(tokens: readonly Token[], m: Method, simple: string): string | undefined {
  for (let k = m.open + 1; k < m.close; k++) if (tokens[k]!.value === simple && tokens[k + 1]?.type === 'ident' && tokens[k - 1]?.value !== '.') return tokens[k + 1]!.value;
  return undefined;
}

function nameClash(tokens: readonly Token[], m: Method, name: string): boolean {
  for (let k = m.open + 1; k < m.bodyClose; k++) if (tokens[k]!.type === 'ident' && tokens[k]!.value === name) return true;
  return false;
}

const KOTLIN_MESSAGE =
  'use JobBuilder("name", jobRepository) / StepBuilder("name", jobRepository) with JobRepository and PlatformTransactionManager as constructor properties or @Bean function parameters, and .chunk(n, transactionManager) / .tasklet(t, transactionManager)';

/** Kotlin not rewritten: every use of a factory type outside the imports is reported, with why. */
function kotlinFindings(ctx: LibContext, why: string): LibResult {
  const out = emptyResult();
  const { tokens } = ctx.model;
  const importTokens = new Set<number>();
  for (const i of ctx.model.imports) for (let k = i.startToken; k <= i.endToken; k++) importTokens.add(k);
  for (const row of ctx.libs.batch.factories) {
    if (!refersToType(ctx.model, row.factory)) continue;
    const simple = simpleOf(row.factory);
    tokens.forEach((t, k) => {
      if (t.type === 'ident' && t.value === simple && !importTokens.has(k) && tokens[k - 1]?.value !== '.')
        out.findings.push({ rule: RULE, severity: 'error', offset: t.start, message: `${simple} is removed in Spring Batch 5 and this file was not rewritten: ${why}. In Kotlin, ${KOTLIN_MESSAGE}`, docs: row.source });
    });
  }
  return out;
}

export function migrateBatch(ctx: LibContext): LibResult {
  const out = emptyResult();
  const { tokens } = ctx.model;
  const batch = ctx.libs.batch;
  if (ctx.lang !== 'java') return batch.factories.some((r) => refersToType(ctx.model, r.factory)) ? migrateBatchKotlin(ctx, kotlinFindings) : out;
  const ms = methods(ctx);
  const hs = holders(ctx, ms);
  if (!hs.length) return out;
  const report = (k: number, why: string) =>
    out.findings.push({
      rule: RULE,
      severity: 'error',
      offset: tokens[k]!.start,
      message: `JobBuilderFactory/StepBuilderFactory are removed in Spring Batch 5 and this file was not rewritten: ${why}. Use new JobBuilder("name", jobRepository) / new StepBuilder("name", jobRepository) with JobRepository and PlatformTransactionManager as @Bean method parameters, and .chunk(n, transactionManager) / .tasklet(t, transactionManager)`,
      docs: batch.source,
    });
  const edits: Edit[] = [];
  const params = new Map<Method, { repo?: string; tm?: string; replace: Holder[] }>();
  for (const h of hs) {
    const gets = getCalls(tokens, h.name);
    const others = otherUses(tokens, h, gets);
    if (h.kind === 'other') return report(h.first, `${simpleOf(h.factory)} is injected through a constructor or a method that is not a @Bean method`), out;
    if (others.length) return report(others[0]!, `${h.name} is used other than as ${h.name}.get(..)`), out;
    for (const g of gets) {
      const m: Method | undefined = h.kind === "beanParam" ? h.method : enclosing(ms, g.at);
      if (!m?.bean || (h.kind === 'beanParam' && enclosing(ms, g.at) !== h.method)) return report(g.at, `${h.name}.get(..) is called outside a @Bean method`), out;
      const p: { repo?: string; tm?: string; replace: Holder[] } = params.get(m) ?? { replace: [] };
      params.set(m, p);
      p.repo ??= paramOfType(tokens, m, simpleOf(batch.jobRepository)) ?? (nameClash(tokens, m, 'jobRepository') ? undefined : '+jobRepository');
      if (!p.repo) return report(m.name, `${tokens[m.name]!.value} already uses the name jobRepository`), out;
      if (h.kind === 'beanParam' && !p.replace.includes(h)) p.replace.push(h);
      const close = matchingBracket(tokens, g.at + 3);
      const arg = ctx.model.text.slice(tokens[g.at + 4]!.start, tokens[close - 1]!.end);
      const repo = p.repo.replace(/^\+/, '');
      edits.push({ start: tokens[g.first]!.start, end: tokens[close]!.end, text: `new ${simpleOf(h.builder)}(${arg}, ${repo})`, rule: RULE });
      out.imports.push(h.builder);
      const tx = transactionalCalls(ctx, close);
      if (tx.length) {
        p.tm ??= paramOfType(tokens, m, simpleOf(batch.transactionManager)) ?? (nameClash(tokens, m, 'transactionManager') ? undefined : '+transactionManager');
        if (!p.tm) return report(m.name, `${tokens[m.name]!.value} already uses the name transactionManager`), out;
        for (const c of tx) {
          const end = matchingBracket(tokens, c + 1);
          edits.push({ start: tokens[end]!.start, end: tokens[end]!.start, text: `, ${p.tm.replace(/^\+/, '')}`, rule: RULE });
        }
      } else if (h.builder.endsWith('StepBuilder') && tokens[close + 1]?.value !== '.') {
        out.findings.push({ rule: RULE, severity: 'warning', offset: tokens[g.at]!.start, message: 'StepBuilder kept in a variable: pass the PlatformTransactionManager to its chunk(..)/tasklet(..) call (Spring Batch 5)', docs: batch.source });
      }
    }
    if (h.kind === 'field') edits.push(removalEdit(ctx.model.text, tokens[h.first]!.start, tokens[h.last]!.end, RULE, 'after'));
  }
  for (const [m, p] of params) {
    const added: string[] = [];
    if (p.repo?.startsWith('+')) {
      added.push(`${simpleOf(batch.jobRepository)} jobRepository`);
      out.imports.push(batch.jobRepository);
    }
    if (p.tm?.startsWith('+')) {
      added.push(`${simpleOf(batch.transactionManager)} transactionManager`);
      out.imports.push(batch.transactionManager);
    }
    if (p.replace.length) {
      // The factory parameters give way to the new ones (the first takes them, the others go).
      p.replace.forEach((h, i) => {
        let start = tokens[h.first]!.start;
        let end = tokens[h.last]!.end;
        const text = i === 0 ? added.join(', ') : '';
        if (!text) {
          if (tokens[h.first - 1]?.value === ',') start = tokens[h.first - 2]!.end;
          else if (tokens[h.last + 1]?.value === ',') end = tokens[h.last + 2]!.start;
        }
        edits.push({ start, end, text, rule: RULE });
      });
    } else if (added.length) {
      const at = tokens[m.close]!.start;
      edits.push({ start: at, end: at, text: (m.close === m.open + 1 ? '' : ', ') + added.join(', '), rule: RULE });
    }
  }
  out.edits.push(...edits);
  for (const row of batch.factories) {
    const imp = importOf(ctx.model, row.factory);
    if (imp && !usedOutside(ctx.model, simpleOf(row.factory), edits)) out.edits.push(removeImport(ctx.model, imp, RULE));
  }
  return out;
}
