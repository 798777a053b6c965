// The `build.libraries` and `build.targetVersions` rows: third-party libraries whose Boot 3.0 line
// is a new major or a new artifact, and versions that exist for rename targets Boot 3.0 does not
// manage. None of this is in ../shared/data: every row names the public page it was checked
// against. A row is an edit only where the page gives the coordinates and a
// version built for Boot 3.0; otherwise it is a finding.
import type { CodeGeneratorRow, LibraryRow, TargetVersionRow } from '../../src/table/sections/build.js';
import { hypersistenceLibraries } from './hypersistence.js';

const SPRINGDOC = 'https://springdoc.org/migrating-from-springdoc-v1.html (v1 -> v2 module table); https://github.com/springdoc/springdoc-openapi-demos/wiki/springdoc-openapi-2.x-migration-guide ("springdoc-openapi 2 requires Java 17 and Spring Boot 3.x"); 2.0.2 on Boot 3.0: https://dev.to/willyancaetano/configurando-open-api-no-spring-boot-3-17oc';
const SPRINGDOC_VERSION = '2.0.2';

/** springdoc-openapi v1 module -> its v2 starter (the migration page's table). */
const SPRINGDOC_RENAMES: [string, string][] = [
  ['springdoc-openapi-ui', 'springdoc-openapi-starter-webmvc-ui'],
  ['springdoc-openapi-webmvc-core', 'springdoc-openapi-starter-webmvc-api'],
  ['springdoc-openapi-webflux-ui', 'springdoc-openapi-starter-webflux-ui'],
  ['springdoc-openapi-webflux-core', 'springdoc-openapi-starter-webflux-api'],
  ['springdoc-openapi-common', 'springdoc-openapi-starter-common'],
];

/** v1 modules whose support moved into springdoc-openapi-starter-common, which every v2 starter brings. */
const SPRINGDOC_MERGED = ['springdoc-openapi-data-rest', 'springdoc-openapi-groovy', 'springdoc-openapi-hateoas', 'springdoc-openapi-javadoc', 'springdoc-openapi-kotlin', 'springdoc-openapi-security', 'springdoc-openapi-native'];

function springdoc(): LibraryRow[] {
  const g = 'org.springdoc';
  return [
    ...SPRINGDOC_RENAMES.map(([from, to]): LibraryRow => ({
      from: { groupId: g, artifactId: from },
      action: 'rename',
      to: { groupId: g, artifactId: to },
      version: SPRINGDOC_VERSION,
      note: `springdoc-openapi 1.x supports Boot 2 only; its Boot 3 line is 2.x, where ${from} became ${to}`,
      source: SPRINGDOC,
    })),
    ...SPRINGDOC_MERGED.map((from): LibraryRow => ({
      from: { groupId: g, artifactId: from },
      action: 'manual',
      kept: 'error', // a 1.x module needs springdoc-openapi-common 1.x, which the 2.x starters replace
      note: `springdoc-openapi 2.x has no ${from}: its support is in springdoc-openapi-starter-common, which every 2.x starter brings — remove this dependency once the starter is on 2.x`,
      source: SPRINGDOC,
    })),
  ];
}

