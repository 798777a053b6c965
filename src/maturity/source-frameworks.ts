// Endpoints a framework provides from what the sources and the build declare: Spring Data REST
// repositories (HAL, under spring.data.rest.base-path) and the GraphQL endpoint.
import { configValue } from '../properties/config-value.js';
import type { InputFile } from '../routes/index.js';
import { declares, type BuildView } from './build.js';
import type { Evidence, Hypermedia, Operation } from './model.js';
import type { TypeInfo } from './source-types.js';

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
export function graphQl(files: InputFile[]): Operation[] {
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

/** `spring.data.rest.base-path` (any relaxed spelling) from an application properties or YAML file, without its trailing slash. */
export function dataRestBasePath(files: InputFile[]): string {
  const app = files.filter((f) => /(^|\/)application[^/]*\.(properties|ya?ml)$/.test(f.path));
  const value = configValue(app, 'spring.data.rest.base-path');
  return value ? ('/' + value).replace(/^\/+/, '/').replace(/\/+$/, '') : '';
}

/** Spring Data REST: every exported repository is a resource with CRUD and HAL links, under `spring.data.rest.base-path`. */
export function springDataRest(files: InputFile[], types: Map<string, TypeInfo>, build: BuildView, notes: string[]): Operation[] {
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
