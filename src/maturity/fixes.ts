// Fixes: for an action or a tunnelled operation, the request line of the resource-style design
// (`POST /api/users/update` -> `PUT /api/users/{userNumber}`). Every fix is a valid request line
// for that resource: a read stays a GET, and no path parameter is named twice.
import type { GradeInput, Operation } from './model.js';
import { customMethod, isPrefixSegment, procedureName } from './shape.js';
import { isParam, segments, words, type Vocabulary } from './vocabulary.js';
import type { Action } from './shape.js';

export function plural(noun: string): string {
  if (/s$/.test(noun)) return noun;
  if (/[^aeiou]y$/.test(noun)) return noun.slice(0, -1) + 'ies';
  if (/(ch|sh|x|z)$/.test(noun)) return noun + 'es';
  return noun + 's';
}

function singular(noun: string): string {
  if (/ies$/.test(noun)) return noun.slice(0, -3) + 'y';
  if (/(ches|shes|xes|zes|sses)$/.test(noun)) return noun.slice(0, -2);
  if (/[^s]s$/.test(noun)) return noun.slice(0, -1);
  return noun;
}

const camel = (ws: string[]) => ws.map((w, i) => (i ? w[0]!.toUpperCase() + w.slice(1) : w)).join('');
const paramName = (s: string) => s.replace(/^\{|\}$/g, '');

/** The fix for an action named in the path, a custom method or a dotted procedure name. */
export function fixForAction(op: Operation, action: Action, v: Vocabulary): string {
  if (action.kind === 'custom-method') return fixFromWords(words(action.verb), customMethod(op.path)!.base, op, v);
  const segs = segments(op.path);
  const at = segs.indexOf(action.segment);
  let prefix = segs.slice(0, at);
  if (action.kind === 'procedure') prefix = [...prefix, ...procedureName(action.segment, v)!.noun.split('.')];
  return fixFromWords(words(action.segment.replace(v.extensionPattern, '').replace(/^.*\./, '')), '/' + prefix.join('/'), op, v);
}

/**
 * `update` on `/api/users` -> `PUT /api/users/{userNumber}`; `getUser` on `/api` -> `GET /api/users/{id}`;
 * `findByStatus` on `/pet` -> `GET /pet?status={status}`; `cancel` on `/orders/{id}` -> `PATCH /orders/{id} (...)`.
 */
export function fixFromWords(w: string[], prefix: string, op: Operation, v: Vocabulary): string {
  // `batchGet`, `bulkDelete`: the CRUD verb decides, wherever it stands
  const crudAt = v.verbMethods.has(w[0] ?? '') ? 0 : w.findIndex((x) => v.verbMethods.has(x));
  const at = crudAt < 0 ? 0 : crudAt;
  const verb = w[at] ?? '';
  const rest = [...w.slice(0, at).filter((x) => !v.verbs.has(x)), ...w.slice(at + 1)];
  const cut = rest.findIndex((x) => v.criteriaWords.includes(x));
  const nounWords = (cut < 0 ? rest : rest.slice(0, cut)).filter((x) => !v.fillerWords.includes(x));
  const criteria = cut < 0 ? [] : rest.slice(cut + 1).filter((x) => !v.fillerWords.includes(x));
  let segs = segments(prefix);
  const resourceSegs = segs.filter((s) => !isParam(s) && !isPrefixSegment(s, v));
  const noun = nounWords.length ? plural(nounWords.join('-')) : undefined;
  const lastStatic = [...segs].reverse().find((s) => !isParam(s));
  const endsWithParam = segs.length > 0 && isParam(segs[segs.length - 1]!);
  let singleton = false;
  if (noun && (!resourceSegs.length || endsWithParam || (lastStatic?.toLowerCase() !== noun && plural(lastStatic?.toLowerCase() ?? '') !== noun))) {
    // a noun under a collection whose item the request names (`updateShippingAddress` with `orderId` on /orders) is that item's sub-resource
    const owner = resourceSegs.length && !endsWithParam ? ownerId(op, lastStatic!) : undefined;
    if (owner) segs = [...segs, `{${owner}}`];
    singleton = !!owner && !/[^s]s$/.test(nounWords[nounWords.length - 1]!);
    segs = [...segs, singleton ? nounWords.join('-') : noun];
  } else if (!resourceSegs.length && !segs.some(isParam)) segs = [...segs, 'resources'];
  const last = segs[segs.length - 1]!;
  const collectionSegs = isParam(last) || singleton ? segs.slice(0, -1) : segs;
  const collection = '/' + collectionSegs.join('/');
  const item = isParam(last) || singleton ? '/' + segs.join('/') : `${collection}/{${idName(op, segs, last)}}`;
  const query = criteria.length ? `?${camel(criteria)}={${camel(criteria)}}` : '';
  const byId = criteria.length === 1 && criteria[0] === 'id';
  const kind = v.verbMethods.get(verb);
  const wantsList = w.includes('all') || w.includes('list') || w.includes('batch') || (criteria.length > 0 && !byId) || (rest.length > 0 && /s$/.test(nounWords[nounWords.length - 1] ?? ''));
  if (kind === 'read') return wantsList ? `GET ${collection}${byId ? '' : query}` : `GET ${item}`;
  if (kind === 'list') return `GET ${collection}${query}`;
  if (kind === 'create') return `POST ${collection}`;
  if (kind === 'update') return `PUT ${item}`;
  if (kind === 'patch') return `PATCH ${item}`;
  if (kind === 'delete') return `DELETE ${item}`;
  // a read must stay a read: never propose a change for a GET
  if (op.method === 'GET' || op.method === 'HEAD') return `GET ${isParam(last) ? item : collection}${query}`;
  return `PATCH ${item} (the '${verb}' state change as a field of the resource)`;
}

