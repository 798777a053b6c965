// The `libraries.httpclient` rows: Apache HttpClient 4 -> 5 behind Spring 6's
// HttpComponentsClientHttpRequestFactory. `types` maps each HttpClient 4 type to its HttpClient 5
// counterpart; `oneToOne.api` says, type by type, what each use becomes when it has an exact (or,
// with a note, a close) HttpClient 5 form. The signatures were compared in the published jars Boot
// manages (javap of org.apache.httpcomponents:httpclient:4.5.14 + httpcore:4.4.16 against
// org.apache.httpcomponents.client5:httpclient5:5.1.4 + core5:httpcore5:5.1.5, Boot 3.0.13's
// versions); the behaviour notes were read in the sources at those release tags.
import type { HttpClientApi, HttpClientCall, LibrariesSection } from '../../src/table/sections/libraries.js';

const HC5 = 'https://hc.apache.org/httpcomponents-client-5.2.x/migration-guide/migration-to-classic.html';
const JARS =
  'javap of org.apache.httpcomponents:httpclient:4.5.14 (httpcore 4.4.16) and org.apache.httpcomponents.client5:httpclient5:5.1.4 (core5 httpcore5 5.1.5), the versions Boot 2.7.18 and 3.0.13 manage';
const RETRY_4 = 'https://github.com/apache/httpcomponents-client/blob/rel/v4.5.14/httpclient/src/main/java/org/apache/http/impl/client/DefaultHttpRequestRetryHandler.java';
const RETRY_5 = 'https://github.com/apache/httpcomponents-client/blob/rel/v5.1.4/httpclient5/src/main/java/org/apache/hc/client5/http/impl/DefaultHttpRequestRetryStrategy.java';
const TIMEOUT_5 = 'https://github.com/apache/httpcomponents-core/blob/rel/v5.1.5/httpcore5/src/main/java/org/apache/hc/core5/util/Timeout.java';

const BUILDER = 'org.apache.http.impl.client.HttpClientBuilder';
const CLIENT = 'org.apache.http.impl.client.CloseableHttpClient';
const CONFIG = 'org.apache.http.client.config.RequestConfig';
const CONFIG_BUILDER = 'org.apache.http.client.config.RequestConfig.Builder';
const POOL = 'org.apache.http.impl.conn.PoolingHttpClientConnectionManager';
const TIMEOUT = 'org.apache.hc.core5.util.Timeout';
const TIME_VALUE = 'org.apache.hc.core5.util.TimeValue';
const POOL_BUILDER = 'org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder';

/** A call that keeps its name and arguments and returns `returns` (an HttpClient 4 type of `api`, or nothing to follow). */
const same = (returns?: string): HttpClientCall => (returns ? { returns } : {});

/** HttpClientBuilder methods of 4.5.14 and 5.1.4 taking nothing, a String or a boolean. */
const BUILDER_SAME = ['disableAuthCaching', 'disableAutomaticRetries', 'disableConnectionState', 'disableContentCompression', 'disableCookieManagement', 'disableDefaultUserAgent', 'disableRedirectHandling', 'evictExpiredConnections', 'setConnectionManagerShared', 'setUserAgent', 'useSystemProperties'];
/** HttpClientBuilder methods whose argument is itself an HttpClient 4 type of `types` that moves with its import. */
const BUILDER_MOVED_ARG = ['setConnectionManager', 'setDefaultRequestConfig', 'setProxy', 'setDefaultHeaders'];
/** RequestConfig.Builder methods of both versions with the same arguments (booleans, ints, Strings, HttpHost, collections of scheme names). */
const CONFIG_SAME = ['setExpectContinueEnabled', 'setProxy', 'setRedirectsEnabled', 'setCircularRedirectsAllowed', 'setMaxRedirects', 'setAuthenticationEnabled', 'setTargetPreferredAuthSchemes', 'setProxyPreferredAuthSchemes', 'setContentCompressionEnabled'];

/** The request types of org.apache.http.client.methods with the same constructors (a String or a URI) in org.apache.hc.client5.http.classic.methods. */
const REQUESTS = ['HttpGet', 'HttpPost', 'HttpPut', 'HttpDelete', 'HttpHead', 'HttpPatch', 'HttpOptions'];

