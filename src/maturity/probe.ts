// Live probe (--url): GET and OPTIONS only, short timeouts, bounded body size and request count,
// redirects followed only on the same origin. Reads Content-Type, Allow, the Link header and
// links in JSON bodies (HAL `_links`, JSON:API `links`, `nextActions`-style arrays).
import type { Evidence, GradeInput, Operation } from './model.js';
import { normalizePath } from './grade.js';
import { isParam, segments, type Vocabulary } from './vocabulary.js';

export interface ProbeOptions {
  timeoutMs: number;
  maxRequests: number;
  maxBodyBytes: number;
}

export const PROBE_DEFAULTS: ProbeOptions = { timeoutMs: 3000, maxRequests: 40, maxBodyBytes: 1024 * 1024 };

export interface ProbeResponse {
  url: string;
  status: number;
  contentType: string;
  allow: string[];
  links: string[];
  error?: string;
}

export class ProbeError extends Error {}

/**
 * Why a request failed, in the network's words: fetch says only `fetch failed`, with the reason
 * in its cause, which may be an AggregateError (one error per address tried) with no message of its own.
 */
function failureReason(e: unknown): string {
  const cause = (e as { cause?: Error & { code?: string; errors?: Error[] } }).cause;
  const parts = [cause?.message, cause?.errors?.map((x) => x.message).filter(Boolean).join('; '), cause?.code, (e as Error).message];
  return parts.find((p) => typeof p === 'string' && p.length > 0) ?? 'unknown failure';
}

/** Validates --url: an absolute http(s) URL. */
export function probeBase(url: string): URL {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new ProbeError(`--url: not an absolute URL: ${url}`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new ProbeError(`--url: only http and https are probed, not ${u.protocol}`);
  return u;
}

export class Prober {
  private count = 0;
  readonly notes: string[] = [];
  constructor(
    private readonly base: URL,
    private readonly opts: ProbeOptions = PROBE_DEFAULTS,
  ) {}

  /**
   * `path` is an API path; it is resolved under the base URL's path, on the base's origin only.
   * The path is set as a path, never parsed as a reference: `//host:9/x` (from an OpenAPI
   * document or a decoded `/%2F...` link) would otherwise become a protocol-relative URL to
   * another host. Undefined when the result still leaves the origin.
   */
  urlFor(path: string): URL | undefined {
    const basePath = this.base.pathname.replace(/\/+$/, '');
    const url = new URL(this.base.origin);
    url.pathname = basePath + (path.startsWith('/') ? path : '/' + path);
    return this.onOrigin(url) ? url : undefined;
  }

  /** Every request is checked here, whatever built its URL. */
  private onOrigin(url: URL): boolean {
    if (url.origin === this.base.origin) return true;
    this.notes.push(`not requesting ${url.origin}: off the probed origin ${this.base.origin}`);
    return false;
  }

  async request(method: 'GET' | 'OPTIONS', url: URL): Promise<ProbeResponse | undefined> {
    let current = url;
    for (let hop = 0; hop < 4; hop++) {
      if (this.count >= this.opts.maxRequests) {
        if (!this.notes.some((n) => n.startsWith('probe stopped'))) this.notes.push(`probe stopped after ${this.opts.maxRequests} requests`);
        return undefined;
      }
      if (!this.onOrigin(current)) return undefined;
      this.count++;
      let res: Response;
      try {
        res = await fetch(current, { method, redirect: 'manual', signal: AbortSignal.timeout(this.opts.timeoutMs), headers: { accept: 'application/hal+json, application/json;q=0.9, */*;q=0.5' } });
      } catch (e) {
        const reason = (e as Error).name === 'TimeoutError' ? `timed out after ${this.opts.timeoutMs} ms` : failureReason(e);
        return { url: current.href, status: 0, contentType: '', allow: [], links: [], error: reason };
      }
      if (res.status >= 300 && res.status < 400 && res.headers.get('location')) {
        await res.body?.cancel();
        const next = new URL(res.headers.get('location')!, current);
        if (next.origin !== this.base.origin) {
          this.notes.push(`not following redirect off the host: ${current.pathname} -> ${next.origin}`);
          return { url: current.href, status: res.status, contentType: '', allow: [], links: [] };
        }
        current = next;
        continue;
      }
      try {
        return await this.read(res, current, method);
      } catch (e) {
        // the headers came but the body stalled past the timeout or broke off
        const reason = (e as Error).name === 'TimeoutError' || (e as Error).name === 'AbortError' ? `body not received within ${this.opts.timeoutMs} ms` : `body could not be read: ${(e as Error).message}`;
        return { url: current.href, status: res.status, contentType: '', allow: [], links: [], error: reason };
      }
    }
    return undefined;
  }

  private async read(res: Response, url: URL, method: string): Promise<ProbeResponse> {
    const contentType = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    const allow = (res.headers.get('allow') ?? '').split(',').map((m) => m.trim().toUpperCase()).filter(Boolean);
    const links = linkHeader(res.headers.get('link'));
    const text = method === 'GET' ? await limitedText(res, this.opts.maxBodyBytes) : (await res.body?.cancel(), '');
    if (/json/.test(contentType) && text) {
      try {
        links.push(...bodyLinks(JSON.parse(text)));
      } catch {
        // not JSON after all: no links to read
      }
    }
    return { url: url.href, status: res.status, contentType, allow, links };
  }

  /** A link the API gave, as an API path under the base, or undefined when it leaves the base. */
  apiPath(href: string, from: URL): string | undefined {
    let u: URL;
    try {
      u = new URL(href.replace(/\{[^}]*\}/g, (m) => encodeURIComponent(m)), from);
    } catch {
      return undefined;
    }
    if (u.origin !== this.base.origin) return undefined;
    const basePath = this.base.pathname.replace(/\/+$/, '');
    if (!u.pathname.startsWith(basePath)) return undefined;
    const rest = u.pathname.slice(basePath.length);
    let path: string;
    try {
      path = decodeURIComponent(rest);
    } catch {
      return undefined; // `%zz`: not a path the API could serve
    }
    // `/%2F127.0.0.1:9/x` decodes to `//127.0.0.1:9/x`; an empty segment at the start is never an API path
    if (path.startsWith('//')) return undefined;
    return path || '/';
  }
}

