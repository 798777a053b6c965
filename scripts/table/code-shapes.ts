// What a type/annotation/field rename of boot-3.0-removed-apis.json changes besides the name.
// Every `rename` row of kind type, annotation or field must have an entry here (the generator
// fails otherwise), so the audit is complete by construction. The data gives the rename; this
// file says whether the new type can stand where the old one stood (same kind, constructors,
// members and supertype), and the sources passes act on it (transforms/sources/shapes.ts):
//   same                 renamed everywhere (package or name only; enum constants, members and
//                        constructors as before)
//   class-to-interface   a *Support class whose interface now has default methods: `extends`
//                        becomes `implements` (Java), `: X()` becomes `: I` (Kotlin)
//   annotation-attributes an annotation whose attributes or defaults differ: rewritten with the
//                        old meaning written out, or reported when an attribute has no equal
//   members-differ       same role and kind, other methods: renamed, with a warning; a class that
//                        extends or implements it is reported, not renamed
//   constructors-differ  same role, other constructors: renamed where it is only named;
//                        construction and subclassing are reported, not renamed
//   different-type       another kind of type (not a listener, a factory instead of a supplier,
//                        another class hierarchy): never renamed, every use reported
import type { AnnotationShape, TypeShape } from '../../src/table/sections/sources.js';

export interface ShapeFact {
  shape: TypeShape;
  /** What changes, in words (becomes the row's `changes`). */
  changes: string;
  /** For different-type (and blocked uses of other shapes): the concrete code to write instead. */
  instead?: string;
  annotation?: AnnotationShape;
  /** Where the fact was checked, when it is not in the row's own note. */
  source?: string;
}

const BATCH5_LISTENERS = 'Spring Batch 5 listener interfaces declare default methods (the data row: "implement the interface (default methods)")';
const moved = (what = 'moved to another package; same declaration'): ShapeFact => ({ shape: 'same', changes: what });
const supportClass = (iface: string): ShapeFact => ({
  shape: 'class-to-interface',
  changes: `a class (implementing ${iface} with empty methods) becomes the interface ${iface}: extend -> implement, super.m() -> ${iface}.super.m()`,
  source: BATCH5_LISTENERS,
});
const successor = (changes: string, instead?: string): ShapeFact => ({ shape: 'constructors-differ', changes, ...(instead ? { instead } : {}) });
const initializer = (to: string, args: string): ShapeFact => ({
  shape: 'different-type',
  changes: `another class hierarchy (AbstractDataSourceInitializer -> DataSourceScriptDatabaseInitializer) with other constructors and methods`,
  instead: `declare a ${to} bean instead: new ${to}(${args})`,
});

