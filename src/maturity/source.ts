// Source input: the route inventory of a repository turned into graded operations, with the
// hypermedia facts the source shows (HATEOAS return types, link builders, hypermedia media
// types, result wrappers with nextActions) and Spring Data REST repositories.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createClassifier } from '../engine/classify.js';
import { scanFiles } from '../engine/scan.js';
import { decode, escapeRegExp, looksBinary } from '../engine/text.js';
import type { FileKind } from '../engine/types.js';
import { configValue } from '../properties/config-value.js';
import { collectRoutes, type InputFile, type Route } from '../routes/index.js';
import { parseDeclarations, type TypeDecl } from '../routes/declarations.js';
import { buildView, declares, type BuildView } from './build.js';
import type { Evidence, GradeInput, Hypermedia, Operation } from './model.js';
import type { Vocabulary } from './vocabulary.js';

const WANTED: FileKind[] = ['java', 'kotlin', 'xml', 'properties', 'yaml', 'pom', 'gradle', 'gradle-kts', 'openapi'];
const MAX_FILE = 2 * 1024 * 1024;

export async function readProject(root: string): Promise<InputFile[]> {
  const classifier = createClassifier();
  const scan = await scanFiles(root, { maxFileSize: MAX_FILE });
  const out: InputFile[] = [];
  await Promise.all(
    scan.files.map(async (f) => {
      const kind = classifier.classify(f.path);
      if (!WANTED.includes(kind) && !/\.graphqls?$/i.test(f.path)) return; // GraphQL schemas locate the GraphQL endpoint
      if (kind === 'xml' && !/\.wsdl$/i.test(f.path)) return;
      let bytes: Buffer;
      try {
        bytes = await readFile(path.join(root, f.path));
      } catch {
        return; // unreadable (permissions, vanished): graded without it, as the scan skips such files
      }
      if (looksBinary(bytes)) return;
      out.push({ path: f.path, kind, text: decode(bytes, kind).text });
    }),
  );
  return out.sort((a, b) => (a.path < b.path ? -1 : 1));
}

interface TypeInfo {
  decl: TypeDecl;
  file: InputFile;
  /** The type's file text. */
  text: string;
  /** Where the type's declaration ends: the next declaration that is not nested in it, or the file end. */
  end: number;
}

export async function sourceInput(root: string, files: InputFile[], vocab: Vocabulary): Promise<GradeInput> {
  const notes: string[] = [];
  const routes = await collectRoutes(files, { onError: (file, message) => notes.push(`${file}: ${message}`) });
  const types = typeIndex(files);
  const operations: Operation[] = [];
  for (const r of soapOnce(routes)) operations.push(...toOperations(r, files, types, vocab));
  const build = await buildView(root);
  operations.push(...springDataRest(files, types, build, notes), ...graphQl(files));
  notes.push(...build.notes);
  const jaxRs = routes.some((r) => r.framework === 'jax-rs') && !routes.some((r) => r.framework === 'spring-mvc' || r.framework === 'webflux');
  const generatedInterfaces = generatedApis(types);
  return { kind: 'source', path: root, operations, excluded: [], notes, style: jaxRs ? 'jax-rs' : 'spring', ...(generatedInterfaces.length ? { generatedInterfaces } : {}) };
}

/** The SOAP operation a route names, as both the code and the WSDL spell it (`getCountryRequest`, `getCountry`). */
const soapName = (name: string) => name.replace(/\s*\(.*\)$/, '').replace(/(Request|Response)$/, '').toLowerCase();

/** A service both implemented in code (Spring-WS, JAX-WS) and described by its WSDL is counted once: the code's operations. */
function soapOnce(routes: Route[]): Route[] {
  const coded = new Set(routes.filter((r) => r.framework === 'spring-ws' || r.framework === 'jax-ws').flatMap((r) => [r.operation, r.handler.split('#')[1]].filter((x): x is string => !!x).map(soapName)));
  return routes.filter((r) => r.framework !== 'wsdl' || !coded.has(soapName(r.operation ?? '')));
}

