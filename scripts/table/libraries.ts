// Builds the `libraries` section: what Boot 3.0's library upgrades (Spring Security 6, Spring
// Batch 5, springfox -> springdoc 2, Apache HttpClient 5: libraries-httpclient.ts, Hibernate 6, the
// observation API and Micrometer Tracing: libraries-observability.ts) change in sources.
// ../shared/data covers Boot's own APIs only, so each row carries the public page or source
// file (at a release tag) its fact was read from. Rows list facts, never code: the transforms
// in transforms/sources/ decide how and when a fact may be applied.
import type { DataDir } from './data.js';
import { jakartaVariants } from './jakarta-variants.js';
import { freemarkerVariant } from './freemarker.js';
import type { LibrariesSection } from '../../src/table/sections/libraries.js';
import { buildObservability } from './libraries-observability.js';
import { batchChunk, buildSpring6 } from './libraries-spring6.js';
import { httpclient } from './libraries-httpclient.js';
import { hypersistenceVariant, removedBasicTypes } from './hypersistence.js';

const SEC_CONFIG = 'https://docs.spring.io/spring-security/reference/5.8/migration/servlet/config.html';
const SEC_AUTHZ = 'https://docs.spring.io/spring-security/reference/5.8/migration/servlet/authorization.html';
const SEC_TREE = 'https://github.com/spring-projects/spring-security/blob/6.0.0/config/src/main';
const SEC_API = `${SEC_TREE}/java/org/springframework/security/config/annotation/web/configurers/AuthorizeHttpRequestsConfigurer.java`;
const SEC_OLD_API = `${SEC_TREE}/java/org/springframework/security/config/annotation/web/configurers/ExpressionUrlAuthorizationConfigurer.java`;
const SEC_KOTLIN = `${SEC_TREE}/kotlin/org/springframework/security/config/annotation/web/AuthorizeHttpRequestsDsl.kt`;
const SEC_ADAPTER_BLOG = 'https://spring.io/blog/2022/02/21/spring-security-without-the-websecurityconfigureradapter';
const SEC_ADAPTER_API =
  'https://github.com/spring-projects/spring-security/blob/5.8.0/config/src/main/java/org/springframework/security/config/annotation/web/configuration/WebSecurityConfigurerAdapter.java';
const SEC_RS_5 =
  'https://github.com/spring-projects/spring-security/blob/5.7.11/oauth2/oauth2-resource-server/src/main/java/org/springframework/security/oauth2/server/resource/authentication/JwtAuthenticationConverter.java';
const SEC_RS_6 =
  'https://github.com/spring-projects/spring-security/blob/6.0.8/oauth2/oauth2-resource-server/src/main/java/org/springframework/security/oauth2/server/resource/authentication/JwtAuthenticationConverter.java';
const BATCH = 'https://github.com/spring-projects/spring-batch/wiki/Spring-Batch-5.0-Migration-Guide';
const SPRINGDOC = 'https://springdoc.org/migrating-from-springfox.html';
const SPRINGDOC_V1 = 'https://springdoc.org/#migrating-from-springdoc-v1';
const HIBERNATE = 'https://github.com/hibernate/hibernate-orm/blob/6.0/migration-guide.adoc';
const HIBERNATE_BOOLEANS = 'https://github.com/openrewrite/rewrite-hibernate/blob/main/src/main/java/org/openrewrite/hibernate/MigrateBooleanMappings.java';
const HIBERNATE_TYPE_PARAM = 'https://github.com/openrewrite/rewrite-hibernate/blob/main/src/main/java/org/openrewrite/hibernate/TypeAnnotationParameter.java';
const HIBERNATE_UUID = 'https://in.relation.to/2022/05/12/orm-uuid-mapping/';

