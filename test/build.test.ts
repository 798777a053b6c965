// The build transform: table completeness against ../shared/data, every rename row applied in
// Maven and Gradle, version decisions, the TOML scanner and the Groovy tokens.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applyEdits } from '../src/engine/edits.js';
import type { PassContext, ProjectView, SourceFile } from '../src/engine/types.js';
import { ParseError } from '../src/engine/types.js';
import { groovyTokens } from '../src/formats/groovy.js';
import { scanToml } from '../src/formats/toml.js';
import { loadTable } from '../src/table/load.js';
import { buildBuild } from '../scripts/table/build.js';
import { openDataDir } from '../scripts/table/data.js';
import { defaultDataDir } from '../scripts/generate-table.js';
import { compareVersions, javaLevel, targetRelease, BuildOptionError } from '../transforms/build/facts.js';
import { decideVersionProperty } from '../transforms/build/version-property.js';
import { buildFacts, renamedVersionFollows } from '../transforms/build/facts.js';
import { migratePom } from '../transforms/build/maven.js';
import { migrateGradle } from '../transforms/build/gradle-rules.js';
import { PassOutput } from '../transforms/build/out.js';
import { tableForTarget } from '../src/table/target.js';
import { migrateWrapper } from '../transforms/build/wrapper.js';

const table = loadTable();
const section = table.build!;
const emptyProject: ProjectView = { root: '/', files: [], byPath: new Map(), ofKind: () => [] };
const ctx = (options: Record<string, unknown> = {}): PassContext => ({ table, options, project: emptyProject, ruleSelected: () => true });
const file = (path: string, kind: SourceFile['kind'], text: string): SourceFile => ({ path, kind, text, encoding: 'utf8', bom: false });

describe('build table section', () => {
  it.runIf(existsSync(defaultDataDir()))('is what scripts/table/build.ts makes of ../shared/data (regenerated and committed)', () => {
    expect(section).toEqual(JSON.parse(JSON.stringify(buildBuild(openDataDir(defaultDataDir())))));
  });

  it('holds every coordinate row of maven-coordinates-3.0.json', () => {
    const count = (a: string) => section.coordinates.filter((r) => r.action === a).length;
    // the data's 109/89/16/16, plus the javax holders the Jakarta facts name (org.glassfish:javax.servlet)
    // and org.glassfish:jakarta.el on its javax line, a rename to Tomcat's EL instead of a manual row
    expect([count('rename'), count('needs-version'), count('manual'), count('remove')]).toEqual([111, 89, 15 + 27, 16]);
    // manual: plus 27 artifacts a BOM Boot imports lost between its 2.7 and 3.0 versions (scripts/derive/bom-removed-artifacts.json)
    expect(section.coordinates.find((r) => r.from.artifactId === 'jetty-alpn-openjdk8-server')?.action).toBe('manual');
  });

  it('holds the 35 vanishing properties with successors and the r2dbc per-module properties', () => {
    const removed = section.versionProperties.filter((p) => !p.version30);
    expect(removed).toHaveLength(35);
    const r2dbc = section.versionProperties.find((p) => p.property === 'r2dbc-bom.version')!;
    expect(r2dbc.successors).toContain('r2dbc-postgresql.version');
    expect(r2dbc.successors).not.toContain('r2dbc-postgres.version');
    expect(section.versionProperties.filter((p) => p.version30 && !p.version27)).toHaveLength(15);
  });

  it('knows Boot 3.0.13 (default) and 3.0.0 with their Kotlin and dependency-management versions', () => {
    expect(section.boot.defaultVersion).toBe('3.0.13');
    expect(section.boot.releases.map((r) => [r.version, r.kotlin, r.dependencyManagementPlugin])).toEqual([
      ['3.0.13', '1.7.22', '1.1.4'],
      ['3.0.0', '1.7.21', '1.1.0'],
    ]);
    expect(section.jetty).toMatchObject({ property: 'jakarta-servlet.version', value: '5.0.0', starter: { artifactId: 'spring-boot-starter-jetty' } });
  });
});