const OTHERS: LibraryRow[] = [
  {
    from: { groupId: 'com.ninja-squad', artifactId: 'springmockk' },
    action: 'raise',
    below: '4.0.0',
    version: '4.0.2',
    note: 'SpringMockK 3.x is built against Boot 2; 4.0.0 is the first built against Boot 3 (Java 17)',
    source: 'https://newreleases.io/project/github/Ninja-Squad/springmockk/release/4.0.0 ("built against Spring Boot 3"); 4.0.2 depends on spring-boot-test 3.0.0: https://mvnrepository.com/artifact/com.ninja-squad/springmockk/4.0.2',
  },
  {
    from: { groupId: 'org.codehaus.mojo', artifactId: 'jaxb2-maven-plugin' },
    action: 'raise',
    below: '3.0.0',
    version: '3.1.0',
    note: 'jaxb2-maven-plugin 2.x generates javax.xml.bind classes, which do not compile against the Jakarta XML Binding 4 Boot 3.0 manages; 3.x generates jakarta.xml.bind ones (3.0.0 was never published to Maven Central: 3.1.0 is the first)',
    source: 'https://github.com/mojohaus/jaxb2-maven-plugin/issues/171 ("3.0.0 and later generate jakarta.xml.bind imports"; "please try with version 3.1.0")',
  },
  {
    from: { groupId: 'org.jvnet.jaxb2.maven2', artifactId: 'maven-jaxb2-plugin' },
    action: 'manual',
    kept: 'error', // its javax.xml.bind classes do not compile against Jakarta XML Binding 4
    note: 'maven-jaxb2-plugin generates javax.xml.bind classes; its jakarta line is another artifact, org.jvnet.jaxb:jaxb-maven-plugin 4.x (Jakarta XML Binding 4, JDK 11+), whose configuration and XJC plugins (org.jvnet.jaxb2_commons -> org.jvnet.jaxb) moved too',
    source: 'https://github.com/highsource/jaxb-tools/issues/260 (roadmap: 2.0.0 renames the groupId/artifactId to org.jvnet.jaxb / jaxb-maven-plugin, 4.0.0 is Jakarta JAXB 4 and the jakarta namespace)',
  },
  {
    from: { groupId: 'com.fasterxml.jackson.datatype', artifactId: 'jackson-datatype-hibernate5' },
    action: 'manual',
    kept: 'warning',
    note: 'the javax variant does not see jakarta.persistence types: use com.fasterxml.jackson.datatype:jackson-datatype-hibernate5-jakarta (type com.fasterxml.jackson.datatype.hibernate5.jakarta.Hibernate5JakartaModule instead of ...hibernate5.Hibernate5Module; for Hibernate 5.5+ jakarta) or, for Boot 3.0\'s Hibernate 6, jackson-datatype-hibernate6 (Jackson 2.15+, newer than the 2.14 Boot 3.0 manages)',
    source: 'https://github.com/FasterXML/jackson-module-hibernate (README: "2 variants of Hibernate 5 module", "Jackson 2.15 adds Support for Hibernate 6.x")',
  },
  {
    from: { groupId: 'io.springfox', artifactId: '*' },
    action: 'manual',
    kept: 'error',
    successor: { groupId: 'org.springdoc', artifactId: 'springdoc-openapi-starter-webmvc-ui', reactiveArtifactId: 'springdoc-openapi-starter-webflux-ui', version: SPRINGDOC_VERSION },
    note: 'Springfox has no release for Spring Boot 3 (Boot 3 does not load its auto-configuration, registered in spring.factories: the API documentation is no longer served); the usual successor is springdoc-openapi 2.x (org.springdoc:springdoc-openapi-starter-webmvc-ui) with the io.swagger.v3 annotations',
    source: 'https://github.com/springfox/springfox/issues/3983',
  },
  {
    from: { groupId: 'com.baomidou', artifactId: 'mybatis-plus-boot-starter' },
    action: 'manual',
    kept: 'error', // no auto-configuration: the mappers the application injects are never created
    note: 'mybatis-plus-boot-starter registers its auto-configuration only through spring.factories, which Boot 3.0 no longer reads for auto-configuration: use com.baomidou:mybatis-plus-spring-boot3-starter (3.5.5 or later)',
    source: 'https://blog.csdn.net/qq_52462620/article/details/136603029 (mybatis-plus-spring-boot3-starter 3.5.5 on Boot 3); https://juejin.cn/post/7491956577563885580',
  },
  {
    from: { groupId: 'org.mybatis.spring.boot', artifactId: 'mybatis-spring-boot-starter' },
    action: 'manual',
    below: '3.0.0', // its Boot 3 line is 3.0.x of the same artifact
    kept: 'error', // the 2.x starter is built on Boot 2 and javax
    note: 'MyBatis-Spring-Boot-Starter 2.x supports Boot 2.5-2.7; Boot 3.0-3.1 need its 3.0 line (MyBatis-Spring 3.0, Java 17): set a 3.0.x version',
    source: 'https://blog.csdn.net/ly1347889755/article/details/130995120 (the starter\'s version table: 3.0 -> Boot 3.0-3.1, 2.3 -> Boot 2.5-2.7)',
  },
  {
    from: { groupId: 'com.alibaba', artifactId: 'druid-spring-boot-starter' },
    action: 'manual',
    kept: 'warning', // not auto-configured: Boot's own pool is used and spring.datasource.druid.* is ignored
    note: 'druid-spring-boot-starter is the starter for Boot 1.x/2.x; Boot 3 has its own artifact com.alibaba:druid-spring-boot-3-starter (1.2.20 fixed its auto-configuration registration)',
    source: 'https://github.com/alibaba/druid/releases/tag/1.2.20; https://github.com/alibaba/druid/wiki/DruidDataSource%25E9%2585%258D%25E7%25BD%25AE ("starter for springboot 3.x")',
  },
];

