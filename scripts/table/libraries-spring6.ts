// Builds `libraries.spring6` (Spring Framework 6.0 source changes: HttpStatus -> HttpStatusCode,
// ResponseEntityExceptionHandler's signatures, HttpMethod no longer an enum, SocketUtils removed,
// the MVC adapter classes removed) and `libraries.batch.chunk` (Spring Batch 5's write methods
// taking a Chunk). ../shared/data covers Boot's own APIs only: these facts were read from the
// class files of the published jars Boot 2.7.18 and Boot 3.0.13 manage (spring-web/-webmvc/-webflux
// 5.3.31 and 6.0.14, spring-batch-core/-infrastructure 4.3.10 and 5.0.4, spring-test) with javap,
// comparing the two signatures of each member; every row names the jars it was read from.
import type { BatchChunkRows, Spring6Rows } from '../../src/table/sections/libraries.js';
import { readFileSync } from 'node:fs';
import type { ApiFollowUp, TypeRename } from '../../src/table/sections/sources.js';

const CENTRAL = 'https://repo.maven.apache.org/maven2/org/springframework';
const jar = (artifact: string, version: string, group = '') => `${CENTRAL}/${group}${artifact}/${version}/${artifact}-${version}.jar`;
const both = (artifact: string, group = '', from = '5.3.31', to = '6.0.14') => `${jar(artifact, from, group)} ; ${jar(artifact, to, group)}`;
const WEB = both('spring-web');
const WEBMVC = both('spring-webmvc');
const WEBFLUX = both('spring-webflux');
const CORE = both('spring-core');
const TEST = both('spring-test');
const BATCH = `${both('spring-batch-infrastructure', 'batch/', '4.3.10', '5.0.4')} ; ${both('spring-batch-core', 'batch/', '4.3.10', '5.0.4')}`;
const FRAMEWORK_GUIDE = 'https://github.com/spring-projects/spring-framework/wiki/Upgrading-to-Spring-Framework-6.x';
const BATCH_GUIDE = 'https://github.com/spring-projects/spring-batch/wiki/Spring-Batch-5.0-Migration-Guide';

const H = 'org.springframework.http.';
const WC = 'org.springframework.web.client.';
const WF = 'org.springframework.web.reactive.function.';