function security(): LibrariesSection['security'] {
  return {
    requestMatchers: [
      { from: 'antMatchers', to: 'requestMatchers', ant: true, source: SEC_CONFIG },
      { from: 'mvcMatchers', to: 'requestMatchers', source: SEC_CONFIG },
      { from: 'ignoringAntMatchers', to: 'ignoringRequestMatchers', ant: true, source: SEC_CONFIG },
      { from: 'ignoringMvcMatchers', to: 'ignoringRequestMatchers', source: SEC_CONFIG },
    ],
    securityMatchers: [
      { from: 'antMatcher', to: 'securityMatcher', ant: true, source: SEC_CONFIG },
      { from: 'mvcMatcher', to: 'securityMatcher', source: SEC_CONFIG },
    ],
    // With Spring MVC present the String forms match like Spring MVC's PathPattern, which takes
    // `**` only as the last segment; an Ant pattern with `**` elsewhere keeps Ant matching.
    antPatterns: {
      matcher: 'org.springframework.security.web.util.matcher.AntPathRequestMatcher',
      source: 'https://docs.spring.io/spring-framework/docs/6.0.x/javadoc-api/org/springframework/web/util/pattern/PathPattern.html',
    },
    reportedMatchers: [
      { name: 'regexMatchers', replacement: 'requestMatchers(new RegexRequestMatcher("<regex>", null)) (org.springframework.security.web.util.matcher.RegexRequestMatcher)', source: SEC_CONFIG },
      { name: 'ignoringRegexMatchers', replacement: 'ignoringRequestMatchers(new RegexRequestMatcher("<regex>", null))', source: SEC_CONFIG },
      { name: 'regexMatcher', replacement: 'securityMatcher(new RegexRequestMatcher("<regex>", null))', source: SEC_CONFIG },
      { name: 'servletPath', replacement: 'requestMatchers(new MvcRequestMatcher.Builder(introspector).servletPath("<path>").pattern("<pattern>"))', source: SEC_CONFIG },
    ],
    authorizeHttpRequests: {
      from: 'authorizeRequests',
      to: 'authorizeHttpRequests',
      oldOnly: ['not', 'hasIpAddress', 'expressionHandler', 'accessDecisionManager', 'filterSecurityInterceptorOncePerRequest', 'withObjectPostProcessor', 'getRegistry'],
      typed: ['permitAll', 'denyAll', 'hasRole', 'hasAnyRole', 'hasAuthority', 'hasAnyAuthority', 'authenticated', 'fullyAuthenticated', 'rememberMe', 'anonymous', 'access'],
      expressions: {
        permitAll: 'permitAll',
        denyAll: 'denyAll',
        authenticated: 'authenticated',
        'isAuthenticated()': 'authenticated',
        fullyAuthenticated: 'fullyAuthenticated',
        'isFullyAuthenticated()': 'fullyAuthenticated',
        anonymous: 'anonymous',
        'isAnonymous()': 'anonymous',
        rememberMe: 'rememberMe',
        'isRememberMe()': 'rememberMe',
      },
      functions: ['hasRole', 'hasAnyRole', 'hasAuthority', 'hasAnyAuthority'],
      expressionManager: 'org.springframework.security.web.access.expression.WebExpressionAuthorizationManager',
      // The old configurer reads these beans (role prefix, role hierarchy); the 6.0 one ignores them.
      projectBlockers: ['org.springframework.security.config.core.GrantedAuthorityDefaults', 'org.springframework.security.access.hierarchicalroles.RoleHierarchy'],
      kotlinAccess: ['permitAll', 'denyAll', 'authenticated', 'hasRole', 'hasAnyRole', 'hasAuthority', 'hasAnyAuthority'],
      source: SEC_AUTHZ,
      apiSource: `${SEC_API} (and ${SEC_OLD_API})`,
      kotlinSource: SEC_KOTLIN,
    },
    configurationAnnotations: {
      annotations: [
        'org.springframework.security.config.annotation.web.configuration.EnableWebSecurity',
        'org.springframework.security.config.annotation.web.reactive.EnableWebFluxSecurity',
        'org.springframework.security.config.annotation.method.configuration.EnableGlobalMethodSecurity',
        'org.springframework.security.config.annotation.method.configuration.EnableMethodSecurity',
        'org.springframework.security.config.annotation.authentication.configuration.EnableGlobalAuthentication',
      ],
      add: 'org.springframework.context.annotation.Configuration',
      source: SEC_CONFIG,
    },
    adapter: {
      type: 'org.springframework.security.config.annotation.web.configuration.WebSecurityConfigurerAdapter',
      filterChain: 'org.springframework.security.web.SecurityFilterChain',
      webSecurityCustomizer: 'org.springframework.security.config.annotation.web.configuration.WebSecurityCustomizer',
      bean: 'org.springframework.context.annotation.Bean',
      inherited: [
        'authenticationManager',
        'authenticationManagerBean',
        'userDetailsService',
        'userDetailsServiceBean',
        'getHttp',
        'getApplicationContext',
        'setApplicationContext',
        'setAuthenticationConfiguration',
        'setObjectPostProcessor',
        'setTrustResolver',
        'setContentNegotationStrategy',
        'init',
      ],
      source: `${SEC_ADAPTER_BLOG} ; ${SEC_ADAPTER_API}`,
    },
    // Overridable (public or protected, not final) methods of public classes that
    // spring-security-{core,web,config,oauth2-resource-server} 5.7.11 has and 6.0.8 lacks, the
    // classes themselves kept (javap of both jars, javax.servlet read as jakarta.servlet); the
    // matcher methods have their own rows above, the login page's OpenID setters and
    // SecurityContextHolderFilter's error-dispatch switch have no successor to hand an override to.
    removedOverrides: [
      {
        type: 'org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationConverter',
        method: 'extractAuthorities',
        params: 1,
        setter: 'setJwtGrantedAuthoritiesConverter',
        source: `${SEC_RS_5} (convert() calls extractAuthorities) ; ${SEC_RS_6} (convert() calls the jwtGrantedAuthoritiesConverter)`,
      },
    ],
  };
}