async function limitedText(res: Response, max: number): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return '';
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function linkHeader(h: string | null): string[] {
  if (!h) return [];
  return [...h.matchAll(/<([^>]+)>/g)].map((m) => m[1]!);
}

/** hrefs in HAL `_links`, JSON:API / generic `links`, and string arrays named like `nextActions`. */
export function bodyLinks(body: unknown, depth = 0): string[] {
  if (depth > 5 || typeof body !== 'object' || body === null) return [];
  if (Array.isArray(body)) return body.flatMap((x) => bodyLinks(x, depth + 1));
  const out: string[] = [];
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    if (k === '_links' || k === 'links') out.push(...hrefs(v));
    else if (/^(next)?actions$|^nextActions$|^next$/i.test(k) && Array.isArray(v)) out.push(...v.filter((x): x is string => typeof x === 'string'), ...hrefs(v));
    else out.push(...bodyLinks(v, depth + 1));
  }
  return out;
}

function hrefs(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.flatMap(hrefs);
  if (typeof v === 'object' && v !== null) {
    const o = v as Record<string, unknown>;
    if (typeof o.href === 'string') return [o.href];
    return Object.values(o).flatMap(hrefs);
  }
  return [];
}

function liveEvidence(r: ProbeResponse, v: Vocabulary): Evidence[] {
  const out: Evidence[] = [];
  const location = r.url;
  if (v.hypermediaMediaTypes.includes(r.contentType)) out.push({ kind: 'live-links', message: `live response is ${r.contentType}`, location });
  if (r.links.length) out.push({ kind: 'live-links', message: `live response links to ${r.links.slice(0, 3).join(', ')}${r.links.length > 3 ? ', ...' : ''}`, location });
  if (r.allow.length) out.push({ kind: 'live-allow', message: `Allow: ${r.allow.join(', ')}`, location });
  return out;
}

