// Severity is impact, the same for every rule: `error` — as migrated, the repository will not
// compile, will not resolve its dependencies or will not start; `warning` — it starts but behaves
// differently (or something was left for a person to judge); `info` — done, or for the record.
// Each rule says here when it reports at which level (docs/rules.md prints it; `boot-upgrade
// explain RULE` too). test/rule-levels.test.ts runs every fixture and checks that each finding's
// severity is one its rule declares.
import type { Severity } from '../engine/types.js';

export type Levels = Partial<Record<Severity, string>>;

const KEY_LEFT = 'the key is left in place: Spring Boot 3.0 ignores a key it no longer binds, so the application starts without that setting';
const DEPRECATED_KEY = 'a key the 3.0 metadata only deprecates: still bound';
const NOT_MOVED = 'the key was not moved: Spring Boot 3.0 ignores the old one';
const EDIT = 'the change is made; nothing is reported';
const ENGINE_INCOMPLETE = 'an edit the migration needed was not made, so the migrated file is not what Boot 3.0 needs';

export const LEVELS: Record<string, Levels> = {
  'properties/rename': {},
  'properties/rename-prefix': {},
  'properties/removed': { warning: KEY_LEFT, info: DEPRECATED_KEY },
  'properties/convert': { warning: `a conversion that is not certain: ${KEY_LEFT}`, info: DEPRECATED_KEY },
  'properties/value': { warning: 'an endpoint id with no successor, or a list layout not rewritten: the exposure differs' },
  'properties/duplicate': { warning: 'both keys are left: the new key wins, the old line is ignored', info: 'an identical old line deleted' },
  'properties/profile-specific': { error: 'Spring Boot 3.0 refuses to start with the key in a document it loads as profile-specific' },
  'properties/hibernate-dialect': { error: 'the dialect class does not exist in Hibernate 6.1: the persistence unit fails at start-up', info: 'rewritten, or a deprecated class that still exists' },
  'properties/springfox': { warning: 'a springfox key with no springdoc counterpart (or no springdoc in the build): ignored' },
  'properties/openfeign': { warning: 'a feign.* key OpenFeign 4.0 does not read, or not moved because no build file names OpenFeign: ignored' },
  'yaml/target-exists': { warning: NOT_MOVED },
  'yaml/flow-style': { warning: NOT_MOVED },
  'yaml/anchor': { warning: NOT_MOVED },
  'yaml/layout': { warning: NOT_MOVED },
  'sources/jakarta': {},
  'sources/jakarta-annotation-wildcard': { warning: 'the on-demand import stays beside the added jakarta imports: remove it if nothing else uses it' },
  'sources/jakarta-mixed': { warning: 'the file imported one specification from both javax and jakarta: check the result' },
  'sources/type-rename': {},
  'sources/package-rename': {},
  'sources/constructor-binding': { warning: 'the binding constructor was chosen or left to Boot\'s setter binding: check it' },
  'sources/enable-batch-processing': { warning: 'kept (it has attributes): Boot\'s batch auto-configuration backs off, no job runs at start-up', info: 'removed' },
  'sources/property-key': { warning: 'a renamed or removed key in code that was not rewritten: it reads nothing on Boot 3.0' },
  'sources/removed-api': { error: 'the type or member is gone in the Boot 3.0 line: the code does not compile', warning: 'it still exists, deprecated or with other behaviour' },
  'sources/jpa-xml': {},
  'sources/jakarta-xml': { info: 'a descriptor moved to its Jakarta namespace' },
  'sources/validation-messages': { warning: 'a message key not renamed: the default message is shown instead' },
  'sources/jakarta-string': { warning: 'a string that may have to say jakarta: strings are data, never rewritten' },
  'sources/type-rename-wildcard': { warning: 'the on-demand import stays beside the added imports: remove it if nothing else uses it' },
  'sources/service-loader': { warning: 'both the javax and the jakarta registration exist: merge them' },
  'sources/class-to-interface': { error: 'a use of a class removed in the Boot 3.0 line that was not rewritten', warning: 'a use of a deprecated class that was not rewritten' },
  'sources/annotation-attributes': { warning: 'not rewritten: the new annotation would behave differently', info: 'rewritten' },
  'sources/type-shape': { error: 'the old type is gone in the Boot 3.0 line: the code does not compile', warning: 'the old type still exists, deprecated', info: 'renamed; the new type differs in details to check' },
  'sources/lost-supertype': { info: 'the CRUD repository added' },
  'build/boot-version': { error: 'the Boot version could not be raised (a property defined outside the repository, an entity, a shared variable): the build stays on Boot 2 while the sources move', info: 'a version before 2.7: the guide advises 2.7 first' },
  'build/java-version': { error: 'the Java release could not be raised to 17, or maven-enforcer-plugin requires a Java below 17: the build does not run' },
  'build/kotlin-version': { error: 'the Kotlin version could not be raised to 1.7' },
  'build/dependency-management-plugin': { error: 'the plugin version could not be raised to the one Boot 3.0 needs' },
  'build/coordinates': { warning: 'a renamed artifact not renamed, or whose version must be chosen', info: 'renamed, with the version the table knows' },
  'build/needs-version': { error: 'no longer managed by Boot 3.0 and no version is known: the build does not resolve', warning: 'no longer managed: a version was added or is set; check it' },
  'build/removed-dependency': { error: 'not removed, and without a version Boot 3.0 still manages: the build does not resolve', warning: 'not removed, with a version of its own', info: 'removed' },
  'build/removed-integration': { error: 'an integration Boot 3.0 dropped, without a version Boot 3.0 still manages: the build does not resolve', warning: 'an integration Boot 3.0 dropped, with a version of its own: replace it' },
  'build/version-property': { warning: 'an override that pins a version below Boot 3.0\'s', info: 'an override raised' },
  'build/jetty-servlet': { error: 'the Servlet API could not be pinned to 5.0: Jetty 11 does not start on Servlet 6' },
  'build/maven-plugin-fork': { info: 'the parameter removed' },
  'build/gradle-main-class': { error: 'mainClassName on a Boot task: the script does not evaluate with the Boot 3.0 plugin', info: 'the application plugin\'s convention: left, it still works' },
  'build/gradle-task-property': { warning: 'not rewritten: check the property against the Boot 3.0 plugin' },
  'build/gradle-build-info': { warning: 'buildInfo entries set to null: use excludes' },
  'build/gradle-wrapper': { error: 'the wrapper\'s checksum belongs to the old distribution: the wrapper refuses to download the new one' },
  'build/properties-migrator': { info: 'added (remove it once the migration is done)' },
  'build/imported-bom': { warning: 'a lower BOM import left as it is (shared version)', info: 'raised' },
  'build/xml-entity': { error: 'the Boot version is an entity: it could not be raised', warning: 'the pom uses entities: values holding them are never edited' },
  'build/code-generator': { error: 'the generated sources import javax: they do not compile on Boot 3.0' },
  'build/unchecked-starter': { warning: 'a third-party starter the table does not know: check its Boot 3.0 release' },
  'build/non-boot-module': { info: 'a module that is not a Spring Boot module, left as it is' },
  'build/already-boot3': { info: 'a module already on Spring Boot 3.1 or later, left as it is' },
  'project/spring-factories': {},
  'project/spring-factories-test-slice': { warning: 'a key named like a test slice that no source of the repository declares, left in spring.factories: Boot 3.0 does not read it there', info: 'test-slice entries moved to their own .imports file' },
  'project/banner-image': { warning: 'not rendered, or left beside an existing banner.txt', info: 'rendered into banner.txt' },
  'project/env-var': { warning: 'an environment variable spelling a renamed or removed key' },
  'project/trailing-slash': { warning: 'routes whose trailing-slash form stops matching (one finding per application, every route in its detail)', info: 'fixed with --trailing-slash routes or configurer' },
  'project/log-date-format': { info: 'the log date format changes to ISO-8601' },
  'project/jmx-exposure': { warning: 'the application enables JMX, which now exposes only health' },
  'project/show-values': { warning: 'endpoint values are masked by default' },
  'project/keys-to-sanitize': { warning: 'ignored: values are masked by default instead' },
  'project/isolated-object-mapper': { warning: 'custom endpoint responses are serialized by an isolated ObjectMapper' },
  'project/httpexchanges': { warning: 'HTTP trace became HTTP exchanges' },
  'project/batch-multiple-jobs': { error: 'an application with several Job beans and no spring.batch.job.name: Boot 3.0 refuses to start', warning: 'spring.batch.job.names: Boot 3.0 runs one job only' },
  'project/session-store-type': { warning: 'ignored: the store is chosen from the class path' },
  'project/reactive-user-details': { warning: 'no ReactiveUserDetailsService is auto-configured beside an AuthenticationManagerResolver' },
  'project/graceful-shutdown-phases': { warning: 'custom SmartLifecycle beans meet new shutdown phases' },
  'project/mongo-health': { info: 'health details changed' },
  'project/flyway-callbacks': { warning: 'a customizer that sets callbacks now replaces the callback beans' },
  'project/elasticsearch-client': { error: 'the high-level REST client and its template are gone: the code does not compile' },
  'project/spring-data-reserved': { warning: 'spring.data.redis.* is bound only with Spring Data Redis on the class path' },
  'project/max-http-header-size': { info: 'the renamed key now limits request headers only' },
  'parse-error': { error: 'the file could not be parsed and was left as it is (for a build file, its whole module)' },
  'internal-error': { error: 'a pass failed: its changes to the file were not made' },
  'engine/overlap': { error: ENGINE_INCOMPLETE },
  'engine/bad-edit': { error: ENGINE_INCOMPLETE },
  'engine/no-fixed-point': { error: ENGINE_INCOMPLETE },
  'engine/outside-repository': { error: `${ENGINE_INCOMPLETE} (it would have written outside the repository)` },
  'engine/breaks-file': { error: `${ENGINE_INCOMPLETE} (it would have broken the file)` },
  'engine/utf-16': { warning: 'a UTF-16 file was not read' },
  'build/spring-cloud-train': { warning: 'a shared variable left as it is (coherence/spring-cloud-train reports the train)', info: 'raised to the 2022.0 train' },
  'build/spring-cloud-module': { error: 'a Spring Cloud module with no 2022.0 release: the build does not resolve or start' },
  'build/sleuth-tracing': { error: 'Sleuth kept because sources use its API: it has no Boot 3 release', warning: 'tracing moved without the actuator: add it', info: 'moved to Micrometer Tracing' },
  'build/library': { error: 'a library whose Boot 2 line does not compile or start on Boot 3.0 (springfox, springdoc 1, MyBatis starter 2) left as it is', warning: 'a library whose Boot 2 line behaves differently on Boot 3.0, or HttpClient 4 kept', info: 'moved to its Boot 3 line' },
  'build/hand-versioned': { info: 'a hand-written pin moved to the version Boot 3.0 manages' },
  'build/pinned-line': { info: 'a pin moved to the version Boot 3.0 manages' },
  'build/catalog-pinned-line': { warning: 'a shared catalog version left as it is', info: 'raised' },
  'project/auto-configuration': { info: 'became @AutoConfiguration, or left as @Configuration (which still works)' },
  'coherence/boot-version': { error: 'a build still resolves Spring Boot 2 after the migration' },
  'coherence/spring-cloud-train': { error: 'a build still resolves a Spring Cloud train that does not start on Boot 3.0' },
  'coherence/library-major': { error: 'a Boot module still pins a library below its Boot 3.0 major', warning: 'a module that is not a Boot module pins it (a risk for the Boot modules that depend on it)' },
  'coherence/lockfile': { error: 'the lockfile locks versions below what Boot 3.0 needs: Gradle refuses the new versions' },
  'build/class-names': { warning: 'a javax class name in a build string that is not a compiler-plugin setting' },
  'build/gradle-lockfile': { info: 'write the locks again after the migration' },
  'build/kotlin-jvm-target': { warning: 'Java moved to 17 but the Kotlin compilation sets no JVM target (inlining Spring 6 code fails)' },
  'security6/request-matchers': { error: 'antMatchers/mvcMatchers/regexMatchers not rewritten: removed in Security 6, the code does not compile' },
  'security6/authorize-http-requests': { warning: 'authorizeRequests kept (deprecated, it still works)', info: 'rewritten' },
  'security6/kotlin-dsl': { warning: 'the Kotlin DSL authorizeRequests kept (deprecated)', info: 'rewritten' },
  'security6/enable-configuration': {},
  'security6/adapter': { error: 'a WebSecurityConfigurerAdapter subclass not rewritten: removed in Security 6, the code does not compile' },
  'batch5/builders': { error: 'JobBuilderFactory/StepBuilderFactory not rewritten: removed in Batch 5', warning: 'a StepBuilder kept in a variable: pass the transaction manager' },
  'springdoc/annotations': { warning: 'swagger 2 annotations not rewritten (the build keeps springfox, which build/library reports)', info: 'left so that a file does not mix swagger 2 and 3' },
  'springdoc/docket': { warning: 'a Docket not rewritten (the build keeps springfox, which build/library reports)', info: 'rewritten to GroupedOpenApi' },
  'springdoc/springfox': { warning: 'springfox configuration with no springdoc counterpart of the same shape', info: 'removed with the switch to springdoc' },
  'springdoc/v2-types': {},
  'httpclient5/types': { error: 'HttpClient 4 handed to HttpComponentsClientHttpRequestFactory, which takes HttpClient 5 in Spring 6: the code does not compile', warning: 'an HttpClient 4 import in a file that does not use the factory', info: 'moved to HttpClient 5' },
  'hibernate6/type-annotations': { error: '@Type(type = ...) / @TypeDef: gone in Hibernate 6, the code does not compile', info: 'rewritten' },
  'hibernate6/hypersistence': { error: 'hibernate-types has no Hibernate 6 line: the code does not compile' },
  'jakarta-variant/types': { error: 'the build moved to the jakarta artifact and this file was not: it does not compile', warning: 'no build file of the run declares the library', info: 'moved with the build' },
  'verify/compile-error': { error: 'the build (--verify) did not compile here' },
  'verify/boot3-change': { error: 'the build (--verify) did not compile here, for a change of Boot 3.0 the table knows' },
  'verify/unresolved-dependency': { error: 'the build (--verify) could not resolve this dependency, parent, BOM or plugin' },
  'verify/build-file': { error: 'the build (--verify) refused this build file' },
  'verify/build-failed': { error: 'the build (--verify) failed for a reason not recognised' },
  'verify/timeout': { error: 'the build (--verify) did not finish in time: the migration is not proven' },
  'observability/tags-provider': { warning: 'deprecated in 3.0 for removal in 3.2; bridged for now' },
  'observability/new-span': { warning: 'Sleuth\'s span annotations: nothing processes them on Boot 3.0 (build/sleuth-tracing reports the dependency)' },
  'observability/trace-id-pattern': { warning: 'log lines lose their trace ids' },
};

/** The levels a rule reports at, with when. */
export function ruleLevels(rule: string): Levels {
  return LEVELS[rule] ?? {};
}

/** `error` when ..., `warning` when ..., `info` when ... (or that it only edits). */
export function levelsText(rule: string): string {
  const levels = ruleLevels(rule);
  const parts = (['error', 'warning', 'info'] as const).filter((s) => levels[s]).map((s) => `**${s}**: ${levels[s]}`);
  return parts.length ? parts.join('; ') + '.' : EDIT + '.';
}
