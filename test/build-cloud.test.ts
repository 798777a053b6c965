// Spring Cloud train, hand-versioned lines, Sleuth and third-party rows: the decisions
// the fixtures in fixtures/build/*spring-cloud*, *sleuth*, *libraries*, maven-hand-versioned rely on.
import { describe, expect, it } from 'vitest';
import type { PassContext, ProjectFile, ProjectView } from '../src/engine/types.js';
import { convertValue } from '../src/properties/conversions.js';
import { loadTable } from '../src/table/load.js';
import { buildFacts } from '../transforms/build/facts.js';
import { handVersionedGroupTarget, isNewLine } from '../transforms/build/hand-versioned.js';
import { libraryTarget, libraryVersion } from '../transforms/build/libraries.js';
import { sleuthUsers } from '../transforms/build/sleuth.js';
import { cloudModuleMessage } from '../transforms/build/spring-cloud.js';

const table = loadTable();
const view = (files: ProjectFile[]): ProjectView => ({ root: '/', files, byPath: new Map(files.map((f) => [f.path, f])), ofKind: (...k) => files.filter((f) => k.includes(f.kind)) });
const ctx: PassContext = { table, options: {}, project: view([]), ruleSelected: () => true };
const facts = buildFacts(ctx);
const cloud = facts.boms.get('org.springframework.cloud:spring-cloud-dependencies')!;

describe('Spring Cloud train', () => {
  it('moves 2021.0, 2020.0 and named trains to the latest 2022.0 release; leaves 2022.0.x and later alone', () => {
    expect(cloud.version).toBe(table.build!.springCloud.latest);
    expect(cloud.version.startsWith('2022.0.')).toBe(true);
    for (const old of ['2021.0.9', '2020.0.6', 'Hoxton.SR12', 'Greenwich.RELEASE', 'Finchley']) expect(cloud.below(old), old).toBe(true);
    for (const ok of ['2022.0.0', '2022.0.5', '2023.0.1', '${spring-cloud.version}']) expect(cloud.below(ok), ok).toBe(false);
  });

  it('names the modules with no 2022.0 release, by module prefix and starter name only', () => {
    expect(cloudModuleMessage(facts, 'org.springframework.cloud', 'spring-cloud-starter-cloudfoundry')).toMatch(/spring-cloud-cloudfoundry/);
    expect(cloudModuleMessage(facts, 'org.springframework.cloud', 'spring-cloud-sleuth-brave')).toMatch(/Micrometer Tracing/);
    expect(cloudModuleMessage(facts, 'org.springframework.cloud', 'spring-cloud-starter-config')).toBeUndefined();
    expect(cloudModuleMessage(facts, 'org.springframework.cloud', 'spring-cloud-client')).toBeUndefined();
    expect(cloudModuleMessage(facts, 'com.example.acme', 'spring-cloud-cli')).toBeUndefined();
  });
});

describe('hand-versioned lines', () => {
  it('a new major, or a new minor of a 0.x/1.x library, and only upwards', () => {
    expect(isNewLine('5.3.24', '6.0.14')).toBe(true);
    expect(isNewLine('1.7.36', '2.0.9')).toBe(true);
    expect(isNewLine('1.2.11', '1.4.11')).toBe(true);
    expect(isNewLine('6.0.2', '6.0.14')).toBe(false);
    expect(isNewLine('2.13.4', '2.14.3')).toBe(false);
    expect(isNewLine('7.0.0', '6.0.14')).toBe(false);
    expect(isNewLine('${x}', '6.0.14')).toBe(false);
  });

  it('by groupId: a new major of a plain release only; release-train libraries are not known by group', () => {
    const g = (groupId: string, v: string) => handVersionedGroupTarget(facts, [{ groupId }], v)?.version;
    expect(g('org.springframework', '5.3.24')).toBe(facts.groups.get('org.springframework')!.version);
    expect(g('org.springframework.security', '5.7.3.RELEASE')).toMatch(/^6\./);
    expect(g('org.springframework.security', '6.0.2')).toBeUndefined();
    expect(g('io.opentelemetry', '0.17.0-alpha')).toBeUndefined();
    expect(g('org.springframework.data', '1.2.1.RELEASE')).toBeUndefined();
    expect(facts.groups.has('org.springframework.data')).toBe(false);
    expect(handVersionedGroupTarget(facts, [{ groupId: 'org.springframework' }, { groupId: 'org.slf4j' }], '5.3.24')).toBeUndefined();
  });
});

describe('third-party rows', () => {
  const ui = facts.libraries.get('org.springdoc:springdoc-openapi-ui')!;
  const mockk = facts.libraries.get('com.ninja-squad:springmockk')!;
  it('carry a public source and, for edits, a version', () => {
    for (const row of table.build!.libraries) {
      expect(row.source).toMatch(/https:\/\//);
      if (row.action !== 'manual') expect(row.version, `${row.from.artifactId}`).toBeTruthy();
    }
  });
  it('rename rows write their version; raise rows only below their line', () => {
    expect(libraryVersion(ui, '1.6.14')).toBe('2.0.2');
    expect(libraryVersion(mockk, '3.1.2')).toBe('4.0.2');
    expect(libraryVersion(mockk, '4.0.0')).toBeUndefined();
  });
  it('a shared property moves only when every reader is such a row at one version', () => {
    const springdoc = [{ groupId: 'org.springdoc', artifactId: 'springdoc-openapi-ui' }, { groupId: 'org.springdoc', artifactId: 'springdoc-openapi-webmvc-core' }];
    expect(libraryTarget(facts, springdoc, '1.6.14')).toBe('2.0.2');
    expect(libraryTarget(facts, [...springdoc, { groupId: 'org.springdoc', artifactId: 'springdoc-openapi-kotlin' }], '1.6.14')).toBeUndefined();
    expect(libraryTarget(facts, [...springdoc, { groupId: 'com.example.acme', artifactId: 'acme-api' }], '1.6.14')).toBeUndefined();
  });
});

describe('Sleuth', () => {
  it('finds sources that name Sleuth types, imports and fully qualified names, Java and Kotlin', () => {
    const users = sleuthUsers(view([
      { path: 'a/Trace.java', kind: 'java', text: 'import org.springframework.cloud.sleuth.Tracer;\nimport org.springframework.cloud.sleuth.annotation.NewSpan;' },
      { path: 'b/Log.kt', kind: 'kotlin', text: 'val t: org.springframework.cloud.sleuth.Span? = null' },
      { path: 'c/Other.java', kind: 'java', text: 'import io.micrometer.tracing.Tracer;' },
    ]));
    expect(users).toEqual(['a/Trace.java (Tracer, NewSpan)', 'b/Log.kt (Span)']);
  });

  it('spring.zipkin.base-url becomes the span endpoint; placeholders are reported', () => {
    const row = table.properties.convert.find((c) => c.convert === 'zipkin-base-url-to-endpoint')!;
    expect(row.to).toBe('management.zipkin.tracing.endpoint');
    const set = (v: string) => convertValue(row, [{ key: 'spring.zipkin.base-url', value: v }]);
    expect(set('http://zipkin:9411/')).toMatchObject({ kind: 'set', value: 'http://zipkin:9411/api/v2/spans' });
    expect(set('https://z.example')).toMatchObject({ kind: 'set', value: 'https://z.example/api/v2/spans' });
    expect(set('http://z:9411/api/v2/spans')).toMatchObject({ kind: 'set', value: 'http://z:9411/api/v2/spans' });
    expect(set('${ZIPKIN_URL}')).toMatchObject({ kind: 'report' });
  });
});