describe('--boot-version', () => {
  it('accepts 3.0.x, 3.0 and any 3.x release up to the latest 3.5.x; refuses others with one clear line', () => {
    expect(targetRelease(table, undefined).version).toBe('3.0.13');
    expect(targetRelease(table, '3.0.x').version).toBe('3.0.13');
    expect(targetRelease(table, '3.0.0').version).toBe('3.0.0');
    // a release the bundled rows do not list is read from the table composed for it
    expect(() => targetRelease(table, '3.0.5')).toThrow(BuildOptionError);
    expect(targetRelease(tableForTarget(table, '3.0.5'), '3.0.5')).toMatchObject({ version: '3.0.5', kotlin: '1.7.22' });
    expect(targetRelease(tableForTarget(table, '3.5'), '3.5').version).toBe(table.targets!.minors.at(-1)!.latest);
    expect(() => targetRelease(table, '3.6.0')).toThrow(/^--boot-version 3\.6\.0: not a Spring Boot release this tool migrates to/);
  });
});

describe('version decisions', () => {
  it('compares versions numerically and refuses release-train names', () => {
    expect(compareVersions('5.6.15.Final', '6.1.7.Final')).toBe(-1);
    expect(compareVersions('2.7.18', '2.7.9')).toBe(1);
    expect(compareVersions('7.5', '7.5.0')).toBe(0);
    expect(compareVersions('Borca-SR2', '1.0.0')).toBeUndefined();
    expect([javaLevel('1.8'), javaLevel('11'), javaLevel('17'), javaLevel('x')]).toEqual([8, 11, 17, undefined]);
  });

  it('updates 2.7-era overrides, reports newer-but-lower ones and vanished properties', () => {
    const facts = buildFacts(ctx());
    expect(decideVersionProperty(facts, 'hibernate.version', '5.6.15.Final')).toMatchObject({ kind: 'update', to: '6.1.7.Final' });
    expect(decideVersionProperty(facts, 'flyway.version', '9.0.1')?.kind).toBe('report');
    expect(decideVersionProperty(facts, 'flyway.version', '9.22.0')).toBeUndefined();
    expect(decideVersionProperty(facts, 'javax-jaxb.version', '2.3.1')).toMatchObject({ kind: 'report', message: expect.stringContaining('jakarta-xml-bind.version') });
    expect(decideVersionProperty(facts, 'my.own.version', '1.0')).toBeUndefined();
  });
});

