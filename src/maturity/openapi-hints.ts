// What an OpenAPI response shows that the model does not settle: links only in examples, or
// URLs in `*_url` fields rather than link objects. Said in the report, never graded as links.
import type { Ambiguity } from './model.js';
import { asArray, isObj, type Resolver, type Responses } from './openapi.js';
import type { Vocabulary } from './vocabulary.js';

/** What the model leaves open for a response without links: links only in examples, or `*_url` fields. */
export function ambiguityOf(r: Resolver, resp: Responses, v: Vocabulary): { ambiguity?: Ambiguity } {
  if (resp.examples.some((e) => exampleHasLinks(e, v, 0))) return { ambiguity: 'links-in-examples' };
  if (resp.schemas.some((s) => urlField(r, s, v, 0, new Set()))) return { ambiguity: 'url-fields' };
  return {};
}

function exampleHasLinks(e: unknown, v: Vocabulary, depth: number): boolean {
  if (depth > 5 || typeof e !== 'object' || e === null) return false;
  if (Array.isArray(e)) return e.slice(0, 3).some((x) => exampleHasLinks(x, v, depth + 1));
  return Object.entries(e).some(([k, x]) => v.linkFields.includes(k) || exampleHasLinks(x, v, depth + 1));
}

function urlField(r: Resolver, schema: unknown, v: Vocabulary, depth: number, seen: Set<unknown>): boolean {
  const s = r.deref(schema);
  if (!isObj(s) || depth > 3 || seen.has(s)) return false;
  seen.add(s);
  const props = r.deref(s.properties);
  if (isObj(props)) {
    if (Object.keys(props).some((k) => v.urlFieldSuffixes.some((x) => k.endsWith(x)))) return true;
    if (Object.values(props).some((p) => urlField(r, p, v, depth + 1, seen))) return true;
  }
  if (['allOf', 'oneOf', 'anyOf'].some((k) => asArray(s[k]).some((x) => urlField(r, x, v, depth + 1, seen)))) return true;
  return s.items !== undefined && urlField(r, s.items, v, depth + 1, seen);
}