function statusCode(): Spring6Rows['statusCode'] {
  return {
    httpStatus: `${H}HttpStatus`,
    httpStatusCode: `${H}HttpStatusCode`,
    // Members that returned HttpStatus in 5.3.31 and return HttpStatusCode in 6.0.14 (a subclass,
    // nested ones included, inherits the change: HttpClientErrorException.NotFound).
    accessors: [
      { type: `${H}ResponseEntity`, method: 'getStatusCode' },
      { type: `${H}client.ClientHttpResponse`, method: 'getStatusCode' },
      { type: `${H}client.AbstractClientHttpResponse`, method: 'getStatusCode' },
      { type: `${H}client.reactive.ClientHttpResponse`, method: 'getStatusCode' },
      { type: `${H}client.reactive.ClientHttpResponseDecorator`, method: 'getStatusCode' },
      { type: `${H}server.reactive.ServerHttpResponse`, method: 'getStatusCode' },
      { type: `${H}server.reactive.ServerHttpResponseDecorator`, method: 'getStatusCode' },
      { type: `${H}server.reactive.AbstractServerHttpResponse`, method: 'getStatusCode' },
      { type: `${WC}HttpStatusCodeException`, method: 'getStatusCode' },
      { type: `${WC}HttpClientErrorException`, method: 'getStatusCode' },
      { type: `${WC}HttpServerErrorException`, method: 'getStatusCode' },
      { type: `${WF}client.WebClientResponseException`, method: 'getStatusCode' },
      { type: `${WF}client.ClientResponse`, method: 'statusCode' },
      { type: `${WF}server.ServerResponse`, method: 'statusCode' },
      { type: 'org.springframework.web.servlet.function.ServerResponse', method: 'statusCode' },
    ],
    // Methods returning one of the accessor types, for receivers written as a call.
    returns: [
      { type: `${WC}RestTemplate`, methods: ['getForEntity', 'postForEntity', 'exchange'], returns: `${H}ResponseEntity` },
      { type: `${WC}RestOperations`, methods: ['getForEntity', 'postForEntity', 'exchange'], returns: `${H}ResponseEntity` },
      { type: 'org.springframework.boot.test.web.client.TestRestTemplate', methods: ['getForEntity', 'postForEntity', 'exchange'], returns: `${H}ResponseEntity` },
      { type: 'org.springframework.web.server.ServerWebExchange', methods: ['getResponse'], returns: `${H}server.reactive.ServerHttpResponse` },
    ],
    // Lambda parameters whose type the call fixes: onStatus(.., response -> ..), exchangeToMono(response -> ..).
    lambdaParameters: [
      { method: 'onStatus', argument: 1, type: `${WF}client.ClientResponse` },
      { method: 'exchangeToMono', argument: 0, type: `${WF}client.ClientResponse` },
      { method: 'exchangeToFlux', argument: 0, type: `${WF}client.ClientResponse` },
    ],
    // HttpStatusCode's instance methods in 6.0.14 (with Object's): what a value of it can be asked.
    codeMethods: ['value', 'is1xxInformational', 'is2xxSuccessful', 'is3xxRedirection', 'is4xxClientError', 'is5xxServerError', 'isError', 'isSameCodeAs', 'equals', 'hashCode', 'toString', 'getClass'],
    // HttpStatus's instance methods in 5.3.31 that HttpStatusCode 6.0.14 lacks: its own (javap: series,
    // getReasonPhrase; toString is Object's) and those of java.lang.Enum as of Java 8, the level
    // Spring Framework 5.3 is compiled for (name, ordinal, compareTo, getDeclaringClass).
    statusOnlyMethods: ['series', 'getReasonPhrase', 'name', 'ordinal', 'compareTo', 'getDeclaringClass'],
    // HttpStatus.Series constant -> the HttpStatusCode test that answers `series() == X` (6.0.14 HttpStatus implements each as that comparison).
    seriesTests: { INFORMATIONAL: 'is1xxInformational', SUCCESSFUL: 'is2xxSuccessful', REDIRECTION: 'is3xxRedirection', CLIENT_ERROR: 'is4xxClientError', SERVER_ERROR: 'is5xxServerError' },
    // Calls that took an HttpStatus in 5.3.31 and take an HttpStatusCode in 6.0.14: a value passed there needs no conversion.
    accepting: [
      { type: `${H}ResponseEntity`, method: 'new' },
      { type: `${H}ResponseEntity`, method: 'status' },
      { type: 'org.springframework.web.server.ResponseStatusException', method: 'new' },
      { type: `${WF}server.ServerResponse`, method: 'status' },
      { type: 'org.springframework.web.servlet.function.ServerResponse', method: 'status' },
      { type: `${H}server.reactive.ServerHttpResponse`, method: 'setStatusCode' },
      { type: `${WF}client.ClientResponse`, method: 'create' },
      { type: `${H}ProblemDetail`, method: 'forStatus' },
    ],
    source: `${WEB} ; ${WEBFLUX} ; ${WEBMVC}`,
    docs: FRAMEWORK_GUIDE,
  };
}

function overrides(): Spring6Rows['overrides'] {
  // Every overridable method of 5.3.31 with an HttpStatus parameter (index `status`) takes an
  // HttpStatusCode there in 6.0.14; the other parameters are unchanged.
  const four = [
    'handleHttpRequestMethodNotSupported',
    'handleHttpMediaTypeNotSupported',
    'handleHttpMediaTypeNotAcceptable',
    'handleMissingPathVariable',
    'handleMissingServletRequestParameter',
    'handleServletRequestBindingException',
    'handleConversionNotSupported',
    'handleTypeMismatch',
    'handleHttpMessageNotReadable',
    'handleHttpMessageNotWritable',
    'handleMethodArgumentNotValid',
    'handleMissingServletRequestPart',
    'handleBindException',
    'handleNoHandlerFoundException',
    'handleAsyncRequestTimeoutException',
  ];
  return [
    {
      type: 'org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler',
      methods: [...four.map((name) => ({ name, params: 4, status: 2 })), { name: 'handleExceptionInternal', params: 5, status: 3 }],
      source: WEBMVC,
    },
    // hasError(HttpStatus) beside hasError(int) and hasError(ClientHttpResponse): the parameter's type tells them apart.
    { type: `${WC}DefaultResponseErrorHandler`, methods: [{ name: 'hasError', params: 1, status: 0 }, { name: 'handleError', params: 2, status: 1 }], source: WEB },
  ];
}

