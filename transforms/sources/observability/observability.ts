// Observability in sources, reported and never rewritten:
// - Boot 2's metrics tags providers and contributors (WebMvcTagsProvider, WebFluxTagsContributor,
//   RestTemplateExchangeTagsProvider, ...) are deprecated in 3.0 for removal in 3.2. Boot 3.0
//   still adapts such a bean, so the code compiles and runs (a warning); on a 3.2+ target it
//   does not compile (an error); the replacement is an observation
//   convention whose method takes one context object instead of the request, response, handler
//   and exception. The body that computes the tags has to be re-read against that context (the
//   MVC handler is not in it, getLongRequestTags has no counterpart), so each implementation,
//   anonymous class and bean is reported at its line with the class to extend, the method to
//   override and where each old argument now comes from.
// - Sleuth's @NewSpan/@ContinueSpan/@SpanTag: Micrometer Tracing 1.0 (the line Boot 3.0 manages)
//   has annotations of the same names but nothing that processes them (the aspect arrives in
//   1.1), so moving the import would compile and silently drop the spans. Reported with what
//   works on Boot 3.0. While such an import stays, build/sleuth-tracing keeps the Sleuth build.
import type { FindingInput } from '../../../src/engine/types.js';
import { matchingBracket, type Token } from '../../../src/formats/jvm-tokens.js';
import type { LibrariesSection, TagsProviderRow } from '../../../src/table/sections/libraries.js';
import { type LibContext, type LibResult, emptyResult, refersToType, simpleOf } from '../lib-edits.js';
import { annotationIs, annotationSpans, classDecls, type ClassDecl } from '../lib-declarations.js';
import { chainText } from '../model.js';

export const OBSERVABILITY_RULES = { tagsProvider: 'observability/tags-provider', newSpan: 'observability/new-span' } as const;

/** The removed-API rows this module reports itself (the generic follow-up would repeat them at the import). */
export const ownedTypes = (libs: LibrariesSection): string[] => libs.observability.tagsProviders.map((r) => r.type);

type Use = 'class' | 'anonymous' | 'other';

/** How the token at k uses the type: in a class header, as an anonymous class, or elsewhere (bean type, new). */
function useOf(tokens: readonly Token[], k: number, classes: readonly ClassDecl[]): { use: Use; name?: string } {
  const decl = classes.find((c) => c.open !== undefined && c.keyword < k && k < c.open);
  if (decl) return { use: 'class', name: decl.name };
  let j = k - 1;
  while (tokens[j]?.value === '.' && tokens[j - 1]?.type === 'ident') j -= 2; // a qualified name
  const before = tokens[j]?.value;
  if (before === 'new' || (before === ':' && tokens[j - 1]?.value === 'object')) {
    // `new X() {` / `new X {` (Kotlin has no `new`) / `object : X {` / `object : X() {`
    let m = k + 1;
    if (tokens[m]?.value === '(') m = matchingBracket(tokens, m) + 1;
    if (tokens[m]?.value === '{') return { use: 'anonymous' };
  }
  return { use: 'other' };
}

/** The finding's text: what the code is, and the convention to write in its place (Java or Kotlin form). */
function conventionText(ctx: LibContext, row: TagsProviderRow, use: Use, name: string | undefined): string {
  const old = simpleOf(row.type);
  const base = simpleOf(row.base);
  const context = simpleOf(row.context);
  const method =
    ctx.lang === 'java'
      ? `@Override public KeyValues getLowCardinalityKeyValues(${context} context) { return super.getLowCardinalityKeyValues(context).and("<tag>", <value>); }`
      : `override fun getLowCardinalityKeyValues(context: ${context}): KeyValues = super.getLowCardinalityKeyValues(context).and("<tag>", <value>)`;
  const whole = /Provider$/.test(old) && !old.startsWith('Default') ? ` (or implement ${simpleOf(row.convention)} to replace every key value, as a whole provider did)` : '';
  const deprecated = row.removedIn
    ? `${old} was removed in Spring Boot ${row.removedIn}: this code does not compile on Spring Boot ${ctx.target ?? row.removedIn}`
    : `${old} is deprecated in Boot 3.0 for removal in 3.2 (3.0 still adapts such a bean)`;
  const what =
    use === 'class' ? `${name} is a ${old}: ${deprecated}; make ${name} extend` : use === 'anonymous' ? `This anonymous ${old}: ${deprecated}; write a class extending` : `${deprecated}; in place of this bean write a class extending`;
  return (
    `${what} ${base} (${row.base})${whole}, overriding ${method} (io.micrometer.common.KeyValues): ${row.reads}. ` +
    `Declare it as a @Bean of type ${simpleOf(row.convention)} (${row.convention}): Boot ${row.removedIn ? '' : '3.0 '}then uses it in place of the default convention (a customised metric name goes to the constructor)`
  );
}

