// OpenAPI 3.x and Swagger 2 documents (JSON or YAML) as graded operations. `$ref`s are resolved
// inside the document only; a remote reference is never fetched (it is noted instead).
import { parseDocument } from 'yaml';
import type { Evidence, GradeInput, Hypermedia, Operation } from './model.js';
import type { Vocabulary } from './vocabulary.js';

type Json = Record<string, unknown>;
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
    const parsed = parseDocument(text, { uniqueKeys: false });
    const err = parsed.errors[0];
    if (err) throw new OpenApiError(`${file}: not valid YAML: ${err.message.split('\n')[0]!.replace(/:\s*$/, '')}`);
    doc = parsed.toJS({ maxAliasCount: 1000 });
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) throw new OpenApiError(`${file}: not an OpenAPI document (expected an object)`);
  const d = doc as Json;
  if (typeof d.openapi !== 'string' && d.swagger !== '2.0' && d.swagger !== 2) throw new OpenApiError(`${file}: not an OpenAPI document (no 'openapi: 3.x' or 'swagger: "2.0"' field)`);
  if (typeof d.paths !== 'object' || d.paths === null) throw new OpenApiError(`${file}: OpenAPI document has no 'paths' object`);
  return d;
}

const pointerEscape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
const isObj = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);

class Resolver {
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
  for (const [p, rawItem] of Object.entries(paths)) {
    const item = r.deref(rawItem);
    if (!isObj(item)) continue;
    for (const m of METHODS) {
      const op = r.deref(item[m]);
      if (!isObj(op)) continue;
      const location = `${file}#/paths/${pointerEscape(p)}/${m}`;
      const params = [...asArray(item.parameters), ...asArray(op.parameters)].map((x) => r.deref(x)).filter(isObj);
      const consumes = swagger2 ? strings(op.consumes ?? doc.consumes) : Object.keys(contentOf(r, r.deref(op.requestBody)));
      const bodySchemas = swagger2 ? params.filter((x) => x.in === 'body').map((x) => x.schema) : Object.values(contentOf(r, r.deref(op.requestBody))).map((c) => (isObj(c) ? c.schema : undefined));
      const formFields = params.filter((x) => x.in === 'formData').map((x) => String(x.name));
      const bodyFields = [...new Set([...bodySchemas.flatMap((s) => propertyNames(r, s)), ...formFields])];
      const { produces, schemas, hasBody } = responses(r, op, swagger2 ? strings(op.produces ?? doc.produces) : undefined);
      const { hypermedia, evidence } = hypermediaOf(r, produces, schemas, hasBody, v, location);
      operations.push({
        method: m.toUpperCase(),
        path: swagger2 && typeof doc.basePath === 'string' ? doc.basePath.replace(/\/+$/, '') + p : p,
        handler: typeof op.operationId === 'string' ? op.operationId : undefined,
        location,
        produces,
        consumes,
        params: params.filter((x) => x.in === 'query' || x.in === 'path').map((x) => String(x.name)),
        bodyFields,
        soap: consumes.some((c) => v.soapMediaTypes.includes(c.split(';')[0]!.trim())),
        hypermedia,
        evidence,
      });
    }
  }
  const notes = [...r.remote].sort().map((ref) => `remote $ref not fetched: ${ref}`);
  return { kind: 'openapi', path: file, operations, excluded: [], notes, style: 'openapi' };
}

const asArray = (x: unknown): unknown[] => (Array.isArray(x) ? x : []);
const strings = (x: unknown): string[] => asArray(x).filter((s): s is string => typeof s === 'string');

function contentOf(r: Resolver, body: unknown): Json {
  if (!isObj(body)) return {};
  const c = r.deref(body.content);
  return isObj(c) ? c : {};
}

function responses(r: Resolver, op: Json, swagger2Produces: string[] | undefined): { produces: string[]; schemas: unknown[]; hasBody: boolean } {
  const resps = r.deref(op.responses);
  const produces = new Set<string>(swagger2Produces ?? []);
  const schemas: unknown[] = [];
  let hasBody = false;
  let anySuccess = false;
  if (isObj(resps)) {
    for (const [code, raw] of Object.entries(resps)) {
      if (!/^(2\d\d|2XX|default)$/i.test(code)) continue;
      if (code === 'default' && Object.keys(resps).some((k) => /^2/.test(k))) continue;
      anySuccess = true;
      const resp = r.deref(raw);
      if (!isObj(resp)) continue;
      if (swagger2Produces) {
        if (resp.schema !== undefined) {
          schemas.push(resp.schema);
          hasBody = true;
        }
      } else {
        for (const [media, c] of Object.entries(contentOf(r, resp))) {
          produces.add(media);
          hasBody = true;
          if (isObj(c)) schemas.push(c.schema);
        }
      }
    }
  }
  return { produces: [...produces], schemas, hasBody: hasBody || !anySuccess };
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
