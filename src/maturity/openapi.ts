// OpenAPI 3.x and Swagger 2 documents (JSON or YAML) as graded operations. `$ref`s are resolved
// inside the document only; a remote reference is never fetched (it is noted instead).
import { yamlLib } from '../formats/yaml-lib.js';
import type { Evidence, GradeInput, Hypermedia, Operation } from './model.js';
import type { Vocabulary } from './vocabulary.js';
import { ambiguityOf } from './openapi-hints.js';
import { selectorValues } from './openapi-selectors.js';

export type Json = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export class OpenApiError extends Error {}

/** Parses the text; throws OpenApiError with one line naming the file and the problem. */
export function parseOpenApi(file: string, text: string): Json {
  let doc: unknown;
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  if (trimmed.startsWith('{')) {
    try {
      doc = JSON.parse(trimmed);
    } catch (e) {
      throw new OpenApiError(`${file}: not valid JSON: ${(e as Error).message.split('\n')[0]}`);
    }
  } else {
    const parsed = yamlLib().parseDocument(text, { uniqueKeys: false });
    const err = parsed.errors[0];
    if (err) throw new OpenApiError(`${file}: not valid YAML: ${err.message.split('\n')[0]!.replace(/:\s*$/, '')}`);
    doc = parsed.toJS({ maxAliasCount: 1000 });
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) throw new OpenApiError(`${file}: not an OpenAPI document (expected an object)`);
  const d = doc as Json;
  if (typeof d.openapi !== 'string' && d.swagger !== '2.0' && d.swagger !== 2) throw new OpenApiError(`${file}: not an OpenAPI document (no 'openapi: 3.x' or 'swagger: "2.0"' field)`);
  if (isObj(d.paths) && typeof d.paths.$ref === 'string' && !d.paths.$ref.startsWith('#')) {
    throw new OpenApiError(`${file}: 'paths' is a $ref to ${d.paths.$ref}, which is not followed (only references inside the document are); bundle the document first (e.g. redocly bundle)`);
  }
  const webhooks = isObj(d.webhooks) ? Object.keys(d.webhooks).length : 0;
  if ((d.paths === undefined || (isObj(d.paths) && !Object.keys(d.paths).length)) && webhooks) {
    throw new OpenApiError(`${file}: nothing to grade: the document declares ${webhooks} webhook(s) (requests this API sends) and no paths (requests it answers)`);
  }
  if (typeof d.paths !== 'object' || d.paths === null) throw new OpenApiError(`${file}: OpenAPI document has no 'paths' object`);
  return d;
}

const pointerEscape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
export const isObj = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);

export class Resolver {
  readonly remote = new Set<string>();
  constructor(private readonly doc: Json) {}

  /** Follows local $refs (chains too); a remote one is recorded and left as is. */
  deref(x: unknown): unknown {
    let cur = x;
    for (let i = 0; i < 32 && isObj(cur) && typeof cur.$ref === 'string'; i++) {
      const ref = cur.$ref as string;
      if (!ref.startsWith('#')) {
        this.remote.add(ref);
        return undefined;
      }
      cur = this.pointer(ref.slice(1));
    }
    return cur;
  }

  private pointer(p: string): unknown {
    let cur: unknown = this.doc;
    for (const raw of p.split('/').slice(1)) {
      const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      if (!isObj(cur) && !Array.isArray(cur)) return undefined;
      cur = (cur as Json)[key];
    }
    return cur;
  }
}