function tagsProviders(ctx: LibContext, out: LibResult): void {
  const { model } = ctx;
  const { tokens } = model;
  const rows = ctx.libs.observability.tagsProviders.filter((r) => refersToType(model, r.type));
  if (!rows.length) return;
  const importTokens = new Set<number>();
  for (const i of model.imports) for (let k = i.startToken; k <= i.endToken; k++) importTokens.add(k);
  const classes = classDecls(model, annotationSpans(model));
  const lines = new Set<string>();
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.type !== 'ident' || importTokens.has(k)) continue;
    const row = rows.find((r) => simpleOf(r.type) === t.value);
    if (!row) continue;
    // A simple name is the type when the file imports it; a qualified use must spell the whole name.
    if (tokens[k - 1]?.value === '.' && !qualifiedAs(model, k, row.type)) continue;
    if (tokens[k - 1]?.value !== '.' && model.importedNames.get(t.value) !== row.type && !wildcardOf(model, row.type)) continue;
    const { use, name } = useOf(tokens, k, classes);
    const line = `${row.type}@${lineOf(model.text, t.start)}`;
    if (lines.has(line)) continue;
    lines.add(line);
    // removed on the target (3.2+), the bean's type is gone: an error; since an observation's metric
    // tags are not Boot 2's and getLongRequestTags has no counterpart, no rewrite is the same
    out.findings.push({ rule: OBSERVABILITY_RULES.tagsProvider, severity: row.removedIn ? 'error' : 'warning', offset: t.start, message: conventionText(ctx, row, use, name), docs: row.source.split(' ; ')[0] });
  }
}

function qualifiedAs(model: LibContext['model'], k: number, fq: string): boolean {
  const chain = model.chains.find((c) => c.first <= k && k <= c.last);
  return !!chain && chainText(chain).startsWith(fq) && chainText(chain).split('.').length >= fq.split('.').length;
}

function wildcardOf(model: LibContext['model'], fq: string): boolean {
  const pkg = fq.slice(0, fq.lastIndexOf('.'));
  return model.imports.some((i) => i.chain.wildcard && !i.isStatic && chainText(i.chain) === pkg);
}

function lineOf(text: string, offset: number): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

function sleuthAnnotations(ctx: LibContext, out: LibResult): void {
  const { model } = ctx;
  const obs = ctx.libs.observability;
  const rows = obs.sleuthAnnotations.filter((r) => refersToType(model, r.from));
  if (!rows.length) return;
  for (const span of annotationSpans(model)) {
    const row = rows.find((r) => annotationIs(model, span, r.from));
    if (!row) continue;
    // The rows write array attributes the Java way; Kotlin annotations take [..].
    const replacement = ctx.lang === 'kotlin' ? row.replacement.replace(/= \{([^}]*)\}/g, '= [$1]') : row.replacement;
    const finding: FindingInput = {
      rule: OBSERVABILITY_RULES.newSpan,
      // it compiles while Sleuth stays; build/sleuth-tracing is the error that keeps Boot 3.0 from starting
      severity: 'warning',
      offset: model.tokens[span.at]!.start,
      message:
        `@${simpleOf(row.from)} is Sleuth's (${row.from}), which has no Boot 3 release. Micrometer Tracing ${obs.tracing.managed}, the line Boot 3.0 manages, ` +
        `has ${row.to} but nothing that processes it (${simpleOf(obs.tracing.aspect)} arrives in ${obs.tracing.aspectSince}), so moving the import would compile and silently do nothing. ` +
        `${replacement}. While this import stays, build/sleuth-tracing keeps the Sleuth dependency`,
      docs: row.source.split(' ; ')[0],
    };
    out.findings.push(finding);
  }
}

export function migrateObservability(ctx: LibContext): LibResult {
  const out = emptyResult();
  tagsProviders(ctx, out);
  sleuthAnnotations(ctx, out);
  return out;
}
