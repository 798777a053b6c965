// The grader: operations -> resources -> levels (cumulative and deterministic), with the
// evidence behind every level and the blocking findings (with a concrete fix) for the next one.
import type { Blocking, Evidence, Excluded, GradeInput, GradedOperation, GradedResource, Level, Operation, Report } from './model.js';
import { isActionSegment, isParam, matchGlob, overrideFor, segments, words, type Vocabulary } from './vocabulary.js';

export type Rule = 'min' | 'majority';

const READ_VERBS = new Set(['get', 'fetch', 'find', 'read', 'load', 'retrieve', 'show', 'view', 'select', 'lookup']);
const LIST_VERBS = new Set(['list', 'search', 'query', 'count']);
const CREATE_VERBS = new Set(['create', 'add', 'insert', 'new', 'register', 'save', 'store', 'post', 'persist', 'make']);
const UPDATE_VERBS = new Set(['update', 'modify', 'edit', 'change', 'set', 'replace', 'upsert', 'rename', 'put']);
const DELETE_VERBS = new Set(['delete', 'remove', 'destroy', 'erase', 'drop', 'purge']);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** `{id:\d+}` -> `{id}`; no trailing slash. */
export function normalizePath(path: string): string {
  const p = path.replace(/\{([^}:]+)(:[^}]*)?\}/g, (_, n: string) => `{${n.trim()}}`).replace(/\/+$/, '');
  return p.startsWith('/') ? p || '/' : '/' + p;
}

const shape = (path: string) => segments(path).map((s) => (isParam(s) ? '{}' : s.toLowerCase())).join('/');

interface Analysed {
  op: Operation;
  path: string;
  resource: string;
  actions: string[];
  level: Level;
  evidence: Evidence[];
}

export function grade(input: GradeInput, vocab: Vocabulary, rule: Rule, url?: string): Report {
  const excluded: Excluded[] = [...input.excluded];
  const ops: Operation[] = [];
  for (const op of input.operations) {
    const path = normalizePath(op.path);
    const reason = exclusionReason(op, path, vocab);
    if (reason) excluded.push({ operation: `${op.method} ${path}`, location: op.location, reason });
    else ops.push({ ...op, path });
  }
  const apiEvidence: Evidence[] = [];
  const addresses = new Set(ops.map((o) => shape(o.path)));
  const methods = new Set(ops.map((o) => o.method));
  const readOnly = ops.length > 0 && [...methods].every((m) => SAFE_METHODS.has(m));
  const singleEndpoint = addresses.size === 1 && methods.size === 1 && !readOnly;
  const postOnlyApi = addresses.size > 1 && methods.size === 1 && methods.has('POST');
  if (singleEndpoint) apiEvidence.push({ kind: 'single-endpoint', message: `one address (${ops[0]!.path}) and one method (${ops[0]!.method}) carry every operation` });
  if (postOnlyApi) apiEvidence.push({ kind: 'post-only', message: `${addresses.size} addresses, POST for everything` });
  if (readOnly) apiEvidence.push({ kind: 'read-only', message: 'read-only API (GET only): graded on its resource addresses, as level 2 allows' });

  const analysed = ops.map((op) => analyse(op, vocab, singleEndpoint, postOnlyApi));
  const byResource = new Map<string, Analysed[]>();
  for (const a of analysed) byResource.set(a.resource, [...(byResource.get(a.resource) ?? []), a]);

  const resources: GradedResource[] = [...byResource.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([path, list]) => gradeResource(path, list, input));

  const counts = { '0': 0, '1': 0, '2': 0, '3': 0 } as Report['summary']['resourcesByLevel'];
  for (const r of resources) counts[String(r.level) as '0']++;
  const { level, derivation } = overall(resources, rule, counts);
  return {
    level,
    rule,
    derivation,
    input: { kind: input.kind, path: input.path, ...(url ? { url } : {}) },
    summary: { resources: resources.length, operations: ops.length, excluded: excluded.length, resourcesByLevel: counts },
    evidence: apiEvidence,
    resources,
    blocking: resources.filter((r) => r.level === level).flatMap((r) => r.blocking),
    excluded,
    notes: input.notes,
  };
}

