// The library upgrades Boot 3.0 brings along (Spring Security 6, Spring Batch 5, springfox ->
// springdoc 2, Apache HttpClient 5, Hibernate 6, Sleuth -> Micrometer Tracing and the
// observation API): what changes in Java/Kotlin sources (and in log patterns).
// Filled by scripts/table/libraries.ts; every row names the public page or source file its fact
// comes from (`source`), since ../shared/data does not cover these libraries' APIs.
// Read by the library folders of transforms/sources/ (security6/, batch5/, springdoc/, httpclient5/,
// hibernate6/, observability/, jakarta/) and by transforms/properties/trace-id-pattern.ts.

/** A method renamed one to one (same arguments, same meaning). */
export interface MethodRename {
  from: string;
  to: string;
  /** The old method took Ant patterns (antMatchers): a pattern PathPattern rejects keeps Ant matching. */
  ant?: boolean;
  source: string;
}

/** A method (or type) with no one-to-one replacement: reported with the replacement's shape. */
export interface Reported {
  name: string;
  replacement: string;
  source: string;
}

export interface SecurityRows {
  /** Request-matcher registry methods (authorizeRequests, csrf, web.ignoring()). */
  requestMatchers: MethodRename[];
  /** HttpSecurity-level single matchers (`http.antMatcher("/api/**")`). */
  securityMatchers: MethodRename[];
  /** The matcher that keeps Ant semantics for a pattern Spring MVC's PathPattern cannot parse (`**` before the end). */
  antPatterns: { matcher: string; source: string };
  /** Matcher methods whose String overload would change meaning (regular expressions). */
  reportedMatchers: Reported[];
  authorizeHttpRequests: {
    from: string;
    to: string;
    /** Methods of the old registry that the new one lacks: their presence blocks the rewrite. */
    oldOnly: string[];
    /** Typed AuthorizedUrl methods of AuthorizeHttpRequestsConfigurer (6.0). */
    typed: string[];
    /** SpEL expressions (no argument) and their typed method. */
    expressions: Record<string, string>;
    /** SpEL functions with quoted String arguments that map to the typed method of the same name. */
    functions: string[];
    /** AuthorizationManager wrapping any SpEL expression (compile-safe fallback for access(String)). */
    expressionManager: string;
    /** Types whose beans the old configurer honours and AuthorizeHttpRequestsConfigurer 6.0 does not: a project naming one keeps authorizeRequests (reported). */
    projectBlockers: string[];
    /** Kotlin DSL: members of AuthorizeHttpRequestsDsl (6.0); any other access value blocks the rewrite. */
    kotlinAccess: string[];
    source: string;
    apiSource: string;
    kotlinSource: string;
  };
  /** `@EnableWebSecurity` and friends lost their meta-annotation `@Configuration` in 6.0. */
  configurationAnnotations: { annotations: string[]; add: string; source: string };
  adapter: {
    type: string;
    filterChain: string;
    webSecurityCustomizer: string;
    bean: string;
    /** Methods the adapter provided; a subclass that calls one cannot drop the superclass. */
    inherited: string[];
    source: string;
  };
  /**
   * Overridable methods Spring Security 6 removed from classes it kept, which the class itself no
   * longer calls: a subclass's override is handed to the setter that takes its place
   * (`setter(this::method)`) when nothing else sets it.
   */
  removedOverrides: { type: string; method: string; params: number; setter: string; source: string }[];
}

export interface BatchRows {
  factories: { factory: string; builder: string; source: string }[];
  jobRepository: string;
  transactionManager: string;
  /** StepBuilder methods that take the transaction manager as an extra last argument in Batch 5. */
  transactional: string[];
  /** ItemWriter#write and the write listeners take a Chunk instead of a List. */
  chunk: BatchChunkRows;
  source: string;
}

/** Batch 5 methods whose List parameter became a Chunk (libraries-spring6.ts). */
export interface BatchChunkRows {
  /** org.springframework.batch.item.Chunk */
  type: string;
  /** The writer types of Batch 5 (their write takes a Chunk): a variable of one of these types is a writer. */
  writers: string[];
  /** A method `name` with `params` parameters, declared in a class extending or implementing one of `types`, takes a Chunk at `index`. */
  methods: { name: string; params: number; index: number; types: string[] }[];
  /** Listener annotations whose methods Batch 5 calls with the Chunk. */
  annotations: string[];
  /** What a Chunk answers of the calls a List answered. */
  chunkMethods: string[];
  source: string;
  docs: string;
}