const TIMEOUT_NOTE = 'HttpClient 5 takes a Timeout; a negative value (HttpClient 4: not set, the system default) now throws at start-up, 0 still means no timeout';

function api(): HttpClientApi[] {
  const fromBuilder = (names: string[]) => Object.fromEntries(names.map((n) => [n, same(BUILDER)]));
  return [
    { type: 'org.apache.http.impl.client.HttpClients', statics: { custom: BUILDER, createDefault: CLIENT, createSystem: CLIENT } },
    {
      type: BUILDER,
      statics: { create: BUILDER },
      methods: {
        ...fromBuilder(BUILDER_SAME),
        ...fromBuilder(BUILDER_MOVED_ARG),
        build: same(CLIENT),
        setRetryHandler: { returns: BUILDER, to: 'setRetryStrategy' },
        evictIdleConnections: { returns: BUILDER, args: 'timevalue-unit', imports: [TIME_VALUE] },
      },
      missing: {
        setMaxConnTotal: `a PoolingHttpClientConnectionManager built by ${POOL_BUILDER}.create().setMaxConnTotal(n).build(), given to setConnectionManager(..)`,
        setMaxConnPerRoute: `a PoolingHttpClientConnectionManager built by ${POOL_BUILDER}.create().setMaxConnPerRoute(n).build(), given to setConnectionManager(..)`,
        setConnectionTimeToLive: `${POOL_BUILDER}.create().setConnectionTimeToLive(TimeValue.of(n, unit)).build(), given to setConnectionManager(..)`,
        setSSLSocketFactory: `${POOL_BUILDER}.create().setSSLSocketFactory(factory).build(), given to setConnectionManager(..)`,
        setSSLContext: `${POOL_BUILDER}.create().setSSLSocketFactory(SSLConnectionSocketFactoryBuilder.create().setSslContext(context).build()).build(), given to setConnectionManager(..)`,
        setSSLHostnameVerifier: `${POOL_BUILDER}.create().setSSLSocketFactory(SSLConnectionSocketFactoryBuilder.create().setHostnameVerifier(verifier).build()).build(), given to setConnectionManager(..)`,
        setDefaultSocketConfig: `${POOL_BUILDER}.create().setDefaultSocketConfig(SocketConfig.custom()...build()).build() (org.apache.hc.core5.http.io.SocketConfig), given to setConnectionManager(..)`,
        setServiceUnavailableRetryStrategy: 'setRetryStrategy(new DefaultHttpRequestRetryStrategy(maxRetries, TimeValue.ofSeconds(s))), which in HttpClient 5 also retries 429 and 503 responses',
        setRedirectStrategy: 'setRedirectStrategy(DefaultRedirectStrategy.INSTANCE) (org.apache.hc.client5.http.impl.DefaultRedirectStrategy; HttpClient 5 follows redirects of every method the way LaxRedirectStrategy did)',
        setDefaultCredentialsProvider: 'setDefaultCredentialsProvider(provider) with org.apache.hc.client5.http.impl.auth.BasicCredentialsProvider: setCredentials(new AuthScope(host, port), new UsernamePasswordCredentials(user, password.toCharArray()))',
      },
    },
    {
      type: CLIENT,
      methods: { close: same() },
      missing: {
        execute: 'execute(request, response -> ...) with an org.apache.hc.core5.http.io.HttpClientResponseHandler (or execute(request) and its CloseableHttpResponse: the status is getCode(), getStatusLine() is gone; the request types are org.apache.hc.client5.http.classic.methods.*)',
      },
    },
    ...REQUESTS.map((m) => ({ type: `org.apache.http.client.methods.${m}`, constructors: { '1': same(`org.apache.http.client.methods.${m}`) }, methods: { setConfig: same(), setHeader: same(), addHeader: same() } })),
    { type: 'org.apache.http.client.HttpClient' },
    { type: CONFIG, statics: { custom: CONFIG_BUILDER, copy: CONFIG_BUILDER }, fields: { DEFAULT: same(CONFIG) } },
    {
      type: CONFIG_BUILDER,
      methods: {
        ...Object.fromEntries(CONFIG_SAME.map((n) => [n, same(CONFIG_BUILDER)])),
        build: same(CONFIG),
        setConnectTimeout: { returns: CONFIG_BUILDER, args: 'timeout-ms', imports: [TIMEOUT], note: TIMEOUT_NOTE },
        setConnectionRequestTimeout: { returns: CONFIG_BUILDER, args: 'timeout-ms', imports: [TIMEOUT], note: TIMEOUT_NOTE },
        setSocketTimeout: { returns: CONFIG_BUILDER, to: 'setResponseTimeout', args: 'timeout-ms', imports: [TIMEOUT], note: `${TIMEOUT_NOTE}; the response timeout is the socket timeout of the exchange, as the socket timeout was` },
      },
      missing: {
        setStaleConnectionCheckEnabled: 'nothing (HttpClient 5 checks a pooled connection after setValidateAfterInactivity on the connection manager)',
        setLocalAddress: 'a route planner: HttpClientBuilder.setRoutePlanner(..) (HttpClient 5 has no local address in RequestConfig)',
        setCookieSpec: 'setCookieSpec(StandardCookieSpec.RELAXED / STRICT / IGNORE) (org.apache.hc.client5.http.cookie.StandardCookieSpec; the 4.x names such as "ignoreCookies" and "standard" are not HttpClient 5 names)',
        setRelativeRedirectsAllowed: 'nothing (HttpClient 5 always allows relative redirects)',
        setDecompressionEnabled: 'setContentCompressionEnabled(..)',
        setNormalizeUri: 'nothing (HttpClient 5.1 does not normalise request URIs)',
      },
    },
    {
      type: POOL,
      constructors: {
        '0': { returns: POOL },
        '2': { returns: POOL, template: `${simple(POOL_BUILDER)}.create().setConnectionTimeToLive(TimeValue.of({0}, {1})).build()`, imports: [POOL_BUILDER, TIME_VALUE] },
      },
      methods: {
        setMaxTotal: same(),
        setDefaultMaxPerRoute: same(),
        getMaxTotal: same(),
        getDefaultMaxPerRoute: same(),
        close: same(),
        closeExpiredConnections: { to: 'closeExpired' },
        closeIdleConnections: { to: 'closeIdle', args: 'timevalue-unit', imports: [TIME_VALUE] },
        setValidateAfterInactivity: { args: 'timevalue-ms', imports: [TIME_VALUE], note: 'HttpClient 5 takes a TimeValue; 0 now checks a pooled connection before every use, where HttpClient 4 took 0 or less as never' },
      },
      missing: {
        shutdown: 'close()',
        setDefaultConnectionConfig: `${POOL_BUILDER} (HttpClient 5.1 sets connection settings on the builder)`,
        setDefaultSocketConfig: 'setDefaultSocketConfig(SocketConfig.custom()...build()) with org.apache.hc.core5.http.io.SocketConfig (its timeouts take a Timeout)',
      },
    },
    {
      type: 'org.apache.http.impl.client.DefaultHttpRequestRetryHandler',
      rename: 'DefaultHttpRequestRetryStrategy',
      constructors: {
        '0': {
          template: 'new DefaultHttpRequestRetryStrategy(3, TimeValue.ofSeconds(1L))',
          imports: [TIME_VALUE],
          note: retryNote('3 retries'),
        },
        '2': {
          template: 'new DefaultHttpRequestRetryStrategy({0}, TimeValue.ofSeconds(1L))',
          literal: { '1': 'false' },
          imports: [TIME_VALUE],
          note: retryNote('the same number of retries'),
        },
      },
      fields: { INSTANCE: { template: 'new DefaultHttpRequestRetryStrategy(3, TimeValue.ofSeconds(1L))', imports: [TIME_VALUE], note: retryNote('3 retries') } },
      missing: { '<init>': 'new DefaultHttpRequestRetryStrategy(n, TimeValue.ofSeconds(1L)) (HttpClient 5 never retries a non-idempotent request such as POST, sent or not)' },
    },
    { type: 'org.apache.http.HttpHost', constructors: { '1': { returns: 'org.apache.http.HttpHost' }, '2': { returns: 'org.apache.http.HttpHost' }, '3': { returns: 'org.apache.http.HttpHost' } } },
    { type: 'org.apache.http.Header' },
    { type: 'org.apache.http.message.BasicHeader', constructors: { '2': { returns: 'org.apache.http.message.BasicHeader' } } },
  ];
}

