// Routes declared with annotations: Spring MVC / WebFlux (`@RequestMapping` family), JAX-RS
// (`@Path` + `@GET`...), Spring-WS (`@Endpoint` + `@PayloadRoot`) and JAX-WS (`@WebService`).
import type { Annotation, AnnotationArg, FileDecls, MethodDecl, ParamDecl, TypeDecl, Value } from './declarations.js';
import { combine } from './paths.js';
import type { Framework, ParamSource, PathLiteral, Route, RouteParam } from './types.js';
import { evaluate, items, mediaType, type EvalContext, type Evaluated } from './values.js';

export interface FileContext {
  file: string;
  text: string;
  decls: FileDecls;
  lineOf(offset: number): number;
  eval: (owners: string[]) => EvalContext;
  /** Every type the inventory read, by simple name: superclasses and interfaces are looked up here. */
  types?: TypeIndex;
}

/** A type and the file it is declared in. */
export interface TypeSite {
  type: TypeDecl;
  ctx: FileContext;
}
export type TypeIndex = Map<string, TypeSite[]>;

const CONTROLLERS = new Set(['Controller', 'RestController']);

/** Simple names of the supertypes a header lists: Java `extends A<T> implements B, C`, Kotlin `: A(), B by x`. */
export function supertypeNames(header: string): string[] {
  let h = header;
  // drop generics and constructor parameters/arguments, innermost first
  for (let prev = ''; prev !== h; ) {
    prev = h;
    h = h.replace(/<[^<>]*>/g, '').replace(/\([^()]*\)/g, '');
  }
  const java = /\b(extends|implements)\b/.test(h);
  const list = java ? h.replace(/\bpermits\b[\s\S]*$/, '').split(/\b(?:extends|implements)\b/).slice(1).join(',') : h.includes(':') ? h.slice(h.indexOf(':') + 1).replace(/\bwhere\b[\s\S]*$/, '') : '';
  return list
    .split(',')
    .map((x) => x.replace(/\bby\b[\s\S]*$/, '').trim())
    .map((x) => /[\w.]+$/.exec(x)?.[0] ?? '')
    .map((x) => x.slice(x.lastIndexOf('.') + 1))
    .filter(Boolean);
}

/** The repository's supertypes of a type, nearest first (superclass chain and interfaces), each once. */
function supertypes(site: TypeSite): TypeSite[] {
  const out: TypeSite[] = [];
  const seen = new Set([site.type]);
  const queue = [site];
  while (queue.length) {
    const cur = queue.shift()!;
    for (const name of supertypeNames(cur.type.header)) {
      const hit = cur.ctx.types?.get(name)?.find((x) => !seen.has(x.type));
      if (!hit) continue;
      seen.add(hit.type);
      out.push(hit);
      queue.push(hit);
    }
  }
  return out;
}

const isController = (t: TypeDecl) => t.annotations.some((a) => CONTROLLERS.has(a.name));

/**
 * Types whose mappings Spring serves only through a controller that extends or implements them
 * (an interface or a base class that is no controller itself): their routes are the controller's.
 */
function inheritedOnly(types: TypeIndex): Set<TypeDecl> {
  const out = new Set<TypeDecl>();
  for (const sites of types.values()) for (const site of sites) if (isController(site.type)) for (const sup of supertypes(site)) if (!isController(sup.type)) out.add(sup.type);
  return out;
}
const inheritedCache = new WeakMap<TypeIndex, Set<TypeDecl>>();

const sameSignature = (a: MethodDecl, b: MethodDecl) => a.name === b.name && a.params.length === b.params.length;
const mappingOf = (m: MethodDecl) => m.annotations.find((a) => a.name in SPRING_MAPPINGS);

interface HandlerMethod {
  /** Where the handler is declared (the controller, or the base class it inherits the method from). */
  site: TypeSite;
  method: MethodDecl;
  /** Where its mapping is declared (the same, or the interface/base method it implements). */
  mappingSite: TypeSite;
  mappingMethod: MethodDecl;
  mapping: Annotation;
}

