// Apache HttpClient 4 -> 5 behind Spring 6's HttpComponentsClientHttpRequestFactory, which only
// takes an HttpClient 5 client. The packages move (org.apache.http -> org.apache.hc.client5 /
// org.apache.hc.core5) and the builder and timeout APIs around them change (Timeout objects,
// connection managers built by PoolingHttpClientConnectionManagerBuilder, ...), so a moved import
// alone rarely compiles: every HttpClient 4 type a file imports is reported with its HttpClient 5
// counterpart, in projects that hand a client to HttpComponentsClientHttpRequestFactory.
import type { Edit } from '../../../src/engine/types.js';
import { matchingBracket, type Token } from '../../../src/formats/jvm-tokens.js';
import { type LibContext, type LibResult, emptyResult, importOf, simpleOf } from '../lib-edits.js';
import { chainText } from '../model.js';

export const HTTPCLIENT_RULES = { types: 'httpclient5/types' } as const;

export const FACTORY = 'HttpComponentsClientHttpRequestFactory';
const usesFactory = new WeakMap<object, boolean>();

function projectUsesFactory(ctx: LibContext): boolean {
  let hit = usesFactory.get(ctx.project);
  if (hit === undefined) {
    hit = ctx.project.ofKind('java', 'kotlin').some((f) => f.text?.includes(FACTORY) ?? false);
    usesFactory.set(ctx.project, hit);
  }
  return hit;
}

export function migrateHttpClient(ctx: LibContext): LibResult {
  const out = emptyResult();
  const { model } = ctx;
  const rows = ctx.libs.httpclient.types;
  const old = model.imports.filter((i) => chainText(i.chain).startsWith('org.apache.http.'));
  if (!old.length || !projectUsesFactory(ctx)) return out;
  const plan = ctx.httpclientSwitch ? planHttpClient5(ctx) : undefined;
  if (plan && typeof plan !== 'string') {
    const one = ctx.libs.httpclient.oneToOne;
    out.edits.push(...plan);
    out.findings.push({ rule: HTTPCLIENT_RULES.types, severity: 'info', offset: plan[0]!.start, message: `HttpClient 4 -> 5 (${one.to.groupId}:${one.to.artifactId}, which the build now declares): the imports moved, the calls are the same; HttpClient 5's connection pool defaults differ (25 connections, 5 per route)`, docs: one.source });
    return out;
  }
  const kept = ctx.httpclientKept ? `; not moved in this run: ${ctx.httpclientKept}` : '';
  for (const imp of old) {
    const name = chainText(imp.chain);
    const row = rows.find((r) => r.from === name);
    const message = row
      ? `${name} is HttpClient 4; Spring 6's ${FACTORY} needs HttpClient 5 (org.apache.httpcomponents.client5:httpclient5): use ${row.to} (${row.note})${kept}`
      : `${name}${imp.chain.wildcard ? '.*' : ''} is HttpClient 4; Spring 6's ${FACTORY} needs HttpClient 5 (org.apache.httpcomponents.client5:httpclient5, packages org.apache.hc.client5.http / org.apache.hc.core5)${kept}`;
    // a file that hands its HttpClient 4 client to the factory does not compile on Spring 6
    const severity = model.text.includes(FACTORY) ? 'error' : 'warning';
    out.findings.push({ rule: HTTPCLIENT_RULES.types, severity, offset: model.tokens[imp.startToken]!.start, message, docs: row?.source ?? ctx.libs.httpclient.source });
  }
  return out;
}

/**
 * The one-to-one move of a file (switch on): each HttpClient 4 import to its HttpClient 5 type,
 * when every use stays inside `libraries.httpclient.oneToOne` (static or builder calls it lists,
 * client variables only closed); otherwise why not.
 */
