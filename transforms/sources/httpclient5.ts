// Apache HttpClient 4 -> 5 behind Spring 6's HttpComponentsClientHttpRequestFactory, which only
// takes an HttpClient 5 client. The packages move (org.apache.http -> org.apache.hc.client5 /
// org.apache.hc.core5) and the builder and timeout APIs around them change (Timeout objects,
// connection managers built by PoolingHttpClientConnectionManagerBuilder, ...), so a moved import
// alone rarely compiles: every HttpClient 4 type a file imports is reported with its HttpClient 5
// counterpart, in projects that hand a client to HttpComponentsClientHttpRequestFactory.
import { type LibContext, type LibResult, emptyResult } from './lib-edits.js';
import { chainText } from './model.js';

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
  for (const imp of old) {
    const name = chainText(imp.chain);
    const row = rows.find((r) => r.from === name);
    const message = row
      ? `${name} is HttpClient 4; Spring 6's ${FACTORY} needs HttpClient 5 (org.apache.httpcomponents.client5:httpclient5): use ${row.to} (${row.note})`
      : `${name}${imp.chain.wildcard ? '.*' : ''} is HttpClient 4; Spring 6's ${FACTORY} needs HttpClient 5 (org.apache.httpcomponents.client5:httpclient5, packages org.apache.hc.client5.http / org.apache.hc.core5)`;
    out.findings.push({ rule: HTTPCLIENT_RULES.types, severity: 'warning', offset: model.tokens[imp.startToken]!.start, message, docs: row?.source ?? ctx.libs.httpclient.source });
  }
  return out;
}