/** A springfox (swagger 2) annotation and its swagger 3 form, attribute by attribute. */
export interface AnnotationMapping {
  from: string;
  to: string;
  /** Old attribute -> new attribute; an attribute not listed blocks the rewrite (reported). */
  attributes: Record<string, string>;
  /** Attributes whose value changes type: `code = 404` -> `responseCode = "404"`. */
  quote?: string[];
  /** Attribute the unnamed value (`@Api("x")`) means in the new annotation. */
  value?: string;
  /** Attributes whose value is a constant of a nested enum: `Old.AccessMode.X` -> `New.AccessMode.X` for the `values` both have. */
  enums?: Record<string, { from: string; to: string; values: string[] }>;
  /** Attributes that become one response of the operation: `code = 201` -> `responses = @ApiResponse(responseCode = "201")`. */
  responses?: Record<string, { attribute: string; annotation: string; member: string }>;
  source: string;
}

export interface SpringdocRows {
  annotations: AnnotationMapping[];
  /** Types and annotations with no mechanical counterpart (Docket, @EnableSwagger2, @ApiIgnore). */
  reported: Reported[];
  /** springdoc 1 -> 2 type moves. */
  types: { from: string; to: string; source: string }[];
  /** A springfox `Docket` bean whose selectors map one to one onto a springdoc `GroupedOpenApi`. */
  docket: DocketMapping;
  /**
   * springfox annotations rewritten only when the build switches to springdoc in the same run
   * (springfox-switch.ts): removed ones, and `@ApiIgnore` -> the parameter form or the general one.
   */
  switchRewrites: { remove: string[]; hide: { from: string; parameter: string; other: string }; source: string };
}

/** `new Docket(type).groupName(g).select().apis(..).paths(..).build()` -> `GroupedOpenApi.builder()...build()`. */
export interface DocketMapping {
  docket: string;
  /** `DocumentationType` constants the constructor may take. */
  documentationTypes: string[];
  groupedOpenApi: string;
  /** `Docket.groupName(x)` -> this builder method; without it the group is `defaultGroup` (springdoc requires one). */
  groupMethod: string;
  defaultGroup: string;
  /** `apis(..)`/`paths(..)` selectors: `Type.method` -> the builder method taking the same argument, or null (selects everything: dropped). */
  selectors: { call: 'apis' | 'paths'; selector: string; method: string; to: string | null }[];
  /** A Docket's `.apiInfo(..)` and `.tags(..)`: the same facts on an OpenAPI bean (one Docket per project). */
  apiInfo: ApiInfoMapping;
  /** Docket calls with this exact argument that have nothing to carry over (springdoc never does what they turn off). */
  dropped: { call: string; argument: string }[];
  source: string;
}

/**
 * springfox's ApiInfoBuilder chain -> swagger-models' Info: each builder method with the Info
 * method taking the same value (`calls`); `new Contact(name, url, email)` -> `new Contact().name(..)
 * .url(..).email(..)`; `license(n)` + `licenseUrl(u)` -> `new License().name(n).url(u)`; a Docket's
 * `new Tag(name, description)` -> `new Tag().name(..).description(..)`, added with `add`.
 */
export interface ApiInfoMapping {
  builder: string;
  /** springfox's ApiInfo, the type a helper method building one returns. */
  type: string;
  openApi: string;
  info: string;
  calls: Record<string, string>;
  contact: { from: string; to: string; arguments: string[] };
  license: { to: string; name: string; url: string };
  tag: { from: string; to: string; arguments: string[]; add: string };
  source: string;
}

/**
 * One HttpClient 4 type (a key of `types`, or a nested type written with its outer one,
 * `...RequestConfig.Builder`) and what its uses become in HttpClient 5. A use not listed has no
 * exact form: `missing` gives the replacement to write, else the type's `types` note does.
 */
export interface HttpClientApi {
  type: string;
  /** The simple name changes (the import's `to` has another simple name): every use is renamed. */
  rename?: string;
  /** Static methods -> the HttpClient 4 type they return (to follow the chain). */
  statics?: Record<string, string>;
  /** Static fields. */
  fields?: Record<string, HttpClientCall>;
  /** Instance methods. */
  methods?: Record<string, HttpClientCall>;
  /** Constructors by number of arguments. */
  constructors?: Record<string, HttpClientCall>;
  /** Methods (or '<init>') with no HttpClient 5 form of their own -> what to write instead. */
  missing?: Record<string, string>;
}

