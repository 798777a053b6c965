// Builds the `project` section: spring.factories -> AutoConfiguration.imports, image banners and
// the runtime-behaviour rules of the 3.0 upgrade. Facts (notes, sources, guide anchors) come from
// boot-3.0-removed-apis.json and spring-boot-3.0-property-families.json; rules that those files do
// not cover come from the seed rules (/work/shared/seed) and link to the guide section by heading.
// Anchors the data does not cite were checked against the section titles and "Generated from
// ...Migration-Guide#<anchor>" lines of spring-projects-experimental/spring-boot-migrator's
// sbu30-report.yaml (the mirror the data README names): #flyway, #jmx-endpoint-exposure,
// #redis-properties, #reactiveuserdetailsservice, #mongo-health-check; its own section titles
// "Logging Date Format" and "Actuator Endpoints Sanitization" give the other two.
import type { ProjectRule, ProjectSection } from '../../src/table/sections/project.js';
import type { DataDir, RemovedApi } from './data.js';
import { guide } from './data.js';

interface Removed {
  name: string;
  replacement: string | null;
  note?: string;
}

const SEED = 'seed: upgrade-rules-and-maturity-model.md §8.2';

/** The guide anchor an entry's source cites ("Spring Boot 3.0 Migration Guide #anchor (wiki ..."). */
function anchorOf(source: string | undefined): string | undefined {
  return source?.match(/Migration Guide (#\S+)/)?.[1];
}

function api(apis: RemovedApi[], fqcn: string): RemovedApi {
  const hit = apis.find((a) => a.fqcn === fqcn);
  if (!hit) throw new Error(`boot-3.0-removed-apis.json has no entry ${fqcn}`);
  return hit;
}

function docsOf(entry: RemovedApi): string {
  return guide(anchorOf(entry.source));
}

function sourceOf(entry: RemovedApi): string {
  return `boot-3.0-removed-apis.json ${entry.fqcn}`;
}

function removedKeys(removed: Removed[], pattern: RegExp): Removed[] {
  return removed.filter((r) => pattern.test(r.name));
}

export function buildProject(data: DataDir): ProjectSection {
  const apis = data.read<RemovedApi[]>('boot-3.0-removed-apis.json');
  const families = data.read<{ removedWithoutMetadata: Removed[] }>('spring-boot-3.0-property-families.json');
  const factories = api(apis, 'META-INF/spring.factories#org.springframework.boot.autoconfigure.EnableAutoConfiguration');
  const banner = api(apis, 'banner.gif|banner.jpg|banner.png (+ spring.banner.image.*)');
  const props = data.read<{ name: string; reason: string | null }[]>('spring-boot-3.0-properties.json');
  const bannerProps = props.filter((p) => p.name.startsWith('spring.banner.image.')).map((p) => p.name);
  return {
    factories: {
      autoConfigurationKey: factories.fqcn.split('#')[1]!,
      importsFile: factories.replacement!,
      testSlicePrefixes: ['org.springframework.boot.test.autoconfigure.'],
      testSliceSimpleNamePrefix: 'AutoConfigure',
      rule: 'project/spring-factories',
      docs: docsOf(factories),
      source: sourceOf(factories),
    },
    banner: {
      images: banner.fqcn.split(' ')[0]!.split('|'),
      propertyPrefix: 'spring.banner.image.',
      defaults: { width: 76, height: 0, margin: 2, invert: false, bitdepth: 4, pixelmode: 'TEXT' },
      properties: bannerProps,
      docs: docsOf(banner),
      source: `${sourceOf(banner)}; spring-boot-3.0-properties.json spring.banner.image.*; defaults of org.springframework.boot.ImageBanner @v2.7.18`,
    },
    logDateFormat: { key: 'logging.pattern.dateformat', value: 'yyyy-MM-dd HH:mm:ss.SSS', envVar: 'LOG_DATEFORMAT_PATTERN' },
    rules: runtimeRules(apis, families.removedWithoutMetadata),
  };
}

function runtimeRules(apis: RemovedApi[], removed: Removed[]): ProjectRule[] {
  const trailing = api(apis, 'org.springframework.web.servlet.config.annotation.PathMatchConfigurer#setUseTrailingSlashMatch');
  const batch = api(apis, 'spring.batch.job.names');
  const isolated = api(apis, 'org.springframework.boot.actuate.endpoint.OperationResponseBody');
  const phases = api(apis, 'org.springframework.context.SmartLifecycle phases for graceful shutdown');
  const hlrc = api(apis, 'org.elasticsearch.client.RestHighLevelClient');
  const esTemplate = api(apis, 'org.springframework.data.elasticsearch.core.ElasticsearchRestTemplate');
  const httptrace = api(apis, 'management.endpoints.web.exposure.include=httptrace (and jmx.exposure, management.endpoint.httptrace.*)');
  const storeType = api(apis, 'org.springframework.boot.autoconfigure.session.StoreType');
  const headerSize = api(apis, 'org.springframework.boot.autoconfigure.web.ServerProperties#getMaxHttpHeaderSize()');
  const sanitize = removedKeys(removed, /keys-to-sanitize$/);
  const session = removed.find((r) => r.name === 'spring.session.store-type');
  return [
    {
      id: 'project/trailing-slash',
      severity: 'warning',
      message: `${trailing.note}. This route's trailing-slash form stops matching; --trailing-slash=routes adds the slash form to the mapping, --trailing-slash=configurer adds one configurer with setUseTrailingSlashMatch(true) (deprecated in Spring Framework 6).`,
      docs: docsOf(trailing),
      source: sourceOf(trailing),
      fixOption: '--trailing-slash',
    },
    {
      id: 'project/log-date-format',
      severity: 'info',
      message: "The default log date format is now ISO-8601 (yyyy-MM-dd'T'HH:mm:ss.SSSXXX). Log parsers that expect 'yyyy-MM-dd HH:mm:ss.SSS' need logging.pattern.dateformat (or LOG_DATEFORMAT_PATTERN); --keep-log-date-format adds it.",
      docs: guide('#logging-date-format'),
      source: SEED,
      fixOption: '--keep-log-date-format',
    },
    {
      id: 'project/jmx-exposure',
      severity: 'warning',
      message: 'JMX now exposes only the health endpoint by default (as on the web). The app enables JMX: set management.endpoints.jmx.exposure.include to the endpoints it needs (--jmx-exposure LIST adds it).',
      docs: guide('#jmx-endpoint-exposure'),
      source: SEED,
      detect: { keyValues: [{ key: 'spring.jmx.enabled', value: 'true' }] },
      fixOption: '--jmx-exposure',
    },
    {
      id: 'project/show-values',
      severity: 'warning',
      message: 'env, configprops and quartz now mask every value by default. Set management.endpoint.<id>.show-values to NEVER, ALWAYS or WHEN_AUTHORIZED (with management.endpoint.<id>.roles); over JMX the caller always counts as authorized.',
      docs: guide('#actuator-endpoints-sanitization'),
      source: SEED,
      detect: {
        listValues: [
          { keys: ['management.endpoints.web.exposure.include', 'management.endpoints.jmx.exposure.include'], values: ['env', 'configprops', 'quartz', '*'] },
        ],
      },
    },
    {
      id: 'project/keys-to-sanitize',
      severity: 'warning', // the key is ignored: values are masked by default instead
      message: `${sanitize[0]?.note ?? 'Key-based sanitization removed in 3.0.'} Remove this key; to mask chosen values, define a SanitizingFunction bean.`,
      docs: guide('#actuator-endpoints-sanitization'),
      source: `spring-boot-3.0-property-families.json removedWithoutMetadata ${sanitize.map((s) => s.name).join(', ')}`,
      detect: { keys: sanitize.map((s) => s.name) },
    },
    {
      id: 'project/isolated-object-mapper',
      severity: 'warning',
      message: `${isolated.note}.`,
      docs: docsOf(isolated),
      source: sourceOf(isolated),
      detect: {
        annotations: [
          'org.springframework.boot.actuate.endpoint.annotation.Endpoint',
          'org.springframework.boot.actuate.endpoint.web.annotation.WebEndpoint',
          'org.springframework.boot.actuate.endpoint.jmx.annotation.JmxEndpoint',
          'org.springframework.boot.actuate.endpoint.annotation.EndpointExtension',
          'org.springframework.boot.actuate.endpoint.web.annotation.EndpointWebExtension',
        ],
      },
    },
    {
      id: 'project/httpexchanges',
      severity: 'warning',
      message: `${httptrace.note}. The httpexchanges response differs from httptrace (HttpExchange replaces HttpTrace): clients that read /actuator/httptrace must be updated.`,
      docs: docsOf(httptrace),
      source: sourceOf(httptrace),
      detect: {
        listValues: [{ keys: ['management.endpoints.web.exposure.include', 'management.endpoints.jmx.exposure.include'], values: ['httptrace'] }],
        types: [
          'org.springframework.boot.actuate.trace.http.HttpTraceRepository',
          'org.springframework.boot.actuate.trace.http.InMemoryHttpTraceRepository',
          'org.springframework.boot.actuate.trace.http.HttpTrace',
        ],
      },
    },
    {
      id: 'project/batch-multiple-jobs',
      severity: 'error',
      message: `${batch.note}. Running several jobs at start-up is no longer supported: set spring.batch.job.name to the job to run.`,
      docs: docsOf(batch),
      source: sourceOf(batch),
      detect: { types: ['org.springframework.batch.core.Job'] },
    },
    {
      id: 'project/session-store-type',
      severity: 'warning',
      message: `${session?.note ?? storeType.note} With several store implementations on the classpath a fixed order decides; define your own SessionRepository bean to choose one.`,
      docs: docsOf(storeType),
      source: `${sourceOf(storeType)}; spring-boot-3.0-property-families.json removedWithoutMetadata spring.session.store-type`,
      detect: { keys: ['spring.session.store-type'] },
    },
    {
      id: 'project/reactive-user-details',
      severity: 'warning',
      message: 'A ReactiveUserDetailsService is no longer auto-configured when an AuthenticationManagerResolver bean exists. Define your own ReactiveUserDetailsService bean if the app needs one.',
      docs: guide('#reactiveuserdetailsservice'),
      source: SEED,
      detect: {
        types: [
          'org.springframework.security.authentication.ReactiveAuthenticationManagerResolver',
          'org.springframework.security.authentication.AuthenticationManagerResolver',
        ],
      },
    },
    {
      id: 'project/graceful-shutdown-phases',
      severity: 'warning',
      message: `${phases.note}.`,
      docs: docsOf(phases),
      source: sourceOf(phases),
      detect: { types: ['org.springframework.context.SmartLifecycle'] },
    },
    {
      id: 'project/mongo-health',
      severity: 'info',
      message: 'The MongoDB health indicator now uses the isMaster command: its details hold maxWireVersion (an integer) instead of version. Update monitoring that reads the version detail.',
      docs: guide('#mongo-health-check'),
      source: SEED,
      detect: {
        types: ['org.springframework.boot.actuate.mongo.MongoHealthIndicator', 'org.springframework.boot.actuate.mongo.MongoReactiveHealthIndicator'],
        dependencies: ['org.springframework.boot:spring-boot-starter-data-mongodb', 'org.springframework.boot:spring-boot-starter-data-mongodb-reactive'],
      },
    },
    {
      id: 'project/flyway-callbacks',
      severity: 'warning', // a customizer that sets callbacks now replaces the beans'
      message: 'Flyway Callback and JavaMigration beans are now added to the configuration before FlywayConfigurationCustomizer beans run: a customizer that sets callbacks or migrations now replaces them instead of being overwritten.',
      docs: guide('#flyway'),
      source: SEED,
      detect: { types: ['org.springframework.boot.autoconfigure.flyway.FlywayConfigurationCustomizer'] },
    },
    {
      id: 'project/elasticsearch-client',
      severity: 'error',
      message: `${hlrc.note}. Use ${hlrc.replacement} (auto-configured) and ${esTemplate.replacement}.`,
      docs: docsOf(hlrc),
      source: `${sourceOf(hlrc)}; ${sourceOf(esTemplate)}`,
      detect: {
        types: [hlrc.fqcn, esTemplate.fqcn, 'org.springframework.data.elasticsearch.client.RestClients', 'org.springframework.data.elasticsearch.client.reactive.ReactiveElasticsearchClient'],
        dependencies: ['org.elasticsearch.client:elasticsearch-rest-high-level-client'],
      },
    },
    {
      id: 'project/spring-data-reserved',
      severity: 'warning',
      message: 'spring.data.* is reserved for Spring Data: spring.data.redis.* is only bound when spring-data-redis is on the classpath (spring-boot-starter-data-redis). This build has a plain Redis client only: add the data-redis starter or configure the client yourself.',
      docs: guide('#redis-properties'),
      source: SEED,
      detect: {
        keys: ['spring.redis.', 'spring.data.redis.'],
        dependencies: ['redis.clients:jedis', 'io.lettuce:lettuce-core', 'org.redisson:redisson'],
      },
    },
    {
      id: 'project/max-http-header-size',
      severity: 'info',
      message: `${headerSize.note}: it now limits request headers only, on every server. On Tomcat it also limited response headers; a response header limit now needs a WebServerFactoryCustomizer (Tomcat and Jetty only).`,
      docs: docsOf(headerSize),
      source: sourceOf(headerSize),
      detect: { keys: ['server.max-http-header-size', 'server.max-http-request-header-size'] },
    },
    {
      id: 'project/env-var',
      severity: 'warning',
      message: 'Environment variable spells a configuration key that 3.0 renames or removes.',
      docs: guide('#configuration-properties-migration'),
      source: 'properties section (renamed keys), Spring relaxed binding for environment variables',
    },
    {
      id: 'project/banner-image',
      severity: 'warning',
      message: 'Image banners (banner.gif/jpg/png) are ignored by 3.0; the image is rendered into banner.txt as Boot 2 printed it.',
      docs: guide(anchorOf(api(apis, 'banner.gif|banner.jpg|banner.png (+ spring.banner.image.*)').source)),
      source: 'boot-3.0-removed-apis.json banner.gif|banner.jpg|banner.png',
    },
  ];
}