function removedMembers(): Spring6Rows['removedMembers'] {
  return [
    // 6.0.14 ResponseStatusException extends ErrorResponseException: getStatusCode() (HttpStatusCode) replaces both.
    { type: 'org.springframework.web.server.ResponseStatusException', method: 'getStatus', replacement: 'getStatusCode()', returnsStatus: true, source: WEB },
    { type: 'org.springframework.web.server.ResponseStatusException', method: 'getRawStatusCode', replacement: 'getStatusCode().value()', returnsStatus: false, source: WEB },
    // Deprecated in 6.0.14 (@Deprecated(since = "6.0"), "in favor of getStatusCode()"; ClientHttpResponse's
    // "scheduled for removal in 6.2"), each returning its getStatusCode()'s value: the same int, and no
    // deprecation warning for a build that compiles with -Werror.
    ...[`${H}client.ClientHttpResponse`, `${H}client.reactive.ClientHttpResponse`, `${WC}RestClientResponseException`, `${WC}HttpStatusCodeException`, `${WC}HttpClientErrorException`, `${WC}HttpServerErrorException`, `${WC}UnknownHttpStatusCodeException`, `${WC}UnknownContentTypeException`].map((type) => ({ type, method: 'getRawStatusCode', replacement: 'getStatusCode().value()', returnsStatus: false, deprecated: true, source: WEB })),
    { type: `${WF}client.WebClientResponseException`, method: 'getRawStatusCode', replacement: 'getStatusCode().value()', returnsStatus: false, deprecated: true, source: WEBFLUX },
    { type: `${WF}client.ClientResponse`, method: 'rawStatusCode', replacement: 'statusCode().value()', returnsStatus: false, deprecated: true, source: WEBFLUX },
    { type: `${WF}server.ServerResponse`, method: 'rawStatusCode', replacement: 'statusCode().value()', returnsStatus: false, deprecated: true, source: WEBFLUX },
    { type: 'org.springframework.web.servlet.function.ServerResponse', method: 'rawStatusCode', replacement: 'statusCode().value()', returnsStatus: false, deprecated: true, source: WEBMVC },
    { type: `${H}ResponseEntity`, method: 'getStatusCodeValue', replacement: 'getStatusCode().value()', returnsStatus: false, deprecated: true, source: WEB },
    // ServerHttpResponse#getRawStatusCode() is an Integer that is null while no status is set, and
    // getStatusCode() is null then too: `.value()` would throw where the old call gave null.
    { type: `${H}server.reactive.ServerHttpResponse`, method: 'getRawStatusCode', replacement: 'getStatusCode()', returnsStatus: false, deprecated: true, nullable: true, source: WEB },
  ];
}

function httpMethod(): Spring6Rows['httpMethod'] {
  return {
    type: `${H}HttpMethod`,
    // 5.3.31: an enum with these constants; 6.0.14: a final class with the same constants and name(), no ordinal().
    constants: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE'],
    // Members returning an HttpMethod in both versions, for switch selectors written as a call.
    accessors: [
      { type: `${H}HttpRequest`, method: 'getMethod' },
      { type: `${H}server.reactive.ServerHttpRequest`, method: 'getMethod' },
      { type: `${H}client.ClientHttpRequest`, method: 'getMethod' },
      { type: `${H}RequestEntity`, method: 'getMethod' },
      { type: `${WF}client.ClientRequest`, method: 'method' },
      { type: `${WF}server.ServerRequest`, method: 'method' },
      { type: 'org.springframework.web.servlet.function.ServerRequest', method: 'method' },
    ],
    source: WEB,
    docs: FRAMEWORK_GUIDE,
  };
}