function batch(): LibrariesSection['batch'] {
  return {
    factories: [
      { factory: 'org.springframework.batch.core.configuration.annotation.JobBuilderFactory', builder: 'org.springframework.batch.core.job.builder.JobBuilder', source: BATCH },
      { factory: 'org.springframework.batch.core.configuration.annotation.StepBuilderFactory', builder: 'org.springframework.batch.core.step.builder.StepBuilder', source: BATCH },
    ],
    jobRepository: 'org.springframework.batch.core.repository.JobRepository',
    transactionManager: 'org.springframework.transaction.PlatformTransactionManager',
    transactional: ['chunk', 'tasklet'],
    chunk: batchChunk(),
    source: BATCH,
  };
}

// The annotation jars springfox 3.0.0 and springdoc 2.0.2 bring (read with javap: the enum constants, the attributes).
const SWAGGER_JARS = 'https://repo1.maven.org/maven2/io/swagger/swagger-annotations/1.5.20/swagger-annotations-1.5.20.jar; https://repo1.maven.org/maven2/io/swagger/core/v3/swagger-annotations/2.2.7/swagger-annotations-2.2.7.jar';
// ApiInfoBuilder and springfox's Contact/Tag (springfox-core 3.0.0), Info/Contact/License/Tag (swagger-models 2.2.7): the setters read with javap.
const API_INFO_JARS = 'https://repo1.maven.org/maven2/io/springfox/springfox-core/3.0.0/springfox-core-3.0.0.jar; https://repo1.maven.org/maven2/io/swagger/core/v3/swagger-models/2.2.7/swagger-models-2.2.7.jar';