describe('every rename row', () => {
  const renames = section.coordinates.filter((r) => r.action === 'rename');

  it('is applied to a pom dependency, or reported when the new artifact would have no version', () => {
    const deps = renames.map((r) => `    <dependency>\n      <groupId>${r.from.groupId}</groupId>\n      <artifactId>${r.from.artifactId}</artifactId>\n    </dependency>`).join('\n');
    const parent = '  <parent>\n    <groupId>org.springframework.boot</groupId>\n    <artifactId>spring-boot-starter-parent</artifactId>\n    <version>2.7.18</version>\n  </parent>\n';
    const text = `<project>\n${parent}  <dependencies>\n${deps}\n  </dependencies>\n</project>\n`;
    const result = migratePom(file('pom.xml', 'pom', text), ctx());
    const after = applyEdits(text, result.edits!).text;
    const facts = buildFacts(ctx());
    const key = (c: { groupId: string; artifactId: string }) => `${c.groupId}:${c.artifactId}`;
    // a versionless dependency keeps none only where Boot 3.0 manages the new artifact, else takes the version the table knows
    const versioned = (r: (typeof renames)[number]) => facts.managedTarget.has(key(r.to!)) || facts.targetVersions.has(key(r.to!)) || renamedVersionFollows(facts, r);
    const errors = new Set(result.findings!.filter((f) => f.severity === 'error').map((f) => f.message.split(' ')[0]));
    for (const r of renames) {
      if (versioned(r) || r.from.groupId === r.to!.groupId) expect(after).toContain(`<groupId>${r.to!.groupId}</groupId>\n      <artifactId>${r.to!.artifactId}</artifactId>`);
      else expect(errors, key(r.from)).toContain(key(r.from));
    }
    expect(renames.filter((r) => !versioned(r)).length).toBeLessThan(renames.length / 4);
  });

  it('is applied to a Gradle string coordinate', () => {
    const text = `dependencies {\n${renames.map((r) => `    implementation '${r.from.groupId}:${r.from.artifactId}:1.0'`).join('\n')}\n}\n`;
    const out = new PassOutput();
    migrateGradle({ dsl: 'groovy', text, tokens: groovyTokens(text), facts: buildFacts(ctx()), out, options: {} });
    const after = applyEdits(text, out.edits).text;
    const facts = buildFacts(ctx());
    for (const r of renames) {
      if (renamedVersionFollows(facts, r)) {
        expect(after).toMatch(new RegExp(`'${r.to!.groupId}:${r.to!.artifactId}:[^':]+(:${r.to!.classifier ?? ''})?'`));
      } else {
        // another project's artifact that would keep the old one's version: reported, not renamed
        expect(after, `${r.from.groupId}:${r.from.artifactId}`).toContain(`'${r.from.groupId}:${r.from.artifactId}:1.0'`);
        expect(out.findings.some((f) => f.rule === 'build/coordinates' && f.message.includes(`${r.from.groupId}:${r.from.artifactId} -> `))).toBe(true);
      }
    }
    // most rows do follow: Boot manages the new artifact, the table knows a version, or the group stays
    expect(renames.filter((r) => renamedVersionFollows(facts, r)).length).toBeGreaterThan(renames.length / 2);
  });
});

describe('a versionless dependency Boot 3.0 no longer manages', () => {
  const pom = (management: string) =>
    `<project>\n${management}  <dependencies>\n    <dependency>\n      <groupId>org.springframework.boot</groupId>\n      <artifactId>spring-boot-starter-activemq</artifactId>\n    </dependency>\n  </dependencies>\n</project>\n`;
  const severity = (text: string) => migratePom(file('pom.xml', 'pom', text), ctx()).findings!.find((f) => f.rule === 'build/removed-integration')?.severity;

  it('is an error under Boot\'s parent and under an import of Boot\'s own BOM (which is what no longer manages it)', () => {
    const parent = '  <parent>\n    <groupId>org.springframework.boot</groupId>\n    <artifactId>spring-boot-starter-parent</artifactId>\n    <version>2.7.18</version>\n  </parent>\n';
    const bom = '  <dependencyManagement>\n    <dependencies>\n      <dependency>\n        <groupId>org.springframework.boot</groupId>\n        <artifactId>spring-boot-dependencies</artifactId>\n        <version>2.7.18</version>\n        <type>pom</type>\n        <scope>import</scope>\n      </dependency>\n    </dependencies>\n  </dependencyManagement>\n';
    expect(severity(pom(parent))).toBe('error');
    expect(severity(pom(bom))).toBe('error');
  });

  it('is a warning when another imported BOM may manage it', () => {
    const other = '  <parent>\n    <groupId>org.springframework.boot</groupId>\n    <artifactId>spring-boot-starter-parent</artifactId>\n    <version>2.7.18</version>\n  </parent>\n  <dependencyManagement>\n    <dependencies>\n      <dependency>\n        <groupId>com.example.platform</groupId>\n        <artifactId>platform-bom</artifactId>\n        <version>4.1.0</version>\n        <type>pom</type>\n        <scope>import</scope>\n      </dependency>\n    </dependencies>\n  </dependencyManagement>\n';
    expect(severity(pom(other))).toBe('warning');
  });
});

