// The build's output read as findings, without running a build: one parser per format (javac's
// two layouts, kotlinc's two, Maven's and Gradle's resolution errors), the table's explanation
// of what a compiler could not find, and which build runs where.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { JavacParser } from '../src/verify/parse/javac.js';
import { KotlincParser } from '../src/verify/parse/kotlinc.js';
import { MavenParser } from '../src/verify/parse/maven.js';
import { GradleParser } from '../src/verify/parse/gradle.js';
import type { OutputParser } from '../src/verify/parse/problems.js';
import { KnownChanges } from '../src/verify/known-changes.js';
import { explainCompileError } from '../src/verify/explain.js';
import { NoBuild, planBuilds } from '../src/verify/build-root.js';
import { parseDuration } from '../src/verify/index.js';
import { loadTable } from '../src/table/load.js';

const read = (parser: OutputParser, text: string) => {
  for (const line of text.split('\n')) parser.line(line);
  return parser.problems();
};

describe('javac', () => {
  it('reads the Maven layout, its symbol/location lines, and skips warnings', () => {
    const problems = read(
      new JavacParser(),
      `[INFO] Compiling 1 source file with javac [debug release 17] to target/classes
[WARNING] /r/src/main/java/a/Old.java:[3,8] [deprecation] Thing in a has been deprecated
[ERROR] COMPILATION ERROR : 
[ERROR] /r/src/main/java/a/Entry.java:[3,24] package javax.annotation does not exist
[ERROR] /r/src/main/java/a/Entry.java:[11,6] cannot find symbol
  symbol:   class PostConstruct
  location: class a.Entry
[INFO] 2 errors 
[ERROR] Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin:3.11.0:compile (default-compile) on project x: Compilation failure: Compilation failure: 
[ERROR] /r/src/main/java/a/Entry.java:[11,6] cannot find symbol
[ERROR]   symbol:   class PostConstruct
[ERROR]   location: class a.Entry
[ERROR] -> [Help 1]`,
    );
    expect(problems).toEqual([
      { kind: 'compile', compiler: 'javac', file: '/r/src/main/java/a/Entry.java', line: 3, column: 24, message: 'package javax.annotation does not exist', details: [] },
      { kind: 'compile', compiler: 'javac', file: '/r/src/main/java/a/Entry.java', line: 11, column: 6, message: 'cannot find symbol', details: ['symbol: class PostConstruct', 'location: class a.Entry'] },
      { kind: 'compile', compiler: 'javac', file: '/r/src/main/java/a/Entry.java', line: 11, column: 6, message: 'cannot find symbol', details: ['symbol: class PostConstruct', 'location: class a.Entry'] },
    ]);
  });

  it('reads the plain layout: the column is the caret under the source line', () => {
    const problems = read(
      new JavacParser(),
      `/r/A.java:6: error: cannot find symbol
public class A extends WebSecurityConfigurerAdapter {
                       ^
  symbol: class WebSecurityConfigurerAdapter
/r/A.java:9: warning: [removal] x in y has been deprecated
/r/B.java:2: error: package javax.persistence does not exist
import javax.persistence.Entity;
                        ^
1 error`,
    );
    expect(problems.map((p) => p.kind === 'compile' && [p.file, p.line, p.column, p.message, p.details])).toEqual([
      ['/r/A.java', 6, 24, 'cannot find symbol', ['symbol: class WebSecurityConfigurerAdapter']],
      ['/r/B.java', 2, 25, 'package javax.persistence does not exist', []],
    ]);
  });
});

describe('kotlinc', () => {
  it('reads Kotlin 1.8+ (file URI), up to 1.7, and the kotlin-maven-plugin layout; warnings are skipped', () => {
    const problems = read(
      new KotlincParser(),
      `e: file:///r/my%20app/A.kt:3:14 Unresolved reference 'annotation'.
w: file:///r/A.kt:1:1 Parameter 'x' is never used
e: /r/B.kt: (12, 8): Unresolved reference: Foo
[ERROR] /r/C.kt: (2, 30) Expecting ')'
[ERROR] file:///r/D.kts:4:1 Unresolved reference: implementation
[ERROR] e: /r/E.kt: (4, 15): Unresolved reference: jakarta
[ERROR] e: file:///r/F.kt:7:2 Unresolved reference 'Bar'.
e: java.lang.OutOfMemoryError: Java heap space`,
    );
    expect(problems.map((p) => p.kind === 'compile' && [p.file, p.line, p.column, p.message])).toEqual([
      ['/r/my app/A.kt', 3, 14, "Unresolved reference 'annotation'."],
      ['/r/B.kt', 12, 8, 'Unresolved reference: Foo'],
      ['/r/C.kt', 2, 30, "Expecting ')'"],
      ['/r/D.kts', 4, 1, 'Unresolved reference: implementation'],
      ['/r/E.kt', 4, 15, 'Unresolved reference: jakarta'],
      ['/r/F.kt', 7, 2, "Unresolved reference 'Bar'."],
    ]);
  });
});