export interface HttpClientCall {
  /** The HttpClient 4 type of the result, when the chain may go on. */
  returns?: string;
  /** The HttpClient 5 method name, when it changed. */
  to?: string;
  /**
   * How the arguments change: `timeout-ms` one int of milliseconds -> Timeout.ofMilliseconds(x),
   * `timevalue-ms` -> TimeValue.ofMilliseconds(x), `timevalue-unit` (long, TimeUnit) -> TimeValue.of(n, unit).
   */
  args?: 'timeout-ms' | 'timevalue-ms' | 'timevalue-unit';
  /** The whole use written anew, `{0}`, `{1}` standing for the arguments as written. */
  template?: string;
  /** Arguments (by index) that must be written as this literal for the form to hold. */
  literal?: Record<string, string>;
  /** HttpClient 5 types the new form names. */
  imports?: string[];
  /** What behaves differently with the new form (a warning); none when it behaves the same. */
  note?: string;
}

export interface HttpClientRows {
  /** HttpClient 4 package or type -> HttpClient 5 counterpart (reported; APIs differ around them). */
  types: { from: string; to: string; note: string; source: string }[];
  /**
   * The part of the API that moved one to one (same names, same arguments): a project whose every
   * HttpClient 4 use stays inside it moves to HttpClient 5 in one run (httpclient5-switch.ts).
   */
  oneToOne: {
    /** The build coordinate renamed (HttpClient 4) and its successor, which Boot 3.0 manages. */
    from: { groupId: string; artifactId: string };
    to: { groupId: string; artifactId: string };
    /** Type by type, what each use of HttpClient 4 becomes (httpclient5-api.ts walks the uses). */
    api: HttpClientApi[];
    source: string;
  };
  source: string;
}

/**
 * The Hibernate 6 annotation that maps a column exactly as a Hibernate 5 type name did, so the
 * `@Type(type = "...")` is replaced: `@<annotation>(<attribute> = <value>)`, the value a class
 * literal (`X.class` / `X::class`) or a constant (`SqlTypes.CHAR`).
 */
export interface TypeRewrite {
  annotation: string;
  /** Omitted: the value is the annotation's `value`, written without a name. */
  attribute?: string;
  value: string;
  valueKind: 'class' | 'constant';
}

export interface HibernateRows {
  /** Hibernate 5 `@Type(type = "...")` names with a Hibernate 6 form. */
  types: { names: string[]; replacement: string; source: string; rewrite?: TypeRewrite }[];
  /** Removed types and annotations with what replaces them. */
  reported: Reported[];
  /**
   * Basic types of Hibernate 5.6 that 6.1 removed, with the StandardBasicTypes constant that held
   * each (`constant`, when 6.1 still has it: there a BasicTypeReference, no longer a Type).
   */
  removedBasicTypes: { type: string; constant?: string }[];
  removedBasicTypesSource: string;
}

/**
 * A library whose jakarta line is another artifact with moved packages and renamed types
 * (Jackson's JAXB annotations module and JAX-RS providers, the JAXB runtime's internals): the
 * build transform renames the artifact, so the code must follow or it no longer compiles.
 */
export interface JakartaVariantRow {
  /** `groupId:artifactId` of the javax line (a trailing `*` matches a prefix). */
  artifacts: string[];
  /** `groupId:artifactId` of the jakarta line (a trailing `*` matches a prefix). */
  jakartaArtifacts: string[];
  /** Whole packages that moved, every class keeping its name unless `types` says otherwise. */
  packages: { from: string; to: string }[];
  /** Classes renamed (or moved alone): fully qualified, old -> new. */
  types: { from: string; to: string }[];
  /** Constants renamed inside a type (fully qualified type, old -> new member). */
  members: { type: string; from: string; to: string }[];
  /** Classes of the javax line with no counterpart: a file naming one is reported, not edited. */
  gone: { name: string; replacement: string }[];
  /**
   * The jakarta line is this release of the same artifact (FreeMarker 2.3.33): the code moves only
   * when every version the build declares is at least this one (`versionProperty`: Boot's property
   * for it, which counts as a declaration).
   */
  since?: string;
  versionProperty?: string;
  note: string;
  source: string;
}

/**
 * A Boot 2 metrics tags type (deprecated for removal in 3.0; Boot 3.0 still adapts such a bean)
 * and the Spring Framework 6 observation convention that replaces it.
 */