const LOMBOK_JDK17 = '1.18.22';
const SPOCK_GROOVY4 = 'https://libraries.io/maven/org.spockframework:spock-core/versions (2.2-groovy-4.0 and 2.3-groovy-4.0 are the first -groovy-4.0 releases; none before 2.2); Groovy 4 support: https://github.com/spockframework/spock/pull/1382 (milestone 2.2)';

/**
 * Lombok: Boot 3.0 manages it (lombok.version, from spring-boot-dependencies-3.0.json) on the same
 * 1.18 line, so the pinned-line rule leaves a hand pin alone; but a pin before the first release
 * with JDK 17 support fails to compile on the Java 17 Boot 3.0 needs: raised to Boot's version.
 */
function lombok(deps30Lombok: string): LibraryRow {
  return {
    from: { groupId: 'org.projectlombok', artifactId: 'lombok' },
    action: 'raise',
    below: LOMBOK_JDK17,
    version: deps30Lombok,
    note: `Lombok before ${LOMBOK_JDK17} does not support JDK 17 (its annotation processor fails inside javac), which Spring Boot 3.0 requires; ${deps30Lombok} is the version Boot 3.0 manages`,
    source: `https://projectlombok.org/changelog ("v${LOMBOK_JDK17} (October 6th, 2021): PLATFORM: JDK17 support added"); version: spring-boot-dependencies-3.0.json lombok.version`,
  };
}

/**
 * Spock: Boot 3.0 moves Groovy to 4 (org.apache.groovy, groovy.version in the data). Spock builds one
 * artifact per Groovy line (`2.3-groovy-3.0`, `2.3-groovy-4.0`); a -groovy-3.0/-2.5 pin brings
 * Groovy 3 (org.codehaus.groovy) beside Boot's Groovy 4. The same release's -groovy-4.0 variant
 * where it exists (2.2, 2.3), else 2.3-groovy-4.0; Spock 1.x (JUnit 4) is not moved.
 */
const SPOCK: LibraryRow = {
  from: { groupId: 'org.spockframework', artifactId: '*' },
  action: 'raise',
  version: '2.3-groovy-4.0',
  variant: { suffix: '-groovy-4.0', releases: ['2.2', '2.3'] },
  note: 'Spring Boot 3.0 manages Groovy 4 (org.apache.groovy); Spock\'s -groovy-3.0 / -groovy-2.5 artifacts bring Groovy 3 / 2.5 (org.codehaus.groovy) beside it: use the -groovy-4.0 variant (first released with Spock 2.2)',
  source: SPOCK_GROOVY4,
};

export function buildLibraries(deps30Lombok: string): LibraryRow[] {
  return [...springdoc(), ...OTHERS, lombok(deps30Lombok), SPOCK, ...hypersistenceLibraries()];
}

export function buildTargetVersions(): TargetVersionRow[] {
  return [
    {
      coordinate: { groupId: 'jakarta.inject', artifactId: 'jakarta.inject-api' },
      version: '2.0.1',
      note: 'the jakarta.inject namespace starts at 2.0 (1.x of this artifact still has javax.inject)',
      source: 'https://central.sonatype.com/artifact/jakarta.inject/jakarta.inject-api; 2.0.1 in Maven layout: https://packages.debian.org/forky/all/libjakarta-inject-api-java/filelist',
    },
  ];
}

/**
 * openapi-generator's spring generator writes javax imports (validation, annotation.Generated,
 * servlet) unless `useSpringBoot3` is set. Read from the published artifacts: the string is absent
 * from org/openapitools/codegen/languages/SpringCodegen.class in openapi-generator 6.0.0 and present
 * in 6.0.1; openapi-generator-maven-plugin 6.0.1 with useSpringBoot3=true generates jakarta.validation,
 * jakarta.annotation and jakarta.servlet imports and no javax one (spring generator, library
 * spring-boot, the petclinic-rest API description).
 */
export function buildCodeGenerators(): CodeGeneratorRow[] {
  return [
    {
      plugin: { groupId: 'org.openapitools', artifactId: 'openapi-generator-maven-plugin' },
      generators: ['spring'],
      option: 'useSpringBoot3',
      value: 'true',
      since: '6.0.1',
      note: 'the spring generator writes javax.validation, javax.annotation.Generated and javax.servlet imports, which do not compile on Boot 3.0, unless configOptions has useSpringBoot3=true (jakarta imports)',
      source: 'Maven Central: org.openapitools:openapi-generator 6.0.0 and 6.0.1, SpringCodegen.class (the useSpringBoot3 option first appears in 6.0.1); generated with openapi-generator-maven-plugin 6.0.1; https://github.com/OpenAPITools/openapi-generator/pull/12407',
    },
  ];
}
