// A --table file is data: paths in it cannot leave the repository, nothing in it is compiled as
// a regular expression, and rows that would make the engine loop are rejected at load time.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rowProblem } from '../../src/table/check.js';
import { loadTable, TableError } from '../../src/table/load.js';
import { dependencyUse } from '../../transforms/project/runtime.js';

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function tableFile(value: unknown): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bu-rows-'));
  temps.push(dir);
  const file = path.join(dir, 'rows.json');
  writeFileSync(file, JSON.stringify(value));
  return file;
}
const load = (value: unknown) => () => loadTable([tableFile(value)]);
const prefixRow = (from: string, to: string) => ({ properties: { renamePrefix: [{ from, to, source: 'test' }] } });

describe('table rows that could escape or loop are rejected', () => {
  it('project.factories.importsFile must be a META-INF/spring/*.imports path', () => {
    const factories = loadTable().project.factories;
    const withFile = (importsFile: string) => ({ project: { factories: { ...factories, importsFile } } });
    for (const bad of ['../../../escape.imports', 'META-INF/spring/../../application.properties', '/tmp/x.imports', 'META-INF/spring/a.properties']) {
      expect(load(withFile(bad)), bad).toThrow(/importsFile: must match pattern/);
    }
    expect(load(withFile('META-INF/spring/com.acme.Custom.imports'))).not.toThrow();
  });

  it('a self-extending prefix row (a. -> a.b.) and prefix or rename cycles are rejected', () => {
    expect(load(prefixRow('acme.', 'acme.shop.'))).toThrow(/starts with its own prefix again/);
    expect(load({ properties: { renamePrefix: [{ from: 'acme.one.', to: 'acme.two.', source: 't' }, { from: 'acme.two.', to: 'acme.one.', source: 't' }] } })).toThrow(/lead back/);
    const rename = (from: string, to: string) => ({ from, to, level: 'warning', source: 't' });
    expect(load({ properties: { rename: [rename('acme.a', 'acme.b'), rename('acme.b', 'acme.a')] } })).toThrow(/lead back/);
    expect(load({ properties: { rename: [rename('acme.a', 'acme.a')] } })).toThrow(/to itself/);
    expect(load(prefixRow('acme.old.', 'acme.new.'))).not.toThrow();
  });

  it('the bundled table has no looping rows', () => {
    expect(rowProblem(loadTable())).toBeUndefined();
  });

  it('schema file stems, detection types and coordinates are plain names, not patterns', () => {
    const row = loadTable().code.xmlDescriptors[0]!;
    const xml = { code: { xmlDescriptors: [{ ...row, schema: { stem: '(a+)+$', to: row.schema!.to } }] } };
    expect(load(xml)).toThrow(/schema.stem: must match pattern/);
    const rule = (detect: object) => ({ project: { rules: [{ id: 'project/acme', severity: 'info', message: 'm', docs: 'd', source: 's', detect }] } });
    expect(load(rule({ dependencies: ["com.acme:(a+)+b"] }))).toThrow(/dependencies\[0\]: must match pattern/);
    expect(load(rule({ types: ["com.acme.(a+)+"] }))).toThrow(/types\[0\]: must match pattern/);
  });

  it('a coordinate is matched literally: a dot is a dot', () => {
    const pom = { path: 'pom.xml', kind: 'pom' as const, text: '<!-- acme.lib --><dependency><groupId>com.acme</groupId><artifactId>acme-lib</artifactId></dependency>' };
    expect(dependencyUse(pom, 'com.acme:acme.lib')).toBeUndefined();
    expect(dependencyUse(pom, 'com.acme:acme-lib')).toBeGreaterThan(0);
  });
});