function socketUtils(): Spring6Rows['socketUtils'] {
  return {
    type: 'org.springframework.util.SocketUtils',
    // Present in spring-test 5.3.31 and 6.0.14 alike: only the no-argument TCP form.
    testReplacement: 'org.springframework.test.util.TestSocketUtils',
    testMethods: ['findAvailableTcpPort'],
    testArtifacts: ['spring-boot-starter-test', 'spring-test'],
    replacement:
      'let the server pick its port (server.port=0, or new ServerSocket(0) and getLocalPort()) and read it back; tests with spring-test on the class path: org.springframework.test.util.TestSocketUtils.findAvailableTcpPort()',
    source: `${CORE} ; ${TEST}`,
    docs: FRAMEWORK_GUIDE,
  };
}

export function buildSpring6(): Spring6Rows {
  return { statusCode: statusCode(), overrides: overrides(), removedMembers: removedMembers(), httpMethod: httpMethod(), socketUtils: socketUtils() };
}

/**
 * The MVC adapter classes 6.0 removed: each implemented its interface with empty methods, which
 * are the interface's default methods in 6.0.14, so a subclass becomes an implementation (the
 * class-to-interface shape of transforms/sources/shapes.ts). HandlerInterceptorAdapter implemented
 * AsyncHandlerInterceptor, which keeps afterConcurrentHandlingStarted.
 */
export function spring6TypeRenames(): TypeRename[] {
  const row = (from: string, to: string): TypeRename => ({
    from,
    to,
    kind: 'type',
    note: `removed in Spring Framework 6.0; ${to.slice(to.lastIndexOf('.') + 1)} declares the same methods as defaults`,
    docs: FRAMEWORK_GUIDE,
    shape: 'class-to-interface',
    changes: `a class (implementing ${to.slice(to.lastIndexOf('.') + 1)} with empty methods) becomes the interface: extend -> implement, super.m() -> ${to.slice(to.lastIndexOf('.') + 1)}.super.m()`,
    removed: true,
    shapeSource: WEBMVC,
  });
  return [
    row('org.springframework.web.servlet.handler.HandlerInterceptorAdapter', 'org.springframework.web.servlet.AsyncHandlerInterceptor'),
    row('org.springframework.web.servlet.config.annotation.WebMvcConfigurerAdapter', 'org.springframework.web.servlet.config.annotation.WebMvcConfigurer'),
  ];
}

const I = 'org.springframework.batch.item.';
const C = 'org.springframework.batch.core.';

export function batchChunk(): BatchChunkRows {
  const writers = [
    `${I}ItemWriter`,
    `${I}ItemStreamWriter`,
    `${I}KeyValueItemWriter`,
    `${I}support.AbstractItemStreamItemWriter`,
    `${I}support.AbstractFileItemWriter`,
    `${I}support.ClassifierCompositeItemWriter`,
    `${I}support.CompositeItemWriter`,
    `${I}support.ListItemWriter`,
    `${I}support.SynchronizedItemStreamWriter`,
    `${I}adapter.ItemWriterAdapter`,
    `${I}adapter.PropertyExtractingDelegatingItemWriter`,
    `${I}amqp.AmqpItemWriter`,
    `${I}avro.AvroItemWriter`,
    `${I}data.MongoItemWriter`,
    `${I}data.Neo4jItemWriter`,
    `${I}data.RepositoryItemWriter`,
    `${I}database.HibernateItemWriter`,
    `${I}database.JdbcBatchItemWriter`,
    `${I}database.JpaItemWriter`,
    `${I}file.FlatFileItemWriter`,
    `${I}file.MultiResourceItemWriter`,
    `${I}jms.JmsItemWriter`,
    `${I}json.JsonFileItemWriter`,
    `${I}mail.SimpleMailMessageItemWriter`,
    `${I}mail.javamail.MimeMessageItemWriter`,
    `${I}xml.StaxEventItemWriter`,
  ];
  const listeners = [`${C}ItemWriteListener`, `${C}listener.ItemListenerSupport`, `${C}listener.StepListenerSupport`, `${C}listener.CompositeItemWriteListener`, `${C}listener.MulticasterBatchListener`];
  return {
    type: `${I}Chunk`,
    writers,
    methods: [
      { name: 'write', params: 1, index: 0, types: writers },
      { name: 'beforeWrite', params: 1, index: 0, types: listeners },
      { name: 'afterWrite', params: 1, index: 0, types: listeners },
      { name: 'onWriteError', params: 2, index: 1, types: listeners },
      { name: 'doWrite', params: 1, index: 0, types: [`${I}support.AbstractFileItemWriter`, `${I}file.FlatFileItemWriter`, `${I}json.JsonFileItemWriter`, `${I}data.MongoItemWriter`, `${I}data.Neo4jItemWriter`, `${I}data.RepositoryItemWriter`] },
      { name: 'doWrite', params: 2, index: 1, types: [`${I}database.JpaItemWriter`, `${I}database.HibernateItemWriter`] },
    ],
    // Annotated listener methods Batch 5 calls with the Chunk.
    annotations: [`${C}annotation.BeforeWrite`, `${C}annotation.AfterWrite`, `${C}annotation.OnWriteError`],
    // Chunk<W> in 5.0.4: Iterable<W> with these List-like members (what a former List parameter may still be asked).
    chunkMethods: ['size', 'isEmpty', 'iterator', 'forEach', 'spliterator', 'getItems', 'equals', 'hashCode', 'toString', 'getClass'],
    source: BATCH,
    docs: BATCH_GUIDE,
  };
}

