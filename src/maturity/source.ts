// Source input: the route inventory of a repository turned into graded operations (request
// fields, selector values, HTML views), with what their responses carry (source-hypermedia.ts)
// and the endpoints frameworks provide (source-frameworks.ts: Spring Data REST, GraphQL).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createClassifier } from '../engine/classify.js';
import { DEFAULT_MAX_FILE_SIZE, scanFiles, type Skipped } from '../engine/scan.js';
import { decode, looksBinary } from '../engine/text.js';
import type { FileKind } from '../engine/types.js';
import { collectRoutes, type InputFile, type Route } from '../routes/index.js';
import { buildView } from './build.js';
import type { GradeInput, Operation } from './model.js';
import { dataRestBasePath, graphQl, springDataRest } from './source-frameworks.js';
import { hypermediaOf } from './source-hypermedia.js';
import { identifiers, typeBody, typeIndex, type TypeInfo } from './source-types.js';
import type { Vocabulary } from './vocabulary.js';

export { dataRestBasePath };

const WANTED: FileKind[] = ['java', 'kotlin', 'xml', 'properties', 'yaml', 'pom', 'gradle', 'gradle-kts', 'openapi'];
/** What the grader reads of a folder: names of the kinds it reads, or a GraphQL schema. */
const wanted = (kind: FileKind, path: string) => WANTED.includes(kind) || /\.graphqls?$/i.test(path);

/** The files the grader reads; what it did not read (too large, unreadable, binary, links...) is added to `skipped`. */
export async function readProject(root: string, maxFileSize = DEFAULT_MAX_FILE_SIZE, skipped: Skipped[] = []): Promise<InputFile[]> {
  const classifier = createClassifier();
  const scan = await scanFiles(root, { maxFileSize });
  skipped.push(...scan.skipped.filter((s) => s.path.endsWith('/') || wanted(classifier.classify(s.path), s.path)));
  const out: InputFile[] = [];
  await Promise.all(
    scan.files.map(async (f) => {
      const kind = classifier.classify(f.path);
      if (!wanted(kind, f.path)) return; // GraphQL schemas locate the GraphQL endpoint
      if (kind === 'xml' && !/\.wsdl$/i.test(f.path)) return;
      let bytes: Buffer;
      try {
        bytes = await readFile(path.join(root, f.path));
      } catch (e) {
        // unreadable (permissions, vanished): graded without it, as the scan skips such files
        skipped.push({ path: f.path, reason: `unreadable (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, kind: 'unreadable' });
        return;
      }
      if (looksBinary(bytes)) {
        skipped.push({ path: f.path, reason: 'binary content', kind: 'binary' });
        return;
      }
      out.push({ path: f.path, kind, text: decode(bytes, kind).text });
    }),
  );
  skipped.sort((a, b) => (a.path < b.path ? -1 : 1));
  return out.sort((a, b) => (a.path < b.path ? -1 : 1));
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

/** A handler of a `@Controller` (not REST) class that renders a view: a String/ModelAndView return without `@ResponseBody`. */
function rendersHtml(r: Route): boolean {
  if (r.framework !== 'spring-mvc' && r.framework !== 'webflux') return false;
  if (!r.annotations.includes('Controller') || r.annotations.includes('RestController') || r.annotations.includes('ResponseBody')) return false;
  return /^(String|ModelAndView|Rendering|Mono<String>|Mono<Rendering>|View)$/.test((r.returnType ?? '').replace(/\s+/g, '')) || r.produces.some((p) => p.startsWith('text/html'));
}

