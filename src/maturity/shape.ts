// The shape of the whole interface: which addresses exist, which methods each answers, which
// address has items below it. The level rules that need more than one operation (is this a
// tunnel? is this segment an action or a sub-resource?) read it instead of a single field name.
import type { Operation } from './model.js';
import { isParam, isVerb, segments, words, type Vocabulary } from './vocabulary.js';

/** `{id:\d+}` -> `{id}`; no query string, no trailing slash. */
export function normalizePath(path: string): string {
  const p = path
    .replace(/\?.*$/, '')
    .replace(/\{([^}:]+)(:[^}]*)?\}/g, (_, n: string) => `{${n.trim()}}`)
    .replace(/\/+$/, '');
  return p.startsWith('/') ? p || '/' : '/' + p;
}

/** A Google-style custom method: the last segment ends in `:verb` (`/v1/things/{id}:archive`). */
export function customMethod(path: string): { base: string; verb: string } | undefined {
  const m = /^(.*[^/]):([A-Za-z][\w-]*)$/.exec(path);
  if (!m || m[1]!.endsWith('/')) return undefined;
  return { base: m[1]!, verb: m[2]! };
}

/** A domain name (`batch.acme.io`, `rbac.authorization.k8s.io`): an API group in the path, never an action. */
export function isDomainName(segment: string, v: Vocabulary): boolean {
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(segment) && v.domainSuffixes.includes(segment.slice(segment.lastIndexOf('.') + 1));
}

/** A dotted procedure name (`chat.postMessage`, `conversations.list`), not a file extension nor a domain name (`batch.acme.io`, an API group). */
export function procedureName(segment: string, v: Vocabulary): { noun: string; verb: string } | undefined {
  if (isParam(segment)) return undefined;
  if (isDomainName(segment, v)) return undefined;
  const m = /^([A-Za-z][\w-]*(?:\.[A-Za-z][\w-]*)*)\.([A-Za-z][\w]*)$/.exec(segment);
  if (!m || v.fileExtensions.includes(m[2]!.toLowerCase())) return undefined;
  return { noun: m[1]!, verb: m[2]! };
}

/** The address an operation is served at: parameters unnamed, custom-method suffix dropped, case folded. */
export function addressOf(path: string): string {
  const base = customMethod(path)?.base ?? path;
  return segments(base).map((s) => (isParam(s) ? '{}' : s.toLowerCase())).join('/');
}

/** Segments that only prefix an API (`/api`, `/v1`, `/rest`): they name no resource. */
export function isPrefixSegment(segment: string, v: Vocabulary): boolean {
  return /^v\d+([._]\d+)*([a-z]+\d*)?$/i.test(segment) || v.prefixSegments.includes(segment.toLowerCase());
}

export class InterfaceShape {
  /** address -> concrete methods (a handler for every method is left out) */
  readonly methods = new Map<string, Set<string>>();
  readonly addresses: Set<string>;
  /** every concrete method the interface uses */
  readonly allMethods = new Set<string>();

  constructor(ops: Operation[]) {
    for (const op of ops) {
      const a = addressOf(op.path);
      const set = this.methods.get(a) ?? new Set<string>();
      if (op.method !== '*') {
        set.add(op.method);
        this.allMethods.add(op.method);
      }
      this.methods.set(a, set);
    }
    this.addresses = new Set(this.methods.keys());
    // Every proper prefix of an address has children: built once, so each question is one look-up
    // (scanning the addresses per question made a 150,000-path document take minutes).
    for (const a of this.addresses) {
      for (let i = a.indexOf('/', 1); i > 0; i = a.indexOf('/', i + 1)) this.parents.add(a.slice(0, i));
    }
  }

  /** Addresses below which some operation is served. */
  private readonly parents = new Set<string>();

  methodsAt(address: string): Set<string> {
    return this.methods.get(address) ?? new Set();
  }

  /** Some operation is served below this address (`/x` has `/x/{id}` or `/x/y`). */
  hasChildren(address: string): boolean {
    return this.parents.has(address);
  }

  /** Only POST (or nothing concrete) is answered at this address. */
  postOnly(address: string): boolean {
    const m = this.methodsAt(address);
    return [...m].every((x) => x === 'POST');
  }
}

export type ActionKind = 'word' | 'structure' | 'procedure' | 'custom-method';