/** What replaces the classes of a removed package (Spring Framework 6.0 upgrade notes); the longest prefix wins. */
const REMOVED_PACKAGES: [string, string][] = [
  ['org.springframework.remoting', "Spring's remoting (HTTP invoker, RMI, Hessian, JAX-WS) is gone: call the service over HTTP (RestTemplate, WebClient) or keep a remoting library of its own"],
  ['org.springframework.web.servlet.view.tiles3', 'Apache Tiles support is gone: use another view technology (Thymeleaf layouts, FreeMarker)'],
  ['org.springframework.format.datetime.joda', 'Joda-Time support is gone: use java.time (org.springframework.format.datetime.standard)'],
  ['org.springframework.cache.ehcache', 'Ehcache 2 support is gone: use Ehcache 3 through JCache (org.springframework.cache.jcache.JCacheCacheManager)'],
  ['org.springframework.web.client.AsyncRestTemplate', 'use WebClient (org.springframework.web.reactive.function.client.WebClient)'],
  ['org.springframework.http.client.Async', 'the asynchronous RestTemplate stack is gone: use WebClient and an ExchangeFilterFunction'],
  ['org.springframework.http.client.Netty4', 'Netty 4 support of RestTemplate is gone: use WebClient over Reactor Netty, or another ClientHttpRequestFactory'],
  ['org.springframework.web.multipart.commons', 'Commons FileUpload support is gone: use StandardServletMultipartResolver'],
];

/**
 * Every class the Spring Framework jars of Boot 2.7.18 have and those of Boot 3.0.13 do not
 * (spring6-removed-types.json, a comparison of the published jars' class lists): an import of one
 * does not compile, reported (sources/removed-api, error) with the replacement where the 6.0
 * notes give one. Types another row already handles (a rename, a follow-up, SocketUtils) are left to it.
 */
export function spring6RemovedTypes(handled: ReadonlySet<string>): ApiFollowUp[] {
  const data = JSON.parse(readFileSync(new URL('./spring6-removed-types.json', import.meta.url), 'utf8')) as { types: string[] };
  const skip = new Set([...handled, 'org.springframework.util.SocketUtils', ...spring6TypeRenames().map((r) => r.from)]);
  return data.types
    .filter((t) => !skip.has(t))
    .map((type) => {
      const simple = type.slice(type.lastIndexOf('.') + 1);
      const hint = REMOVED_PACKAGES.filter(([prefix]) => type.startsWith(prefix)).sort((a, b) => b[0].length - a[0].length)[0]?.[1];
      return {
        type,
        kind: 'type',
        action: 'manual',
        replacement: null,
        message: `${simple} is removed in Spring Framework 6.0 (no class of that name in its 6.0 jars)${hint ? `: ${hint}` : ''}`,
        docs: FRAMEWORK_GUIDE,
        severity: 'error',
      } satisfies ApiFollowUp;
    });
}