export function openApiInput(file: string, doc: Json, v: Vocabulary): GradeInput {
  const r = new Resolver(doc);
  const swagger2 = doc.swagger !== undefined;
  const operations: Operation[] = [];
  const paths = r.deref(doc.paths) as Json;
  if (!isObj(paths)) throw new OpenApiError(`${file}: 'paths' could not be resolved`);
  let externalOps = 0;
  for (const [p, rawItem] of Object.entries(paths)) {
    const item = r.deref(rawItem);
    if (!isObj(item)) continue;
    const key = splitPathKey(p);
    for (const m of METHODS) {
      const raw = item[m];
      if (isObj(raw) && typeof raw.$ref === 'string' && !raw.$ref.startsWith('#')) externalOps++;
      const op = r.deref(raw);
      if (!isObj(op)) continue;
      const location = `${file}#/paths/${pointerEscape(p)}/${m}`;
      const params = [...asArray(item.parameters), ...asArray(op.parameters)].map((x) => r.deref(x)).filter(isObj);
      const consumes = swagger2 ? strings(op.consumes ?? doc.consumes) : Object.keys(contentOf(r, r.deref(op.requestBody)));
      const bodySchemas = swagger2 ? params.filter((x) => x.in === 'body').map((x) => x.schema) : Object.values(contentOf(r, r.deref(op.requestBody))).map((c) => (isObj(c) ? c.schema : undefined));
      const formFields = params.filter((x) => x.in === 'formData').map((x) => String(x.name));
      const bodyFields = [...new Set([...bodySchemas.flatMap((s) => propertyNames(r, s)), ...formFields])];
      const resp = responses(r, op, swagger2 ? strings(op.produces ?? doc.produces) : undefined);
      const { hypermedia, evidence } = hypermediaOf(r, resp.produces, resp.schemas, resp.hasBody, v, location);
      const selectors = selectorValues(r, params, bodySchemas, key.query, v, m === 'post');
      operations.push({
        method: m.toUpperCase(),
        path: (swagger2 && typeof doc.basePath === 'string' ? doc.basePath.replace(/\/+$/, '') : '') + p,
        handler: typeof op.operationId === 'string' ? op.operationId : undefined,
        location,
        produces: resp.produces,
        consumes,
        params: [...params.filter((x) => x.in === 'query' || x.in === 'path').map((x) => String(x.name)), ...Object.keys(key.query)],
        bodyFields,
        soap: consumes.some((c) => v.soapMediaTypes.includes(c.split(';')[0]!.trim())),
        operationName: Object.entries(key.query).find(([k]) => v.rpcFields.has(k.toLowerCase()))?.[1],
        hypermedia,
        evidence,
        ...(Object.keys(selectors).length ? { selectors } : {}),
        ...(hypermedia === 'none' ? ambiguityOf(r, resp, v) : {}),
        statuses: resp.statuses,
        responseHeaders: resp.headers,
        errorMedia: resp.errorMedia,
      });
    }
  }
  const externalItems = Object.values(paths).filter((x) => isObj(x) && typeof x.$ref === 'string' && !x.$ref.startsWith('#')).length;
  const example = [...r.remote].sort()[0];
  if (!operations.length && (externalItems || externalOps)) {
    const what = externalItems ? `${externalItems} of ${Object.keys(paths).length} path item(s)` : `${externalOps} operation(s)`;
    throw new OpenApiError(`${file}: ${what} are $refs to other files (e.g. ${example}), which are not followed (only references inside the document are); bundle the document first (e.g. redocly bundle)`);
  }
  const notes = [...r.remote].sort().map((ref) => `remote $ref not fetched: ${ref}`);
  if (externalItems || externalOps) notes.unshift(`${externalItems + externalOps} path item(s) or operation(s) are $refs to other files and were not graded`);
  return { kind: 'openapi', path: file, operations, excluded: [], notes, style: 'openapi' };
}

export const asArray = (x: unknown): unknown[] => (Array.isArray(x) ? x : []);
const strings = (x: unknown): string[] => asArray(x).filter((s): s is string => typeof s === 'string');

function contentOf(r: Resolver, body: unknown): Json {
  if (!isObj(body)) return {};
  const c = r.deref(body.content);
  return isObj(c) ? c : {};
}

export interface Responses {
  produces: string[];
  schemas: unknown[];
  hasBody: boolean;
  /** Success status codes declared. */
  statuses: string[];
  /** Headers of the success responses, lower-case. */
  headers: string[];
  /** Media types of the error responses (4xx, 5xx, default). */
  errorMedia: string[];
  /** Examples of the success responses (OpenAPI `example`/`examples`, Swagger 2 `examples`). */
  examples: unknown[];
}