/** The item parameter: the body's `*Number`, `id` or `*Id` field, never one the path already names. */
function idName(op: Operation, segs: string[], collection: string): string {
  const taken = new Set(segs.filter(isParam).map(paramName));
  const fields = [...op.bodyFields, ...op.params].filter((f) => !taken.has(f));
  const found = fields.find((f) => /Number$/.test(f)) ?? fields.find((f) => f === 'id') ?? fields.find((f) => /Id$/.test(f));
  if (found) return found;
  if (!taken.has('id')) return 'id';
  return camel([...words(singular(collection)), 'id']);
}

/** The request field naming an item of `collection` (`orderId`, `order_id`, `orderNumber` for `orders`). */
function ownerId(op: Operation, collection: string): string | undefined {
  const one = words(singular(collection.toLowerCase())).join('');
  return [...op.bodyFields, ...op.params].find((f) => new RegExp(`^${one}_?(id|number)$`, 'i').test(f));
}

/**
 * Level 0: the resource-style request for the operation a tunnel or a SOAP service names
 * (`getUser` -> `GET /users/{id}`). An operation that names no item it would change (`sayHello`,
 * `calculateTax`) computes or reads something: a person designs a read of its noun
 * (`GET /hello?name={name}`), not a state change of an invented item (`PATCH /hellos/{id}`).
 */
export function fixForNamedOperation(name: string, prefix: string, op: Operation, v: Vocabulary): string {
  const proc = /^([\w-]+(?:\.[\w-]+)*)\.(\w+)$/.exec(name);
  if (proc) return fixFromWords(words(proc[2]!), `${prefix}/${proc[1]!.split('.').join('/')}`, op, v);
  const w = words(name.replace(/\s*\(.*\)$/, '').replace(/(Request|Response)$/, ''));
  const fix = fixFromWords(w, prefix, op, v);
  const noun = w.slice(1).filter((x) => !v.fillerWords.includes(x));
  if (!fix.startsWith('PATCH ') || namesItem(op) || !noun.length) return fix;
  const query = op.bodyFields.slice(0, 3).map((f) => `${f}={${f}}`).join('&');
  return `GET ${prefix.replace(/\/$/, '')}/${noun.join('-')}${query ? '?' + query : ''}`;
}

/** The request names an item: a path parameter, or an id field in the body (`orderId`, `id`, `accountNumber`). */
function namesItem(op: Operation): boolean {
  return segments(op.path).some(isParam) || op.bodyFields.some((f) => f === 'id' || /(Id|_id|Number)$/.test(f));
}

export function level3Fix(op: Operation, input: GradeInput): string {
  const cls = op.handler?.split('#')[0];
  const method = op.handler?.split('#')[1];
  if (input.style === 'spring' && cls && /^[a-z]/.test(cls)) {
    return `build the body of ${op.handler} as an EntityModel<...> with links (WebFluxLinkBuilder/WebMvcLinkBuilder linkTo(...)), or add a nextActions list of follow-up paths to the result`;
  }
  if (input.style === 'spring' && cls && method && !method.startsWith('lambda')) {
    // written in the language of the file the fix goes into
    const type = /\.kts?:\d+$/.test(op.location) ? `${cls}::class.java` : `${cls}.class`;
    return `return EntityModel<...> (Spring HATEOAS) with links such as linkTo(methodOn(${type}).${method}(...)).withSelfRel(), or add a nextActions list of follow-up paths to the result`;
  }
  if (input.style === 'openapi') return `add _links (HAL, application/hal+json) or a nextActions array of follow-up paths to the 2xx response schema`;
  if (input.style === 'jax-rs') return 'add links to the response (Response.ok(entity).links(Link.fromUri(...).rel("self").build())) or a nextActions list in the body';
  return 'return links with the representation (HAL _links, JSON:API links, or a nextActions list of follow-up paths)';
}

/** A request line is valid when its method is an HTTP method and no path parameter repeats. */
export function isValidRequestLine(fix: string): boolean {
  const m = /^(GET|POST|PUT|PATCH|DELETE) (\/[^\s?]*)/.exec(fix);
  if (!m) return true; // prose advice, not a request line
  const names = (m[2]!.match(/\{[^}]+\}/g) ?? []).map(paramName);
  return new Set(names).size === names.length;
}