export interface TagsProviderRow {
  type: string;
  /** The convention interface Boot 3.0 looks up as a bean (it then replaces the default one). */
  convention: string;
  /** The default convention to extend, keeping the standard key values. */
  base: string;
  /** The observation context the convention's methods receive. */
  context: string;
  /** How the old method's arguments are read from the context. */
  reads: string;
  source: string;
  /** Set in a target's view: the minor that removed the type (3.2), where code naming it no longer compiles. */
  removedIn?: string;
}

/** A Sleuth annotation and what Boot 3.0's Micrometer Tracing line offers in its place. */
export interface SleuthAnnotationRow {
  from: string;
  /** The same-named Micrometer Tracing annotation (present in 1.0, but nothing processes it before 1.1). */
  to: string;
  replacement: string;
  source: string;
}

export interface ObservabilityRows {
  tagsProviders: TagsProviderRow[];
  /** The line of Micrometer Tracing Boot 3.0 manages, and the first line whose aspect handles the annotations. */
  tracing: { managed: string; aspectSince: string; aspect: string; source: string };
  sleuthAnnotations: SleuthAnnotationRow[];
  logPattern: {
    /** MDC keys Sleuth 2 filled, which Sleuth 3 and Micrometer Tracing do not: key -> the key to use (null: none). */
    legacyMdcKeys: { key: string; to: string | null }[];
    /** Coordinates whose presence in a build means Sleuth set logging.pattern.level by default. */
    sleuthArtifacts: string[];
    /** The default Sleuth put into logging.pattern.level (unless set, or spring.sleuth.enabled=false). */
    sleuthLevelPattern: string;
    /** What Boot 3.0's documentation gives for the same log line with Micrometer Tracing. */
    levelPattern: string;
    source: string;
    mdcSource: string;
  };
}

export interface LibrariesSection {
  security: SecurityRows;
  batch: BatchRows;
  springdoc: SpringdocRows;
  httpclient: HttpClientRows;
  hibernate: HibernateRows;
  jakartaVariants: JakartaVariantRow[];
  observability: ObservabilityRows;
  spring6: Spring6Rows;
}

/** Spring Framework 6.0 source changes (scripts/table/libraries-spring6.ts). */
export interface Spring6Rows {
  statusCode: {
    httpStatus: string;
    httpStatusCode: string;
    /** Methods that returned HttpStatus in 5.3 and return HttpStatusCode in 6.0 (declared on `type` or a subclass of it). */
    accessors: { type: string; method: string }[];
    /** Methods whose result is of an accessor's type, for receivers written as a call. */
    returns: { type: string; methods: string[]; returns: string }[];
    /** Lambda parameters typed by the call they are passed to (argument index). */
    lambdaParameters: { method: string; argument: number; type: string }[];
    /** HttpStatusCode's instance methods. */
    codeMethods: string[];
    /** HttpStatus's instance methods (its own and Enum's) that HttpStatusCode lacks. */
    statusOnlyMethods: string[];
    /** HttpStatus.Series constant -> the HttpStatusCode method answering `series() == X`. */
    seriesTests: Record<string, string>;
    /** Calls (`new` for a constructor) that take an HttpStatusCode in 6.0 where they took an HttpStatus. */
    accepting: { type: string; method: string }[];
    source: string;
    docs: string;
  };
  /** Classes whose overridable methods' parameter at `status` changed from HttpStatus to HttpStatusCode. */
  overrides: { type: string; methods: { name: string; params: number; status: number }[]; source: string }[];
  /**
   * Methods 6.0 removed or deprecated, with the call to write instead (`returnsStatus`: it gave an
   * HttpStatus, the replacement an HttpStatusCode; `nullable`: the old call gave null where the
   * replacement's `.value()` would throw, so it is reported with the null check, not rewritten).
   */
  removedMembers: { type: string; method: string; replacement: string; returnsStatus: boolean; deprecated?: boolean; nullable?: boolean; source: string }[];
  httpMethod: {
    type: string;
    /** The enum constants of 5.3, static fields of the class in 6.0. */
    constants: string[];
    /** Methods returning an HttpMethod, for switch selectors written as a call. */
    accessors: { type: string; method: string }[];
    source: string;
    docs: string;
  };
  socketUtils: {
    type: string;
    /** What tests with spring-test call instead, and which of its methods it offers. */
    testReplacement: string;
    testMethods: string[];
    /** Artifacts that put spring-test on a module's test class path. */
    testArtifacts: string[];
    replacement: string;
    source: string;
    docs: string;
  };
}