describe('Maven', () => {
  it('reads unresolved dependencies (3.8 and 3.9 wording, cached failures), parents, imported BOMs and plugins', () => {
    const problems = read(
      new MavenParser(),
      `[ERROR] Failed to execute goal on project app: Could not resolve dependencies for project com.acme:app:jar:1.0: Could not find artifact com.acme.nowhere:ledger-missing:jar:9.9.9 in central (https://repo.maven.apache.org/maven2) -> [Help 1]
[ERROR] Failed to execute goal on project app: Could not resolve dependencies for project com.acme:app:jar:1.0: The following artifacts could not be resolved: a.b:c:jar:1.0 (absent), a.b:d:jar:tests:2.0 (absent): Could not find artifact a.b:c:jar:1.0 in central (https://repo.maven.apache.org/maven2)
[ERROR] Failed to execute goal on project app: Could not resolve dependencies for project com.acme:app:jar:1.0: Failure to find e.f:g:jar:3.0 in https://repo.maven.apache.org/maven2 was cached in the local repository, resolution will not be reattempted until the update interval of central has elapsed
[ERROR] Failed to execute goal on project app: Could not resolve dependencies for project com.acme:app:jar:1.0: h.i:j:jar:4.0 was not found in https://repo.maven.apache.org/maven2 during a previous attempt. This failure was cached in the local repository and resolution is not reattempted until the update interval of central has elapsed or updates are forced -> [Help 1]
[ERROR]   The project com.acme:app:1.0 (/r/pom.xml) has 1 error
[ERROR]     Non-resolvable parent POM for com.acme:app:1.0: Could not find artifact org.springframework.boot:spring-boot-starter-parent:pom:3.0.99 in central (https://repo.maven.apache.org/maven2) and 'parent.relativePath' points at wrong local POM @ line 5, column 11 -> [Help 2]
[ERROR]     Non-resolvable import POM: Could not find artifact org.springframework.cloud:spring-cloud-dependencies:pom:2022.0.99 in central (https://repo.maven.apache.org/maven2) @ line 30, column 19
[ERROR] Plugin com.acme:shiny-maven-plugin:1.2 or one of its dependencies could not be resolved: Could not find artifact com.acme:shiny-maven-plugin:jar:1.2 in central (https://repo.maven.apache.org/maven2) -> [Help 1]
[INFO] Could not find artifact not:an-error:jar:1 in an info line`,
    );
    expect(problems.map((p) => p.kind === 'dependency' && `${p.role} ${p.groupId}:${p.artifactId}:${p.version}`)).toEqual([
      'dependency com.acme.nowhere:ledger-missing:9.9.9',
      'dependency a.b:c:1.0',
      'dependency a.b:d:2.0',
      'dependency e.f:g:3.0',
      'dependency h.i:j:4.0',
      'parent org.springframework.boot:spring-boot-starter-parent:3.0.99',
      'import org.springframework.cloud:spring-cloud-dependencies:2022.0.99',
      'plugin com.acme:shiny-maven-plugin:1.2',
    ]);
  });

  it('places a POM entry it refuses in the file of the project line above it', () => {
    const problems = read(
      new MavenParser(),
      `[ERROR] [ERROR] Some problems were encountered while processing the POMs:
[ERROR] 'dependencies.dependency.version' for antlr:antlr:jar is missing. @ line 20, column 17
[ERROR]   The project com.acme:app:1.0 (/r/pom.xml) has 1 error
[ERROR]     'dependencies.dependency.version' for antlr:antlr:jar is missing. @ line 20, column 17
[FATAL] Non-parseable POM /r/mod/pom.xml: end tag name </dependency> must match start tag name <version> @ line 14, column 21`,
    );
    expect(problems).toEqual([
      { kind: 'build-file', file: undefined, line: 20, column: 17, groupId: 'antlr', artifactId: 'antlr', message: "'dependencies.dependency.version' for antlr:antlr:jar is missing." },
      { kind: 'build-file', file: '/r/pom.xml', line: 20, column: 17, groupId: 'antlr', artifactId: 'antlr', message: "'dependencies.dependency.version' for antlr:antlr:jar is missing." },
      { kind: 'build-file', file: '/r/mod/pom.xml', line: 14, column: 21, message: 'end tag name </dependency> must match start tag name <version>' },
    ]);
  });
});