/** A controller's own and inherited methods, each with the mapping Spring finds for it. */
function handlerMethods(site: TypeSite, supers: TypeSite[]): HandlerMethod[] {
  const declared: { site: TypeSite; method: MethodDecl }[] = [];
  for (const s of [site, ...supers]) {
    if (s !== site && s.type.kind === 'interface') continue; // interface methods are implemented, not inherited as handlers
    for (const m of s.type.methods) if (!declared.some((d) => sameSignature(d.method, m))) declared.push({ site: s, method: m });
  }
  const out: HandlerMethod[] = [];
  for (const d of declared) {
    let found: { site: TypeSite; method: MethodDecl; mapping: Annotation } | undefined;
    for (const s of [d.site, ...supers]) {
      const m = s === d.site ? d.method : s.type.methods.find((x) => sameSignature(x, d.method));
      const mapping = m && mappingOf(m);
      if (mapping) {
        found = { site: s, method: m, mapping };
        break;
      }
    }
    if (found) out.push({ site: d.site, method: d.method, mappingSite: found.site, mappingMethod: found.method, mapping: found.mapping });
  }
  return out;
}

const SPRING_MAPPINGS: Record<string, string[]> = {
  RequestMapping: [],
  GetMapping: ['GET'],
  PostMapping: ['POST'],
  PutMapping: ['PUT'],
  DeleteMapping: ['DELETE'],
  PatchMapping: ['PATCH'],
};
const JAXRS_METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS']);
/** Interfaces whose mappings describe calls to another service, not routes of this one. */
const CLIENT_TYPES = new Set(['FeignClient', 'HttpExchange', 'RegisterRestClient']);

function arg(a: Annotation | undefined, ...names: string[]): AnnotationArg | undefined {
  if (!a) return undefined;
  for (const n of names) {
    const hit = a.args.find((x) => x.name === n);
    if (hit) return hit;
  }
  return names.includes('value') ? a.args.find((x) => x.name === '') : undefined;
}

function find(anns: Annotation[], name: string): Annotation | undefined {
  return anns.find((a) => a.name === name);
}

function ownersOf(type: TypeDecl): string[] {
  const out: string[] = [];
  for (let t: TypeDecl | undefined = type; t; t = t.outer) out.push(t.name === 'Companion' && t.outer ? t.outer.name : t.name);
  return out;
}

/**
 * The attribute holding the paths. Kotlin passes `value` as a vararg: every positional argument
 * of `@GetMapping("/a", "/a/")` is a path, read as one array spanning them.
 */
function pathArg(a: Annotation | undefined, names: string[]): AnnotationArg | undefined {
  const positional = names.includes('value') ? (a?.args.filter((x) => x.name === '') ?? []) : [];
  if (positional.length < 2 || a!.args.some((x) => names.includes(x.name))) return arg(a, ...names);
  const items = positional.map((x) => x.value);
  return { name: '', value: { k: 'array', items, s: items[0]!.s, e: items[items.length - 1]!.e } };
}

/** Path values of an attribute, each literal annotated with where the attribute sits. */
function pathValues(a: Annotation | undefined, ctx: EvalContext, ...names: string[]): Evaluated[] {
  const at = pathArg(a, names);
  if (!at) return [];
  return items(at.value).map((v) => {
    const e = evaluate(v, ctx);
    const attribute = { name: at.name, valueStart: at.value.s, valueEnd: at.value.e, isArray: at.value.k === 'array', argsStart: a!.argsStart, argsEnd: a!.argsEnd };
    return { ...e, literals: e.literals.map((l): PathLiteral => (l.viaConstant ? l : { ...l, attribute })) };
  });
}

function mediaTypes(a: Annotation | undefined, ctx: EvalContext, ...names: string[]): string[] {
  const at = arg(a, ...names);
  return at ? items(at.value).map((v) => mediaType(v, ctx)) : [];
}

function requestMethods(v: Value | undefined): string[] {
  return items(v)
    .map((x) => (x.k === 'ref' ? x.name.slice(x.name.lastIndexOf('.') + 1) : ''))
    .filter((m) => JAXRS_METHODS.has(m) || m === 'TRACE');
}

function paramName(p: ParamDecl, a: Annotation | undefined, ctx: EvalContext): string {
  const at = arg(a, 'value', 'name');
  if (at) {
    const e = evaluate(at.value, ctx);
    if (e.resolved && e.text) return e.text;
  }
  return p.name;
}

const SPRING_PARAMS: Record<string, ParamSource> = {
  PathVariable: 'path',
  RequestParam: 'query',
  RequestBody: 'body',
  RequestHeader: 'header',
  CookieValue: 'cookie',
  ModelAttribute: 'form',
  RequestPart: 'form',
  MatrixVariable: 'path',
};
const JAXRS_PARAMS: Record<string, ParamSource> = {
  PathParam: 'path',
  QueryParam: 'query',
  FormParam: 'form',
  HeaderParam: 'header',
  CookieParam: 'cookie',
  MatrixParam: 'path',
  BeanParam: 'other',
};