function retryNote(retries: string): string {
  return `DefaultHttpRequestRetryStrategy keeps ${retries} after an I/O error, but also retries a request answered 429 or 503 (after Retry-After, else 1 second), retries by method (GET, HEAD, PUT, DELETE, OPTIONS, TRACE; never POST or PATCH, where HttpClient 4 retried any request without a body, or with one not yet sent), and gives up on NoRouteToHostException and ConnectionClosedException as well`;
}

const simple = (fq: string) => fq.slice(fq.lastIndexOf('.') + 1);

export function httpclient(): LibrariesSection['httpclient'] {
  const t = (from: string, to: string, note = 'same role; check the methods used against HttpClient 5') => ({ from, to, note, source: HC5 });
  return {
    types: [
      t('org.apache.http.impl.client.HttpClients', 'org.apache.hc.client5.http.impl.classic.HttpClients'),
      t('org.apache.http.impl.client.CloseableHttpClient', 'org.apache.hc.client5.http.impl.classic.CloseableHttpClient'),
      t('org.apache.http.impl.client.HttpClientBuilder', 'org.apache.hc.client5.http.impl.classic.HttpClientBuilder'),
      t('org.apache.http.client.HttpClient', 'org.apache.hc.client5.http.classic.HttpClient'),
      t('org.apache.http.impl.conn.PoolingHttpClientConnectionManager', 'org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager', 'build it with PoolingHttpClientConnectionManagerBuilder; setMaxTotal/setDefaultMaxPerRoute keep their names'),
      t('org.apache.http.client.config.RequestConfig', 'org.apache.hc.client5.http.config.RequestConfig', 'timeouts take a Timeout (Timeout.ofMilliseconds(n)) or (long, TimeUnit); setSocketTimeout -> setResponseTimeout; setConnectTimeout moves to ConnectionConfig in 5.2'),
      t('org.apache.http.impl.client.DefaultHttpRequestRetryHandler', 'org.apache.hc.client5.http.impl.DefaultHttpRequestRetryStrategy', 'new DefaultHttpRequestRetryStrategy(n, TimeValue.ofSeconds(1L)), given to setRetryStrategy(..); it also retries 429 and 503 responses'),
      t('org.apache.http.conn.ssl.SSLConnectionSocketFactory', 'org.apache.hc.client5.http.ssl.SSLConnectionSocketFactory', 'register it through PoolingHttpClientConnectionManagerBuilder.setSSLSocketFactory'),
      t('org.apache.http.conn.ssl.NoopHostnameVerifier', 'org.apache.hc.client5.http.ssl.NoopHostnameVerifier'),
      t('org.apache.http.ssl.SSLContextBuilder', 'org.apache.hc.core5.ssl.SSLContextBuilder'),
      t('org.apache.http.ssl.SSLContexts', 'org.apache.hc.core5.ssl.SSLContexts'),
      t('org.apache.http.conn.ssl.TrustStrategy', 'org.apache.hc.core5.ssl.TrustStrategy'),
      t('org.apache.http.conn.ssl.TrustSelfSignedStrategy', 'org.apache.hc.client5.http.ssl.TrustSelfSignedStrategy'),
      t('org.apache.http.HttpHost', 'org.apache.hc.core5.http.HttpHost'),
      t('org.apache.http.Header', 'org.apache.hc.core5.http.Header'),
      t('org.apache.http.message.BasicHeader', 'org.apache.hc.core5.http.message.BasicHeader'),
      ...REQUESTS.map((m) => t(`org.apache.http.client.methods.${m}`, `org.apache.hc.client5.http.classic.methods.${m}`, 'same constructors (a String or a URI); execute it with CloseableHttpClient.execute(request, responseHandler)')),
    ],
    oneToOne: {
      from: { groupId: 'org.apache.httpcomponents', artifactId: 'httpclient' },
      to: { groupId: 'org.apache.httpcomponents.client5', artifactId: 'httpclient5' },
      api: api(),
      source: `${HC5}; ${RETRY_4} against ${RETRY_5}; ${TIMEOUT_5}; ${JARS}`,
    },
    source: HC5,
  };
}
