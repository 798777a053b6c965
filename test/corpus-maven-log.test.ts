import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without type declarations
import { parseMavenLog, classifyCompile } from '../scripts/corpus/maven-log.mjs';

// Invented project names; the shapes are those Maven 3.8, javac 17 and kotlinc print.
const LOG = `\x1b[0m\x1b[0m[INFO] Scanning for projects...
[ERROR] COMPILATION ERROR : 
[INFO] -------------------------------------------------------------
[ERROR] /t/shop/src/main/java/org/acme/Order.java:[3,24] package javax.persistence does not exist
[ERROR] /t/shop/src/main/java/org/acme/Order.java:[9,2] cannot find symbol
  symbol: class Entity
[ERROR] /t/shop/src/main/java/org/acme/Web.java:[20,13] cannot find symbol
  symbol:   method antMatchers(java.lang.String)
  location: variable registry of type org.springframework.security.config.annotation.web.configurers.ExpressionUrlAuthorizationConfigurer<org.springframework.security.config.annotation.web.builders.HttpSecurity>.ExpressionInterceptUrlRegistry
[ERROR] /t/shop/src/main/java/org/acme/Handler.java:[14,3] method does not override or implement a method from a supertype
[ERROR] /t/shop/src/main/java/org/acme/Writer.java:[8,8] org.acme.Writer is not abstract and does not override abstract method write(org.springframework.batch.item.Chunk<? extends org.acme.Row>) in org.springframework.batch.item.ItemWriter
[ERROR] /t/shop/src/main/java/org/acme/Status.java:[12,40] incompatible types: org.springframework.http.HttpStatusCode cannot be converted to org.springframework.http.HttpStatus
[INFO] 6 errors 
[ERROR] e: /t/shop/src/main/kotlin/org/acme/Api.kt: (4, 15): Unresolved reference: persistence
[ERROR] e: file:///t/shop/src/main/kotlin/org/acme/Api.kt:9:2 Unresolved reference: Entity
[ERROR] Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin:3.10.1:compile (default-compile) on project shop: Compilation failure: Compilation failure: 
[ERROR] /t/shop/src/main/java/org/acme/Order.java:[3,24] package javax.persistence does not exist
[ERROR] Failed to execute goal on project lib: Could not resolve dependencies for project org.acme:lib:jar:1.0: Could not find artifact org.acme.ext:widget-starter:jar:2.1.0 in central-only (https://repo.maven.apache.org/maven2) -> [Help 1]
[ERROR]   'dependencies.dependency.version' for javax.xml.bind:jaxb-api:jar is missing. @ line 40, column 21
[ERROR] /t/shop/src/main/java/org/acme/Config.java:24:1: Wrong order for 'org.acme.Other' import. [ImportOrder]
[ERROR] src/main/java/org/acme/Web.java:[20,1] (extension) SpringImportOrder: Wrong order for 'org.acme.Web' import.
[ERROR] Failed to execute goal org.apache.maven.plugins:maven-checkstyle-plugin:3.1.2:check (checkstyle-validation) on project app: Failed during checkstyle execution: There are 2 errors reported by Checkstyle 8.43 with checkstyle.xml ruleset. -> [Help 1]
[ERROR] Failed to execute goal org.apache.maven.plugins:maven-enforcer-plugin:3.0.0:enforce (enforce) on project app: Some Enforcer rules have failed. Look above for specific messages explaining why the rule failed. -> [Help 1]
`;

describe('corpus Maven log reader', () => {
  const errors = parseMavenLog(LOG);
  const classes = errors.map((e: { cls: string }) => e.cls);

  it('reads javac errors once each, with their file and line, normalized by cause', () => {
    expect(classes).toContain('package javax.persistence does not exist');
    expect(classes.filter((c: string) => c === 'package javax.persistence does not exist')).toHaveLength(1);
    expect(classes).toContain('cannot find symbol: class Entity');
    expect(classes).toContain('cannot find symbol: method antMatchers in ExpressionInterceptUrlRegistry');
    expect(classes).toContain('method does not override or implement a method from a supertype');
    expect(classes).toContain('does not override abstract method write in ItemWriter');
    expect(classes).toContain('incompatible types: HttpStatusCode cannot be converted to HttpStatus');
    const order = errors.find((e: { cls: string }) => e.cls.startsWith('package javax'));
    expect(order).toMatchObject({ kind: 'compile', file: '/t/shop/src/main/java/org/acme/Order.java', line: 3, column: 24 });
  });

  it('reads both kotlinc message shapes', () => {
    expect(classes).toContain('Unresolved reference: persistence');
    expect(errors.find((e: { cls: string }) => e.cls === 'Unresolved reference: Entity')).toMatchObject({ line: 9, column: 2 });
  });

  it('reads resolution and model problems, and keeps a goal failure only when no compiler message explains it', () => {
    expect(classes).toContain('Could not find artifact org.acme.ext:widget-starter');
    expect(classes).toContain('version missing for javax.xml.bind:jaxb-api');
    expect(classes.some((c: string) => c.startsWith('maven-enforcer-plugin:enforce'))).toBe(true);
    expect(classes.some((c: string) => c.startsWith('maven-compiler-plugin'))).toBe(false);
  });

  it('reads checkstyle violations in both shapes, which explain the goal failure', () => {
    expect(classes).toContain("checkstyle ImportOrder: Wrong order for '…' import");
    expect(errors.find((e: { cls: string }) => e.cls.startsWith('checkstyle SpringImportOrder'))).toMatchObject({ kind: 'check', file: 'src/main/java/org/acme/Web.java', line: 20 });
    expect(classes.some((c: string) => c.startsWith('maven-checkstyle-plugin'))).toBe(false);
  });

  it('drops argument lists and generics from messages it has no rule for', () => {
    expect(classCompile('no suitable constructor found for Foo(int,java.util.List<java.lang.String>)')).toBe('no suitable constructor found for Foo');
    expect(classCompile('reference to of is ambiguous')).toBe('reference to of is ambiguous');
  });
});

function classCompile(message: string): string {
  return classifyCompile(message, {});
}