function exclusionReason(op: Operation, path: string, v: Vocabulary): string | undefined {
  if (overrideFor(path, v) === 'ignore') return 'ignored by the config file';
  if (v.includeFramework) return undefined;
  if (path === '/actuator' || path.startsWith('/actuator/')) return 'actuator endpoint';
  const cls = op.handler?.split('#')[0];
  if (cls && v.excludedHandlers.includes(cls)) return 'framework or error controller';
  if (path === '/error' || path.startsWith('/error/')) return 'error controller';
  if (v.excludedPaths.some((g) => matchGlob(g, path))) return 'framework endpoint';
  return undefined;
}

function actionSegments(path: string, v: Vocabulary): string[] {
  const o = overrideFor(path, v);
  if (o === 'resource') return [];
  const segs = segments(path);
  if (o === 'action') return segs.filter((s) => !isParam(s)).slice(-1);
  return segs.filter((s) => isActionSegment(s, v));
}

const FILLER_WORDS = ['by', 'all', 'id', 'info', 'details', 'data'];

/** The noun an action segment carries (`getUser` -> `users`), or undefined (`update`, `getById`). */
function actionNoun(segment: string): string | undefined {
  const rest = words(segment).slice(1).filter((x) => !FILLER_WORDS.includes(x));
  return rest.length ? plural(rest.join('-')) : undefined;
}

/** The resource an operation belongs to: its path without action segments and a trailing id (`/api/getUser` -> `/api/users`). */
function resourceOf(path: string, actions: string[]): string {
  const segs = segments(path).flatMap((s) => (actions.includes(s) ? (actionNoun(s) ? [actionNoun(s)!] : []) : [s]));
  if (segs.length && isParam(segs[segs.length - 1]!)) segs.pop();
  return '/' + segs.map((s) => (isParam(s) ? '{}' : s)).join('/');
}

function analyse(op: Operation, v: Vocabulary, singleEndpoint: boolean, postOnlyApi: boolean): Analysed {
  const evidence: Evidence[] = [...op.evidence];
  const actions = actionSegments(op.path, v);
  const zero: Evidence[] = [];
  const one: Evidence[] = [];
  if (op.soap) zero.push({ kind: 'soap', message: `SOAP envelope (${op.consumes.filter((c) => v.soapMediaTypes.includes(c)).join(', ') || 'text/xml'})${op.operationName ? `, operation ${op.operationName} named in the payload` : ''}`, location: op.location });
  const rpc = [...op.bodyFields, ...op.params].filter((f) => v.rpcFields.has(f.toLowerCase()));
  if (rpc.length) zero.push({ kind: 'rpc-field', message: `the operation is named in the request ('${rpc[0]}')`, location: op.location });
  if (singleEndpoint) zero.push({ kind: 'single-endpoint', message: 'the only address and method of the API', location: op.location });
  if (actions.length) one.push({ kind: 'action-in-path', message: `action in the path: '${actions.join("', '")}'`, location: op.location });
  if (op.method === '*') one.push({ kind: 'any-method', message: 'the mapping accepts every HTTP method', location: op.location });
  if (postOnlyApi) one.push({ kind: 'post-only', message: 'POST for everything', location: op.location });
  if (op.method === 'POST' && !actions.length && isParam(segments(op.path).pop() ?? '')) one.push({ kind: 'post-on-item', message: 'POST on an item address', location: op.location });
  const override = overrideFor(op.path, v);
  if (override) evidence.push({ kind: 'override', message: `treated as ${override === 'action' ? 'an action' : 'a resource'} by the config file`, location: op.location });
  let level: Level;
  if (zero.length) level = 0;
  else if (one.length) level = 1;
  else level = op.hypermedia === 'none' ? 2 : 3; // no body, or a response the input cannot show, is not held against level 3
  if (level >= 2) evidence.push({ kind: 'methods', message: `${op.method} on a resource address`, location: op.location });
  if (level === 2) evidence.push({ kind: 'no-hypermedia', message: 'the response carries no links', location: op.location });
  return { op, path: op.path, resource: resourceOf(op.path, actions), actions, level, evidence: [...zero, ...one, ...evidence] };
}

