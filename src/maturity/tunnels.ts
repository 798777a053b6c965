// Level 0 from the shape of the interface: one tunnel address, SOAP, GraphQL, or a request field
// whose values select the operation. A field named like a selector is data unless the interface
// shows it choosing what runs (its values name operations, the body is JSON-RPC, or it reaches a
// tunnel address).
import type { Evidence, Operation } from './model.js';
import { addressOf, InterfaceShape, isPrefixSegment } from './shape.js';
import { isParam, isVerb, segments, words, type Vocabulary } from './vocabulary.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const HTTP_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE', 'TRACE', 'CONNECT']);

export interface ApiShape {
  evidence: Evidence[];
  /** One address and one method carry every operation, and the address is a tunnel. */
  singleEndpoint: boolean;
  /** One address and one method, but nothing says it tunnels (`POST /streams`): graded as a resource. */
  openSingle?: Operation;
  postOnly: boolean;
}

/** The address names a tunnel (`/rpc`, `/graphql`, `/UserService`) rather than a resource. */
function tunnelName(path: string, v: Vocabulary): boolean {
  const last = segments(path).filter((s) => !isParam(s)).pop();
  if (!last) return true;
  return words(last.replace(v.extensionPattern, '')).some((w) => v.tunnelSegments.includes(w));
}

export function apiShape(ops: Operation[], shape: InterfaceShape, v: Vocabulary): ApiShape {
  const evidence: Evidence[] = [];
  const concrete = ops.filter((o) => o.method !== '*');
  const readOnly = concrete.length > 0 && [...shape.allMethods].every((m) => SAFE_METHODS.has(m));
  const one = shape.addresses.size === 1 && shape.allMethods.size === 1 && !readOnly ? concrete[0] : undefined;
  // a field named like a selector names the operation unless its known values are all data (`method: [SMS, EMAIL]`)
  const requestNames = (o: Operation) => o.soap || o.graphql || [...o.bodyFields, ...o.params].some((f) => (v.rpcFields.has(f.toLowerCase()) && selectorKind(o, f, v) !== 'data') || v.operationFields.includes(f));
  const singleEndpoint = !!one && (tunnelName(one.path, v) || concrete.some(requestNames));
  const postOnly = shape.addresses.size > 1 && shape.allMethods.size === 1 && shape.allMethods.has('POST');
  if (singleEndpoint) evidence.push({ kind: 'single-endpoint', message: `one address (${one!.path}) and one method (${one!.method}) carry every operation` });
  if (postOnly) evidence.push({ kind: 'post-only', message: `${shape.addresses.size} addresses, POST for everything` });
  if (readOnly) evidence.push({ kind: 'read-only', message: 'read-only API (GET only): graded on its resource addresses, as level 2 allows' });
  return { evidence, singleEndpoint, openSingle: one && !singleEndpoint ? one : undefined, postOnly };
}

/**
 * A value that names an operation (`getUser`, `photos.search`, `delete`), not a kind of thing or a
 * way of doing it (`instant`, `append`, `EMAIL`): a dotted procedure, a verb with its object, or a
 * bare CRUD verb. Words that merely look like verbs are data.
 */
function namesOperation(value: string, v: Vocabulary): boolean {
  if (HTTP_METHODS.has(value.toUpperCase())) return false; // a callback's `Method: [GET, POST]` chooses nothing here
  if (value.includes('.') && /^[A-Za-z][\w.]*$/.test(value)) return true;
  const w = words(value);
  return w.length > 1 ? isVerb(w[0]!, v) : v.crudVerbs.has(w[0] ?? '');
}

/** What a field's known values say: they name operations, they are all data, or nothing is known. */
function selectorKind(op: Operation, field: string, v: Vocabulary): 'named' | 'data' | 'unknown' {
  const values = op.selectors?.[field] ?? [];
  if (!values.length) return 'unknown';
  return values.some((x) => namesOperation(x, v)) ? 'named' : 'data';
}

/**
 * Level 0 evidence. The operation is named in the request when a field's known values are
 * operation names (an enum, a `params = "action=..."` condition, a path key's query), when the
 * body has the JSON-RPC shape, or when a field from rpcFields reaches a POST-only tunnel address.
 * A field called `method` on an ordinary collection is data (`domain-field`), not a tunnel.
 */
export function tunnelEvidence(op: Operation, v: Vocabulary, shape: InterfaceShape, api: ApiShape): { zero: Evidence[]; data: Evidence[] } {
  const zero: Evidence[] = [];
  const data: Evidence[] = [];
  if (op.soap) zero.push({ kind: 'soap', message: `SOAP envelope (${op.consumes.filter((c) => v.soapMediaTypes.includes(c)).join(', ') || 'text/xml'})${op.operationName ? `, operation ${op.operationName} named in the payload` : ''}`, location: op.location });
  if (op.graphql) zero.push({ kind: 'graphql', message: 'GraphQL: one address, the operation named in the query document', location: op.location });
  const address = addressOf(op.path);
  const tunnel = shape.postOnly(address) && (tunnelName(op.path, v) || shape.addresses.size <= 2);
  const fields = [...new Set([...op.bodyFields, ...op.params, ...Object.keys(op.selectors ?? {})])];
  for (const f of fields.filter((x) => v.rpcFields.has(x.toLowerCase()))) {
    // values that are HTTP methods (`Method: [GET, POST]`, a callback's method) choose nothing here
    const named = (op.selectors?.[f] ?? []).filter((x) => namesOperation(x, v));
    if (named.length >= 2 || (named.length && (shape.postOnly(address) || named.includes(op.operationName ?? '')))) zero.push({ kind: 'rpc-field', message: `the operation is named in the request: '${f}' selects ${named.slice(0, 3).join(', ')}${named.length > 3 ? ', ...' : ''}`, location: op.location });
    else if (tunnel && selectorKind(op, f, v) === 'unknown') zero.push({ kind: 'rpc-field', message: `the operation is named in the request ('${f}' at the tunnel address ${op.path})`, location: op.location });
    else if (selectorKind(op, f, v) === 'data') data.push({ kind: 'domain-field', message: `'${f}' is read as data: its values (${op.selectors![f]!.slice(0, 4).join(', ')}) name no operation`, location: op.location });
    else data.push({ kind: 'domain-field', message: `'${f}' is read as data: ${shape.addresses.size} addresses, and nothing shows its value selecting the operation`, location: op.location });
  }
  const rpcShape = fields.find((f) => v.operationFields.includes(f));
  if (rpcShape && !zero.some((e) => e.kind === 'rpc-field')) zero.push({ kind: 'rpc-field', message: `JSON-RPC request ('${rpcShape}' field): the operation is named in the body`, location: op.location });
  if (api.singleEndpoint) zero.push({ kind: 'single-endpoint', message: 'the only address and method of the API', location: op.location });
  return { zero, data };
}

/** The tunnel's address without the segment that names the tunnel or an action (`/orders/dispatch` -> `/orders`); an API prefix (`/api`, `/rest`) stays. */
export function tunnelPrefix(path: string, v: Vocabulary): string {
  const segs = segments(path);
  const last = segs[segs.length - 1];
  const w = words(last ?? '');
  if (last && !isParam(last) && !isPrefixSegment(last, v) && (w.some((x) => v.tunnelSegments.includes(x)) || v.verbs.has(w[0] ?? ''))) segs.pop();
  return '/' + segs.join('/');
}