function params(m: MethodDecl, ctx: EvalContext, table: Record<string, ParamSource>, bareIsBody: boolean): RouteParam[] {
  const out: RouteParam[] = [];
  for (const p of m.params) {
    const a = p.annotations.find((x) => table[x.name]);
    if (a) out.push({ name: paramName(p, a, ctx), source: table[a.name]!, type: p.type });
    else if (bareIsBody && !p.annotations.some((x) => x.name === 'Context' || x.name === 'Suspended')) out.push({ name: p.name, source: 'body', type: p.type });
    else if (!bareIsBody) out.push({ name: p.name, source: 'other', type: p.type });
  }
  return out;
}

function isReactive(m: MethodDecl, decls: FileDecls): boolean {
  if (m.returnType && /\b(Mono|Flux|Publisher|Flow)\s*</.test(m.returnType)) return true;
  return decls.imports.some((i) => i.startsWith('org.springframework.web.reactive') || i.startsWith('reactor.core'));
}

function annotationNames(m: MethodDecl, type: TypeDecl): string[] {
  return [...new Set([...type.annotations, ...m.annotations].map((a) => a.name))];
}

function base(ctx: FileContext, type: TypeDecl, m: MethodDecl): Pick<Route, 'handler' | 'returnType' | 'file' | 'line' | 'offset' | 'body' | 'annotations'> {
  return {
    handler: `${type.name}#${m.name}`,
    returnType: m.returnType,
    file: ctx.file,
    line: ctx.lineOf(m.offset),
    offset: m.offset,
    body: m.body,
    annotations: annotationNames(m, type),
  };
}

export function springRoutes(ctx: FileContext): Route[] {
  const out: Route[] = [];
  const types: TypeIndex = ctx.types ?? new Map();
  let skip = inheritedCache.get(types);
  if (!skip) inheritedCache.set(types, (skip = inheritedOnly(types)));
  for (const type of ctx.decls.types) {
    if (type.annotations.some((a) => CLIENT_TYPES.has(a.name)) || skip.has(type)) continue;
    const site: TypeSite = { type, ctx };
    const supers = isController(type) ? supertypes(site) : [];
    // the class-level mapping: the controller's own, else the nearest one of a superclass or interface
    const classSite = [site, ...supers].find((s) => find(s.type.annotations, 'RequestMapping')) ?? site;
    const classMapping = find(classSite.type.annotations, 'RequestMapping');
    const classEv = classSite.ctx.eval(ownersOf(classSite.type));
    const prefixes = pathValues(classMapping, classEv, 'value', 'path');
    for (const h of handlerMethods(site, supers)) {
      const { mapping } = h;
      const ev = h.mappingSite.ctx.eval(ownersOf(h.mappingSite.type));
      let methods = SPRING_MAPPINGS[mapping.name]!;
      if (mapping.name === 'RequestMapping') methods = requestMethods(arg(mapping, 'method')?.value);
      if (!methods.length) methods = requestMethods(arg(classMapping, 'method')?.value);
      const own = pathValues(mapping, ev, 'value', 'path');
      const produces = mediaTypes(mapping, ev, 'produces');
      const consumes = mediaTypes(mapping, ev, 'consumes');
      // parameter annotations are merged from the declaration that carries them
      const paramSource = h.method.params.some((p) => p.annotations.some((a) => SPRING_PARAMS[a.name])) ? h.method : h.mappingMethod;
      out.push({
        ...base(h.site.ctx, h.site.type, h.method),
        handler: `${type.name}#${h.method.name}`,
        annotations: annotationNames(h.method, type),
        methods,
        paths: combine(prefixes, own, true),
        produces: produces.length ? produces : mediaTypes(classMapping, classEv, 'produces'),
        consumes: consumes.length ? consumes : mediaTypes(classMapping, classEv, 'consumes'),
        framework: isReactive(h.method, h.site.ctx.decls) || isReactive(h.mappingMethod, h.mappingSite.ctx.decls) ? 'webflux' : 'spring-mvc',
        params: [...params(paramSource, ev, SPRING_PARAMS, false), ...paramConditions(mapping, ev)],
      });
    }
  }
  return out;
}