function gradeResource(key: string, list: Analysed[], input: GradeInput): GradedResource {
  const display = displayPath(key, list);
  const evidence: Evidence[] = [];
  const methods = [...new Set(list.map((a) => a.op.method))].sort();
  let cap: Level = 3;
  if (list.length > 1 && methods.length === 1 && methods[0] === 'POST') {
    cap = 1;
    evidence.push({ kind: 'post-only', message: `${list.length} operations, all POST` });
  }
  const hasLinks = list.some((a) => a.op.hypermedia === 'links');
  if (!hasLinks && cap > 2) cap = 2;
  const operations: GradedOperation[] = list.map((a) => {
    let level = Math.min(a.level, cap) as Level;
    const ev = [...a.evidence];
    if (cap === 1 && a.level > 1) ev.unshift({ kind: 'post-only', message: 'every operation of this resource is a POST', location: a.op.location });
    const what = a.op.hypermedia === 'no-body' ? 'no response body' : 'response not visible to the grader';
    if ((a.op.hypermedia === 'no-body' || a.op.hypermedia === 'unknown') && a.level === 3) {
      ev.push({ kind: 'no-body', message: level === 3 ? `${what}: not held against level 3` : `${what}, and no operation of the resource returns links`, location: a.op.location });
    }
    level = level as Level;
    return { method: a.op.method, path: a.path, level, handler: a.op.handler, location: a.op.location, evidence: ev };
  });
  const level = lowest(operations.map((o) => o.level));
  evidence.push({ kind: 'methods', message: `methods: ${methods.join(', ')}` });
  const blocking = list.flatMap((a, i) => blockingFor(a, operations[i]!, level, display, input, hasLinks));
  return { path: display, level, methods, evidence, operations, blocking };
}

/** The resource path as written by its first operation (param names kept). */
function displayPath(key: string, list: Analysed[]): string {
  const want = segments(key).length;
  for (const a of list) {
    const segs = segments(a.path).filter((s) => !a.actions.includes(s)).slice(0, want);
    if (segs.length === want) return '/' + segs.join('/');
  }
  return key;
}

function blockingFor(a: Analysed, g: GradedOperation, resourceLevel: Level, resource: string, input: GradeInput, hasLinks: boolean): Blocking[] {
  if (g.level !== resourceLevel || resourceLevel === 3) return [];
  const next = (resourceLevel + 1) as Level;
  const op = `${a.op.method} ${a.path}`;
  const base = { level: next, resource, operation: op, location: a.op.location };
  if (g.level === 0) {
    const target = a.op.operationName ? fixFromWords(words(a.op.operationName.replace(/(Request|Response)$/, '')), '', a.op, input) : undefined;
    if (a.op.soap) return [{ ...base, message: 'SOAP operation behind a single address', fix: target ?? 'give the resource its own address and use HTTP methods for the operations' }];
    const rpc = g.evidence.find((e) => e.kind === 'rpc-field');
    if (rpc && a.op.operationName) return [{ ...base, message: `${rpc.message}: ${a.op.operationName}`, fix: fixFromWords(words(a.op.operationName), a.path, a.op, input) }];
    if (rpc) return [{ ...base, message: rpc.message, fix: 'one address per resource and one HTTP method per operation instead of the field (e.g. PUT /api/users/{id} for an update)' }];
    return [{ ...base, message: 'one address and one method for the whole API', fix: 'give each resource its own address (/api/users, /api/users/{id}) and use GET/POST/PUT/DELETE' }];
  }
  if (g.level === 1) {
    if (a.actions.length) return [{ ...base, message: `action '${a.actions[a.actions.length - 1]}' named in the path`, fix: fixForAction(a, input) }];
    if (a.op.method === '*') return [{ ...base, message: 'the mapping accepts every method', fix: `restrict it to the method it implements (GET ${a.path} for a read)` }];
    if (g.evidence.some((e) => e.kind === 'post-on-item')) return [{ ...base, message: 'POST on an item address', fix: `PUT ${a.path} (replace) or PATCH ${a.path} (partial update)` }];
    return [{ ...base, message: 'POST for everything', fix: 'use GET to read, PUT/PATCH to change and DELETE to remove the resource' }];
  }
  if (a.op.hypermedia === 'links' || a.op.hypermedia === 'no-body') return [];
  if (a.op.hypermedia === 'unknown' && hasLinks && !['GET', '*'].includes(a.op.method)) return [];
  return [{ ...base, message: 'the response carries no hypermedia controls', fix: level3Fix(a, input) }];
}

