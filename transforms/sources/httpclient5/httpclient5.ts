// Apache HttpClient 4 -> 5 behind Spring 6's HttpComponentsClientHttpRequestFactory, which only
// takes an HttpClient 5 client. The packages move (org.apache.http -> org.apache.hc.client5 /
// org.apache.hc.core5) and the builder and timeout APIs around them change (Timeout objects,
// connection managers built by PoolingHttpClientConnectionManagerBuilder, ...): every use is
// followed to its HttpClient 5 form (httpclient5-api.ts), and the run moves build and sources
// together when every file has one (httpclient5-switch.ts). Otherwise each use without one is
// reported, an error when the factory is given a client: HttpClient 4 left there does not compile.
import { type LibContext, type LibResult, emptyResult } from '../lib-edits.js';
import { chainText } from '../model.js';
import { planHttpClient5 } from './httpclient5-api.js';

export { planHttpClient5 };

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
  const plan = planHttpClient5(ctx);
  const one = ctx.libs.httpclient.oneToOne;
  if (ctx.httpclientSwitch && !('blockers' in plan)) {
    out.edits.push(...plan.edits);
    out.imports.push(...plan.imports);
    out.findings.push({ rule: HTTPCLIENT_RULES.types, severity: 'info', offset: plan.edits[0]!.start, message: `HttpClient 4 -> 5 (${one.to.groupId}:${one.to.artifactId}, which the build now declares): every use moved to its HttpClient 5 form; HttpClient 5's defaults differ where the code sets nothing (connection pool of 25 connections, 5 per route; connect and connection-request timeouts of 3 minutes)`, docs: one.source });
    for (const n of plan.notes) out.findings.push({ rule: HTTPCLIENT_RULES.types, severity: 'warning', offset: n.offset, message: n.message, docs: one.source });
    return out;
  }
  // Not moved. With the factory given a client, HttpClient 4 left in the build does not compile.
  const severity = ctx.httpclientFactory ? 'error' : 'warning';
  const kept = ctx.httpclientKept ? `; not moved in this run: ${ctx.httpclientKept}` : '';
  const stays = `HttpClient 4 stays, and Spring 6's ${FACTORY} takes an HttpClient 5 client (org.apache.httpcomponents.client5:httpclient5)`;
  if ('blockers' in plan) {
    for (const b of plan.blockers) out.findings.push({ rule: HTTPCLIENT_RULES.types, severity, offset: b.offset, message: `${b.message}. ${stays}`, docs: one.source });
    return out;
  }
  for (const imp of old) {
    const name = chainText(imp.chain);
    const row = rows.find((r) => r.from === name);
    const message = row
      ? `${name} is HttpClient 4; Spring 6's ${FACTORY} needs HttpClient 5 (org.apache.httpcomponents.client5:httpclient5): use ${row.to} (${row.note})${kept}`
      : `${name}${imp.chain.wildcard ? '.*' : ''} is HttpClient 4; Spring 6's ${FACTORY} needs HttpClient 5 (org.apache.httpcomponents.client5:httpclient5, packages org.apache.hc.client5.http / org.apache.hc.core5)${kept}`;
    out.findings.push({ rule: HTTPCLIENT_RULES.types, severity, offset: model.tokens[imp.startToken]!.start, message, docs: row?.source ?? ctx.libs.httpclient.source });
  }
  return out;
}
