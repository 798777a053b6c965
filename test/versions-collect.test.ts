// What `npm run test:versions` asks Maven Central about (the asking needs the network and is not
// part of npm test): every version the table writes, with the coordinate it is a version of.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTable } from '../src/table/load.js';
import { collectVersions } from '../scripts/versions/collect.js';
import { pomUrl } from '../scripts/test-versions.js';
import { defaultDataDir } from '../scripts/generate-table.js';

const table = loadTable();
const { checks, apart } = collectVersions(table);
const coordinates = new Set(checks.map((c) => `${c.groupId}:${c.artifactId}:${c.version}`));

describe('the versions the table writes', () => {
  it('include Boot, its plugins and markers, Kotlin, the dependency-management plugin, Spring Cloud and the library rows', () => {
    for (const c of [
      'org.springframework.boot:spring-boot-starter-parent:3.0.13',
      'org.springframework.boot:spring-boot-dependencies:3.0.0',
      'org.springframework.boot:spring-boot-maven-plugin:3.0.13',
      'org.springframework.boot:org.springframework.boot.gradle.plugin:3.0.13',
      'org.jetbrains.kotlin:kotlin-maven-plugin:1.7.22',
      'org.jetbrains.kotlin.plugin.jpa:org.jetbrains.kotlin.plugin.jpa.gradle.plugin:1.7.22',
      'io.spring.gradle:dependency-management-plugin:1.1.4',
      'org.springframework.cloud:spring-cloud-dependencies:2022.0.5',
      'org.springframework.cloud:spring-cloud-openfeign-dependencies:4.0.6',
      'org.springdoc:springdoc-openapi-starter-webflux-ui:2.0.2',
      'org.spockframework:spock-core:2.2-groovy-4.0',
      'jakarta.inject:jakarta.inject-api:2.0.1',
      'com.fasterxml.jackson:jackson-bom:2.14.3',
    ])
      expect(coordinates, c).toContain(c);
  });

  it('never resolve a version on a BOM the release does not import (Boot 3.0.0 and spring-ws-bom)', () => {
    expect([...coordinates].filter((c) => c.startsWith('org.springframework.ws:spring-ws-bom:'))).toEqual(['org.springframework.ws:spring-ws-bom:4.0.8']);
    expect(table.build!.boms.find((b) => b.artifactId === 'spring-ws-bom')!.version30).toEqual({ '3.0.13': '4.0.8' });
  });

  it.runIf(existsSync(defaultDataDir()))('with the data, every version property and managed group has a coordinate but the two Boot 3.0.0 manages module by module', () => {
    const data = JSON.parse(readFileSync(path.join(defaultDataDir(), 'spring-boot-dependencies-3.0.json'), 'utf8'));
    const withData = collectVersions(table, data);
    expect(withData.apart.filter((a) => /versionProperties|managedGroups/.test(a.what)).map((a) => a.what.split(' ')[0])).toEqual(['spring-amqp.version=3.0.0', 'spring-ws.version=4.0.0', 'org.springframework.amqp', 'org.springframework.ws']);
    expect(withData.checks.length).toBeGreaterThan(checks.length);
  });

  it('lists apart what is not a Maven artifact, with the reason', () => {
    expect(apart.find((a) => a.what.startsWith('Gradle 7.5'))?.reason).toMatch(/services\.gradle\.org/);
  });

  it("asks for each coordinate's POM", () => {
    expect(pomUrl({ groupId: 'org.springframework.boot', artifactId: 'spring-boot-dependencies', version: '3.0.13', where: '' })).toBe('https://repo.maven.apache.org/maven2/org/springframework/boot/spring-boot-dependencies/3.0.13/spring-boot-dependencies-3.0.13.pom');
  });
});
