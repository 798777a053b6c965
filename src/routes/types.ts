// The route inventory's public shape. Kept small and stable: the maturity grader and the
// trailing-slash project pass both read it.
import type { FileKind } from '../engine/types.js';

export type Framework = 'spring-mvc' | 'webflux' | 'router-function' | 'jax-rs' | 'spring-ws' | 'jax-ws' | 'wsdl';

export interface InputFile {
  path: string;
  kind: FileKind;
  text: string;
}

/** One string literal that spells (part of) a path, exactly where it sits in the source. */
export interface PathLiteral {
  file: string;
  /** Offsets of the literal including its quotes: text.slice(start, end) === quote + value + quote. */
  start: number;
  end: number;
  /** `"` or `"""` (Java text block / Kotlin raw string). */
  quote: string;
  value: string;
  line: number;
  /** The annotation attribute (or call argument) the literal belongs to. */
  attribute?: {
    name: string; // 'value' | 'path' | '' (positional)
    /** Span of the whole attribute value expression (`"/a"` or `{"/a", "/b"}` or `["/a"]`). */
    valueStart: number;
    valueEnd: number;
    /** The value is already an array (Java `{...}`, Kotlin `[...]` / `arrayOf(...)`, or several Kotlin vararg arguments, `("/a", "/b")`, spanned from the first to the last). */
    isArray: boolean;
    /** Where the annotation's argument list starts and ends (the parentheses), when it has one. */
    argsStart?: number;
    argsEnd?: number;
  };
  /** Set when the literal is the initializer of a constant: the name of that innermost constant as referenced (`Paths.USERS`, or `API` inside USERS = API + "/users"). */
  viaConstant?: string;
}

export interface RoutePath {
  /** Full template: class-level prefix + method-level path, '/'-joined ('/api/users/{id}'). */
  template: string;
  /** The literals the template was built from, prefix first (empty when the path is implicit). */
  literals: PathLiteral[];
  /** False when some part (an unresolvable constant or expression) is unknown: shown as `{?}`. */
  resolved: boolean;
}

export type ParamSource = 'path' | 'query' | 'body' | 'header' | 'form' | 'cookie' | 'other';

export interface RouteParam {
  name: string;
  source: ParamSource;
  type: string;
}

export interface Route {
  /** Upper-case HTTP methods; empty means any method. */
  methods: string[];
  paths: RoutePath[];
  produces: string[];
  consumes: string[];
  /** `Class#method` (router functions: `handlerVariable#method` or `Class#lambda@line`). */
  handler: string;
  /** Return type as written (`ResponseEntity<EntityModel<User>>`), when declared. */
  returnType?: string;
  framework: Framework;
  file: string;
  line: number;
  /** Offset of the handler declaration (method name / route call) in the file. */
  offset: number;
  params: RouteParam[];
  /** Span of the handler body in the file, when it has one (for hints such as `linkTo(methodOn(`). */
  body?: { start: number; end: number };
  /** SOAP operation (Spring-WS payload root local part, JAX-WS/WSDL operation name). */
  operation?: string;
  /** Other annotations on the handler and its class, simple names (`ResponseStatus`, `ExceptionHandler`). */
  annotations: string[];
}