const O = 'org.springframework.';
export const SHAPES: Record<string, ShapeFact> = {
  'org.hibernate.type.descriptor.java.JavaTypeDescriptor': { shape: 'members-differ', changes: 'Hibernate 6 reworked the type-descriptor contract (other methods); implementations must be rewritten' },
  'org.hibernate.type.descriptor.sql.SqlTypeDescriptor': { shape: 'members-differ', changes: 'Hibernate 6 reworked the SQL type-descriptor contract (other methods); implementations must be rewritten' },
  [`${O}batch.core.configuration.annotation.ScopeConfiguration`]: moved(),
  [`${O}batch.core.listener.ChunkListenerSupport`]: supportClass('ChunkListener'),
  [`${O}batch.core.listener.JobExecutionListenerSupport`]: supportClass('JobExecutionListener'),
  [`${O}batch.core.listener.SkipListenerSupport`]: supportClass('SkipListener'),
  [`${O}batch.core.listener.StepExecutionListenerSupport`]: supportClass('StepExecutionListener'),
  [`${O}batch.core.metrics.BatchMetrics`]: { shape: 'members-differ', changes: 'moved to the observability package in Batch 5; its static helpers may take other arguments' },
  [`${O}batch.core.step.item.Chunk`]: { shape: 'members-differ', changes: 'moved to org.springframework.batch.item and made the ItemWriter argument in Batch 5; check the methods used' },
  [`${O}batch.repeat.listener.RepeatListenerSupport`]: supportClass('RepeatListener'),
  [`${O}boot.actuate.autoconfigure.elasticsearch.ElasticSearchReactiveHealthContributorAutoConfiguration`]: moved('case change and package move of the same auto-configuration'),
  [`${O}boot.actuate.autoconfigure.elasticsearch.ElasticSearchRestHealthContributorAutoConfiguration`]: moved('case change of the same auto-configuration'),
  [`${O}boot.actuate.autoconfigure.metrics.export.wavefront.WavefrontProperties`]: { shape: 'members-differ', changes: 'moved; nested property groups differ (management.wavefront.*)' },
  [`${O}boot.actuate.autoconfigure.metrics.graphql.GraphQlMetricsAutoConfiguration`]: successor('another auto-configuration class taking the role (observation instead of metrics); fine as a class literal in excludes/ordering'),
  [`${O}boot.actuate.autoconfigure.metrics.web.client.HttpClientMetricsAutoConfiguration`]: successor('another auto-configuration class taking the role (observation instead of metrics); fine as a class literal in excludes/ordering'),
  [`${O}boot.actuate.autoconfigure.metrics.web.reactive.WebFluxMetricsAutoConfiguration`]: successor('another auto-configuration class taking the role (observation instead of metrics); fine as a class literal in excludes/ordering'),
  [`${O}boot.actuate.autoconfigure.metrics.web.servlet.WebMvcMetricsAutoConfiguration`]: successor('another auto-configuration class taking the role (observation instead of metrics); fine as a class literal in excludes/ordering'),
  [`${O}boot.actuate.autoconfigure.mongo.MongoHealthContributorAutoConfiguration`]: moved(),
  [`${O}boot.actuate.autoconfigure.mongo.MongoReactiveHealthContributorAutoConfiguration`]: moved(),
  [`${O}boot.actuate.autoconfigure.redis.RedisHealthContributorAutoConfiguration`]: moved(),
  [`${O}boot.actuate.autoconfigure.redis.RedisReactiveHealthContributorAutoConfiguration`]: moved(),
  [`${O}boot.actuate.autoconfigure.trace.http.HttpTraceAutoConfiguration`]: successor('another auto-configuration class taking the role; fine as a class literal in excludes/ordering'),
  [`${O}boot.actuate.autoconfigure.trace.http.HttpTraceEndpointAutoConfiguration`]: successor('another auto-configuration class taking the role; fine as a class literal in excludes/ordering'),
  [`${O}boot.actuate.autoconfigure.trace.http.HttpTraceProperties`]: { shape: 'members-differ', changes: 'other nested groups (management.httpexchanges.recording.*)' },
  [`${O}boot.actuate.autoconfigure.web.server.LocalManagementPort`]: moved('moved to the test module; same annotation, no attributes'),
  [`${O}boot.actuate.elasticsearch.ElasticsearchReactiveHealthIndicator`]: moved(),
  [`${O}boot.actuate.elasticsearch.ElasticsearchRestHealthIndicator`]: successor('takes the low-level RestClient instead of RestHighLevelClient', 'new ElasticsearchRestClientHealthIndicator(restClient) with an org.elasticsearch.client.RestClient'),
  [`${O}boot.actuate.metrics.web.client.MetricsRestTemplateCustomizer`]: successor('constructor arguments differ (ObservationRegistry, ClientRequestObservationConvention)', 'new ObservationRestTemplateCustomizer(observationRegistry, new DefaultClientRequestObservationConvention())'),
  [`${O}boot.actuate.metrics.web.reactive.client.MetricsWebClientCustomizer`]: successor('constructor arguments differ (ObservationRegistry, ClientRequestObservationConvention)', 'new ObservationWebClientCustomizer(observationRegistry, new DefaultClientRequestObservationConvention())'),
  [`${O}boot.actuate.mongo.MongoHealthIndicator`]: moved(),
  [`${O}boot.actuate.mongo.MongoReactiveHealthIndicator`]: moved(),
  [`${O}boot.actuate.redis.RedisHealthIndicator`]: moved(),
  [`${O}boot.actuate.redis.RedisReactiveHealthIndicator`]: moved(),
  [`${O}boot.actuate.trace.http.HttpTrace`]: successor('HttpExchange is built with HttpExchange.start(...) and its getters differ (getTimeTaken returns a Duration)'),
  [`${O}boot.actuate.trace.http.HttpTraceEndpoint`]: successor('takes an HttpExchangeRepository; endpoint id httpexchanges'),
  [`${O}boot.actuate.trace.http.HttpTraceRepository`]: { shape: 'members-differ', changes: 'add(HttpExchange) and findAll() return/take HttpExchange; an implementation must be rewritten' },
  [`${O}boot.actuate.trace.http.Include`]: moved('moved enum; the same eight constants and defaultIncludes()'),
  [`${O}boot.actuate.trace.http.InMemoryHttpTraceRepository`]: { shape: 'members-differ', changes: 'same no-argument constructor, capacity and reverse setters; holds HttpExchange instead of HttpTrace' },
  [`${O}boot.actuate.trace.http.TraceableRequest`]: { shape: 'members-differ', changes: 'RecordableHttpRequest declares other methods; an implementation must be rewritten' },
  [`${O}boot.actuate.trace.http.TraceableResponse`]: { shape: 'members-differ', changes: 'RecordableHttpResponse declares other methods; an implementation must be rewritten' },
  [`${O}boot.actuate.web.trace.reactive.HttpTraceWebFilter`]: successor('constructor takes an HttpExchangeRepository and a set of Include'),
  [`${O}boot.actuate.web.trace.servlet.HttpTraceFilter`]: successor('constructor takes an HttpExchangeRepository and a set of Include'),
  [`${O}boot.autoconfigure.batch.BatchDataSourceInitializer`]: initializer('BatchDataSourceScriptDatabaseInitializer', 'dataSource, batchProperties.getJdbc()'),
  [`${O}boot.autoconfigure.data.elasticsearch.ReactiveElasticsearchRestClientAutoConfiguration`]: successor('another auto-configuration class taking the role; fine as a class literal in excludes/ordering'),
  [`${O}boot.autoconfigure.integration.IntegrationDataSourceInitializer`]: initializer('IntegrationDataSourceScriptDatabaseInitializer', 'dataSource, integrationProperties.getJdbc()'),
  [`${O}boot.autoconfigure.quartz.QuartzDataSourceInitializer`]: initializer('QuartzDataSourceScriptDatabaseInitializer', 'dataSource, quartzProperties'),
  [`${O}boot.autoconfigure.session.JdbcSessionDataSourceInitializer`]: initializer('JdbcSessionDataSourceScriptDatabaseInitializer', 'dataSource, jdbcSessionProperties'),
  [`${O}boot.context.config.ConfigFileApplicationListener`]: {
    shape: 'different-type',
    changes: 'an ApplicationListener replaced by an EnvironmentPostProcessor that Boot registers itself',
    instead: 'remove the reference (Boot loads config files through ConfigDataEnvironmentPostProcessor); for its constants use the property names spring.config.location / spring.config.name / spring.config.additional-location',
  },
  [`${O}boot.jdbc.AbstractDataSourceInitializer`]: {
    shape: 'different-type',
    changes: 'an abstract base class replaced by a concrete initializer with other constructors (DataSource, DatabaseInitializationSettings)',
    instead: 'do not extend it: declare a DataSourceScriptDatabaseInitializer bean, new DataSourceScriptDatabaseInitializer(dataSource, settings) with a DatabaseInitializationSettings (setSchemaLocations, setDataLocations, setMode)',
  },
  [`${O}boot.jdbc.DataSourceInitializationMode`]: moved('moved enum; the same constants ALWAYS, EMBEDDED, NEVER'),
  [`${O}boot.orm.jpa.hibernate.SpringPhysicalNamingStrategy`]: moved('2.7 deprecates it in favour of Hibernate\'s CamelCaseToUnderscoresNamingStrategy, the same naming rules'),
  [`${O}boot.rsocket.context.LocalRSocketServerPort`]: moved('moved to the test module; same annotation, no attributes'),
  [`${O}boot.test.autoconfigure.actuate.metrics.AutoConfigureMetrics`]: {
    shape: 'annotation-attributes',
    changes: '@AutoConfigureObservability enables tracing too (metrics and tracing default to true); @AutoConfigureMetrics enabled metrics only',
    annotation: { keeps: [], preserve: { tracing: 'false' } },
    source: 'spring-projects/spring-boot AutoConfigureObservability (attributes metrics, tracing; default true) and its test OnlyMetrics = @AutoConfigureObservability(tracing = false)',
  },
  [`${O}boot.test.autoconfigure.SpringBootDependencyInjectionTestExecutionListener`]: {
    shape: 'different-type',
    changes: 'ApplicationContextFailureProcessor is not a TestExecutionListener (it is called when a test context fails to load)',
    instead: 'list org.springframework.test.context.support.DependencyInjectionTestExecutionListener (its superclass, the default listener) or drop the entry; implement ApplicationContextFailureProcessor only to report context failures',
  },
  [`${O}boot.test.context.DefaultTestExecutionListenersPostProcessor`]: {
    shape: 'different-type',
    changes: 'ApplicationContextFailureProcessor is another SPI (called when a test context fails to load); it does not post-process listeners',
    instead: 'register extra listeners under org.springframework.test.context.TestExecutionListener in META-INF/spring.factories; implement ApplicationContextFailureProcessor only to report context failures',
  },
  [`${O}boot.web.client.ClientHttpRequestFactorySupplier`]: {
    shape: 'different-type',
    changes: 'a Supplier<ClientHttpRequestFactory> replaced by a class of static factory methods',
    instead: '() -> ClientHttpRequestFactories.get(ClientHttpRequestFactorySettings.DEFAULTS) (both org.springframework.boot.web.client)',
  },
  [`${O}boot.web.server.LocalServerPort`]: moved('moved to the test module; same annotation, no attributes'),
  [`${O}kafka.core.KafkaOperations2`]: { shape: 'members-differ', changes: 'KafkaOperations 3.0 returns CompletableFuture like KafkaOperations2 did; an implementation must follow its 3.0 methods' },
  [`${O}kafka.listener.SeekToCurrentErrorHandler`]: {
    shape: 'members-differ',
    changes: 'DefaultErrorHandler is a CommonErrorHandler: set it with setCommonErrorHandler (setErrorHandler is gone)',
  },
  [`${O}kafka.support.KafkaHeaders.MESSAGE_KEY`]: moved('a String constant renamed'),
  [`${O}kafka.support.KafkaHeaders.PARTITION_ID`]: moved('a String constant renamed'),
  [`${O}kafka.support.KafkaHeaders.RECEIVED_MESSAGE_KEY`]: moved('a String constant renamed'),
  [`${O}kafka.support.KafkaHeaders.RECEIVED_PARTITION_ID`]: moved('a String constant renamed'),
  [`${O}security.config.annotation.method.configuration.EnableGlobalMethodSecurity`]: {
    shape: 'annotation-attributes',
    changes: '@EnableMethodSecurity enables pre/post annotations by default and has no order attribute; it ignores a GlobalMethodSecurityConfiguration subclass',
    annotation: {
      keeps: ['prePostEnabled', 'securedEnabled', 'jsr250Enabled', 'proxyTargetClass', 'mode'],
      preserve: { prePostEnabled: 'false' },
      notOn: `${O}security.config.annotation.method.configuration.GlobalMethodSecurityConfiguration`,
    },
    source: 'https://docs.spring.io/spring-security/reference/6.0/servlet/authorization/method-security.html (EnableMethodSecurity: prePostEnabled default true, securedEnabled, jsr250Enabled, proxyTargetClass, mode)',
  },
};
