// Known values of the request fields that may name the operation (an OpenAPI enum or const, a
// path key's query): the grader decides from them whether a field selects the operation or is
// data. A POST body that is a list of operations (JSON:API atomic operations, a batch) carries its
// selector in each item: `atomic:operations: [{op: add, ...}, {op: remove, ...}]`.
import { asArray, isObj, type Json, type Resolver } from './openapi.js';
import type { Vocabulary } from './vocabulary.js';

const COMPOSED = ['allOf', 'oneOf', 'anyOf'];

/** The schema itself and the schemas it is composed of or maps by discriminator (bounded). */
function variants(r: Resolver, schema: unknown, depth = 0, seen = new Set<unknown>()): Json[] {
  const s = r.deref(schema);
  if (!isObj(s) || depth > 4 || seen.has(s)) return [];
  seen.add(s);
  const mapped = isObj(s.discriminator) && isObj(s.discriminator.mapping) ? Object.values(s.discriminator.mapping).map((ref) => ({ $ref: ref })) : [];
  return [s, ...[...COMPOSED.flatMap((k) => asArray(s[k])), ...mapped].flatMap((x) => variants(r, x, depth + 1, seen))];
}

function propertyEntries(r: Resolver, schema: unknown): [string, unknown][] {
  return variants(r, schema).flatMap((s) => (isObj(s.properties) ? Object.entries(s.properties) : []));
}

/** `enum`/`const` values of a schema, through `allOf: [{$ref: ...}]` wrappers. */
function enumValues(r: Resolver, schema: unknown): unknown[] {
  return variants(r, schema).flatMap((s) => [...asArray(s.enum), ...(s.const !== undefined ? [s.const] : [])]);
}

/** Known values of the fields that may name the operation: enums, a single `const`, the path key's query. */
export function selectorValues(r: Resolver, params: Json[], bodySchemas: unknown[], keyQuery: Record<string, string>, v: Vocabulary, post: boolean): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const add = (name: string, values: unknown[]) => {
    const strs = values.filter((x): x is string => typeof x === 'string');
    if (strs.length && v.rpcFields.has(name.toLowerCase())) out[name] = [...new Set([...(out[name] ?? []), ...strs])];
  };
  for (const [k, val] of Object.entries(keyQuery)) if (val) add(k, [val]);
  for (const p of params) add(String(p.name), enumValues(r, p.schema ?? p));
  for (const s of bodySchemas) {
    const entries = propertyEntries(r, s);
    for (const [name, prop] of entries) {
      add(name, enumValues(r, prop));
      // a POST whose body is a list of operations (the list and at most its metadata): each item names
      // its own. Not a list inside a larger body (tool calls in a prompt), nor a JSON Patch sent by PATCH.
      if (!post || entries.length > 2) continue;
      for (const item of variants(r, prop).filter((x) => x.type === 'array').map((x) => x.items)) {
        for (const [field, schema] of propertyEntries(r, item)) add(field, enumValues(r, schema));
      }
    }
  }
  return out;
}
