// The verdict of a run, decided per module from its build as read: migrated (with N errors), not a
// Spring Boot 2 repository (nothing changed), already on Spring Boot 3.x (nothing to migrate, no
// finding about the 2.x to 3.0 step); per module when they differ.
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { planMigration } from '../src/api.js';
import { loadTable } from '../src/table/load.js';
import { verdictLines, verdictOf } from '../src/report/verdict.js';
import { writeTree } from './helpers/tree.js';

const table = loadTable();
const temps: string[] = [];
afterEach(() => {
  while (temps.length) rmSync(temps.pop()!, { recursive: true, force: true });
});

const tree = (files: Record<string, string>) => writeTree(temps, files, 'verdict');

const pom = (parentVersion: string | undefined, body = '', artifact = 'app') => `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
    <modelVersion>4.0.0</modelVersion>
${parentVersion ? `    <parent>\n        <groupId>org.springframework.boot</groupId>\n        <artifactId>spring-boot-starter-parent</artifactId>\n        <version>${parentVersion}</version>\n    </parent>\n` : '    <groupId>com.example</groupId>\n'}    <artifactId>${artifact}</artifactId>
    <version>1.0.0</version>
${body}</project>
`;

const ENTITY = 'package com.example;\n\nimport javax.persistence.Entity;\n\n@Entity\npublic class Item {\n}\n';
const CONTROLLER = 'package com.example;\n\nimport org.springframework.web.bind.annotation.GetMapping;\nimport org.springframework.web.bind.annotation.RestController;\n\n@RestController\npublic class Items {\n    @GetMapping("/items")\n    public String list() { return ""; }\n}\n';

const run = (root: string) => planMigration({ root, table });

