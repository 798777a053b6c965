// What an OpenAPI response shows that the model does not settle: links only in examples, or
// URLs in plain fields rather than link objects. Said in the report, never graded as links. A URL
// field is known by its value's shape (a uri/url format, an http(s) example), not by its name:
// `logo_url: integer` holds no URL, `website: {format: url}` does.
import type { Ambiguity } from './model.js';
import { asArray, isObj, type Resolver, type Responses } from './openapi.js';
import type { Vocabulary } from './vocabulary.js';

/** What the model leaves open for a response without links: links only in examples, or `*_url` fields. */
export function ambiguityOf(r: Resolver, resp: Responses, v: Vocabulary): { ambiguity?: Ambiguity } {
  if (resp.examples.some((e) => exampleHasLinks(e, v, 0))) return { ambiguity: 'links-in-examples' };
  if (resp.schemas.some((s) => urlField(r, s, 0, new Set()))) return { ambiguity: 'url-fields' };
  return {};
}

function exampleHasLinks(e: unknown, v: Vocabulary, depth: number): boolean {
  if (depth > 5 || typeof e !== 'object' || e === null) return false;
  if (Array.isArray(e)) return e.slice(0, 3).some((x) => exampleHasLinks(x, v, depth + 1));
  return Object.entries(e).some(([k, x]) => v.linkFields.includes(k) || exampleHasLinks(x, v, depth + 1));
}

const URL_FORMATS = new Set(['uri', 'url', 'uri-reference', 'iri', 'iri-reference']);
const isUrl = (x: unknown) => typeof x === 'string' && /^https?:\/\/\S+$/.test(x);

/** A string schema whose values are URLs: a uri/url format, or an absolute http(s) example. */
function urlValued(s: unknown): boolean {
  if (!isObj(s) || (s.type !== undefined && s.type !== 'string')) return false;
  if (typeof s.format === 'string' && URL_FORMATS.has(s.format.toLowerCase())) return true;
  return isUrl(s.example) || asArray(s.examples).some(isUrl);
}

function urlField(r: Resolver, schema: unknown, depth: number, seen: Set<unknown>): boolean {
  const s = r.deref(schema);
  if (!isObj(s) || depth > 3 || seen.has(s)) return false;
  seen.add(s);
  const props = r.deref(s.properties);
  if (isObj(props)) {
    if (Object.values(props).some((p) => urlValued(r.deref(p)))) return true;
    if (Object.values(props).some((p) => urlField(r, p, depth + 1, seen))) return true;
  }
  if (['allOf', 'oneOf', 'anyOf'].some((k) => asArray(s[k]).some((x) => urlField(r, x, depth + 1, seen)))) return true;
  return s.items !== undefined && urlField(r, s.items, depth + 1, seen);
}