const BUILD_KINDS = new Set(['pom', 'gradle', 'gradle-kts']);
const GRAPHQL_STARTER = /spring-boot-starter-graphql|graphql-spring-boot-starter|graphql-dgs-spring-boot-starter|dgs-starter/;
const DATA_REST = /spring-boot-starter-data-rest|spring-data-rest-webmvc/;

/** A build file of the folder, or of the build the folder sees (parents, sibling modules), declares `pattern`. */
const onClasspath = (files: InputFile[], build: BuildView, pattern: RegExp) => files.some((f) => BUILD_KINDS.has(f.kind) && pattern.test(f.text)) || declares(build, pattern);

const RESOLVER = /@(QueryMapping|MutationMapping|SubscriptionMapping|SchemaMapping|DgsQuery|DgsMutation|DgsSubscription|DgsData)\b/;
const ROOT_RESOLVER = /@(QueryMapping|MutationMapping|SubscriptionMapping|DgsQuery|DgsMutation|DgsSubscription|DgsData)\b/g;
const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/**
 * GraphQL (Spring for GraphQL, Netflix DGS): one framework endpoint, POST at spring.graphql.path
 * (default /graphql), located at a resolver, else at the schema's root type, else at the starter
 * in the build. It carries the schema's query and mutation fields (its weight under the majority rule).
 */
function graphQl(files: InputFile[]): Operation[] {
  const code = files.filter((f) => (f.kind === 'java' || f.kind === 'kotlin') && RESOLVER.test(f.text));
  const schemas = files.filter((f) => /\.graphqls?$/i.test(f.path) && /\btype\s+(Query|Mutation)\b/.test(f.text));
  const build = files.find((f) => BUILD_KINDS.has(f.kind) && GRAPHQL_STARTER.test(f.text));
  let where: string | undefined;
  if (code[0]) where = `${code[0].path}:${lineOf(code[0].text, RESOLVER.exec(code[0].text)!.index)}`;
  else if (schemas[0]) where = `${schemas[0].path}:${lineOf(schemas[0].text, /\btype\s+(Query|Mutation)\b/.exec(schemas[0].text)!.index)}`;
  else if (build) where = `${build.path}:${lineOf(build.text, GRAPHQL_STARTER.exec(build.text)!.index)}`;
  if (!where) return [];
  const resolvers = code.reduce((n, f) => n + (f.text.match(ROOT_RESOLVER)?.length ?? 0), 0);
  const fields = schemas.reduce((n, f) => n + [...f.text.matchAll(/\btype\s+(?:Query|Mutation|Subscription)\s*\{([^}]*)\}/g)].reduce((k, m) => k + (m[1]!.match(/^\s*\w+\s*[(:]/gm)?.length ?? 0), 0), 0);
  const app = files.filter((f) => /(^|\/)application[^/]*\.(properties|ya?ml)$/.test(f.path));
  const at = configValue(app, 'spring.graphql.path') ?? configValue(app, 'dgs.graphql.path') ?? '/graphql';
  const evidence: Evidence[] = [{ kind: 'graphql', message: 'GraphQL endpoint provided by the framework', location: where }];
  return [{ method: 'POST', path: at, handler: 'GraphQL', location: where, produces: ['application/graphql-response+json'], consumes: ['application/json'], params: [], bodyFields: ['query', 'operationName', 'variables'], soap: false, graphql: true, hypermedia: 'none', evidence, carries: Math.max(1, resolvers || fields) }];
}

/**
 * Controllers that implement an interface the sources do not declare, named like a generated
 * API (`PetsApi`, `PetsApiDelegate`): openapi-generator writes those at build time from the
 * repository's own document, so the mappings are not in the sources.
 */
