// Builds `build.otherFrameworks` and `build.javaEeApis`: what makes a module of the repository a
// module of another application framework, or a plain Java EE war, and so no Spring Boot module
// (transforms/build/modules.ts leaves such a module as it is). ../shared/data covers Boot's own
// artifacts only: these are the frameworks' published coordinates, each row naming where they are
// served (Maven Central for group ids and API artifacts, the Gradle plugin portal for plugin ids).
import type { JavaEeApiRows, OtherFrameworkRow } from '../../src/table/sections/build.js';

const CENTRAL = 'https://repo.maven.apache.org/maven2';
const PORTAL = 'https://plugins.gradle.org/plugin';

export function buildOtherFrameworks(): OtherFrameworkRow[] {
  return [
    {
      what: 'a Quarkus module',
      // the platform's own group (quarkus-core, quarkus-maven-plugin) and the platform BOMs' group
      groups: ['io.quarkus', 'io.quarkus.platform'],
      groupPrefixes: [],
      pluginIds: ['io.quarkus'],
      pluginIdPrefixes: [],
      source: `${CENTRAL}/io/quarkus/quarkus-core/ ; ${CENTRAL}/io/quarkus/platform/quarkus-bom/ ; ${PORTAL}/io.quarkus`,
    },
    {
      what: 'a Micronaut module',
      // micronaut-core's group, and every module group below it (io.micronaut.platform:micronaut-parent, io.micronaut.data, ...)
      groups: ['io.micronaut'],
      groupPrefixes: ['io.micronaut.'],
      pluginIds: [],
      // io.micronaut.application, io.micronaut.library, io.micronaut.minimal.application, ...
      pluginIdPrefixes: ['io.micronaut.'],
      source: `${CENTRAL}/io/micronaut/micronaut-core/ ; ${CENTRAL}/io/micronaut/platform/micronaut-parent/ ; ${PORTAL}/io.micronaut.application ; ${PORTAL}/io.micronaut.library`,
    },
  ];
}

export function buildJavaEeApis(): JavaEeApiRows {
  const coordinates = [
    { groupId: 'javax', artifactId: 'javaee-api' },
    { groupId: 'javax', artifactId: 'javaee-web-api' },
    { groupId: 'jakarta.platform', artifactId: 'jakarta.jakartaee-api' },
    { groupId: 'jakarta.platform', artifactId: 'jakarta.jakartaee-web-api' },
    { groupId: 'javax.servlet', artifactId: 'servlet-api' },
    { groupId: 'javax.servlet', artifactId: 'javax.servlet-api' },
    { groupId: 'jakarta.servlet', artifactId: 'jakarta.servlet-api' },
  ];
  return { coordinates, source: coordinates.map((c) => `${CENTRAL}/${c.groupId.replace(/\./g, '/')}/${c.artifactId}/`).join(' ; ') };
}