function level3Fix(a: Analysed, input: GradeInput): string {
  const cls = a.op.handler?.split('#')[0];
  const method = a.op.handler?.split('#')[1];
  if (input.style === 'spring' && cls && /^[a-z]/.test(cls)) {
    return `build the body of ${a.op.handler} as an EntityModel<...> with links (WebFluxLinkBuilder/WebMvcLinkBuilder linkTo(...)), or add a nextActions list of follow-up paths to the result`;
  }
  if (input.style === 'spring' && cls && method && !method.startsWith('lambda')) {
    return `return EntityModel<...> (Spring HATEOAS) with links such as linkTo(methodOn(${cls}.class).${method}(...)).withSelfRel(), or add a nextActions list of follow-up paths to the result`;
  }
  if (input.style === 'openapi') return `add _links (HAL, application/hal+json) or a nextActions array of follow-up paths to the 2xx response schema`;
  if (input.style === 'jax-rs') return 'add links to the response (Response.ok(entity).links(Link.fromUri(...).rel("self").build())) or a nextActions list in the body';
  return 'return links with the representation (HAL _links, JSON:API links, or a nextActions list of follow-up paths)';
}

function fixForAction(a: Analysed, input: GradeInput): string {
  const segs = segments(a.path);
  const first = segs.findIndex((s) => a.actions.includes(s));
  const prefix = segs.slice(0, first);
  const actionWords = words(segs[first]!);
  return fixFromWords(actionWords, '/' + prefix.join('/'), a.op, input);
}

/** `update` on `/api/users` -> `PUT /api/users/{userNumber}`; `getUser` on `/api` -> `GET /api/users/{id}`. */
function fixFromWords(w: string[], prefix: string, op: Operation, _input: GradeInput): string {
  const verb = w[0] ?? '';
  let segs = segments(prefix);
  const rest = w.slice(1).filter((x) => !FILLER_WORDS.includes(x));
  if (rest.length) segs = [...segs, plural(rest.join('-'))];
  else if (!segs.length) segs = ['resources'];
  const last = segs[segs.length - 1]!;
  const collection = '/' + (isParam(last) ? segs.slice(0, -1) : segs).join('/');
  const item = isParam(last) ? '/' + segs.join('/') : `${collection}/{${idName(op)}}`;
  const wantsList = w.includes('all') || w.includes('list') || (rest.length > 0 && rest[rest.length - 1]!.endsWith('s'));
  if (READ_VERBS.has(verb)) return wantsList ? `GET ${collection}` : `GET ${item}`;
  if (LIST_VERBS.has(verb)) return `GET ${collection}`;
  if (CREATE_VERBS.has(verb)) return `POST ${collection}`;
  if (UPDATE_VERBS.has(verb)) return `PUT ${item}`;
  if (verb === 'patch') return `PATCH ${item}`;
  if (DELETE_VERBS.has(verb)) return `DELETE ${item}`;
  return `PATCH ${item} (the '${verb}' state change as a field of the resource)`;
}

function idName(op: Operation): string {
  const fields = [...op.bodyFields, ...op.params];
  return fields.find((f) => /Number$/.test(f)) ?? fields.find((f) => f === 'id') ?? fields.find((f) => /Id$/.test(f)) ?? 'id';
}

function plural(noun: string): string {
  if (/s$/.test(noun)) return noun;
  if (/[^aeiou]y$/.test(noun)) return noun.slice(0, -1) + 'ies';
  if (/(ch|sh|x|z)$/.test(noun)) return noun + 'es';
  return noun + 's';
}

function overall(resources: GradedResource[], rule: Rule, counts: Report['summary']['resourcesByLevel']): { level: Level; derivation: string } {
  if (!resources.length) return { level: 0, derivation: 'no operations to grade' };
  const listing = (['0', '1', '2', '3'] as const).filter((l) => counts[l]).map((l) => `${counts[l]} at level ${l}`).join(', ');
  if (rule === 'min') {
    const level = lowest(resources.map((r) => r.level));
    return { level, derivation: `minimum over ${resources.length} resource(s) (${listing})` };
  }
  let best: Level = 0;
  for (const l of [0, 1, 2, 3] as Level[]) if (counts[String(l) as '0'] > counts[String(best) as '0']) best = l;
  return { level: best, derivation: `majority of ${resources.length} resource(s) (${listing}; ties go to the lower level)` };
}

/** The lowest level of a list (no spread: Math.min(...list) overflows the stack past ~100k items). */
function lowest(levels: readonly Level[]): Level {
  let min: Level = 3;
  for (const l of levels) if (l < min) min = l;
  return min;
}
