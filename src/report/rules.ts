// One entry per rule id: the sentence that explains the rule once (the CLI summary, the
// Markdown report and SARIF's rule descriptors print it once per rule, not per finding) and
// the area document that details it. docs/rules.md is generated from this list
// (`npm run generate-rule-docs`); test/rule-docs.test.ts checks that every rule a pass
// declares is here and that the document is current.

export interface RuleInfo {
  /** Area document (repository path) with the rule's details. */
  doc: string;
  /** One plain sentence: what the rule finds or changes and why. */
  summary: string;
  /**
   * Findings are one fact about a whole application (every route of it stops matching /a/): the
   * engine makes one finding per application (`N <noun>(s) <what>`), every occurrence in its
   * `related` list (src/engine/group.ts).
   */
  perApplication?: { noun: string; what: string };
  /**
   * The finding describes behaviour that changed between 2.x and 3.0 (a default, a phase, a
   * format), not something wrong in the files: a module already on the 3.0 line took that step,
   * so it is not said there (src/engine/run.ts).
   */
  step?: true;
}

const P = 'docs/properties.md';
const Y = 'docs/yaml.md';
const S = 'docs/sources.md';
const B = 'docs/build.md';
const J = 'docs/project.md';
const E = 'docs/engine.md';
const C = 'docs/coherence.md';
const V = 'docs/verify.md';

