// A property of the YAML pass over every YAML fixture: the documents of a file stay the same
// documents (none merged, none split), and every key whose value changed is a key the table
// names (renamed, moved by a prefix, converted, removed, or given new values). A value edit that
// ran past its value (a one-item list swallowing the next `---`) breaks this.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { planMigration } from '../src/api.js';
import { loadTable } from '../src/table/load.js';
import { budget, BUDGET_TIMEOUT, seed } from './helpers/budget.js';
import { randomYaml, seededRandom, vocabulary } from './helpers/random-config.js';

const FIXTURES = path.resolve(__dirname, '..', 'fixtures', 'yaml');
const table = loadTable();
// a short run by default, 2,500 documents with BOOT_UPGRADE_TEST_LONG=1 (test/helpers/budget.ts);
// BOOT_UPGRADE_RANDOM_DOCS / _SEED set them by hand
const RANDOM_DOCS = budget('BOOT_UPGRADE_RANDOM_DOCS', 150, 2500);
const RANDOM_SEED = seed('BOOT_UPGRADE_RANDOM_SEED', 20261124);

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return yamlFiles(full);
    return /\.ya?ml$/.test(name) ? [full] : [];
  });
}

/** Every leaf of a document as 'a.b.c' -> JSON of the value (sequences as leaves). */
function leaves(value: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) leaves(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    out.set(prefix, JSON.stringify(value));
  }
  return out;
}

function documents(text: string): Map<string, string>[] | undefined {
  const docs = parseAllDocuments(text);
  if (!Array.isArray(docs) || docs.some((d) => d.errors.length)) return undefined;
  return docs.map((d) => leaves(d.toJS({ maxAliasCount: -1 })));
}

/** Keys the table may change: exact keys and key prefixes of every property row. */
function tableKeys(): { exact: Set<string>; prefixes: string[] } {
  const p = table.properties as unknown as Record<string, Record<string, unknown>[]>;
  const exact = new Set<string>();
  const prefixes: string[] = [];
  for (const r of p.rename ?? []) exact.add(String(r.from)).add(String(r.to));
  for (const r of p.renamePrefix ?? []) prefixes.push(String(r.from), String(r.to));
  for (const r of p.remove ?? []) exact.add(String(r.key));
  for (const r of p.convert ?? []) {
    for (const f of ([] as unknown[]).concat(r.from)) exact.add(String(f));
    exact.add(String(r.to));
  }
  for (const r of p.values ?? []) for (const k of r.keys as string[]) exact.add(k);
  // the library rows name keys too: dialect keys (their value changes), springfox keys and their springdoc targets
  const libs = table.libraryConfig;
  for (const k of libs?.hibernateDialects.keys ?? []) exact.add(k);
  for (const r of libs?.springfox.keys ?? []) if (r.to) exact.add(r.from).add(r.to);
  return { exact, prefixes };
}

const canonical = (key: string) => key.toLowerCase().replace(/[-_]/g, '').replace(/\[\d+\]$/, '');

const { exact, prefixes } = tableKeys();
const exactCanon = new Set([...exact].map(canonical));
const prefixCanon = prefixes.map(canonical);
const tableNames = (key: string) => {
  const c = canonical(key);
  if (exactCanon.has(c)) return true;
  if (prefixCanon.some((p) => c.startsWith(p))) return true;
  // a key under a changed key (a map value moved as a whole)
  return [...exactCanon].some((e) => c.startsWith(e + '.'));
};

/** The pass's rewrite of a text that parsed: it parses, keeps its documents, and changes only keys the table names. */
function expectInvariants(before: string, after: string, docsBefore: Map<string, string>[], label: string): void {
  const docsAfter = documents(after);
  expect(docsAfter, `${label}: the result parses`).toBeDefined();
  expect(docsAfter!.length, `${label}: same number of documents`).toBe(docsBefore.length);
  docsBefore.forEach((b, i) => {
    const a = docsAfter![i]!;
    const changed = [...new Set([...b.keys(), ...a.keys()])].filter((k) => b.get(k) !== a.get(k));
    expect(changed.filter((k) => !tableNames(k)), `${label}, document ${i + 1}: keys changed that the table does not name\n${before}\n---- became\n${after}`).toEqual([]);
  });
}

describe('YAML pass invariants over every fixture', () => {
  const inputs = yamlFiles(FIXTURES).filter((f) => f.includes(`${path.sep}input${path.sep}`));
  it('covers the YAML fixtures', () => expect(inputs.length).toBeGreaterThan(20));

  for (const file of inputs) {
    const rel = path.relative(FIXTURES, file);
    it(rel, async () => {
      const before = readFileSync(file, 'utf8');
      const docsBefore = documents(before);
      if (!docsBefore) return; // an unparseable input is reported and left as it is (own fixtures)
      const root = file.slice(0, file.indexOf(`${path.sep}input${path.sep}`) + `${path.sep}input`.length);
      const result = await planMigration({ root, table, onlyRules: ['yaml'], only: [path.relative(root, file).split(path.sep).join('/')] });
      const change = result.changes.find((c) => c.status === 'modified');
      if (!change) return;
      expectInvariants(before, Buffer.from(change.after!).toString('utf8'), docsBefore, rel);
    });
  }
});

// The same invariants over seeded random documents (test/helpers/random-config.ts): keys spelled
// nested and dotted, empty values, comments between maps, several documents. A move whose lines
// were measured wrongly shows here as a key the table does not name changing place.
describe('YAML pass invariants over random documents', () => {
  it(`hold for ${RANDOM_DOCS} random application.yml`, async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'bu-yaml-invariants-'));
    try {
      const words = vocabulary(table);
      const next = seededRandom(RANDOM_SEED);
      const texts = new Map<string, string>();
      for (let i = 0; i < RANDOM_DOCS; i++) {
        const rel = `m${i}/src/main/resources/application.yml`;
        mkdirSync(path.join(root, path.dirname(rel)), { recursive: true });
        const text = randomYaml(next, words).replace(/^\uFEFF/, '').replace(/\r\n/g, '\n');
        writeFileSync(path.join(root, rel), text);
        texts.set(rel, text);
      }
      const result = await planMigration({ root, table, onlyRules: ['yaml'], leaveAlone: false });
      // a rewrite the engine's last check refused is a planner bug too: the file is left unmigrated
      expect(result.findings.filter((f) => f.rule === 'engine/breaks-file')).toEqual([]);
      let checked = 0;
      for (const change of result.changes) {
        const before = texts.get(change.path)!;
        const docsBefore = documents(before);
        if (!docsBefore || change.status !== 'modified') continue; // duplicate keys or a tab: the pass leaves it alone
        expectInvariants(before, Buffer.from(change.after!).toString('utf8'), docsBefore, change.path);
        checked++;
      }
      expect(checked).toBeGreaterThan(RANDOM_DOCS / 4); // not an empty loop
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, BUDGET_TIMEOUT);
});
