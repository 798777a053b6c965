// gradle.properties: which script forms read a variable, which gradle.properties defines it, and
// the edit in that file (only the value text; separators, comments and continuations kept).
import { describe, expect, it } from 'vitest';
import { applyEdits } from '../src/engine/edits.js';
import type { FileKind, PassContext, ProjectFile, ProjectView, SourceFile } from '../src/engine/types.js';
import { groovyTokens } from '../src/formats/groovy.js';
import { loadTable } from '../src/table/load.js';
import { buildFacts } from '../transforms/build/facts.js';
import { definingProperties, gradlePropertiesPass } from '../transforms/build/gradle-properties.js';
import { migrateGradle, variableAt } from '../transforms/build/gradle-rules.js';
import { PassOutput } from '../transforms/build/out.js';

const table = loadTable();

function project(files: Record<string, string>): ProjectView {
  const kindOf = (p: string): FileKind => (p.endsWith('gradle.properties') ? 'gradle-properties' : p.endsWith('.kts') ? 'gradle-kts' : 'gradle');
  const list: ProjectFile[] = Object.entries(files).map(([path, text]) => ({ path, kind: kindOf(path), text }));
  return { root: '/', files: list, byPath: new Map(list.map((f) => [f.path, f])), ofKind: (...k) => list.filter((f) => k.includes(f.kind)) };
}
const ctxOf = (view: ProjectView): PassContext => ({ table, options: {}, project: view, ruleSelected: () => true });
const props = (path: string, text: string): SourceFile => ({ path, kind: 'gradle-properties', text, encoding: 'latin1', bom: false });

function migrateProperties(files: Record<string, string>, path = 'gradle.properties') {
  const view = project(files);
  const result = gradlePropertiesPass.run(props(path, files[path]!), ctxOf(view));
  return { text: applyEdits(files[path]!, result.edits ?? []).text, findings: result.findings ?? [] };
}

describe('variableAt: the project property a value reads', () => {
  const at = (src: string) => {
    const tokens = groovyTokens(src);
    return variableAt(src, tokens, 2); // x = <value>
  };
  it.each([
    ['x = "${bootVersion}"', 'bootVersion'],
    ['x = "$bootVersion"', 'bootVersion'],
    ['x = bootVersion', 'bootVersion'],
    ['x = project.bootVersion', 'bootVersion'],
    ['x = rootProject.bootVersion', 'bootVersion'],
    ['x = javaVersion.toInteger()', 'javaVersion'],
    ["x = property('boot.version')", 'boot.version'],
    ["x = project.findProperty('bootVersion')", 'bootVersion'],
    ["x = providers.gradleProperty('bootVersion').get()", 'bootVersion'],
    ["x = ext['bootVersion']", 'bootVersion'],
    ["x = rootProject.extra['bootVersion']", 'bootVersion'],
  ])('%s -> %s', (src, name) => expect(at(src)).toBe(name));
  it.each(['x = "1.${minor}"', "x = '2.7.0'", 'x = JavaVersion.VERSION_11', 'x = compute()', 'x = true', 'x = a.b'])('%s -> nothing', (src) => expect(at(src)).toBeUndefined());
});