describe('verdict', () => {
  it('an empty folder is not a Spring Boot 2 repository, not "ready"', async () => {
    const result = await run(tree({}));
    expect(verdictOf(result, 'written')).toMatchObject({ kind: 'not-spring-boot-2', errors: 0, message: 'not a Spring Boot 2 repository: nothing to read, nothing changed' });
  });

  it('a Java EE project keeps its javax: nothing changed, nothing reported', async () => {
    const root = tree({
      'pom.xml': pom(undefined, '    <packaging>war</packaging>\n    <dependencies>\n        <dependency>\n            <groupId>javax</groupId>\n            <artifactId>javaee-api</artifactId>\n            <version>8.0.1</version>\n            <scope>provided</scope>\n        </dependency>\n    </dependencies>\n'),
      'src/main/java/com/example/Item.java': ENTITY,
    });
    const result = await run(root);
    expect(result.changes).toEqual([]);
    expect(result.findings).toEqual([]);
    expect(verdictOf(result, 'written').kind).toBe('not-spring-boot-2');
  });

  it('a repository on Spring Boot 3.2 is left alone: nothing to migrate, no finding about Boot 2', async () => {
    const root = tree({ 'pom.xml': pom('3.2.1'), 'src/main/java/com/example/Items.java': CONTROLLER, 'src/main/java/com/example/Item.java': ENTITY, 'src/main/resources/application.properties': 'spring.redis.host=h\n' });
    const result = await run(root);
    expect(result.changes).toEqual([]);
    expect(result.findings).toEqual([]);
    expect(verdictOf(result, 'planned')).toMatchObject({ kind: 'already-spring-boot-3', message: 'already on Spring Boot 3.x (3.2.1): nothing to migrate' });
  });

  it('a module on the 3.0 line is finished, without the findings that describe the 2.x to 3.0 step', async () => {
    const root = tree({ 'pom.xml': pom('3.0.13'), 'src/main/java/com/example/Items.java': CONTROLLER, 'src/main/java/com/example/Item.java': ENTITY });
    const result = await run(root);
    // the javax left behind does not compile on 3.0: moved; the trailing-slash default is the 3.0 one already
    expect(result.changes.map((c) => c.path)).toEqual(['src/main/java/com/example/Item.java']);
    expect(result.findings.map((f) => f.rule)).not.toContain('project/trailing-slash');
    expect(verdictOf(result, 'written').kind).toBe('migrated');
  });

  it('a Boot 2 repository: migrated, with its errors counted; per module when the modules differ', async () => {
    const root = tree({
      'pom.xml': pom(undefined, '    <packaging>pom</packaging>\n    <modules>\n        <module>shop</module>\n        <module>legacy</module>\n        <module>next</module>\n    </modules>\n', 'parent'),
      'shop/pom.xml': pom('2.7.18', '', 'shop'),
      'shop/src/main/resources/application.properties': 'spring.jpa.database-platform=org.hibernate.dialect.FirebirdDialect\n',
      'shop/src/main/java/com/example/Item.java': ENTITY,
      'legacy/pom.xml': pom(undefined, '    <packaging>war</packaging>\n    <dependencies>\n        <dependency>\n            <groupId>javax</groupId>\n            <artifactId>javaee-api</artifactId>\n            <version>8.0.1</version>\n            <scope>provided</scope>\n        </dependency>\n    </dependencies>\n', 'legacy'),
      'legacy/src/main/java/com/example/Item.java': ENTITY,
      'next/pom.xml': pom('3.1.5', '', 'next'),
      'next/src/main/java/com/example/Item.java': ENTITY,
    });
    const result = await run(root);
    expect(result.changes.map((c) => c.path).sort()).toEqual(['shop/pom.xml', 'shop/src/main/java/com/example/Item.java']);
    const v = verdictOf(result, 'written');
    expect(v).toMatchObject({ kind: 'migrated-with-errors', errors: 1, message: 'migrated to Spring Boot 3.0 with 1 error(s) to fix by hand' });
    expect(v.modules?.map((m) => [m.path, m.kind])).toEqual(
      expect.arrayContaining([
        ['shop', 'migrated-with-errors'],
        ['legacy', 'not-spring-boot-2'],
        ['next', 'already-spring-boot-3'],
      ]),
    );
    expect(verdictLines(v)).toEqual(
      expect.arrayContaining([
        'verdict: migrated to Spring Boot 3.0 with 1 error(s) to fix by hand',
        '  1 module(s) with errors to fix by hand: shop (1)',
        '  1 module(s) not Spring Boot modules, left as they are: legacy',
        '  1 module(s) already on Spring Boot 3.x, left as they are: next',
      ]),
    );
  });

  it('a module whose Boot comes from a BOM imported from outside the repository is left on Spring Boot 2, and the verdict says so', async () => {
    const bom = '    <properties>\n        <spring-boot.version>2.7.18</spring-boot.version>\n    </properties>\n    <dependencyManagement>\n        <dependencies>\n            <dependency>\n                <groupId>io.larkspur.platform</groupId>\n                <artifactId>larkspur-dependencies</artifactId>\n                <version>4.2.0</version>\n                <type>pom</type>\n                <scope>import</scope>\n            </dependency>\n        </dependencies>\n    </dependencyManagement>\n    <dependencies>\n        <dependency>\n            <groupId>org.springframework.boot</groupId>\n            <artifactId>spring-boot-starter-web</artifactId>\n        </dependency>\n    </dependencies>\n';
    const only = tree({ 'pom.xml': pom(undefined, bom), 'src/main/java/com/example/Item.java': ENTITY });
    const result = await run(only);
    expect(result.changes).toEqual([]);
    expect(result.findings.map((f) => [f.rule, f.severity])).toEqual([['build/external-boot-bom', 'error']]);
    const v = verdictOf(result, 'written');
    expect(v).toMatchObject({ kind: 'left-on-spring-boot-2', errors: 1 });
    expect(v.message).toMatch(/^not migrated: left on Spring Boot 2/);
    // beside a module that is migrated: that module's verdict, and the held-back one listed as such
    const mixed = tree({
      'pom.xml': pom(undefined, '    <packaging>pom</packaging>\n    <modules>\n        <module>shop</module>\n        <module>notes</module>\n    </modules>\n', 'parent'),
      'shop/pom.xml': pom('2.7.18', '', 'shop'),
      'shop/src/main/java/com/example/Item.java': ENTITY,
      'notes/pom.xml': pom(undefined, bom, 'notes'),
      'notes/src/main/java/com/example/Item.java': ENTITY,
    });
    // Boot's own parent imported as a BOM is Boot's management, not a BOM from elsewhere
    const own = tree({ 'pom.xml': pom(undefined, bom.replace('io.larkspur.platform', 'org.springframework.boot').replace('larkspur-dependencies', 'spring-boot-starter-parent').replace('4.2.0', '2.7.18')), 'src/main/java/com/example/Item.java': ENTITY });
    const ownResult = await run(own);
    expect(ownResult.findings.map((f) => f.rule)).not.toContain('build/external-boot-bom');
    expect(ownResult.changes.map((c) => c.path).sort()).toEqual(['pom.xml', 'src/main/java/com/example/Item.java']);
    const both = verdictOf(await run(mixed), 'written');
    expect(both.kind).toBe('migrated-with-errors');
    expect(both.modules?.map((m) => [m.path, m.kind])).toEqual(expect.arrayContaining([['shop', 'migrated'], ['notes', 'left-on-spring-boot-2']]));
  });
});
