// The migration table: generated from the facts, complete, schema-checked, mergeable.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTable, defaultDataDir } from '../scripts/generate-table.js';
import { openDataDir } from '../scripts/table/data.js';
import { resolveKey } from '../src/properties/resolve.js';
import { BUNDLED_TABLE, loadTable, TableError, validateTable } from '../src/table/load.js';
import { readFileSync } from 'node:fs';

const dataDir = defaultDataDir();
const haveData = existsSync(dataDir);

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bu-table-'));
  temps.push(dir);
  return dir;
}

function writeJson(value: unknown): string {
  const file = path.join(tempDir(), 'rows.json');
  writeFileSync(file, JSON.stringify(value));
  return file;
}

describe.runIf(haveData)('generated from ../shared/data', () => {
  it('migration-table.json is exactly what the generator makes from the data', () => {
    const fresh = JSON.stringify(buildTable(openDataDir(dataDir)), null, 2) + '\n';
    expect(readFileSync(BUNDLED_TABLE(), 'utf8') === fresh, 'run npm run generate-table').toBe(true);
  });

  it('has a rule for every deprecated property in the 3.0 metadata, pointing at its final target', () => {
    const table = loadTable();
    const entries = JSON.parse(readFileSync(path.join(dataDir, 'spring-boot-3.0-properties.json'), 'utf8')) as {
      name: string;
      replacement: string | null;
      suggestedReplacement?: string | null;
    }[];
    const byName = new Map(entries.map((e) => [e.name, e]));
    const families = JSON.parse(readFileSync(path.join(dataDir, 'spring-boot-3.0-property-families.json'), 'utf8')) as { families: { from: string; to: string | null }[] };
    const removedFamilies = families.families.filter((f) => f.to === null).map((f) => f.from);
    const missing: string[] = [];
    const wrong: string[] = [];
    for (const e of entries) {
      const rule = resolveKey(table, e.name);
      if (!rule) {
        missing.push(e.name);
        continue;
      }
      let target = e.suggestedReplacement ?? e.replacement;
      while (target && byName.has(target)) target = byName.get(target)!.suggestedReplacement ?? byName.get(target)!.replacement;
      // no successor in Boot's metadata, but a per-meter form in the actuator jars' (properties-request-metrics.ts)
      if (!target && rule.kind === 'rename' && 'meter' in rule.row && rule.row.meter) continue;
      if (rule.kind === 'rename' && rule.to !== target) wrong.push(`${e.name}: ${rule.to} != ${target}`);
      if (rule.kind === 'convert' && rule.row.to !== target) wrong.push(`${e.name}: converts to ${rule.row.to} != ${target}`);
      // a target inside a family that 3.0 removed whole (spring.activemq.) is no successor
      const deadTarget = removedFamilies.some((prefix) => target?.startsWith(prefix));
      if (rule.kind === 'remove' && target && !deadTarget) wrong.push(`${e.name}: removed although ${target} is known`);
    }
    expect(missing).toEqual([]);
    expect(wrong).toEqual([]);
    expect(entries).toHaveLength(550);
  });

  it('covers the 83 keys that vanished without metadata', () => {
    const table = loadTable();
    const fam = JSON.parse(readFileSync(path.join(dataDir, 'spring-boot-3.0-property-families.json'), 'utf8')) as {
      removedWithoutMetadata: { name: string; action: string; replacement: string | null }[];
    };
    expect(fam.removedWithoutMetadata).toHaveLength(83);
    for (const r of fam.removedWithoutMetadata) {
      const rule = resolveKey(table, r.name);
      expect(rule, r.name).toBeDefined();
      if (r.action === 'rename') expect(rule).toMatchObject({ kind: 'rename', to: r.replacement });
    }
  });
});

describe('loading', () => {
  it('the bundled table satisfies the full schema', () => {
    expect(() => validateTable(JSON.parse(readFileSync(BUNDLED_TABLE(), 'utf8')), 'migration-table.json')).not.toThrow();
    expect(() => validateTable({ from: '2.7' }, 'x.json')).toThrow(/x\.json: top level: must have required property/);
  });

  it('names the file and the row of a bad user row', () => {
    const file = writeJson({ properties: { rename: [{ from: 'acme.old', level: 'error', source: 'x' }] } });
    expect(() => loadTable([file])).toThrow(TableError);
    expect(() => loadTable([file])).toThrow(`${file}: properties.rename[0] ("acme.old"): must have required property 'to'`);
  });

  it('rejects unknown fields, bad JSON and unknown conversion rules, one line each', () => {
    expect(() => loadTable([writeJson({ propertys: {} })])).toThrow(/top level: unknown field 'propertys'/);
    const bad = path.join(tempDir(), 'bad.json');
    writeFileSync(bad, '{ "properties": ');
    expect(() => loadTable([bad])).toThrow(/bad\.json: not valid JSON/);
    const conv = writeJson({ properties: { convert: [{ from: ['a.b'], to: 'c.d', convert: 'eval', level: 'error', reason: 'r', source: 's' }] } });
    expect(() => loadTable([conv])).toThrow(/properties\.convert\[0\] \("a\.b"\)\.convert: must be one of "boolean-to-init-mode"/);
  });

  it('adds user rows and lets a user row replace the bundled row with the same key', () => {
    const file = writeJson({
      properties: {
        rename: [
          { from: 'acme.cache.ttl', to: 'acme.cache.time-to-live', level: 'error', source: 'acme' },
          { from: 'server.max-http-header-size', to: 'server.acme-header-size', level: 'error', source: 'override' },
        ],
      },
    });
    const table = loadTable([file]);
    expect(resolveKey(table, 'acme.cache.ttl')).toMatchObject({ kind: 'rename', to: 'acme.cache.time-to-live' });
    expect(resolveKey(table, 'server.max-http-header-size')).toMatchObject({ kind: 'rename', to: 'server.acme-header-size' });
    expect(resolveKey(table, 'spring.redis.host')).toMatchObject({ kind: 'rename', to: 'spring.data.redis.host' });
  });
});