/** `params = "action=update"` narrows a mapping by a query parameter: an RPC shape when it names the operation. */
function paramConditions(mapping: Annotation, ev: EvalContext): RouteParam[] {
  return items(arg(mapping, 'params')?.value)
    .map((v) => evaluate(v, ev))
    .filter((e) => e.resolved)
    .map((e) => ({ name: e.text.replace(/^!/, '').split(/!?=/)[0]!.trim(), source: 'query' as const, type: e.text }));
}

export function jaxRsRoutes(ctx: FileContext): Route[] {
  const out: Route[] = [];
  for (const type of ctx.decls.types) {
    if (type.annotations.some((a) => CLIENT_TYPES.has(a.name))) continue;
    const ev = ctx.eval(ownersOf(type));
    const classPath = find(type.annotations, 'Path');
    for (const m of type.methods) {
      const verb = m.annotations.find((a) => JAXRS_METHODS.has(a.name) && a.args.length === 0);
      if (!verb) continue; // sub-resource locators (@Path without a method) are not routes themselves
      if (!classPath && !find(m.annotations, 'Path')) continue;
      const produces = mediaTypes(find(m.annotations, 'Produces'), ev, 'value');
      const consumes = mediaTypes(find(m.annotations, 'Consumes'), ev, 'value');
      out.push({
        ...base(ctx, type, m),
        methods: [verb.name],
        paths: combine(pathValues(classPath, ev, 'value'), pathValues(find(m.annotations, 'Path'), ev, 'value')),
        produces: produces.length ? produces : mediaTypes(find(type.annotations, 'Produces'), ev, 'value'),
        consumes: consumes.length ? consumes : mediaTypes(find(type.annotations, 'Consumes'), ev, 'value'),
        framework: 'jax-rs',
        params: params(m, ev, JAXRS_PARAMS, true),
      });
    }
  }
  return out;
}

/** Spring-WS endpoints: every operation is a POST of a SOAP envelope to the dispatcher servlet's path. */
export function springWsRoutes(ctx: FileContext, servletPath: string): Route[] {
  const out: Route[] = [];
  for (const type of ctx.decls.types) {
    if (!find(type.annotations, 'Endpoint')) continue;
    const ev = ctx.eval(ownersOf(type));
    for (const m of type.methods) {
      const root = find(m.annotations, 'PayloadRoot') ?? find(m.annotations, 'SoapAction') ?? find(m.annotations, 'Action');
      if (!root) continue;
      const op = arg(root, 'localPart', 'value');
      const operation = op ? evaluate(op.value, ev).text : m.name;
      out.push({
        ...base(ctx, type, m),
        methods: ['POST'],
        paths: [{ template: servletPath, literals: [], resolved: true }],
        produces: ['text/xml'],
        consumes: ['text/xml'],
        framework: 'spring-ws',
        params: params(m, ev, { RequestPayload: 'body', SoapHeader: 'header' }, false),
        operation,
      });
    }
  }
  return out;
}

/** JAX-WS services: `@WebMethod` operations (or every method), one address per service. */
export function jaxWsRoutes(ctx: FileContext): Route[] {
  const out: Route[] = [];
  const services = ctx.decls.types.filter((t) => find(t.annotations, 'WebService'));
  const classes = services.filter((t) => t.kind === 'class');
  for (const type of classes.length ? classes : services) {
    const ev = ctx.eval(ownersOf(type));
    const ws = find(type.annotations, 'WebService')!;
    const nameArg = arg(ws, 'serviceName', 'name');
    const serviceName = nameArg ? evaluate(nameArg.value, ev).text : `${type.name}Service`;
    const declared = type.methods.filter((m) => find(m.annotations, 'WebMethod'));
    const ops = (declared.length ? declared : type.methods.filter((m) => m.returnType !== undefined || type.kind === 'interface')).filter(
      (m) => !m.annotations.some((a) => a.name === 'WebMethod' && a.args.some((x) => x.name === 'exclude' && x.value.k === 'other' && /true/.test(x.value.text))),
    );
    for (const m of ops) {
      const opArg = arg(find(m.annotations, 'WebMethod'), 'operationName');
      out.push({
        ...base(ctx, type, m),
        methods: ['POST'],
        paths: [{ template: '/' + serviceName, literals: [], resolved: false }],
        produces: ['text/xml'],
        consumes: ['text/xml'],
        framework: 'jax-ws',
        params: params(m, ev, { WebParam: 'body' }, true),
        operation: opArg ? evaluate(opArg.value, ev).text : m.name,
      });
    }
  }
  return out;
}

export type { Framework };
