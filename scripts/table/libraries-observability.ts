// Builds `libraries.observability`: Boot 2's metrics tags providers/contributors and the
// observation conventions replacing them, Sleuth's span annotations against the Micrometer
// Tracing line Boot 3.0 manages, and the trace ids in log patterns. Which tags types are
// deprecated and what replaces them comes from ../shared/data (boot-3.0-removed-apis.json);
// the rest carries the public source (at a release tag) each fact was read from.
import type { ObservabilityRows, TagsProviderRow } from '../../src/table/sections/libraries.js';
import type { DataDir } from './data.js';

const GUIDE = 'https://github.com/spring-projects/spring-boot/wiki/Spring-Boot-3.0-Migration-Guide#tag-providers-and-contributors-migration';
const FRAMEWORK = 'https://github.com/spring-projects/spring-framework/blob/v6.0.0';
const BOOT_AUTOCONFIG = 'https://github.com/spring-projects/spring-boot/blob/v3.0.0/spring-boot-project/spring-boot-actuator-autoconfigure/src/main/java/org/springframework/boot/actuate/autoconfigure/observation/web';
const TRACING_100 = 'https://github.com/micrometer-metrics/tracing/tree/v1.0.0/micrometer-tracing/src/main/java/io/micrometer/tracing/annotation';
const TRACING_110 = 'https://github.com/micrometer-metrics/tracing/tree/v1.1.0/micrometer-tracing/src/main/java/io/micrometer/tracing/annotation';
const OBSERVED = 'https://github.com/micrometer-metrics/micrometer/blob/v1.10.0/micrometer-observation/src/main/java/io/micrometer/observation/aop/ObservedAspect.java';
const SLEUTH_MIGRATION = 'https://github.com/micrometer-metrics/tracing/wiki/Spring-Cloud-Sleuth-3.1-Migration-Guide';
const SLEUTH_PATTERN =
  'https://github.com/spring-cloud/spring-cloud-sleuth/blob/v3.1.0/spring-cloud-sleuth-autoconfigure/src/main/java/org/springframework/cloud/sleuth/autoconfig/TraceEnvironmentPostProcessor.java';
const BOOT_TRACING_DOC = 'https://docs.spring.io/spring-boot/docs/3.0.0/reference/html/actuator.html#actuator.micrometer-tracing.getting-started';
const SLEUTH_MDC = 'https://github.com/spring-attic/spring-cloud-sleuth/issues/1221';
const BOOT_BRAVE =
  'https://github.com/spring-projects/spring-boot/blob/v3.0.0/spring-boot-project/spring-boot-actuator-autoconfigure/src/main/java/org/springframework/boot/actuate/autoconfigure/tracing/BraveAutoConfiguration.java';

interface ApiRow {
  fqcn: string;
  kind: string;
  replacement: string | null;
  status?: string;
}

/** What a convention of each replacement package extends, receives and reads (Spring Framework 6.0.0). */
const CONVENTIONS: Record<string, Omit<TagsProviderRow, 'type' | 'convention'>> = {
  'org.springframework.http.server.observation': {
    base: 'org.springframework.http.server.observation.DefaultServerRequestObservationConvention',
    context: 'org.springframework.http.server.observation.ServerRequestObservationContext',
    reads:
      'the request is context.getCarrier() (HttpServletRequest), the response context.getResponse(), the exception context.getError(), the matched pattern context.getPathPattern(); the handler is not available, and getLongRequestTags has no counterpart (Boot 3.0 has no long-task timer for MVC requests)',
    source: `${GUIDE} ; ${FRAMEWORK}/spring-web/src/main/java/org/springframework/http/server/observation/ServerRequestObservationContext.java ; ${BOOT_AUTOCONFIG}/servlet/WebMvcObservationAutoConfiguration.java`,
  },
  'org.springframework.http.server.reactive.observation': {
    base: 'org.springframework.http.server.reactive.observation.DefaultServerRequestObservationConvention',
    context: 'org.springframework.http.server.reactive.observation.ServerRequestObservationContext',
    reads:
      'the request is context.getCarrier() (ServerHttpRequest), the response context.getResponse() (ServerHttpResponse), the exchange attributes context.getAttributes(), the exception context.getError(), the matched pattern context.getPathPattern()',
    source: `${GUIDE} ; ${FRAMEWORK}/spring-web/src/main/java/org/springframework/http/server/reactive/observation/ServerRequestObservationContext.java ; ${BOOT_AUTOCONFIG}/reactive/WebFluxObservationAutoConfiguration.java`,
  },
  'org.springframework.http.client.observation': {
    base: 'org.springframework.http.client.observation.DefaultClientRequestObservationConvention',
    context: 'org.springframework.http.client.observation.ClientRequestObservationContext',
    reads: 'the request is context.getCarrier() (ClientHttpRequest), the response context.getResponse() (ClientHttpResponse), the URI template context.getUriTemplate()',
    source: `${GUIDE} ; ${FRAMEWORK}/spring-web/src/main/java/org/springframework/http/client/observation/ClientRequestObservationContext.java ; ${BOOT_AUTOCONFIG}/client/RestTemplateObservationConfiguration.java`,
  },
  'org.springframework.web.reactive.function.client': {
    base: 'org.springframework.web.reactive.function.client.DefaultClientRequestObservationConvention',
    context: 'org.springframework.web.reactive.function.client.ClientRequestObservationContext',
    reads: 'the request is context.getRequest() (ClientRequest), the response context.getResponse() (ClientResponse), the URI template context.getUriTemplate(), the exception context.getError()',
    source: `${GUIDE} ; ${FRAMEWORK}/spring-webflux/src/main/java/org/springframework/web/reactive/function/client/ClientRequestObservationContext.java ; ${BOOT_AUTOCONFIG}/client/WebClientObservationConfiguration.java`,
  },
};