function generatedApis(types: Map<string, TypeInfo>): string[] {
  const out = new Set<string>();
  for (const info of types.values()) {
    const d = info.decl;
    if (!d.annotations.some((a) => a.name === 'RestController' || a.name === 'Controller') && !/Api(Delegate)?\b/.test(d.header)) continue;
    const supers = /\bimplements\b([^{]*)/.exec(d.header)?.[1] ?? (d.header.startsWith(':') ? d.header.slice(1) : '');
    for (const name of identifiers(supers)) if (/Api(Delegate)?$/.test(name) && !types.has(name)) out.add(`${d.name} implements ${name}`);
  }
  return [...out].sort();
}

function typeIndex(files: InputFile[]): Map<string, TypeInfo> {
  const out = new Map<string, TypeInfo>();
  for (const f of files) {
    if (f.kind !== 'java' && f.kind !== 'kotlin') continue;
    if (!/\b(class|record|interface)\b/.test(f.text)) continue;
    const decls = parseDeclarations(f.text, f.kind === 'kotlin').types;
    for (const decl of decls) {
      const within = (t: TypeDecl): boolean => t.outer === decl || (t.outer !== undefined && within(t.outer));
      const end = decls.find((t) => t.offset > decl.offset && !within(t))?.offset ?? f.text.length;
      if (!out.has(decl.name)) out.set(decl.name, { decl, file: f, text: f.text, end });
    }
  }
  return out;
}

const identifiers = (text: string) => text.match(/[A-Za-z_]\w*/g) ?? [];

function toOperations(r: Route, files: InputFile[], types: Map<string, TypeInfo>, v: Vocabulary): Operation[] {
  const location = `${r.file}:${r.line}`;
  const soap = r.framework === 'spring-ws' || r.framework === 'jax-ws' || r.framework === 'wsdl' || r.consumes.some((c) => v.soapMediaTypes.includes(c));
  const { hypermedia, evidence } = hypermediaOf(r, files, types, v, location);
  const bodyFields = r.params.filter((p) => p.source === 'body').flatMap((p) => fieldsOf(p.type, types));
  const params = r.params.filter((p) => p.source === 'query' || p.source === 'path' || p.source === 'form').map((p) => p.name);
  const methods = r.methods.length ? r.methods : ['*'];
  const condition = rpcValue(r, v);
  const enums = r.params.filter((p) => p.source === 'body').map((p) => enumFields(p.type, types, v));
  const selectors = Object.assign({}, ...enums, condition ? { [r.params.find((p) => p.type.endsWith('=' + condition))!.name]: [condition] } : {}) as Record<string, string[]>;
  const html = !soap && hypermedia === 'none' && rendersHtml(r);
  return r.paths.flatMap((p) =>
    methods.map((method) => ({
      method,
      path: p.template,
      handler: r.handler,
      location,
      produces: r.produces,
      consumes: r.consumes,
      params,
      bodyFields,
      soap,
      operationName: r.operation ?? rpcValue(r, v),
      hypermedia: soap ? 'none' : hypermedia,
      evidence,
      ...(Object.keys(selectors).length ? { selectors } : {}),
      ...(html ? { ambiguity: 'html' as const } : {}),
    })),
  );
}

/** The operation a `params = "action=getUser"` condition names. */
function rpcValue(r: Route, v: Vocabulary): string | undefined {
  const cond = r.params.find((p) => p.source === 'query' && v.rpcFields.has(p.name.toLowerCase()) && /^\w+=/.test(p.type));
  return cond?.type.slice(cond.type.indexOf('=') + 1);
}

/** Field names of a request body type declared in the project (records, classes, data classes). */
function fieldsOf(type: string, types: Map<string, TypeInfo>): string[] {
  const names = identifiers(type).filter((n) => types.has(n));
  const out: string[] = [];
  for (const n of names) {
    const info = types.get(n)!;
    const text = typeBody(info);
    // Java fields `Type name;` / record components / Kotlin `val name: Type`
    for (const m of text.matchAll(/\b(?:val|var)\s+(\w+)\s*:|[\w>\]]\s+(\w+)\s*[;,)=]/g)) {
      const f = m[1] ?? m[2];
      if (f && !out.includes(f) && !['return', 'new', 'class', 'this'].includes(f)) out.push(f);
    }
  }
  return out;
}