function responses(r: Resolver, op: Json, swagger2Produces: string[] | undefined): Responses {
  const resps = r.deref(op.responses);
  const produces = new Set<string>(swagger2Produces ?? []);
  const out: Responses = { produces: [], schemas: [], hasBody: false, statuses: [], headers: [], errorMedia: [], examples: [] };
  let anySuccess = false;
  if (isObj(resps)) {
    const has2xx = Object.keys(resps).some((k) => /^2/.test(k));
    for (const [code, raw] of Object.entries(resps)) {
      const resp = r.deref(raw);
      const success = /^(2\d\d|2XX)$/i.test(code) || (code === 'default' && !has2xx);
      if (!success) {
        if (isObj(resp) && /^([45]\d\d|[45]XX|default)$/i.test(code)) out.errorMedia.push(...(swagger2Produces ?? Object.keys(contentOf(r, resp))));
        continue;
      }
      anySuccess = true;
      if (code !== 'default') out.statuses.push(code);
      if (!isObj(resp)) continue;
      if (isObj(resp.headers)) out.headers.push(...Object.keys(resp.headers).map((h) => h.toLowerCase()));
      if (swagger2Produces) {
        if (resp.schema !== undefined) {
          out.schemas.push(resp.schema);
          out.hasBody = true;
        }
        if (isObj(resp.examples)) out.examples.push(...Object.values(resp.examples));
      } else {
        for (const [media, c] of Object.entries(contentOf(r, resp))) {
          produces.add(media);
          out.hasBody = true;
          if (!isObj(c)) continue;
          out.schemas.push(c.schema);
          if (c.example !== undefined) out.examples.push(c.example);
          if (isObj(c.examples)) for (const e of Object.values(c.examples)) out.examples.push(isObj(r.deref(e)) ? (r.deref(e) as Json).value : undefined);
          const schema = r.deref(c.schema);
          if (isObj(schema) && schema.example !== undefined) out.examples.push(schema.example);
        }
      }
    }
  }
  out.produces = [...produces];
  out.hasBody = out.hasBody || !anySuccess;
  return out;
}

/** `/rest?method=photos.search` -> path `/rest`, query `{ method: 'photos.search' }`. */
export function splitPathKey(key: string): { path: string; query: Record<string, string> } {
  const q = key.indexOf('?');
  if (q < 0) return { path: key, query: {} };
  const query: Record<string, string> = {};
  for (const pair of key.slice(q + 1).split('&')) {
    const [k, val] = pair.split('=');
    if (k) query[decodeURIComponent(k)] = decodeURIComponent(val ?? '');
  }
  return { path: key.slice(0, q), query };
}

function propertyNames(r: Resolver, schema: unknown, depth = 0): string[] {
  const s = r.deref(schema);
  if (!isObj(s) || depth > 4) return [];
  const own = isObj(s.properties) ? Object.keys(s.properties) : [];
  const composed = ['allOf', 'oneOf', 'anyOf'].flatMap((k) => asArray(s[k]).flatMap((x) => propertyNames(r, x, depth + 1)));
  return [...own, ...composed];
}

/** A link field (`_links`, `links`, `nextActions`) anywhere in the response schema, three objects deep. */
function linkField(r: Resolver, schema: unknown, fields: string[], path: string, depth: number, seen: Set<unknown>): string | undefined {
  const s = r.deref(schema);
  if (!isObj(s) || depth > 4 || seen.has(s)) return undefined;
  seen.add(s);
  const props = r.deref(s.properties);
  if (isObj(props)) {
    for (const f of fields) if (f in props) return `${path}${f}`;
    for (const [k, p] of Object.entries(props)) {
      const hit = linkField(r, p, fields, `${path}${k}.`, depth + 1, seen);
      if (hit) return hit;
    }
  }
  for (const k of ['allOf', 'oneOf', 'anyOf']) {
    for (const x of asArray(s[k])) {
      const hit = linkField(r, x, fields, path, depth + 1, seen);
      if (hit) return hit;
    }
  }
  if (s.items !== undefined) return linkField(r, s.items, fields, `${path.replace(/\.$/, '')}[].`, depth + 1, seen);
  return undefined;
}

function hypermediaOf(r: Resolver, produces: string[], schemas: unknown[], hasBody: boolean, v: Vocabulary, location: string): { hypermedia: Hypermedia; evidence: Evidence[] } {
  const evidence: Evidence[] = [];
  const media = produces.find((p) => v.hypermediaMediaTypes.includes(p.split(';')[0]!.trim()));
  if (media) evidence.push({ kind: 'hypermedia-media-type', message: `responds with ${media}`, location });
  for (const s of schemas) {
    const hit = linkField(r, s, v.linkFields, '', 0, new Set());
    if (hit) {
      evidence.push({ kind: hit.endsWith('nextActions') ? 'next-actions' : 'links-schema', message: `response schema has ${hit}`, location: `${location}/responses` });
      break;
    }
  }
  if (evidence.length) return { hypermedia: 'links', evidence };
  return { hypermedia: hasBody ? 'none' : 'no-body', evidence };
}