describe('build/gradle-properties pass', () => {
  it('updates the variables the scripts use as versions, nothing else', () => {
    const files = {
      'gradle.properties': 'boot=2.7.1\nother=2.7.1\n',
      'build.gradle': "plugins { id 'org.springframework.boot' version boot }\nversion = other\n",
    };
    expect(migrateProperties(files).text).toBe('boot=3.0.13\nother=2.7.1\n');
  });

  it('the nearest gradle.properties defines a variable (a module overrides the root)', () => {
    const view = project({ 'gradle.properties': 'v=11\nw=1\n', 'a/gradle.properties': 'v=8\n', 'a/b/build.gradle': '' });
    expect(definingProperties(view, 'a/b/build.gradle', 'v')).toBe('a/gradle.properties');
    expect(definingProperties(view, 'a/b/build.gradle', 'w')).toBe('gradle.properties');
    expect(definingProperties(view, 'build.gradle', 'x')).toBeUndefined();
  });

  it('leaves a root variable that every script reads from a module override', () => {
    const files = {
      'gradle.properties': 'javaVersion=11\n',
      'a/gradle.properties': 'javaVersion=11\n',
      'a/build.gradle': 'sourceCompatibility = javaVersion\n',
    };
    expect(migrateProperties(files).text).toBe('javaVersion=11\n');
    expect(migrateProperties(files, 'a/gradle.properties').text).toBe('javaVersion=17\n');
  });

  it('reports a variable used as two different versions and changes nothing', () => {
    const files = {
      'gradle.properties': 'v=1.6.21\n',
      'build.gradle': "plugins { id 'org.jetbrains.kotlin.jvm' version v\n id 'org.springframework.boot' version v }\n",
    };
    const { text, findings } = migrateProperties(files);
    expect(text).toBe(files['gradle.properties']);
    expect(findings.map((f) => f.message)).toEqual([expect.stringContaining('v is used as more than one version')]);
  });

  it('keeps escapes and trailing blanks of the value', () => {
    const files = {
      'gradle.properties': 'kotlinVersion=\\\n  1.\\\n  6.21  \nspringBootVersion=2.7.18\n',
      'settings.gradle': "plugins { id 'org.jetbrains.kotlin.jvm' version kotlinVersion\n id 'org.springframework.boot' version springBootVersion }\n",
    };
    expect(migrateProperties(files).text).toBe('kotlinVersion=\\\n  1.\\\n  7.22  \nspringBootVersion=3.0.13\n');
  });

  it('a Boot version already 3.x in gradle.properties: the build is on 3.x, no 2.7 -> 3.0 version is raised', () => {
    const files = {
      'gradle.properties': 'kotlinVersion=1.6.21\nspringBootVersion=3.0.2\n',
      'settings.gradle': "plugins { id 'org.jetbrains.kotlin.jvm' version kotlinVersion\n id 'org.springframework.boot' version springBootVersion }\n",
    };
    expect(migrateProperties(files)).toEqual({ text: files['gradle.properties'], findings: [] });
  });

  it('a BOM version: raised only when nothing but BOM imports read it, in any script it is given to', () => {
    const files = {
      'gradle.properties': 'securityVersion=5.8.14\n',
      'build.gradle': "plugins { id 'org.springframework.boot' version '2.7.18' }\ndependencies { implementation platform(\"org.springframework.security:spring-security-bom:$securityVersion\") }\n",
    };
    const raised = migrateProperties(files);
    expect(raised.text).toBe('securityVersion=6.0.8\n');
    expect(raised.findings.map((f) => f.rule)).toEqual(['build/imported-bom']);
    const shared = migrateProperties({ ...files, 'a/build.gradle': 'dependencies { implementation "org.springframework.security:spring-security-core:${securityVersion}" }\n' });
    expect(shared.text).toBe(files['gradle.properties']);
    expect(shared.findings.map((f) => f.message)).toEqual([expect.stringContaining('a/build.gradle also reads it: not changed')]);
  });
});

describe('script passes and gradle.properties', () => {
  const migrate = (text: string, defined: string[]) => {
    const out = new PassOutput();
    const variables = { defined: (n: string) => defined.includes(n) };
    migrateGradle({ dsl: 'groovy', text, tokens: groovyTokens(text), facts: buildFacts(ctxOf(project({}))), out, options: {}, variables });
    return { text: applyEdits(text, out.edits).text, findings: out.findings.map((f) => f.rule) };
  };

  it('stay silent about a variable a gradle.properties defines, report one defined nowhere', () => {
    const text = "plugins { id 'org.springframework.boot' version \"${springBootVersion}\" }\n";
    expect(migrate(text, ['springBootVersion'])).toEqual({ text, findings: [] });
    expect(migrate(text, [])).toEqual({ text, findings: ['build/boot-version'] });
  });

  it('a variable the script assigns itself is still raised in the script', () => {
    const text = "ext.javaVersion = '11'\nsourceCompatibility = javaVersion\n";
    expect(migrate(text, ['javaVersion']).text).toBe("ext.javaVersion = '17'\nsourceCompatibility = javaVersion\n");
  });

  it('a Java level from an unknown variable is not reported (it never was)', () => {
    expect(migrate('sourceCompatibility = javaVersion\n', [])).toEqual({ text: 'sourceCompatibility = javaVersion\n', findings: [] });
  });
});