/** Adds live evidence to the operations an input already has (paths without parameters are probed). */
export async function probeOperations(input: GradeInput, base: URL, v: Vocabulary, opts = PROBE_DEFAULTS): Promise<GradeInput> {
  const prober = new Prober(base, opts);
  const concrete = [...new Set(input.operations.map((o) => normalizePath(o.path)))].filter((p) => !segments(p).some(isParam)).sort();
  const results = new Map<string, { get?: ProbeResponse; options?: ProbeResponse }>();
  for (const p of concrete) {
    const url = prober.urlFor(p);
    if (!url) continue;
    const hasGet = input.operations.some((o) => normalizePath(o.path) === p && (o.method === 'GET' || o.method === '*'));
    results.set(p, { get: hasGet ? await prober.request('GET', url) : undefined, options: await prober.request('OPTIONS', url) });
  }
  const notes = [...input.notes, ...prober.notes];
  for (const [p, r] of results) {
    if (r.get?.error) notes.push(`probe GET ${p}: ${r.get.error}`);
    if (r.options?.error) notes.push(`probe OPTIONS ${p}: ${r.options.error}`);
  }
  notes.push(...unseen(input.operations));
  const operations = input.operations.map((o) => {
    const r = results.get(normalizePath(o.path));
    if (!r) return o;
    const ev = [...(o.method === 'GET' && r.get ? liveEvidence(r.get, v) : []), ...(r.options ? liveEvidence(r.options, v).filter((e) => e.kind === 'live-allow') : [])];
    const links = ev.some((e) => e.kind === 'live-links');
    return { ...o, evidence: [...o.evidence, ...ev], hypermedia: links ? ('links' as const) : o.hypermedia };
  });
  return { ...input, operations, notes };
}

/** What the probe could not observe: templated addresses, and the responses of methods it never sends. */
function unseen(ops: Operation[]): string[] {
  const templated = [...new Set(ops.map((o) => normalizePath(o.path)).filter((p) => segments(p).some(isParam)))];
  const noGet = [...new Set(ops.filter((o) => !segments(normalizePath(o.path)).some(isParam) && !ops.some((x) => normalizePath(x.path) === normalizePath(o.path) && (x.method === 'GET' || x.method === '*'))).map((o) => `${o.method} ${normalizePath(o.path)}`))];
  const out: string[] = [];
  if (templated.length) out.push(`probe: ${templated.length} templated address(es) not probed (no values for their parameters): ${templated.slice(0, 3).join(', ')}${templated.length > 3 ? ', ...' : ''}`);
  if (noGet.length) out.push(`probe: ${noGet.length} operation(s) answer no GET, and the probe sends only GET and OPTIONS, so their responses are not seen: ${noGet.slice(0, 3).join(', ')}${noGet.length > 3 ? ', ...' : ''}`);
  return out;
}

/** With nothing else to go on: GET the base, follow the links it gives (same origin, bounded). */
export async function crawl(base: URL, v: Vocabulary, opts = PROBE_DEFAULTS): Promise<GradeInput> {
  const prober = new Prober(base, opts);
  const queue = ['/'];
  const seen = new Set<string>();
  const operations: Operation[] = [];
  const notes: string[] = [];
  while (queue.length) {
    const p = normalizePath(queue.shift()!);
    if (seen.has(p)) continue;
    seen.add(p);
    const url = prober.urlFor(p);
    if (!url) continue;
    const get = await prober.request('GET', url);
    if (!get) break;
    if (get.error) {
      notes.push(`probe GET ${p}: ${get.error}`);
      continue;
    }
    const options = await prober.request('OPTIONS', url);
    const allow = options && options.status < 400 && options.allow.length ? options.allow.filter((m) => m !== 'OPTIONS' && m !== 'HEAD') : [];
    const methods = allow.length ? allow : get.status < 400 ? ['GET'] : [];
    const ev = liveEvidence(get, v);
    if (options) ev.push(...liveEvidence(options, v).filter((e) => e.kind === 'live-allow'));
    for (const m of methods) {
      operations.push({
        method: m, path: p, location: url.href, produces: get.contentType ? [get.contentType] : [], consumes: [], params: [], bodyFields: [], soap: false,
        hypermedia: m === 'GET' ? (ev.some((e) => e.kind === 'live-links') ? 'links' : 'none') : m === 'DELETE' ? 'no-body' : 'unknown', evidence: m === 'GET' ? ev : ev.filter((e) => e.kind === 'live-allow'),
      });
    }
    for (const href of get.links) {
      const next = prober.apiPath(href, url);
      if (next && !segments(next).some((s) => s.includes('{'))) queue.push(next);
    }
  }
  notes.push('the crawl sends only GET and OPTIONS and follows only the links responses give: an endpoint that answers only POST (or that no response links to) is invisible to it; give the sources or an OpenAPI document to grade those');
  return { kind: 'probe', path: base.href, operations, excluded: [], notes: [...notes, ...prober.notes], style: 'generic' };
}
