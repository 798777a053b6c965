// The route inventory: every HTTP (and SOAP) entry point a project declares, with its methods,
// full path templates, media types, handler and the exact source positions of the path literals.
// Reused by the maturity grader and the trailing-slash pass.
import { LineIndex } from '../engine/text.js';
import { configValue } from '../properties/config-value.js';
import { jaxRsRoutes, jaxWsRoutes, springRoutes, springWsRoutes, type FileContext, type TypeIndex } from './annotations.js';
import { parseDeclarations, type FileDecls } from './declarations.js';
import { mightHaveRouterFunctions, routerFunctionRoutes } from './router-functions.js';
import type { InputFile, Route } from './types.js';
import { ScanError } from './tokens.js';
import { ConstantIndex } from './values.js';
import { looksLikeWsdl, wsdlRoutes } from './wsdl.js';

export type { Framework, InputFile, PathLiteral, Route, RouteParam, RoutePath, ParamSource } from './types.js';

/** Cheap test: could this source file declare routes or path constants at all? */
/** A file that may declare routes. */
const ROUTE_HINT = /@(Request|Get|Post|Put|Delete|Patch)Mapping|@(Rest)?Controller\b|@Path\b|@(GET|POST|PUT|DELETE|PATCH|HEAD|OPTIONS)\b|@Endpoint\b|@WebService\b|RouterFunction|coRouter|router\s*\{|RequestPredicates/;
/**
 * A file that may declare a String constant a mapping can name: Java `static final String`
 * (or any `String x =` inside an interface, implicitly static final), Kotlin `const val` or a
 * top-level/object `val x = "..."`. Plain local variables are not constants, so most classes are
 * never parsed for them.
 */
const CONSTANT_HINT = /\bstatic\s+final\s+String\b|\bfinal\s+static\s+String\b|\bconst\s+val\b|\bval\s+\w+\s*(:\s*String\s*)?=\s*"/;
const INTERFACE_CONSTANT_HINT = /\binterface\b[\s\S]*\bString\s+\w+\s*=/;

function mayDeclareConstants(text: string): boolean {
  return CONSTANT_HINT.test(text) || INTERFACE_CONSTANT_HINT.test(text);
}

/** Spring Boot's default for spring.webservices.path. */
const DEFAULT_WS_PATH = '/services';

export interface CollectOptions {
  /** Called for a file that cannot be read (a malformed WSDL, a source that does not scan); the file then declares no route. */
  onError?(file: string, message: string): void;
}

export async function collectRoutes(files: InputFile[], options: CollectOptions = {}): Promise<Route[]> {
  return collectRoutesSync(files, options);
}

export function collectRoutesSync(files: InputFile[], options: CollectOptions = {}): Route[] {
  const jvm = files.filter((f) => f.kind === 'java' || f.kind === 'kotlin');
  const routeFiles = new Set(jvm.filter((f) => ROUTE_HINT.test(f.text)));
  // constants matter only when some file declares routes that may name them
  const sources = routeFiles.size === 0 ? [] : jvm.filter((f) => routeFiles.has(f) || mayDeclareConstants(f.text));
  const constants = new ConstantIndex();
  const contexts: FileContext[] = [];
  for (const f of sources) {
    const lines = new LineIndex(f.text);
    const lineOf = (o: number) => lines.position(o).line;
    let decls: FileDecls;
    try {
      decls = parseDeclarations(f.text, f.kind === 'kotlin');
    } catch (e) {
      if (!(e instanceof ScanError)) throw e;
      // a file that does not scan (unterminated comment or string, unbalanced brackets) declares nothing we can trust
      const { line, column } = lines.position(e.offset);
      options.onError?.(f.path, `not scanned: ${e.message} at line ${line}, column ${column}`);
      continue;
    }
    for (const decl of decls.constants) constants.add({ decl, file: f.path, lineOf });
    contexts.push({ file: f.path, text: f.text, decls, lineOf, eval: (owners) => ({ file: f.path, lineOf, owners, constants }) });
  }
  const types: TypeIndex = new Map();
  for (const ctx of contexts) {
    ctx.types = types;
    for (const type of ctx.decls.types) types.set(type.name, [...(types.get(type.name) ?? []), { type, ctx }]);
  }
  const wsPath = webServicesPath(files);
  const routes: Route[] = [];
  for (const ctx of contexts) {
    if (/Mapping\b|Controller\b/.test(ctx.text)) routes.push(...springRoutes(ctx));
    if (/@Path\b/.test(ctx.text)) routes.push(...jaxRsRoutes(ctx));
    if (/@Endpoint\b/.test(ctx.text)) routes.push(...springWsRoutes(ctx, wsPath));
    if (/@WebService\b/.test(ctx.text)) routes.push(...jaxWsRoutes(ctx));
    if (mightHaveRouterFunctions(ctx.text)) routes.push(...routerFunctionRoutes(ctx));
  }
  for (const f of files) {
    if ((f.kind === 'xml' || f.kind === 'other') && looksLikeWsdl(f.path, f.text)) {
      try {
        routes.push(...wsdlRoutes(f.path, f.text));
      } catch (e) {
        // an unreadable WSDL declares nothing we can trust
        options.onError?.(f.path, `unreadable WSDL: ${(e as Error).message.split('\n')[0]}`);
      }
    }
  }
  return routes.sort((a, b) => (a.file === b.file ? a.offset - b.offset : a.file < b.file ? -1 : 1));
}

/** The Spring-WS dispatcher path: `spring.webservices.path`, a servlet registration, or the default. */
function webServicesPath(files: InputFile[]): string {
  const configured = configValue(files, 'spring.webservices.path');
  if (configured) return configured;
  for (const f of files) {
    if ((f.kind === 'java' || f.kind === 'kotlin') && f.text.includes('MessageDispatcherServlet')) {
      const m = /ServletRegistrationBean[^;]*?"(\/[^"*]*)\/?\*"/s.exec(f.text);
      if (m) return m[1]!.replace(/\/$/, '') || '/';
    }
  }
  return DEFAULT_WS_PATH;
}
