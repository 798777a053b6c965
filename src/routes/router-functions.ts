// Functional routes (WebFlux and WebMvc.fn): `route().GET("/x", h::m)`, `RouterFunctions.route(
// GET("/x"), h::m)`, `nest(path("/api"), ...)`, builder `.path("/api", b -> ...)`, and the Kotlin
// DSLs `router { }` / `coRouter { "/api".nest { GET("/{id}", h::m) } }`. Read from tokens: a
// prefix applies until the bracket that scopes it closes.
import { matching, type Token } from './tokens.js';
import { joinTemplate } from './paths.js';
import type { FileContext } from './annotations.js';
import type { PathLiteral, Route, RoutePath } from './types.js';
import { evaluate, lookupMediaConstant, type EvalContext, type Evaluated } from './values.js';

const VERBS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS']);
const MARKERS = /RouterFunction|coRouter\s*\{|router\s*\{|RequestPredicates/;

export function mightHaveRouterFunctions(text: string): boolean {
  return MARKERS.test(text);
}

interface Scope {
  close: number; // token index where the scope ends
  prefix?: Evaluated;
  produces?: string[];
}

export function routerFunctionRoutes(ctx: FileContext): Route[] {
  const tk = ctx.decls.tokens;
  const ev = ctx.eval(ctx.decls.types.map((t) => t.name));
  const scopes: Scope[] = [];
  const out: Route[] = [];
  for (let i = 0; i < tk.length; i++) {
    while (scopes.length && scopes[scopes.length - 1]!.close < i) scopes.pop();
    const t = tk[i]!;
    const scope = prefixScope(tk, i, ev);
    if (scope) {
      scopes.push(scope);
      scopes.sort((a, b) => b.close - a.close);
      continue;
    }
    if (t.t !== 'id' || !VERBS.has(t.v) || tk[i + 1]?.v !== '(' || tk[i - 1]?.v === '::') continue;
    if (tk[i - 1]?.v === '.' && tk[i - 2]?.t === 'id' && /^(HttpMethod|RequestMethod|Method)$/.test(tk[i - 2]!.v)) continue;
    const route = verbRoute(ctx, ev, tk, i, scopes);
    if (route) out.push(route);
  }
  return out;
}

/** A construct that scopes a path prefix or an accept() media type, and where its scope ends. */
function prefixScope(tk: Token[], i: number, ev: EvalContext): Scope | undefined {
  const t = tk[i]!;
  // Kotlin: "/api".nest { ... }
  if (t.t === 'str' && tk[i + 1]?.v === '.' && tk[i + 2]?.v === 'nest' && tk[i + 3]?.v === '{') {
    return { close: matching(tk, i + 3), prefix: evaluate({ k: 'str', tok: t, s: t.s, e: t.e }, ev) };
  }
  if (t.t !== 'id' || (t.v !== 'path' && t.v !== 'accept') || tk[i + 1]?.v !== '(') return undefined;
  const close = matching(tk, i + 1);
  const argEnd = firstArgEnd(tk, i + 2, close);
  let scopeClose: number;
  if (tk[close + 1]?.v === '.' && tk[close + 2]?.v === 'nest' && tk[close + 3]?.v === '{') scopeClose = matching(tk, close + 3);
  else if (tk[i - 1]?.v === '.' && argEnd < close) scopeClose = close; // builder .path("/api", b -> ...)
  else {
    const open = enclosingOpen(tk, i);
    if (open < 0 || !/^(nest|andNest)$/.test(tk[open - 1]?.v ?? '')) return undefined; // accept() on a single route is read there
    scopeClose = matching(tk, open);
  }
  if (t.v === 'accept') return { close: scopeClose, produces: acceptTypes(tk, i + 2, close) };
  const value = valueAt(tk, i + 2, argEnd);
  if (!value) return undefined;
  return { close: scopeClose, prefix: evaluate(value, ev) };
}

function firstArgEnd(tk: Token[], from: number, close: number): number {
  let j = from;
  while (j < close && tk[j]!.v !== ',') j = tk[j]!.t === 'p' && '([{'.includes(tk[j]!.v) ? matching(tk, j) + 1 : j + 1;
  return j;
}

function enclosingOpen(tk: Token[], i: number): number {
  let depth = 0;
  for (let j = i - 1; j >= 0; j--) {
    const v = tk[j]!;
    if (v.t !== 'p') continue;
    if (v.v === ')' || v.v === '}' || v.v === ']') depth++;
    else if (v.v === '(' || v.v === '{' || v.v === '[') {
      if (depth === 0) return v.v === '(' ? j : -1;
      depth--;
    }
  }
  return -1;
}

/** A string-like first argument: literal, constant, or concatenation of those. */
function valueAt(tk: Token[], from: number, end: number): import('./declarations.js').Value | undefined {
  const parts: import('./declarations.js').Value[] = [];
  let j = from;
  while (j < end) {
    const t = tk[j]!;
    if (t.t === 'str') {
      parts.push({ k: 'str', tok: t, s: t.s, e: t.e });
      j++;
    } else if (t.t === 'id') {
      let name = t.v;
      let k = j + 1;
      while (tk[k]?.v === '.' && tk[k + 1]?.t === 'id') {
        name += '.' + tk[k + 1]!.v;
        k += 2;
      }
      if (tk[k]?.v === '(' || tk[k]?.v === '::') return undefined;
      parts.push({ k: 'ref', name, s: t.s, e: tk[k - 1]!.e });
      j = k;
    } else return undefined;
    if (j < end && tk[j]!.v !== '+') return undefined;
    j++;
  }
  if (!parts.length) return undefined;
  return parts.length === 1 ? parts[0] : { k: 'concat', parts, s: parts[0]!.s, e: parts[parts.length - 1]!.e };
}

function acceptTypes(tk: Token[], from: number, close: number): string[] {
  const out: string[] = [];
  for (let j = from; j < close; j++) {
    const t = tk[j]!;
    if (t.t === 'str' && t.value) out.push(t.value);
    if (t.t === 'id' && (tk[j + 1]?.v === ',' || j + 1 === close)) {
      const known = lookupMediaConstant(t.v);
      if (known) out.push(known);
    }
  }
  return out;
}

function verbRoute(ctx: FileContext, ev: EvalContext, tk: Token[], i: number, scopes: Scope[]): Route | undefined {
  const open = i + 1;
  const close = matching(tk, open);
  const argEnd = firstArgEnd(tk, open + 1, close);
  const value = valueAt(tk, open + 1, argEnd);
  const own: Evaluated = value ? evaluate(value, ev) : { text: '', literals: [], resolved: true };
  if (!value && argEnd < close && !hasHandlerRef(tk, open + 1, argEnd)) return undefined; // GET(someExpr, ...) we cannot read
  const literals: PathLiteral[] = own.literals.map((l) => (l.viaConstant ? l : { ...l, attribute: { name: '', valueStart: value!.s, valueEnd: value!.e, isArray: false, argsStart: tk[open]!.s, argsEnd: tk[close]?.e } }));
  const active = [...scopes].sort((a, b) => b.close - a.close);
  const prefixes = active.filter((s) => s.prefix).map((s) => s.prefix!);
  const path: RoutePath = {
    template: joinTemplate(...prefixes.map((p) => p.text), own.text),
    literals: [...prefixes.flatMap((p) => p.literals), ...literals],
    resolved: prefixes.every((p) => p.resolved) && own.resolved,
  };
  const { handler, body } = handlerOf(ctx, tk, i, open, close);
  const produces = [...active.flatMap((s) => s.produces ?? []), ...chainAccepts(tk, open, close)];
  return {
    methods: [tk[i]!.v],
    paths: [path],
    produces: [...new Set(produces)],
    consumes: [],
    handler,
    framework: 'router-function',
    file: ctx.file,
    line: ctx.lineOf(tk[i]!.s),
    offset: tk[i]!.s,
    params: [],
    body,
    annotations: [],
  };
}

function hasHandlerRef(tk: Token[], from: number, end: number): boolean {
  for (let j = from; j < end; j++) if (tk[j]!.v === '::' || tk[j]!.v === '->') return true;
  return false;
}

/** accept(...) inside the call's arguments or chained right after it (`GET("/x").and(accept(...))`). */
function chainAccepts(tk: Token[], open: number, close: number): string[] {
  const out: string[] = [];
  let end = close;
  while (tk[end + 1]?.v === '.' && /^(and|or)$/.test(tk[end + 2]?.v ?? '') && tk[end + 3]?.v === '(') end = matching(tk, end + 3);
  for (let j = open; j < end; j++) if (tk[j]!.v === 'accept' && tk[j + 1]?.v === '(') out.push(...acceptTypes(tk, j + 2, matching(tk, j + 1)));
  return out;
}

/** The handler: a method reference `h::m` or a lambda, in the call or after the predicate. */
function handlerOf(ctx: FileContext, tk: Token[], i: number, open: number, close: number): { handler: string; body?: { start: number; end: number } } {
  let from = open + 1;
  let end = close;
  if (!hasHandlerRef(tk, open + 1, close) && tk[close + 1]?.v !== '{') {
    // RouterFunctions.route(GET("/x").and(...), handler::m): the handler is the next argument
    let j = close;
    while (tk[j + 1]?.v === '.' && /^(and|or|negate)$/.test(tk[j + 2]?.v ?? '') && tk[j + 3]?.v === '(') j = matching(tk, j + 3);
    if (tk[j + 1]?.v === ',') {
      from = j + 2;
      const outer = enclosingOpen(tk, i);
      end = outer >= 0 ? matching(tk, outer) : tk.length;
      end = Math.min(end, firstArgEnd(tk, from, end));
    }
  }
  for (let j = from; j < end; j++) {
    if (tk[j]!.v === '::' && tk[j + 1]?.t === 'id') {
      const recv = tk[j - 1]?.t === 'id' ? tk[j - 1]!.v : 'this';
      return { handler: `${recv}#${tk[j + 1]!.v}` };
    }
  }
  const lambda = tk[close + 1]?.v === '{' ? close + 1 : (() => {
    for (let j = from; j < end; j++) if (tk[j]!.v === '->' || tk[j]!.v === '{') return j;
    return -1;
  })();
  const owner = ctx.decls.types.filter((t) => t.offset < tk[i]!.s).pop()?.name ?? ctx.file.replace(/^.*\//, '').replace(/\.\w+$/, '');
  const at = `${owner}#lambda@${ctx.lineOf(tk[i]!.s)}`;
  if (lambda < 0) return { handler: at };
  const bodyOpen = tk[lambda]!.v === '{' ? lambda : tk[lambda + 1]?.v === '{' ? lambda + 1 : -1;
  if (bodyOpen < 0) return { handler: at, body: { start: tk[lambda]!.s, end: tk[end - 1]?.e ?? tk[lambda]!.e } };
  return { handler: at, body: { start: tk[bodyOpen]!.s, end: tk[matching(tk, bodyOpen)]?.e ?? ctx.text.length } };
}