describe('Gradle', () => {
  it('reads what it could not find (with and without a version), missing plugins, and a script it could not evaluate', () => {
    const problems = read(
      new GradleParser(),
      `* What went wrong:
Execution failed for task ':app:compileJava'.
> Could not resolve all files for configuration ':app:compileClasspath'.
   > Could not find com.acme.nowhere:ledger-missing:9.9.9.
     Required by:
         project :app
   > Could not find antlr:antlr:.
* Try:
> Run with --stacktrace option to get the stack trace.

* Where:
Build file '/r/app/build.gradle' line: 12

* What went wrong:
A problem occurred evaluating project ':app'.
> Could not find method compile() for arguments [x] on object of type org.gradle.api.internal.artifacts.dsl.dependencies.DefaultDependencyHandler.

* What went wrong:
Plugin [id: 'org.springframework.boot', version: '3.0.99'] was not found in any of the following sources:`,
    );
    expect(problems).toEqual([
      { kind: 'dependency', groupId: 'com.acme.nowhere', artifactId: 'ledger-missing', version: '9.9.9', role: 'dependency', message: 'Could not find com.acme.nowhere:ledger-missing:9.9.9.' },
      { kind: 'dependency', groupId: 'antlr', artifactId: 'antlr', role: 'dependency', message: 'Could not find antlr:antlr:.' },
      { kind: 'build-file', file: '/r/app/build.gradle', line: 12, column: 1, message: "A problem occurred evaluating project ':app'. Could not find method compile() for arguments [x] on object of type org.gradle.api.internal.artifacts.dsl.dependencies.DefaultDependencyHandler." },
      { kind: 'dependency', groupId: 'org.springframework.boot', artifactId: 'org.springframework.boot.gradle.plugin', version: '3.0.99', role: 'plugin', message: "Plugin [id: 'org.springframework.boot', version: '3.0.99'] was not found in any of the following sources:" },
    ]);
  });
});

describe('what the table knows of a compile error', () => {
  const known = new KnownChanges(loadTable());
  const temps: string[] = [];
  afterEach(() => {
    while (temps.length) rmSync(temps.pop()!, { recursive: true, force: true });
  });
  const source = (name: string, text: string) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bu-verify-src-'));
    temps.push(dir);
    writeFileSync(path.join(dir, name), text);
    return path.join(dir, name);
  };
  const javac = (message: string, line: number, details: string[] = []) => ({ kind: 'compile' as const, compiler: 'javac' as const, file: '', line, column: 1, message, details });

  it('a javax import that moved names its jakarta package and what Boot 3.0 provides', () => {
    const file = source('A.java', 'package a;\nimport javax.persistence.Entity;\n');
    expect(explainCompileError(javac('package javax.persistence does not exist', 2), file, known)?.text).toMatch(/javax\.persistence\.Entity is Java EE.*jakarta\.persistence\.Entity.*jakarta\.persistence:jakarta\.persistence-api 3\.1\.0/);
  });

  it('JSR-305 in javax.annotation is not a Jakarta move', () => {
    const file = source('A.java', 'package a;\nimport javax.annotation.Nonnull;\n');
    expect(explainCompileError(javac('package javax.annotation does not exist', 2), file, known)?.text).toMatch(/not Jakarta EE \(JSR-305/);
  });

  it('a jakarta package nothing provides names the artifact', () => {
    expect(explainCompileError(javac('package jakarta.xml.bind.annotation does not exist', 3), '/nowhere/A.java', known)?.text).toMatch(/jakarta\.xml\.bind\.annotation \(Jakarta XML Binding\) is not on the class path: Boot 3\.0 provides jakarta\.xml\.bind:jakarta\.xml\.bind-api/);
  });

  it('a simple name is resolved through an on-demand import; a removed type names its replacement', () => {
    const file = source('S.java', 'package a;\nimport org.springframework.security.config.annotation.web.configuration.*;\n');
    const found = explainCompileError(javac('cannot find symbol', 6, ['symbol: class WebSecurityConfigurerAdapter']), file, known);
    expect(found?.text).toMatch(/^WebSecurityConfigurerAdapter .*SecurityFilterChain/);
  });

  it('a method Spring Security 6 removed names the one to call', () => {
    const found = explainCompileError(javac('cannot find symbol', 9, ['symbol: method antMatchers(String)', 'location: class AuthorizationManagerRequestMatcherRegistry']), '/nowhere/S.java', known);
    expect(found?.text).toMatch(/^antMatchers is gone in Spring Security 6 \(Boot 3\.0\): use requestMatchers/);
  });

  it("kotlinc's unresolved import segment is read from the import on its line", () => {
    const file = source('L.kt', 'package a\n\nimport javax.annotation.PostConstruct\n');
    const found = explainCompileError({ kind: 'compile', compiler: 'kotlinc', file, line: 3, column: 14, message: "Unresolved reference 'annotation'.", details: [] }, file, known);
    expect(found?.text).toMatch(/jakarta\.annotation\.PostConstruct/);
  });

  it('an error the table knows nothing of stays unexplained', () => {
    expect(explainCompileError(javac('incompatible types: java.lang.String cannot be converted to int', 4), '/nowhere/A.java', known)).toBeUndefined();
    expect(explainCompileError(javac('package com.acme.audit does not exist', 4), '/nowhere/A.java', known)).toBeUndefined();
  });

  it('a coordinate Boot 3.0 stopped managing says so, with the version Boot 2.7 managed', () => {
    expect(known.coordinateChange('antlr', 'antlr')?.text).toMatch(/ANTLR 2 dependency management removed.*Boot 3\.0 does not manage its version: give it one \(Boot 2\.7 managed 2\.7\.7\)/);
    expect(known.coordinateChange('org.springframework.cloud', 'spring-cloud-starter-sleuth')?.text).toMatch(/Micrometer Tracing/);
    expect(known.coordinateChange('org.springframework.cloud', 'spring-cloud-cloudfoundry-connector')?.text).toBe('spring-cloud-cloudfoundry: no 2022.0 release.');
    expect(known.coordinateChange('com.acme', 'nothing')).toBeUndefined();
  });
});