/** Every tags provider/contributor the data marks deprecated in 3.0, with its convention. */
function tagsProviders(data: DataDir): TagsProviderRow[] {
  const rows = data.read<ApiRow[]>('boot-3.0-removed-apis.json');
  const out: TagsProviderRow[] = [];
  for (const r of rows) {
    if (r.kind !== 'type' || r.status !== 'deprecated-in-3.0' || !/(TagsProvider|TagsContributor)$/.test(r.fqcn) || !r.replacement) continue;
    const pkg = r.replacement.slice(0, r.replacement.lastIndexOf('.'));
    const how = CONVENTIONS[pkg];
    if (!how) throw new Error(`boot-3.0-removed-apis.json: ${r.fqcn} -> ${r.replacement}: no convention facts for ${pkg}`);
    // The data names the interface, or for the Default* providers the default convention.
    const simple = r.replacement.slice(pkg.length + 1).replace(/^Default/, '');
    out.push({ type: r.fqcn, convention: `${pkg}.${simple}`, ...how });
  }
  if (out.length < 8) throw new Error(`boot-3.0-removed-apis.json: expected the web tags providers/contributors, found ${out.length}`);
  return out.sort((a, b) => a.type.localeCompare(b.type));
}

export function buildObservability(data: DataDir): ObservabilityRows {
  const sleuth = 'org.springframework.cloud.sleuth.annotation';
  const tracing = 'io.micrometer.tracing.annotation';
  const onBoot30 = `On Boot 3.0: @Observed(name = "<name>") (io.micrometer.observation.annotation.Observed) with a @Bean ObservedAspect (io.micrometer.observation.aop.ObservedAspect, needs spring-boot-starter-aop), which also times the method, or Tracer.nextSpan() (io.micrometer.tracing.Tracer) in code`;
  const source = `${SLEUTH_MIGRATION} ; ${TRACING_100} ; ${TRACING_110} ; ${OBSERVED}`;
  return {
    tagsProviders: tagsProviders(data),
    tracing: {
      managed: '1.0',
      aspectSince: '1.1',
      aspect: 'io.micrometer.tracing.annotation.SpanAspect',
      source: `https://github.com/spring-projects/spring-boot/blob/v3.0.0/spring-boot-project/spring-boot-dependencies/build.gradle (Micrometer Tracing 1.0.0) ; ${TRACING_100} ; ${TRACING_110}`,
    },
    sleuthAnnotations: [
      { from: `${sleuth}.NewSpan`, to: `${tracing}.NewSpan`, replacement: onBoot30, source },
      { from: `${sleuth}.ContinueSpan`, to: `${tracing}.ContinueSpan`, replacement: 'On Boot 3.0: tag or annotate the current span in code, tracer.currentSpan() (io.micrometer.tracing.Tracer)', source },
      {
        from: `${sleuth}.SpanTag`,
        to: `${tracing}.SpanTag`,
        replacement: 'On Boot 3.0: tracer.currentSpan().tag("<key>", value) in the method (io.micrometer.tracing.Tracer); @Observed(lowCardinalityKeyValues = {"<key>", "<constant>"}) takes constants only',
        source,
      },
    ],
    logPattern: {
      legacyMdcKeys: [
        { key: 'X-B3-TraceId', to: 'traceId' },
        { key: 'X-B3-SpanId', to: 'spanId' },
        { key: 'X-B3-ParentSpanId', to: null },
        { key: 'X-Span-Export', to: null },
      ],
      sleuthArtifacts: ['spring-cloud-starter-sleuth', 'spring-cloud-sleuth-autoconfigure'],
      sleuthLevelPattern: '%5p [${spring.zipkin.service.name:${spring.application.name:}},%X{traceId:-},%X{spanId:-}]',
      levelPattern: '%5p [${spring.application.name:},%X{traceId:-},%X{spanId:-}]',
      source: `${SLEUTH_PATTERN} ; ${BOOT_TRACING_DOC}`,
      mdcSource: `${SLEUTH_MDC} ; ${BOOT_BRAVE} (MDCScopeDecorator: traceId, spanId)`,
    },
  };
}