export const RULES: Record<string, RuleInfo> = {
  'properties/rename': { doc: P, summary: 'A configuration key renamed in Spring Boot 3.0 is rewritten to its new name, in any relaxed spelling, list indexes kept.' },
  'properties/rename-prefix': { doc: P, summary: 'A key below a family that moved (spring.redis. to spring.data.redis., metrics export, Cassandra, SAML2) gets the new prefix; the rest of the key stays as written.' },
  'properties/removed': { doc: P, summary: 'The key has no Spring Boot 3.0 successor: the line is left and needs a decision (the finding gives the reason and what to do instead).' },
  'properties/convert': { doc: P, summary: 'Several old keys meet in one new key or the value changes form; converted only when certain, otherwise reported with the reason.' },
  'properties/value': { doc: P, summary: 'Endpoint ids in management exposure lists: httptrace becomes httpexchanges; an id with no successor (jolokia) is reported.' },
  'properties/duplicate': { doc: P, summary: 'The new key is already set in the same document: an identical old line is deleted, a different value leaves both lines and needs a choice.' },
  'properties/profile-specific': { doc: P, summary: 'spring.profiles.active/default/include in a profile-specific document: Spring Boot 3.0 refuses to start; move the key or use spring.profiles.group.' },
  'properties/hibernate-dialect': { doc: P, summary: 'A Hibernate dialect class that Hibernate 6.1 no longer has (spring.jpa.database-platform, spring.jpa.properties.hibernate.dialect) becomes the 6.1 class that reads the version from the connection; deprecated, community-moved and successor-less classes are reported.' },
  'properties/openfeign': { doc: P, summary: 'A Spring Cloud OpenFeign feign.* key becomes its spring.cloud.openfeign.* key (the only prefix OpenFeign 4.0, on the 2022.0 train, reads) when the build has OpenFeign; keys 4.0 does not read, or a build without OpenFeign, are reported.' },
  'properties/springfox': { doc: P, summary: 'A springfox.* key becomes the springdoc key with the same meaning when the build has springdoc; keys with no springdoc counterpart, or a build without springdoc, are reported.' },
  'yaml/target-exists': { doc: Y, summary: 'The new key is already set in the YAML document, so the old one was not moved; keep one of them.' },
  'yaml/flow-style': { doc: Y, summary: 'A key inside a flow mapping ({...}) cannot be moved with certainty; move it by hand.' },
  'yaml/anchor': { doc: Y, summary: 'Moving the key would change what a YAML alias refers to; move it by hand.' },
  'yaml/layout': { doc: Y, summary: 'The key shares its line with other content, so it cannot be moved without reformatting; move it by hand.' },
  'sources/jakarta': { doc: S, summary: 'javax imports and qualified names of the Jakarta EE specifications move to jakarta; JDK javax packages stay.' },
  'sources/jakarta-annotation-wildcard': { doc: S, summary: 'import javax.annotation.* cannot move as a whole: single-type jakarta.annotation imports are added; remove the wildcard if nothing else uses it.' },
  'sources/jakarta-mixed': { doc: S, summary: 'The file imports the same specification from both javax and jakarta; only one can be on a Spring Boot 3.0 class path.' },
  'sources/type-rename': { doc: S, summary: 'A type, annotation or constant renamed in Spring Boot 3.0 is renamed at its import and every use.' },
  'sources/package-rename': { doc: S, summary: 'A package that moved (Dropwizard metrics servlets, Thymeleaf spring5 to spring6, Spring Security\'s servlet Kotlin DSL) is rewritten in imports and qualified names.' },
  'sources/constructor-binding': { doc: S, summary: 'Type-level @ConstructorBinding is gone in 3.0: it is removed (or moved to the binding constructor, new package); ambiguous cases are reported.' },
  'sources/enable-batch-processing': { doc: S, summary: '@EnableBatchProcessing makes Boot 3.0 back off its batch auto-configuration: removed when it has no attributes, reported otherwise.' },
  'sources/property-key': { doc: S, summary: 'A renamed configuration key inside @Value, @ConditionalOnProperty, test property sources or Environment lookups is renamed; removed keys are reported.' },
  'sources/removed-api': { doc: S, summary: 'The code uses a type, annotation or method removed or changed in Spring Boot 3.0 / Spring Framework 6; the finding names the replacement.' },
  'sources/jpa-xml': { doc: S, summary: 'persistence.xml / orm.xml move to the Jakarta Persistence 3.0 namespace, schema and version; javax property names the table moves follow.' },
  'sources/jakarta-xml': { doc: S, summary: 'web.xml, web-fragment.xml, beans.xml, validation.xml and JAXB bindings move to the Jakarta EE 10 namespaces, schemas and versions.' },
  'sources/validation-messages': { doc: S, summary: 'ValidationMessages keys javax.validation.constraints.X.message become jakarta...: Hibernate Validator 8 looks up the jakarta keys.' },
  'sources/jakarta-string': { doc: S, summary: 'A string literal holds a javax name that moved (a request attribute, a JPA hint, a message template); check whether it must say jakarta.' },
  'sources/type-rename-wildcard': { doc: S, summary: 'A renamed type reached through an on-demand import: its uses are renamed and the new import added; remove the wildcard if nothing else uses it.' },
  'sources/security-lambda-dsl': { doc: 'docs/beyond-3.0.md', summary: 'Spring Security 6.1 (Boot 3.1) deprecates the non-lambda DSL (.csrf().disable(), .and()) for removal in 7.0: each call is reported with the lambda form to write.' },
  'sources/service-loader': { doc: S, summary: 'META-INF/services/javax.X whose interface moved becomes META-INF/services/jakarta.X.' },
  'build/boot-version': { doc: B, summary: 'The Spring Boot version (parent, BOM, plugin, property or variable) moves to 3.0.x.' },
  'project/launcher-class': { doc: 'docs/beyond-3.0.md', summary: 'A launcher class named in a Dockerfile, MANIFEST.MF, script or build manifest moves to Boot 3.2\'s loader package (org.springframework.boot.loader.launch).' },
  'build/flyway-database': { doc: 'docs/beyond-3.0.md', summary: 'From Flyway 10 (Boot 3.3) a database\'s support is a module of its own: a build with flyway-core and a PostgreSQL, MySQL, ... driver gets the module.' },
  'build/parameter-names': { doc: 'docs/beyond-3.0.md', summary: 'Spring Framework 6.1 (Boot 3.2) reads parameter names only from classes compiled with -parameters: a build that does not inherit it from the Boot parent or plugin gets it (Maven) or is told how (Gradle).' },
  'build/java-version': { doc: B, summary: 'Spring Boot 3.0 needs Java 17: the Java release of the build is raised.' },
  'build/kotlin-version': { doc: B, summary: 'Spring Boot 3.0 needs Kotlin 1.7 or later: the Kotlin plugin version is raised.' },
  'build/dependency-management-plugin': { doc: B, summary: 'The io.spring.dependency-management plugin moves to the version Spring Boot 3.0 expects.' },
  'build/coordinates': { doc: B, summary: 'A dependency whose group or artifact was renamed for 3.0 gets its new coordinates.' },
  'build/needs-version': { doc: B, summary: 'A dependency needs a 3.0-compatible version (Jakarta line); the version is raised when the data knows it, reported otherwise.' },
  'build/removed-dependency': { doc: B, summary: 'A dependency that no longer exists for Spring Boot 3.0 is removed or reported.' },
  'build/removed-integration': { doc: B, summary: 'An integration Spring Boot 3.0 dropped (ActiveMQ starter, Atomikos, EhCache 2, ...) is used; the finding names the replacement.' },
  'build/version-property': { doc: B, summary: 'A version override property for a library Boot manages: raised, or reported when the override can now be dropped.' },
  'build/jetty-servlet': { doc: B, summary: 'With the Jetty starter, the Servlet API must be pinned to 5.0 (Jetty 11 does not support Servlet 6).' },
  'build/maven-plugin-fork': { doc: B, summary: 'The fork option of spring-boot-maven-plugin was removed in 3.0.' },
  'build/gradle-main-class': { doc: B, summary: 'mainClassName of the Spring Boot Gradle plugin is now mainClass.' },
  'build/gradle-task-property': { doc: B, summary: 'Spring Boot Gradle task properties became Property<T> in 3.0 (bootBuildImage name = ... becomes imageName.set(...)).' },
  'build/gradle-build-info': { doc: B, summary: 'buildInfo properties set to null to exclude them: 3.0 uses excludes instead.' },
  'build/gradle-wrapper': { doc: B, summary: 'Spring Boot 3.0 needs Gradle 7.5 or later: the wrapper is raised.' },
  'build/properties-migrator': { doc: B, summary: 'spring-boot-properties-migrator is on the class path (added by --add-properties-migrator): remove it once the migration is done.' },
  'build/imported-bom': { doc: B, summary: 'A BOM that Spring Boot 3.0 imports itself is imported at a lower version, which would override Boot\'s.' },
  'build/xml-entity': { doc: B, summary: 'The pom uses DOCTYPE entities; values that hold an entity reference are never edited.' },
  'build/non-boot-module': { doc: B, summary: 'A module that is not a Spring Boot module (Android, a Gradle plugin, a BOM, Quarkus, Micronaut, a plain Java EE war, a Boot-free Gradle build) is left exactly as it is, also inside a Boot reactor.' },
  'build/external-boot-bom': { doc: B, summary: "A module's Spring Boot dependencies carry no version and neither Boot's parent nor Boot's BOM is in its build: they come from a BOM imported from outside the repository (jhipster-dependencies), which the run cannot raise, so the module is left exactly as it is, sources included, and the finding names the import to raise." },
  'build/external-boot-parent': { doc: B, summary: "A module inherits Spring Boot from a parent outside the repository that is not Boot's own (spring-cloud-build) and is on Spring Boot 2: the run cannot raise it, so the module is left exactly as it is, sources included, and the finding names the release of the parent that carries Spring Boot 3.0." },
  'build/already-boot3': { doc: B, summary: 'A module already on Spring Boot 3.1 or later is past the 3.0 line this tool migrates to: it is left exactly as it is.' },
  'build/code-generator': { doc: B, summary: "A code generator the build runs writes javax code (OpenAPI Generator's spring generator without useSpringBoot3 or useJakartaEe): the option is set where the plugin's release has it (spring, 6.0.1+), else the generated sources do not compile on Boot 3.0 and the option to set is named." },
  'build/unchecked-starter': { doc: B, summary: 'A third-party *-spring-boot-starter that Spring Boot does not manage and the migration table does not know: check that its version supports Spring Boot 3.0.' },
  'project/spring-factories': { doc: J, summary: 'Auto-configurations registered under EnableAutoConfiguration in spring.factories move to META-INF/spring/...AutoConfiguration.imports, which Boot 3.0 reads instead.' },
  'project/spring-factories-test-slice': { doc: J, summary: 'Test-slice entries in spring.factories must move to their own .imports file by hand.' },
  'project/banner-image': { doc: J, summary: 'Image banners are gone in 3.0: the image is rendered into banner.txt as Boot 2 printed it, or reported.' },
  'project/env-var': { doc: J, summary: 'An environment variable form of a renamed key (SPRING_REDIS_HOST) is renamed in .env files and reported in Dockerfiles, compose files and manifests.' },
  'project/trailing-slash': { step: true, doc: J, perApplication: { noun: 'route', what: 'whose trailing-slash form stops matching' }, summary: 'Spring Framework 6 no longer matches a trailing slash by default: GET /a/ no longer reaches a handler mapped to /a.' },
  'project/log-date-format': { step: true, doc: J, summary: 'The default log date format changed to ISO-8601 in 3.0; set logging.pattern.dateformat to keep the old one.' },
  'project/jmx-exposure': { step: true, doc: J, summary: 'JMX now exposes only the health endpoint by default; set management.endpoints.jmx.exposure.include to expose more.' },
  'project/show-values': { step: true, doc: J, summary: 'env and configprops endpoint values are masked by default in 3.0; set management.endpoint.*.show-values to see them.' },
  'project/keys-to-sanitize': { doc: J, summary: 'keys-to-sanitize was removed; implement a SanitizingFunction instead.' },
  'project/isolated-object-mapper': { step: true, doc: J, summary: 'Actuator responses use an isolated ObjectMapper in 3.0: custom endpoint response types should implement OperationResponseBody.' },
  'project/httpexchanges': { step: true, doc: J, summary: 'HTTP trace became HTTP exchanges (httptrace endpoint, HttpTraceRepository).' },
  'project/batch-multiple-jobs': { doc: J, summary: 'With several Job beans Spring Boot 3.0 runs none on start-up unless spring.batch.job.name names one.' },
  'project/session-store-type': { doc: J, summary: 'spring.session.store-type was removed: the store is chosen from the class path (or a bean).' },
  'project/reactive-user-details': { step: true, doc: J, summary: 'ReactiveUserDetailsService is no longer auto-configured when an AuthenticationManagerResolver bean exists.' },
  'project/graceful-shutdown-phases': { step: true, doc: J, summary: 'Graceful shutdown and the web server stop in new SmartLifecycle phases in 3.0; check the phase of your own SmartLifecycle beans.' },
  'project/mongo-health': { step: true, doc: J, summary: 'The MongoDB health details hold maxWireVersion instead of version in 3.0; update monitoring that reads them.' },
  'project/flyway-callbacks': { step: true, doc: J, summary: 'Callback and JavaMigration beans are applied before FlywayConfigurationCustomizer beans in 3.0: a customizer that sets them now replaces them.' },
  'project/elasticsearch-client': { doc: J, summary: 'The Elasticsearch high-level REST client and its Spring Data template were removed; move to the new Java client.' },
  'project/spring-data-reserved': { doc: J, summary: 'spring.data.* is reserved for Spring Data: spring.data.redis.* is bound only with spring-data-redis on the class path.' },
  'project/max-http-header-size': { step: true, doc: J, summary: 'server.max-http-header-size became server.max-http-request-header-size and no longer applies to responses.' },
  'parse-error': { doc: E, summary: 'The file could not be parsed, so it was left untouched; fix the syntax (the finding gives the parser\'s reason) and run again.' },
  'internal-error': { doc: E, summary: 'A pass failed on this file, so the file was left untouched; please report it with the file.' },
  'engine/overlap': { doc: E, summary: 'Two rules wanted to edit the same text; neither edit was made.' },
  'engine/bad-edit': { doc: E, summary: 'A rule produced an edit outside the file; it was dropped.' },
  'engine/no-fixed-point': { doc: E, summary: 'The rules kept changing the file after several rounds; the last changes were not made.' },
  'engine/outside-repository': { doc: E, summary: 'A change would write outside the repository (through a linked folder); the whole change was refused.' },
  'sources/class-to-interface': { doc: S, summary: 'A Spring Batch *ListenerSupport class became its interface: extends turns into implements (super calls qualified), a Kotlin supertype loses its (); other uses are reported.' },
  'sources/annotation-attributes': { doc: S, summary: 'An annotation replaced by one with other attributes or defaults (@EnableGlobalMethodSecurity to @EnableMethodSecurity) is rewritten only when it behaves the same, otherwise reported with the annotation to write.' },
  'sources/type-shape': { doc: S, summary: 'A renamed type whose replacement is not a drop-in (other constructors, members or kind) is reported where the file constructs, extends or implements it, with the code to write.' },
  'sources/lost-supertype': { doc: S, summary: 'Spring Data 3.0 sorting repositories no longer extend the CRUD ones: the CRUD repository is added with the same type arguments, which keeps the methods the repository had.' },
  'build/spring-cloud-train': { doc: B, summary: 'A Spring Cloud release train older than 2022.0 (which fails at start-up on Boot 3.0) moves to the latest 2022.0 release, in Maven, Gradle and catalogs; a shared variable is reported.' },
  'build/spring-cloud-module': { doc: B, summary: 'An artifact of a Spring Cloud module with no 2022.0 release (Sleuth, Cloud Foundry, CLI) that no row replaces: find a replacement.' },
  'build/sleuth-tracing': { doc: B, summary: 'Sleuth moves to Micrometer Tracing as one change (bridge, actuator, properties), and not while sources still use the Sleuth API.' },
  'build/library': { doc: B, summary: 'A third-party library whose Boot 3 line is a new major or another artifact (springdoc 2, springmockk 4) moves, or is reported when it has no Boot 3 release.' },
  'build/hand-versioned': { doc: B, summary: 'A build that versions Boot by hand (no Boot parent or BOM) has its pins on the Boot 2 line of a library moved to the version Boot 3.0 manages.' },
  'build/pinned-line': { doc: B, summary: 'An explicit pin on the Boot 2 major of a library Boot 3.0 manages (Spring Security 5.7, Kafka 2.x) moves to the version Boot 3.0 manages.' },
  'build/jakarta-line': { doc: B, summary: 'A Jakarta artifact pinned at a release that still holds the javax packages (jakarta.inject-api 1.0.5, jaxb-runtime 2.3.x), or a BOM whose line is built on them (jersey-bom 2.x), moves to its first jakarta line: the version Boot 3.0 manages, else the Jakarta EE 10 one.' },
  'build/jakarta-api': { doc: B, summary: 'A Jakarta API the migrated sources of a module import and none of its dependencies brings on Boot 3.0 (on Boot 2 it came along with another artifact) is declared in that module.' },
  'build/catalog-pinned-line': { doc: B, summary: 'A version catalog version on the Boot 2 major of a library Boot 3.0 manages (spring = "5.3.x" read by org.springframework libraries) moves to the version Boot 3.0 manages when every reader is a Boot module; else it is reported.' },
  'project/auto-configuration': { doc: J, summary: 'A @Configuration class listed as an auto-configuration becomes @AutoConfiguration (ordering attributes carried over) when that behaves the same.' },
  'coherence/boot-version': { doc: C, summary: 'After the migration a build still resolves Spring Boot 2 at this line (a parent, BOM, plugin, property or variable): the repository will not build on Boot 3.0.' },
  'coherence/spring-cloud-train': { doc: C, summary: 'After the migration a build still resolves a Spring Cloud train older than 2022.0 at this line: the application will not start on Boot 3.0.' },
  'coherence/library-major': { doc: C, summary: 'After the migration a library Boot 3.0 moves to a new major (Spring Framework, Security, SLF4J, Hibernate, the Jakarta APIs, ...) is still pinned below it at this line.' },
  'coherence/lockfile': { doc: C, summary: 'A Gradle lockfile still locks versions below what Boot 3.0 needs: write the locks again once the build files are migrated.' },
  'build/class-names': { doc: B, summary: 'javax class names the Kotlin compiler plugins read from the build (allOpen, noArg, kapt, kotlin-maven-plugin options) follow the package table; other class names in build strings are reported.' },
  'build/gradle-lockfile': { doc: B, summary: 'A dependencyLocking block in a Boot 2 script: the locks it writes pin Boot 2 versions; write them again after the migration.' },
  'build/kotlin-jvm-target': { doc: B, summary: 'When this run raises Java to 17, a Kotlin compile block with no jvmTarget and no toolchain gets jvmTarget 17; a compilerOptions block is reported.' },
  'security6/request-matchers': { doc: S, summary: 'antMatchers/mvcMatchers and their ignoring forms become requestMatchers (an Ant pattern MVC matching cannot parse keeps an AntPathRequestMatcher); regex matchers are reported.' },
  'security6/authorize-http-requests': { doc: S, summary: 'authorizeRequests becomes authorizeHttpRequests when every call in it exists on the Security 6 API, access() expressions typed where an equivalent exists; otherwise reported.' },
  'security6/kotlin-dsl': { doc: S, summary: 'The Kotlin DSL authorizeRequests block becomes authorizeHttpRequests with the same rules, typed where the DSL has them.' },
  'security6/enable-configuration': { doc: S, summary: '@EnableWebSecurity and its siblings no longer carry @Configuration in Security 6: @Configuration is added.' },
  'security6/removed-override': { doc: S, summary: 'A subclass overriding a method Spring Security 6 removed (JwtAuthenticationConverter#extractAuthorities): the method is handed to the setter that replaced it, or the override is reported with the converter to write.' },
  'security6/adapter': { doc: S, summary: 'A WebSecurityConfigurerAdapter subclass (Java or Kotlin) becomes SecurityFilterChain, WebSecurityCustomizer and UserDetailsService beans where the mapping is direct (the project\'s own PasswordEncoder, UserDetailsService and AuthenticationProvider beans left to Security 6, authenticationManagerBean() and super.configure(http) given their Security 6 forms); anything else is reported with the shape to write.' },
  'batch5/builders': { doc: S, summary: 'JobBuilderFactory/StepBuilderFactory uses become new JobBuilder/StepBuilder with the JobRepository (and the transaction manager for chunk and tasklet) as bean-method parameters in Java, constructor properties in Kotlin; other uses are reported.' },
  'batch5/chunk': { doc: S, summary: 'ItemWriter#write, the write listeners and the writers\' doWrite take a Chunk in Spring Batch 5: the List parameter becomes a Chunk (uses a Chunk does not answer read getItems()), callers handing a List wrap it in new Chunk<>(..); what cannot be proven is reported.' },
  'spring6/status-code': { doc: S, summary: 'getStatusCode()/statusCode() of responses and HTTP exceptions return an HttpStatusCode in Spring Framework 6: a local becomes HttpStatusCode where every use compiles on it, series() == X becomes the isNxx() test, and a place that needs an HttpStatus gets HttpStatus.valueOf(x.value()); ResponseStatusException#getStatus/getRawStatusCode become getStatusCode(); the status calls 6.0 deprecated (getRawStatusCode(), rawStatusCode(), getStatusCodeValue()) become getStatusCode().value() / statusCode().value(), and a build that fails on deprecation warnings (-Werror) gets @SuppressWarnings("deprecation") on its overrides of them; a receiver of unknown type is reported.' },
  'spring6/handler-signature': { doc: S, summary: 'Overrides of ResponseEntityExceptionHandler.handle*/handleExceptionInternal and DefaultResponseErrorHandler.hasError/handleError take an HttpStatusCode in Spring Framework 6: the parameter is retyped and each use that needs an HttpStatus converted.' },
  'spring6/http-method-switch': { doc: S, summary: 'HttpMethod is a class in Spring Framework 6: a switch over it becomes a switch over name() with string labels when the selector is proven an HttpMethod, and is reported otherwise.' },
  'spring6/socket-utils': { doc: S, summary: 'org.springframework.util.SocketUtils is removed in Spring Framework 6: tests with spring-test call TestSocketUtils.findAvailableTcpPort(); other uses are reported with the replacement.' },
  'springdoc/annotations': { doc: S, summary: 'Swagger 2 annotations (springfox, springdoc 1) become their OpenAPI 3 equivalents attribute by attribute when springdoc is on the build.' },
  'springdoc/docket': { doc: S, summary: 'A springfox Docket bean built by one select()...build() chain whose selectors map one to one (basePackage, ant, any, groupName) becomes a springdoc GroupedOpenApi bean, its apiInfo and tags an OpenAPI bean; otherwise reported with the beans to write.' },
  'springdoc/springfox': { doc: S, summary: 'springfox configuration (Docket, @EnableSwagger2, @ApiIgnore): reported with what to write; when the build switches to springdoc in the same run, @EnableSwagger2 is removed and @ApiIgnore becomes @Hidden / @Parameter(hidden = true).' },
  'springdoc/v2-types': { doc: S, summary: 'springdoc 1 types move to their springdoc 2 packages.' },
  'httpclient5/types': { doc: S, summary: 'Apache HttpClient 4 behind an HttpComponentsClientHttpRequestFactory: the build, the imports and every use move to their HttpClient 5 form together when every use has one; otherwise each use without one is reported with what to write.' },
  'hibernate6/type-annotations': { doc: S, summary: '@Type(type = ...) and @TypeDef are gone in Hibernate 6: reported with the Hibernate 6 form.' },
  'hibernate6/hypersistence': { doc: S, summary: 'hibernate-types has no Hibernate 6 line: reported with the hypersistence-utils replacement.' },
  'jakarta-variant/types': { doc: S, summary: "Code of a library whose jakarta line is another artifact (Jackson's JAX-RS providers and JAXB module, the JAXB runtime's classes) follows the build's artifact rename; reported when no build file of the run names the library." },
  'observability/tags-provider': { doc: S, summary: 'A Boot 2 metrics tags provider or contributor (WebMvc, WebFlux, RestTemplate, WebClient), deprecated in 3.0 for removal in 3.2 (an error on a 3.2 or later target): reported with the observation convention to extend, the method to override and where each old argument comes from.' },
  'observability/new-span': { doc: S, summary: "Sleuth's @NewSpan/@ContinueSpan/@SpanTag: Micrometer Tracing 1.0 (Boot 3.0) has the annotations but nothing processing them, so they are reported with what works on Boot 3.0, never renamed." },
  'observability/trace-id-pattern': { step: true, doc: S, summary: "Trace ids in log patterns: Sleuth 2's X-B3-* MDC keys are reported with the Micrometer Tracing key, and a Sleuth build whose configuration relies on Sleuth's default log pattern is told the logging.pattern.level line to add." },
  'engine/breaks-file': { doc: E, summary: 'A rewrite would leave a YAML, XML or .properties file unparseable, or merge or split its documents: refused, the file is left as it was.' },
  'verify/compile-error': { doc: V, summary: "The build's compiler (javac or kotlinc) reports an error here that the migration table does not explain; the finding gives the compiler's message." },
  'verify/boot3-change': { doc: V, summary: "The build's compiler reports an error the migration table explains: a type, package or method Spring Boot 3.0 (or the library line it moves to) removed or moved, or a Jakarta API nothing on the class path provides; the finding gives the fix." },
  'verify/unresolved-dependency': { doc: V, summary: 'The build could not resolve a dependency, parent POM, imported BOM or plugin at this version, or a dependency has no version once Boot 3.0 stops managing it; the finding names the coordinates and what the table knows of them.' },
  'verify/build-file': { doc: V, summary: 'The build refused a build file: a POM that does not parse, a build script that fails to evaluate.' },
  'verify/build-failed': { doc: V, summary: 'The build failed with no compiler error or resolution failure boot-upgrade recognises; the finding quotes what the build said.' },
  'verify/timeout': { doc: V, summary: 'The build did not finish within --verify-timeout and was stopped, its whole process tree killed: nothing is proven either way.' },
  'engine/utf-16': { doc: E, summary: 'A UTF-16 file is not read (the passes read UTF-8 and ISO-8859-1): convert it to UTF-8 to have it migrated.' },
};

/** The anchor of a rule in docs/rules.md: `rule-properties-rename`. */
export function ruleAnchor(rule: string): string {
  return 'rule-' + rule.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
}

/** The application a path belongs to: the folder before src/ (a module), or '.' at the root. */
export function applicationOf(path: string): string {
  const at = path.startsWith('src/') ? 0 : path.indexOf('/src/');
  return at <= 0 ? '.' : path.slice(0, at);
}

export function isPerApplication(rule: string): boolean {
  return RULES[rule]?.perApplication !== undefined;
}

export function ruleSummary(rule: string): string | undefined {
  return RULES[rule]?.summary;
}