describe('which build runs where', () => {
  const temps: string[] = [];
  afterEach(() => {
    while (temps.length) rmSync(temps.pop()!, { recursive: true, force: true });
  });
  const tree = (files: Record<string, string>) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bu-verify-plan-'));
    temps.push(dir);
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), text);
    }
    return dir;
  };
  const pom = (modules: string[] = []) => `<project><modules>${modules.map((m) => `<module>${m}</module>`).join('')}</modules></project>`;
  const env = { PATH: '/usr/bin:/bin' };

  it('a Maven module runs at the top pom that lists it, through its executable ./mvnw', () => {
    const dir = tree({ 'pom.xml': pom(['services']), 'services/pom.xml': pom(['app']), 'services/app/pom.xml': pom(), mvnw: '#!/bin/sh\n' });
    chmodSync(path.join(dir, 'mvnw'), 0o755);
    const [plan] = planBuilds(path.join(dir, 'services', 'app'), dir, env);
    expect(plan).toMatchObject({ tool: 'maven', dir, program: path.join(dir, 'mvnw'), args: ['-B', '-DskipTests', '--fail-at-end', 'test-compile'], display: './mvnw -B -DskipTests --fail-at-end test-compile' });
  });

  it('a ./mvnw that is not executable leaves mvn from PATH', () => {
    const dir = tree({ 'pom.xml': pom(), mvnw: '#!/bin/sh\n' });
    const plans = planBuilds(dir, dir, env);
    expect(plans.map((p) => [p.tool, p.display])).toEqual([['maven', 'mvn -B -DskipTests --fail-at-end test-compile']]);
  });

  it('a pom that does not list the target as a module is not its build root', () => {
    const dir = tree({ 'pom.xml': pom(['other']), 'app/pom.xml': pom() });
    expect(planBuilds(path.join(dir, 'app'), dir, env)[0]!.dir).toBe(path.join(dir, 'app'));
  });

  it('a Gradle project runs at its settings file, through the wrapper only (sh for one without its executable bit)', () => {
    const dir = tree({ 'settings.gradle': "include 'app'", 'app/build.gradle': '', gradlew: '#!/bin/sh\n' });
    expect(planBuilds(path.join(dir, 'app'), dir, env)).toMatchObject([{ tool: 'gradle', dir, program: 'sh', args: [path.join(dir, 'gradlew'), '--console=plain', '--continue', '--no-daemon', 'testClasses'] }]);
    expect(() => planBuilds(tree({ 'build.gradle.kts': '' }), undefined, env)).toThrow(/without a Gradle wrapper.*never a gradle from PATH/);
  });

  it('a folder with no build file verifies each build below it, never one inside build output', () => {
    const dir = tree({ 'billing/pom.xml': pom(), 'billing/target/x/pom.xml': pom(), 'web/settings.gradle.kts': '', 'web/gradlew': '', 'docs/readme.md': '', 'node_modules/x/pom.xml': pom() });
    expect(planBuilds(dir, dir, env).map((p) => [p.tool, path.relative(dir, p.dir)])).toEqual([
      ['maven', 'billing'],
      ['gradle', 'web'],
    ]);
    expect(() => planBuilds(tree({ 'docs/readme.md': '' }), undefined, env)).toThrow(NoBuild);
  });

  it('durations', () => {
    expect([parseDuration('90s'), parseDuration('20m'), parseDuration('1h'), parseDuration('45'), parseDuration('0'), parseDuration('soon')]).toEqual([90_000, 1_200_000, 3_600_000, 45_000, undefined, undefined]);
  });
});