function springdoc(): LibrariesSection['springdoc'] {
  const a = (from: string, to: string, attributes: Record<string, string>, extra: Partial<LibrariesSection['springdoc']['annotations'][number]> = {}) => ({
    from: `io.swagger.annotations.${from}`,
    to,
    attributes,
    ...extra,
    source: SPRINGDOC,
  });
  const V3 = 'io.swagger.v3.oas.annotations';
  return {
    annotations: [
      a('Api', `${V3}.tags.Tag`, { tags: 'name', description: 'description' }, { value: 'name' }),
      a('ApiOperation', `${V3}.Operation`, { value: 'summary', notes: 'description', hidden: 'hidden', tags: 'tags', code: 'responses' }, { value: 'summary', responses: { code: { attribute: 'responses', annotation: `${V3}.responses.ApiResponse`, member: 'responseCode' } }, source: `${SPRINGDOC}; ${SWAGGER_JARS}` }),
      a('ApiParam', `${V3}.Parameter`, { value: 'description', name: 'name', required: 'required', hidden: 'hidden', example: 'example' }, { value: 'description' }),
      a('ApiModel', `${V3}.media.Schema`, { value: 'name', description: 'description' }, { value: 'name' }),
      a(
        'ApiModelProperty',
        `${V3}.media.Schema`,
        { value: 'description', name: 'name', required: 'required', example: 'example', hidden: 'hidden', allowableValues: 'allowableValues', accessMode: 'accessMode' },
        // the constants both enums have (javap of the two jars)
        { value: 'description', enums: { accessMode: { from: 'io.swagger.annotations.ApiModelProperty.AccessMode', to: `${V3}.media.Schema.AccessMode`, values: ['AUTO', 'READ_ONLY', 'READ_WRITE'] } }, source: `${SPRINGDOC}; ${SWAGGER_JARS}` },
      ),
      a('ApiResponse', `${V3}.responses.ApiResponse`, { code: 'responseCode', message: 'description' }, { quote: ['code'] }),
      a('ApiResponses', `${V3}.responses.ApiResponses`, { value: 'value' }, { value: 'value' }),
      a('ApiImplicitParam', `${V3}.Parameter`, { name: 'name', value: 'description', required: 'required', example: 'example' }, { value: 'description' }),
      a('ApiImplicitParams', `${V3}.Parameters`, { value: 'value' }, { value: 'value' }),
    ],
    reported: [
      { name: 'springfox.documentation.spring.web.plugins.Docket', replacement: '@Bean GroupedOpenApi (org.springdoc.core.models.GroupedOpenApi.builder().group("<name>").packagesToScan("<package>").pathsToMatch("<paths>").build()), or springdoc.packages-to-scan / springdoc.paths-to-match for a single Docket', source: SPRINGDOC },
      { name: 'springfox.documentation.swagger2.annotations.EnableSwagger2', replacement: 'nothing: springdoc needs no enabling annotation; remove it with the springfox dependency', source: SPRINGDOC },
      { name: 'springfox.documentation.oas.annotations.EnableOpenApi', replacement: 'nothing: springdoc needs no enabling annotation; remove it with the springfox dependency', source: SPRINGDOC },
      { name: 'springfox.documentation.annotations.ApiIgnore', replacement: '@Parameter(hidden = true) on a parameter, @Operation(hidden = true) on a method, or @Hidden (io.swagger.v3.oas.annotations.Hidden)', source: SPRINGDOC },
    ],
    types: [
      { from: 'org.springdoc.core.GroupedOpenApi', to: 'org.springdoc.core.models.GroupedOpenApi', source: SPRINGDOC_V1 },
      { from: 'org.springdoc.core.SpringDocUtils', to: 'org.springdoc.core.utils.SpringDocUtils', source: SPRINGDOC_V1 },
      { from: 'org.springdoc.core.customizers.OpenApiCustomiser', to: 'org.springdoc.core.customizers.OpenApiCustomizer', source: SPRINGDOC_V1 },
    ],
    switchRewrites: {
      remove: ['springfox.documentation.swagger2.annotations.EnableSwagger2', 'springfox.documentation.oas.annotations.EnableOpenApi'],
      hide: { from: 'springfox.documentation.annotations.ApiIgnore', parameter: `${V3}.Parameter`, other: `${V3}.Hidden` },
      source: SPRINGDOC,
    },
    docket: {
      docket: 'springfox.documentation.spring.web.plugins.Docket',
      documentationTypes: ['springfox.documentation.spi.DocumentationType.SWAGGER_2', 'springfox.documentation.spi.DocumentationType.OAS_30'],
      groupedOpenApi: 'org.springdoc.core.models.GroupedOpenApi',
      groupMethod: 'group',
      defaultGroup: 'default',
      // Both sides match a handler's package by prefix and a path with Spring's AntPathMatcher;
      // any() selects everything, which is what a group without that filter does.
      selectors: [
        { call: 'apis', selector: 'springfox.documentation.builders.RequestHandlerSelectors', method: 'basePackage', to: 'packagesToScan' },
        { call: 'apis', selector: 'springfox.documentation.builders.RequestHandlerSelectors', method: 'any', to: null },
        { call: 'paths', selector: 'springfox.documentation.builders.PathSelectors', method: 'ant', to: 'pathsToMatch' },
        { call: 'paths', selector: 'springfox.documentation.builders.PathSelectors', method: 'any', to: null },
      ],
      apiInfo: {
        builder: 'springfox.documentation.builders.ApiInfoBuilder',
        type: 'springfox.documentation.service.ApiInfo',
        openApi: 'io.swagger.v3.oas.models.OpenAPI',
        info: 'io.swagger.v3.oas.models.info.Info',
        calls: { title: 'title', description: 'description', version: 'version', termsOfServiceUrl: 'termsOfService' },
        contact: { from: 'springfox.documentation.service.Contact', to: 'io.swagger.v3.oas.models.info.Contact', arguments: ['name', 'url', 'email'] },
        license: { to: 'io.swagger.v3.oas.models.info.License', name: 'license', url: 'licenseUrl' },
        tag: { from: 'springfox.documentation.service.Tag', to: 'io.swagger.v3.oas.models.tags.Tag', arguments: ['name', 'description'], add: 'addTagsItem' },
        source: `${SPRINGDOC} ("ApiInfo -> OpenAPI bean Info"); ${API_INFO_JARS}`,
      },
      // Docket settings springdoc has no counterpart for because it never does what they turn off:
      // springfox adds generic 401/403/404 responses to every operation unless told not to; springdoc
      // documents only the responses the code declares (and @ControllerAdvice ones).
      dropped: [{ call: 'useDefaultResponseMessages', argument: 'false' }],
      source: `${SPRINGDOC} (Docket -> GroupedOpenApi, "Replace swagger 2 annotations with swagger 3 annotations"); https://springdoc.org/#how-can-i-define-multiple-openapi-definitions-in-one-spring-boot-project`,
    },
  };
}

