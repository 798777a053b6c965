// The grader: operations -> resources -> levels (cumulative and deterministic), with the
// evidence behind every level and the blocking findings (with a concrete fix) for the next one.
// Rules that need the whole interface (tunnels, actions versus sub-resources) read its shape.
import type { Blocking, Evidence, GradeInput, GradedOperation, GradedResource, Level, Operation, Report } from './model.js';
import { isCatchAll, partition } from './exclusions.js';
import { designFindings } from './findings.js';
import { fixForAction, fixForNamedOperation, isValidRequestLine, level3Fix, plural } from './fixes.js';
import { actionsOf, customMethod, InterfaceShape, isPrefixSegment, procedureName, type Action } from './shape.js';
import { ambiguities, headline } from './summary.js';
import { apiShape, tunnelEvidence, tunnelPrefix, type ApiShape } from './tunnels.js';
import { isParam, overrideFor, segments, words, type Vocabulary } from './vocabulary.js';

export { normalizePath } from './shape.js';
export type Rule = 'min' | 'majority';


export interface Analysed {
  op: Operation;
  path: string;
  resource: string;
  actions: Action[];
  level: Level;
  evidence: Evidence[];
}

export function grade(input: GradeInput, vocab: Vocabulary, rule: Rule, url?: string): Report {
  const { ops, excluded } = partition(input, vocab);
  const shape = new InterfaceShape(ops);
  const api = apiShape(ops, shape, vocab);
  const analysed = ops.map((op) => analyse(op, vocab, shape, api));
  const byResource = new Map<string, Analysed[]>();
  for (const a of analysed) byResource.set(a.resource, [...(byResource.get(a.resource) ?? []), a]);

  const entries = [...byResource.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const resources: GradedResource[] = entries.map(([path, list]) => gradeResource(path, list, input, vocab));
  // the majority rule's votes: a resource's operations (a GraphQL endpoint carries its schema's fields)
  const weights = entries.map(([, list]) => list.reduce((n, a) => n + (a.op.carries ?? 1), 0));

  const counts = { '0': 0, '1': 0, '2': 0, '3': 0 } as Report['summary']['resourcesByLevel'];
  for (const r of resources) counts[String(r.level) as '0']++;
  const min = overall(resources, 'min', counts, weights);
  const majority = overall(resources, 'majority', counts, weights);
  const { level, derivation } = rule === 'min' ? min : majority;
  const blocking = resources.filter((r) => r.level === level).flatMap((r) => r.blocking);
  return {
    headline: headline(resources, min.level),
    level,
    rule,
    derivation,
    levels: { min: min.level, majority: majority.level },
    input: { kind: input.kind, path: input.path, ...(url ? { url } : {}), ...(input.documents ? { documents: input.documents } : {}) },
    summary: { resources: resources.length, operations: ops.length, excluded: excluded.length, resourcesByLevel: counts },
    evidence: api.evidence,
    resources,
    blocking,
    excluded,
    ambiguities: ambiguities(ops, api.openSingle, input),
    findings: designFindings(input.operations, analysed, shape, vocab),
    notes: input.notes,
  };
}

function analyse(op: Operation, v: Vocabulary, shape: InterfaceShape, api: ApiShape): Analysed {
  const evidence: Evidence[] = [...op.evidence];
  // an HTML page is named by its address and posts its forms: neither an action nor a POST on an item
  const page = op.ambiguity === 'html';
  const actions = overriddenActions(op, v) ?? (page ? [] : actionsOf(op, shape, v));
  const { zero, data } = tunnelEvidence(op, v, shape, api);
  const one: Evidence[] = [];
  for (const a of actions) one.push(actionEvidence(a, op));
  if (op.method === '*' && op.bodyFields.length) one.push({ kind: 'any-method', message: 'the mapping accepts every HTTP method and takes a body: the method does not choose the operation', location: op.location });
  if (api.postOnly) one.push({ kind: 'post-only', message: 'POST for everything', location: op.location });
  if (op.method === 'POST' && !actions.length && !page && !isCatchAll(op.path) && isParam(segments(op.path).pop() ?? '')) one.push({ kind: 'post-on-item', message: 'POST on an item address', location: op.location });
  const override = overrideFor(op.path, v);
  if (override) evidence.push({ kind: 'override', message: `treated as ${override === 'action' ? 'an action' : 'a resource'} by the config file`, location: op.location });
  let level: Level;
  if (zero.length) level = 0;
  else if (one.length) level = 1;
  else level = op.hypermedia === 'none' ? 2 : 3; // no body, or a response the input cannot show, is not held against level 3
  if (level >= 2) evidence.push({ kind: 'methods', message: `${op.method === '*' ? 'any method (a weakness of this handler, see findings)' : op.method} on a resource address`, location: op.location });
  if (level === 2) evidence.push({ kind: 'no-hypermedia', message: 'the response carries no links', location: op.location });
  return { op, path: op.path, resource: resourceOf(op.path, actions, v), actions, level, evidence: [...zero, ...one, ...data, ...evidence] };
}

function overriddenActions(op: Operation, v: Vocabulary): Action[] | undefined {
  const o = overrideFor(op.path, v);
  if (o === 'resource') return [];
  if (o === 'action') return segments(op.path).filter((s) => !isParam(s)).slice(-1).map((s) => ({ segment: s, kind: 'word' as const, verb: s }));
  return undefined;
}

function actionEvidence(a: Action, op: Operation): Evidence {
  const location = op.location;
  if (a.kind === 'custom-method') return { kind: 'custom-method', message: `custom method ':${a.verb}' names an action on the resource`, location };
  if (a.kind === 'procedure') return { kind: 'procedure-name', message: `procedure name in the path: '${a.segment}'`, location };
  if (a.kind === 'structure') return { kind: 'action-in-path', message: `action in the path: '${a.segment}' (a POST after an item id that creates no member)`, location };
  return { kind: 'action-in-path', message: `action in the path: '${a.segment}'`, location };
}

/**
 * The resource an operation belongs to: its path without action segments and a trailing id.
 * An action's noun becomes the resource only when no resource precedes it (`/api/getUser` ->
 * `/api/users`); `/pet/findByStatus` stays `/pet`.
 */
function resourceOf(path: string, actions: Action[], v: Vocabulary): string {
  const custom = customMethod(path);
  const base = custom ? custom.base : path;
  const out: string[] = [];
  for (const s of segments(base)) {
    const a = actions.find((x) => x.segment === s);
    if (!a) {
      out.push(s);
      continue;
    }
    if (a.kind === 'procedure') {
      out.push(...procedureName(s, v)!.noun.split('.'));
      continue;
    }
    const hasResource = out.some((x) => !isParam(x) && !isPrefixSegment(x, v));
    const noun = actionNoun(s, v);
    if (!hasResource && noun) out.push(noun);
  }
  if (out.length && isParam(out[out.length - 1]!)) out.pop();
  return '/' + out.map((s) => (isParam(s) ? '{}' : s)).join('/');
}

/** The noun an action segment carries (`getUser` -> `users`; `findByStatus`, `update` -> none). */
function actionNoun(segment: string, v: Vocabulary): string | undefined {
  const rest = words(segment.replace(v.extensionPattern, '')).slice(1);
  const cut = rest.findIndex((x) => v.criteriaWords.includes(x));
  const nounWords = (cut < 0 ? rest : rest.slice(0, cut)).filter((x) => !v.fillerWords.includes(x));
  return nounWords.length ? plural(nounWords.join('-')) : undefined;
}

function gradeResource(key: string, list: Analysed[], input: GradeInput, v: Vocabulary): GradedResource {
  const display = displayPath(key, list);
  const evidence: Evidence[] = [];
  const methods = [...new Set(list.map((a) => a.op.method))].sort();
  let cap: Level = 3;
  // every operation a POST, and at least two of them not already explained by an action or an item POST
  if (list.length > 1 && methods.length === 1 && methods[0] === 'POST' && list.filter((a) => a.level >= 2).length > 1) {
    cap = 1;
    evidence.push({ kind: 'post-only', message: `${list.length} operations, all POST` });
  }
  const hasLinks = list.some((a) => a.op.hypermedia === 'links');
  if (!hasLinks && cap > 2) cap = 2;
  const operations: GradedOperation[] = list.map((a) => {
    const level = Math.min(a.level, cap) as Level;
    const ev = [...a.evidence];
    if (cap === 1 && a.level > 1) ev.unshift({ kind: 'post-only', message: 'every operation of this resource is a POST', location: a.op.location });
    const what = a.op.hypermedia === 'no-body' ? 'no response body' : 'response not visible to the grader';
    if ((a.op.hypermedia === 'no-body' || a.op.hypermedia === 'unknown') && a.level === 3) {
      ev.push({ kind: 'no-body', message: level === 3 ? `${what}: not held against level 3` : `${what}, and no operation of the resource returns links`, location: a.op.location });
    }
    return { method: a.op.method, path: a.path, level, handler: a.op.handler, location: a.op.location, evidence: ev };
  });
  const level = lowest(operations.map((o) => o.level));
  evidence.push({ kind: 'methods', message: `methods: ${methods.join(', ')}` });
  const blocking = list.flatMap((a, i) => blockingFor(a, operations[i]!, level, display, input, hasLinks, v));
  return { path: display, level, methods, evidence, operations, blocking };
}

/** The resource path as written by its first operation (param names kept). */
function displayPath(key: string, list: Analysed[]): string {
  const want = segments(key);
  for (const a of list) {
    const segs = segments(customMethod(a.path)?.base ?? a.path).filter((s) => !a.actions.some((x) => x.segment === s)).slice(0, want.length);
    if (segs.length === want.length && segs.every((s, i) => isParam(s) === (want[i] === '{}'))) return '/' + segs.join('/');
  }
  return key;
}

function blockingFor(a: Analysed, g: GradedOperation, resourceLevel: Level, resource: string, input: GradeInput, hasLinks: boolean, v: Vocabulary): Blocking[] {
  if (g.level !== resourceLevel || resourceLevel === 3) return [];
  const next = (resourceLevel + 1) as Level;
  const op = `${a.op.method} ${a.path}`;
  const base = { level: next, resource, operation: op, location: a.op.location };
  const checked = (b: Blocking): Blocking[] => [isValidRequestLine(b.fix) ? b : { ...b, fix: 'give the operation a resource address and the HTTP method that matches it' }];
  if (g.level === 0) {
    const named = a.op.operationName;
    const target = named ? fixForNamedOperation(named, a.op.soap ? '' : tunnelPrefix(a.path, v), a.op, v) : undefined;
    if (a.op.soap) return checked({ ...base, message: 'SOAP operation behind a single address', fix: target ?? 'give the resource its own address and use HTTP methods for the operations' });
    if (a.op.graphql) return checked({ ...base, message: 'GraphQL endpoint: every operation behind one POST', fix: 'offer resource addresses beside it (GET /things/{id}, POST /things) if the model\'s levels matter for this API; GraphQL is a different design, not a broken REST one' });
    const rpc = g.evidence.find((e) => e.kind === 'rpc-field');
    const selected = Object.values(a.op.selectors ?? {}).flat();
    const prefix = tunnelPrefix(a.path, v);
    if (rpc && selected.length > 1) return checked({ ...base, message: rpc.message, fix: selected.map((x) => `${x}: ${fixForNamedOperation(x, prefix, a.op, v)}`).join('; ') });
    if (rpc && named) return checked({ ...base, message: rpc.message.includes(named) ? rpc.message : `${rpc.message}: ${named}`, fix: fixForNamedOperation(named, prefix, a.op, v) });
    if (rpc) return checked({ ...base, message: rpc.message, fix: 'one address per resource and one HTTP method per operation instead of the field (e.g. PUT /api/users/{id} for an update)' });
    return checked({ ...base, message: 'one address and one method for the whole API', fix: 'give each resource its own address (/api/users, /api/users/{id}) and use GET/POST/PUT/DELETE' });
  }
  if (g.level === 1) {
    const action = a.actions[a.actions.length - 1];
    if (action) return checked({ ...base, message: action.kind === 'custom-method' ? `custom method ':${action.verb}' names an action` : action.kind === 'procedure' ? `procedure '${action.segment}' named in the path` : `action '${action.segment}' named in the path`, fix: fixForAction(a.op, action, v) });
    if (a.op.method === '*') return checked({ ...base, message: 'the mapping accepts every method', fix: `restrict it to the method it implements (PUT ${a.path} to replace, POST to create)` });
    if (g.evidence.some((e) => e.kind === 'post-on-item')) return checked({ ...base, message: 'POST on an item address', fix: `PUT ${a.path} (replace) or PATCH ${a.path} (partial update)` });
    return checked({ ...base, message: 'POST for everything', fix: 'use GET to read, PUT/PATCH to change and DELETE to remove the resource' });
  }
  if (a.op.hypermedia === 'links' || a.op.hypermedia === 'no-body') return [];
  if (a.op.hypermedia === 'unknown' && hasLinks && !['GET', '*'].includes(a.op.method)) return [];
  return [{ ...base, message: 'the response carries no hypermedia controls', fix: level3Fix(a.op, input) }];
}

function overall(resources: GradedResource[], rule: Rule, counts: Report['summary']['resourcesByLevel'], weights: number[]): { level: Level; derivation: string } {
  if (!resources.length) return { level: 0, derivation: 'no operations to grade' };
  const listing = (['0', '1', '2', '3'] as const).filter((l) => counts[l]).map((l) => `${counts[l]} at level ${l}`).join(', ');
  if (rule === 'min') {
    const level = lowest(resources.map((r) => r.level));
    return { level, derivation: `minimum over ${resources.length} resource(s) (${listing})` };
  }
  // a resource weighs as many votes as it has operations: an action endpoint the word lists miss,
  // graded as a one-operation resource of its own, does not outvote a resource of ten operations
  const weight = [0, 0, 0, 0];
  resources.forEach((r, i) => (weight[r.level] += weights[i]!));
  let best: Level = 0;
  for (const l of [0, 1, 2, 3] as Level[]) if (weight[l]! > weight[best]!) best = l;
  const votes = weight.map((n, l) => (n ? `${n} at level ${l}` : '')).filter(Boolean).join(', ');
  const total = weight.reduce((a, b) => a + b, 0);
  return { level: best, derivation: `majority of ${total} operation(s), each resource weighed by its operations (${votes}; ties go to the lower level)` };
}

/** The lowest level of a list (no spread: Math.min(...list) overflows the stack past ~100k items). */
function lowest(levels: readonly Level[]): Level {
  let min: Level = 3;
  for (const l of levels) if (l < min) min = l;
  return min;
}