/** The constants of the project enums that type a body's selector-named fields (`WriteMode action` -> action: [APPEND, OVERWRITE]). */
function enumFields(type: string, types: Map<string, TypeInfo>, v: Vocabulary): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const n of identifiers(type).filter((x) => types.has(x))) {
    const text = typeBody(types.get(n)!);
    for (const m of text.matchAll(/\b(?:val|var)\s+(\w+)\s*:\s*(\w+)|\b([A-Z]\w*)\s+(\w+)\s*[;,)=]/g)) {
      const [field, enumType] = m[1] ? [m[1], m[2]!] : [m[4]!, m[3]!];
      const decl = types.get(enumType)?.decl;
      if (!v.rpcFields.has(field.toLowerCase()) || decl?.kind !== 'enum') continue;
      const body = typeBody(types.get(enumType)!);
      const constants = body.slice(body.indexOf('{') + 1).split(/[;}]/)[0]!.match(/\b[A-Za-z_]\w*(?=\s*(?:\(|,|$))/g) ?? [];
      if (constants.length) out[field] = constants;
    }
  }
  return out;
}

/** Return types that say nothing about the body: the handler's code decides what is returned. */
const OPEN_RETURN = /^(ResponseEntity|HttpEntity|Mono<ResponseEntity|Object|Any|Mono<\?>|Mono<Any>)(<\s*(\?|\*|Object|Any|\?\s*extends\s*\w+)\s*>+)?$/;
/** How a handler answers without a body: `ResponseEntity.EMPTY`, `noContent()`, a builder's `.build()`, a status alone. */
const NO_BODY_FORMS = /\b(?:Response|Http)Entity\.EMPTY\b|\bnoContent\(\)|HttpStatus\.NO_CONTENT|\.build\s*(?:<[^>]*>)?\s*\(\s*\)|\bResponseEntity\s*(?:<[^>]*>)?\s*\(\s*HttpStatus\.\w+\s*\)/;
/** How it answers with one: `.body(x)`, `ok(x)`, `ResponseEntity.of(...)`, `new ResponseEntity<>(x, status)`. */
const BODY_FORMS = /\.body\s*\(|\bok\s*\(\s*[^)\s]|\bResponseEntity\.of(?:Nullable)?\s*\(|\b(?:Response|Http)Entity\s*(?:<[^>]*>)?\s*\(\s*(?!HttpStatus\b)[^)\s]/;
const NO_BODY_RETURN = /^(void|Unit|ResponseEntity<Void>|ResponseEntity<Unit>|Mono<Void>|Mono<Unit>|HttpEntity<Void>|Mono<ResponseEntity<Void>>)$/;

function hypermediaOf(r: Route, files: InputFile[], types: Map<string, TypeInfo>, v: Vocabulary, location: string): { hypermedia: Hypermedia; evidence: Evidence[] } {
  const evidence: Evidence[] = [];
  const media = r.produces.find((p) => v.hypermediaMediaTypes.includes(p.split(';')[0]!.trim()));
  if (media) evidence.push({ kind: 'hypermedia-media-type', message: `produces ${media}`, location });
  const ret = (r.returnType ?? '').replace(/\s+/g, '');
  // names are read from the type as written: `? extends RepresentationModel<?>` must not become one word
  const hmType = identifiers(r.returnType ?? '').find((n) => v.hypermediaTypes.includes(n));
  if (hmType) evidence.push({ kind: 'hypermedia-type', message: `returns ${hmType} (Spring HATEOAS): ${r.returnType}`, location });
  const file = files.find((f) => f.path === r.file);
  const body = file && r.body ? file.text.slice(r.body.start, r.body.end) : '';
  // follow what the handler actually returns: the declared type, or for ResponseEntity<?> the types its body builds
  const model = modelWithLinks(r.returnType ?? '', types, v) ?? (OPEN_RETURN.test(ret) || !ret ? modelWithLinks(constructed(body, types).join(' '), types, v) : undefined);
  if (model) evidence.push(model.kind === 'next-actions' ? { kind: 'next-actions', message: model.message, location: model.location } : { kind: 'hypermedia-type', message: model.message, location: model.location });
  const builder = v.linkBuilders.find((b) => body.includes(b));
  if (builder) evidence.push({ kind: 'link-builder', message: `the handler builds links (${builder.replace(/\($/, '(...)')})`, location });
  // an assembler handed in by the framework (PersistentEntityResourceAssembler, PagedResourcesAssembler)
  const injected = !builder && r.params.map((p) => identifiers(p.type).find((n) => v.hypermediaTypes.includes(n) || /ResourceAssembler$|ModelAssembler$/.test(n))).find(Boolean);
  if (injected) evidence.push({ kind: 'link-builder', message: `the handler takes a ${injected} to build its representation`, location });
  const helper = !builder && !injected && file ? hypermediaHelper(body, file.text, v) : undefined;
  if (helper) evidence.push({ kind: 'hypermedia-type', message: `the handler returns through ${helper.name}(...), which returns ${helper.ret}`, location });
  if (evidence.length) return { hypermedia: 'links', evidence };
  if (NO_BODY_RETURN.test(ret)) return { hypermedia: 'no-body', evidence };
  if (OPEN_RETURN.test(ret) && NO_BODY_FORMS.test(body) && !BODY_FORMS.test(body)) return { hypermedia: 'no-body', evidence };
  if (r.returnType === undefined && r.framework !== 'router-function') return { hypermedia: 'no-body', evidence };
  return { hypermedia: r.returnType === undefined ? 'unknown' : 'none', evidence };
}

/** A method of the same file the handler calls (or references, `this::createReceiptResponse`) whose declared return type is a hypermedia type (`createReceiptResponse(...)`). */
function hypermediaHelper(body: string, text: string, v: Vocabulary): { name: string; ret: string } | undefined {
  for (const m of body.matchAll(/(?:\b|::)([a-z]\w*)\s*\(|::([a-z]\w*)\b/g)) {
    const name = (m[1] ?? m[2])!;
    const esc = name.replace(/\$/g, '\\$');
    const java = new RegExp(`([\\w.<>?,\\s]+?)\\s+${esc}\\s*\\([^)]*\\)\\s*(throws[^{]*)?\\{`).exec(text);
    const kotlin = new RegExp(`fun\\s+${esc}\\s*\\([^)]*\\)\\s*:\\s*([\\w.<>?*,\\s]+?)\\s*[={]`).exec(text);
    const ret = (java?.[1] ?? kotlin?.[1] ?? '').trim().split(/\s+/).pop() ?? '';
    if (identifiers(ret).some((n) => v.hypermediaTypes.includes(n))) return { name, ret };
  }
  return undefined;
}

/** Project types a handler body constructs or converts to (`new OrderModel(`, Kotlin `OrderModel(`). */
function constructed(body: string, types: Map<string, TypeInfo>): string[] {
  return [...new Set([...body.matchAll(/\b(?:new\s+)?([A-Z]\w*)\s*(?:<[^>]*>)?\s*\(/g)].map((m) => m[1]!).filter((n) => types.has(n)))];
}

/** A handler of a `@Controller` (not REST) class that renders a view: a String/ModelAndView return without `@ResponseBody`. */
function rendersHtml(r: Route): boolean {
  if (r.framework !== 'spring-mvc' && r.framework !== 'webflux') return false;
  if (!r.annotations.includes('Controller') || r.annotations.includes('RestController') || r.annotations.includes('ResponseBody')) return false;
  return /^(String|ModelAndView|Rendering|Mono<String>|Mono<Rendering>|View)$/.test((r.returnType ?? '').replace(/\s+/g, '')) || r.produces.some((p) => p.startsWith('text/html'));
}

/** A project type in the return type (or one it holds, two levels deep) that extends RepresentationModel or has a link field. */
function modelWithLinks(ret: string, types: Map<string, TypeInfo>, v: Vocabulary): { kind: 'next-actions' | 'model'; message: string; location: string } | undefined {
  const seen = new Set<string>();
  let frontier = identifiers(ret).filter((n) => types.has(n));
  for (let depth = 0; depth < 3 && frontier.length; depth++) {
    const next: string[] = [];
    for (const n of frontier) {
      if (seen.has(n)) continue;
      seen.add(n);
      const info = types.get(n)!;
      const line = info.text.slice(0, info.decl.offset).split('\n').length;
      const location = `${info.file.path}:${line}`;
      if (v.hypermediaTypes.some((h) => new RegExp(`\\b${escapeRegExp(h)}\\b`).test(info.decl.header))) return { kind: 'model', message: `${n} extends ${info.decl.header.match(/\b(RepresentationModel|EntityModel|CollectionModel|ResourceSupport)\b/)?.[0] ?? 'a hypermedia model'}`, location };
      // a subclass of a project class that extends RepresentationModel: follow the supertypes too
      next.push(...identifiers(info.decl.header).filter((x) => x !== n && types.has(x) && !seen.has(x)));
      const body = typeBody(info);
      const field = v.linkFields.find((f) => new RegExp(`(\\bval\\s+|\\bvar\\s+|[\\w>\\]]\\s+)${escapeRegExp(f)}\\s*[:;,)=]`).test(body));
      if (field) return { kind: field === 'nextActions' ? 'next-actions' : 'model', message: `${n} has a ${field} field${field === 'nextActions' ? ' (follow-up paths)' : ''}`, location };
      next.push(...identifiers(body).filter((x) => types.has(x) && !seen.has(x)));
    }
    frontier = next;
  }
  return undefined;
}

/** The text from a type's name to the end of its declaration: its fields and nested types. */
function typeBody(info: TypeInfo): string {
  return info.text.slice(info.decl.offset, info.end);
}

/** `spring.data.rest.base-path` (any relaxed spelling) from an application properties or YAML file, without its trailing slash. */
export function dataRestBasePath(files: InputFile[]): string {
  const app = files.filter((f) => /(^|\/)application[^/]*\.(properties|ya?ml)$/.test(f.path));
  const value = configValue(app, 'spring.data.rest.base-path');
  return value ? ('/' + value).replace(/^\/+/, '/').replace(/\/+$/, '') : '';
}

/** Spring Data REST: every exported repository is a resource with CRUD and HAL links, under `spring.data.rest.base-path`. */
function springDataRest(files: InputFile[], types: Map<string, TypeInfo>, build: BuildView, notes: string[]): Operation[] {
  const base = dataRestBasePath(files);
  const exported = onClasspath(files, build, DATA_REST);
  const unseen: string[] = [];
  const ops: Operation[] = [];
  for (const info of types.values()) {
    const d = info.decl;
    if (d.kind !== 'interface') continue;
    const annotated = d.annotations.find((a) => a.name === 'RepositoryRestResource');
    const m = /\b(?:Jpa|Crud|PagingAndSorting|ListCrud|ListPagingAndSorting|Mongo|Reactive(?:Crud|Sorting)|R2dbc)?Repository\s*<\s*(\w+)/.exec(d.header);
    if (m && !annotated && !exported) unseen.push(d.name);
    if (!m || !(annotated || exported)) continue;
    if (annotated?.args.some((a) => a.name === 'exported' && a.value.k === 'other' && /false/.test(a.value.text))) continue;
    const pathArg = annotated?.args.find((a) => a.name === 'path');
    const entity = m[1]!;
    const name = pathArg?.value.k === 'str' && pathArg.value.tok.value ? pathArg.value.tok.value.replace(/^\//, '') : entity[0]!.toLowerCase() + entity.slice(1) + (entity.endsWith('s') ? 'es' : 's');
    const line = info.text.slice(0, d.offset).split('\n').length;
    const location = `${info.file.path}:${line}`;
    const evidence: Evidence[] = [{ kind: 'spring-data-rest', message: `Spring Data REST repository ${d.name} (HAL responses with _links)`, location }];
    const mk = (method: string, p: string, hypermedia: Hypermedia): Operation => ({
      method, path: p, handler: `${d.name}#${method.toLowerCase()}`, location, produces: ['application/hal+json'], consumes: ['application/json'],
      params: [], bodyFields: [], soap: false, hypermedia, evidence,
    });
    const at = `${base}/${name}`;
    ops.push(mk('GET', at, 'links'), mk('POST', at, 'links'), mk('GET', `${at}/{id}`, 'links'), mk('PUT', `${at}/{id}`, 'links'), mk('PATCH', `${at}/{id}`, 'links'), mk('DELETE', `${at}/{id}`, 'no-body'));
  }
  // whether these repositories are exported depends on a dependency the folder's build would declare
  if (unseen.length && !build.found) notes.push(`no build file (pom.xml, build.gradle) in or above the graded folder: whether Spring Data REST exports ${unseen.slice(0, 3).join(', ')}${unseen.length > 3 ? ', ...' : ''} cannot be seen, so ${unseen.length === 1 ? 'it is' : 'they are'} not graded`);
  return ops;
}