function hibernate(): LibrariesSection['hibernate'] {
  const basic = removedBasicTypes();
  // The boolean converters and the UUID JDBC type codes map the column exactly as the old type
  // names did, so those @Type annotations are rewritten; the others are only reported.
  const conv = (names: string[], converter: string) => ({
    names,
    replacement: `@Convert(converter = ${converter}.class) (jakarta.persistence.Convert, org.hibernate.type.${converter})`,
    source: HIBERNATE_BOOLEANS,
    rewrite: { annotation: 'jakarta.persistence.Convert', attribute: 'converter', value: `org.hibernate.type.${converter}`, valueKind: 'class' as const },
  });
  const uuid = (names: string[], code: 'CHAR' | 'BINARY') => ({
    names,
    replacement: `@JdbcTypeCode(SqlTypes.${code}) (org.hibernate.annotations.JdbcTypeCode, org.hibernate.type.SqlTypes)`,
    source: HIBERNATE_UUID,
    rewrite: { annotation: 'org.hibernate.annotations.JdbcTypeCode', value: `org.hibernate.type.SqlTypes.${code}`, valueKind: 'constant' as const },
  });
  return {
    types: [
      conv(['yes_no', 'org.hibernate.type.YesNoBooleanType'], 'YesNoConverter'),
      conv(['true_false', 'org.hibernate.type.TrueFalseBooleanType'], 'TrueFalseConverter'),
      conv(['numeric_boolean', 'org.hibernate.type.NumericBooleanType'], 'NumericBooleanConverter'),
      { names: ['text', 'org.hibernate.type.TextType'], replacement: 'no annotation (TextType is gone; a String maps to varchar; for a TEXT/CLOB column @JdbcTypeCode(SqlTypes.LONG32VARCHAR))', source: HIBERNATE_TYPE_PARAM },
      { names: ['org.hibernate.type.EnumType', 'org.hibernate.type.SerializableType', 'org.hibernate.type.SerializableToBlobType'], replacement: 'no annotation (the type is gone; Hibernate 6 maps the attribute by its Java type)', source: HIBERNATE_TYPE_PARAM },
      { names: ['date'], replacement: '@Temporal(TemporalType.DATE) (jakarta.persistence.Temporal, jakarta.persistence.TemporalType)', source: HIBERNATE_TYPE_PARAM },
      { names: ['time'], replacement: '@Temporal(TemporalType.TIME) (jakarta.persistence.Temporal, jakarta.persistence.TemporalType)', source: HIBERNATE_TYPE_PARAM },
      { names: ['timestamp'], replacement: '@Temporal(TemporalType.TIMESTAMP) (jakarta.persistence.Temporal, jakarta.persistence.TemporalType)', source: HIBERNATE_TYPE_PARAM },
      uuid(['uuid-char', 'org.hibernate.type.UUIDCharType'], 'CHAR'),
      uuid(['uuid-binary', 'org.hibernate.type.UUIDBinaryType'], 'BINARY'),
    ],
    reported: [
      { name: 'org.hibernate.annotations.TypeDef', replacement: 'removed in Hibernate 6: put the type on the attribute, @Type(MyUserType.class), or register it with @JavaTypeRegistration/@JdbcTypeRegistration', source: HIBERNATE },
      { name: 'org.hibernate.annotations.TypeDefs', replacement: 'removed in Hibernate 6: see @TypeDef', source: HIBERNATE },
      { name: 'org.hibernate.annotations.Type', replacement: '@Type(type = "name") no longer exists: @Type(MyUserType.class) for a UserType, @JdbcTypeCode(SqlTypes.X) or @Convert for basic types', source: HIBERNATE_TYPE_PARAM },
      { name: 'com.vladmihalcea.hibernate.type', replacement: 'io.hypersistence.utils.hibernate.type (hypersistence-utils-hibernate-60), with @Type(JsonType.class) in place of @TypeDef + @Type(type = "json")', source: 'https://github.com/vladmihalcea/hypersistence-utils#migrating-from-hibernate-types' },
    ],
    removedBasicTypes: basic.rows,
    removedBasicTypesSource: basic.source,
  };
}

export function buildLibraries(data: DataDir): LibrariesSection {
  return { security: security(), batch: batch(), springdoc: springdoc(), httpclient: httpclient(), hibernate: hibernate(), jakartaVariants: [...jakartaVariants(data), hypersistenceVariant(), freemarkerVariant()], observability: buildObservability(data), spring6: buildSpring6() };
}