export interface Action {
  segment: string;
  kind: ActionKind;
  /** The action's own words (`postMessage` -> post, message). */
  verb: string;
}

/** A plural noun (`runs`, `entries`, `boxes`), not a word that merely ends in s (`status`, `address`, `analysis`). */
const PLURAL = /(?<![su]|i)s$|ies$|ches$|shes$|xes$|sses$/;

/**
 * The segments of an operation's path that name an action rather than a resource. Structure
 * first: a segment answered with several methods, or with items below it, is a resource whatever
 * its word; a POST-only singular segment right after an item id is an action when its word is a
 * verb (`/orders/{id}/pay`) and the sub-resource it creates when it is a noun (`/orders/{id}/shipment`).
 * The verb list (data) decides the rest.
 */
export function actionsOf(op: Operation, shape: InterfaceShape, v: Vocabulary): Action[] {
  const custom = customMethod(op.path);
  if (custom) return [{ segment: segments(custom.base).pop() + ':' + custom.verb, kind: 'custom-method', verb: custom.verb }];
  const segs = segments(op.path);
  const out: Action[] = [];
  segs.forEach((seg, i) => {
    if (isParam(seg) || isDomainName(seg, v)) return;
    const proc = procedureName(seg, v);
    if (proc) {
      out.push({ segment: seg, kind: 'procedure', verb: proc.verb });
      return;
    }
    const address = segs.slice(0, i + 1).map((s) => (isParam(s) ? '{}' : s.toLowerCase())).join('/');
    const methods = shape.methodsAt(address);
    const leaf = i === segs.length - 1;
    // a resource: several methods answer here, or it is answered itself and items live below it
    if (methods.size > 1 || (methods.size === 1 && shape.hasChildren(address))) return;
    const afterItem = i > 0 && isParam(segs[i - 1]!);
    const w = words(seg.replace(v.extensionPattern, ''));
    // a singular POST-only leaf after an item id acts when its word is a verb (`/orders/{id}/pay`); a noun
    // names the sub-resource the POST creates (`/orders/{id}/shipment`, `/accounts/{id}/closure`)
    if (leaf && afterItem && op.method === 'POST' && shape.postOnly(address) && !PLURAL.test(w[w.length - 1] ?? '') && !v.subResourceNouns.has(seg.toLowerCase()) && (isVerb(w[0] ?? '', v) || namedAsVerb(op, w))) {
      out.push({ segment: seg, kind: 'structure', verb: seg });
      return;
    }
    if (isVerbSegment(seg, op.method, v, leaf && op.method === 'POST' && shape.postOnly(address))) out.push({ segment: seg, kind: 'word', verb: seg });
  });
  return out;
}

/** The operation's own name uses the word as its verb: `waterPlant` for `/plants/{id}/water` (not `createShipment` for `/shipment`). */
function namedAsVerb(op: Operation, w: string[]): boolean {
  const name = words(op.handler?.split('#').pop() ?? '');
  return name.length > w.length && w.every((x, i) => name[i] === x);
}

/**
 * A verb first, not an allowed noun (the allow-list does not protect a POST-only leaf: `POST /items/list` acts). A compound ending in a plural (`check-runs`,
 * `upload_sessions`) is a collection unless its verb is one of compoundVerbs (`list-users`, `getUsers`).
 * On a GET, only the read and list verbs (`getUser`, `findByStatus`, `list`) and the session
 * verbs name an action: `GET /things/{id}/archive` reads an archive.
 */
export function isVerbSegment(segment: string, method: string, v: Vocabulary, postOnlyLeaf = false): boolean {
  if (isParam(segment)) return false;
  const seg = segment.replace(v.extensionPattern, '');
  const w = words(seg);
  const first = w[0];
  if (!first || !v.verbs.has(first)) return false;
  // the nouns allow-list reads `GET /search`, `/status` as resources; a POST-only `/list`, `/import` still acts
  if (!postOnlyLeaf && (v.nouns.has(seg.toLowerCase()) || (w.length === 1 && v.nouns.has(first)))) return false;
  const crud = v.crudVerbs.has(first);
  if (w.length > 1 && PLURAL.test(w[w.length - 1]!) && !v.compoundVerbs.has(first)) return false;
  if (method === 'GET' && !crud && !v.getActions.has(first)) return false;
  return true;
}