describe('gradle rules', () => {
  const migrate = (text: string, dsl: 'groovy' | 'kotlin' = 'groovy') => {
    const out = new PassOutput();
    migrateGradle({ dsl, text, tokens: groovyTokens(text), facts: buildFacts(ctx()), out, options: {} });
    return applyEdits(text, out.edits).text;
  };

  it('raises the compiler release option, not other properties named release', () => {
    expect(migrate("compileJava { options.release = 11 }\nversionInfo { release = '1.0' }\n")).toBe("compileJava { options.release = 17 }\nversionInfo { release = '1.0' }\n");
  });

  it('follows $name and ${name} version variables to their assignment', () => {
    const text = 'ext.springBootVersion = "2.7.5"\nbuildscript { dependencies { classpath "org.springframework.boot:spring-boot-gradle-plugin:$springBootVersion" } }\n';
    expect(migrate(text)).toBe(text.replace('2.7.5', '3.0.13'));
  });

  it('leaves Boot 3.x, newer Kotlin and a later dependency-management plugin alone', () => {
    const text = "plugins {\n  id 'org.springframework.boot' version '3.0.1'\n  id 'org.jetbrains.kotlin.jvm' version '1.8.0'\n  id 'io.spring.dependency-management' version '1.1.5'\n}\n";
    expect(migrate(text)).toBe(text);
  });
});

describe('formats', () => {
  it('groovy tokens: comments skipped, 1.8 joined, string content spans, templates marked', () => {
    const text = "// 'x:y:1'\nsourceCompatibility = 1.8\nid \"a\" version \"${v}\"\n";
    const tokens = groovyTokens(text);
    expect(tokens.map((t) => `${t.type}:${t.value}`)).toEqual(['symbol:sourceCompatibility', 'op:=', 'number:1.8', 'symbol:id', 'string:a', 'symbol:version', 'string:']);
    const a = tokens[4]!;
    expect(text.slice(a.contentStart, a.contentEnd)).toBe('a');
    expect(tokens[6]).toMatchObject({ templated: true, vars: ['v'] });
    expect(() => groovyTokens('plugins {\n')).toThrow(ParseError);
  });

  it('toml scanner: offsets of strings in inline tables, arrays and comments stepped over', () => {
    const text = '[versions]\nboot = "2.7.18" # c\n[libraries]\nx = { module = "g:a", version.ref = "boot" }\n[bundles]\nb = [\n  "x", # ]\n]\n';
    const entries = scanToml(text);
    expect(entries.map((e) => `${e.table}.${e.key}`)).toEqual(['versions.boot', 'libraries.x', 'bundles.b']);
    const boot = entries[0]!.value;
    expect(boot.kind === 'string' && text.slice(boot.start, boot.end)).toBe('2.7.18');
    const x = entries[1]!.value;
    expect(x.kind === 'table' && [...x.fields.keys()]).toEqual(['module', 'version.ref']);
    expect(() => scanToml('a = { b = "c"\n}')).toThrow(ParseError);
    expect(() => scanToml('a = "open\n')).toThrow(ParseError);
  });

  it('wrapper: raised to the minimum keeping -all, untouched at or above it', () => {
    const text = 'distributionUrl=https\\://services.gradle.org/distributions/gradle-7.4-all.zip\n';
    const r = migrateWrapper(file('gradle/wrapper/gradle-wrapper.properties', 'gradle-wrapper', text), ctx());
    expect(applyEdits(text, r.edits!).text).toBe('distributionUrl=https\\://services.gradle.org/distributions/gradle-7.5-all.zip\n');
    const newer = 'distributionUrl=https\\://services.gradle.org/distributions/gradle-8.1.1-bin.zip\n';
    expect(migrateWrapper(file('w', 'gradle-wrapper', newer), ctx()).edits).toEqual([]);
  });
});