export function planHttpClient5(ctx: LibContext): Edit[] | string {
  const { model } = ctx;
  const one = ctx.libs.httpclient.oneToOne;
  const imports = model.imports.filter((i) => chainText(i.chain).startsWith('org.apache.http.'));
  const known = new Set([...one.calls.map((c) => c.type), ...one.typesOnly]);
  const inImport = (k: number) => model.imports.some((i) => k >= i.startToken && k <= i.endToken);
  for (const i of imports) {
    const name = chainText(i.chain);
    if (i.chain.wildcard || i.isStatic || i.alias) return `import ${name}${i.chain.wildcard ? '.*' : ''} is not a plain single-type import`;
    if (!known.has(name)) return `${name} has no one-to-one HttpClient 5 form`;
  }
  const qualified = model.chains.find((c) => !model.declChains.has(c.first) && chainText(c).startsWith('org.apache.http.'));
  if (qualified) return `${chainText(qualified)} is written in full`;
  const { tokens } = model;
  for (const c of one.calls) {
    const simple = simpleOf(c.type);
    if (!importOf(model, c.type)) continue;
    for (let k = 0; k < tokens.length; k++) {
      if (tokens[k]!.value !== simple || tokens[k]!.type !== 'ident' || tokens[k - 1]?.value === '.' || inImport(k)) continue;
      const why = chainOutside(tokens, k, c.methods);
      if (why) return `${simple}${why}`;
    }
  }
  const clients = clientVariables(ctx, one);
  if (typeof clients === 'string') return clients;
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.type !== 'ident' || !clients.has(t.value) || tokens[k - 1]?.value === '.' || tokens[k + 1]?.value !== '.') continue;
    const m = tokens[k + 2]?.value ?? '';
    if (!one.instanceMethods.includes(m)) return `${t.value}.${m}(...) is HttpClient 4 API that changed in 5`;
  }
  return imports.map((i) => {
    const row = ctx.libs.httpclient.types.find((r) => r.from === chainText(i.chain))!;
    const c = i.chain;
    return { start: c.tokens[0]!.start, end: c.tokens[c.tokens.length - 1]!.end, text: row.to, rule: HTTPCLIENT_RULES.types };
  });
}

/** The `.m(...)` calls chained on tokens[k]: undefined when all are allowed, else the first other. */
function chainOutside(tokens: readonly Token[], k: number, allowed: readonly string[]): string | undefined {
  let j = k + 1;
  if (tokens[j]?.value !== '.') return ' used other than through its methods';
  while (tokens[j]?.value === '.' && tokens[j + 1]?.type === 'ident' && tokens[j + 2]?.value === '(') {
    if (!allowed.includes(tokens[j + 1]!.value)) return `.${tokens[j + 1]!.value}(...) has no one-to-one HttpClient 5 form`;
    j = matchingBracket(tokens, j + 2) + 1;
    if (j <= 0) return ' has an unbalanced call';
  }
  return tokens[j]?.value === '.' ? ` chain continues with .${tokens[j + 1]?.value ?? ''}` : undefined;
}

/** Names of variables, fields and parameters holding a client (typed with a typesOnly type, or set from a builder chain). */
function clientVariables(ctx: LibContext, one: LibContext['libs']['httpclient']['oneToOne']): Set<string> | string {
  const { tokens } = ctx.model;
  const types = new Set(one.typesOnly.filter((t) => importOf(ctx.model, t)).map(simpleOf));
  const roots = new Set(one.calls.filter((c) => importOf(ctx.model, c.type)).map((c) => simpleOf(c.type)));
  const out = new Set<string>();
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.type !== 'ident') continue;
    if (types.has(t.value) && tokens[k - 1]?.value !== '.' && !ctx.model.imports.some((i) => k >= i.startToken && k <= i.endToken)) {
      const next = tokens[k + 1];
      if (next?.value === '.' || next?.value === '(' || next?.value === '::') return `${t.value} is used other than as a type`;
      if (next?.type === 'ident') out.add(next.value); // Java: `CloseableHttpClient client`
      if (tokens[k - 1]?.value === ':' && tokens[k - 2]?.type === 'ident') out.add(tokens[k - 2]!.value); // Kotlin: `client: CloseableHttpClient`
    }
    if (roots.has(t.value) && tokens[k - 1]?.value === '=' && tokens[k - 2]?.type === 'ident') out.add(tokens[k - 2]!.value); // `val client = HttpClients...`
  }
  return out;
}
