// Every plain rename of the table, written as nested YAML, must land on its 3.0 path; plus unit
// checks of the adapter (paths of flat, mixed and sequence keys; parse errors) and of the pass on
// cases that need no fixture folder (no trailing newline, already-migrated, latin1-free edits).
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { applyEdits } from '../src/engine/edits.js';
import type { SourceFile } from '../src/engine/types.js';
import { ParseError } from '../src/engine/types.js';
import { parseYaml } from '../src/formats/yaml.js';
import { splitKey } from '../src/properties/resolve.js';
import { loadTable } from '../src/table/load.js';
import { yamlPass } from '../transforms/yaml/index.js';

const table = loadTable();
const ctx = { table, options: {}, project: { root: '.', files: [], byPath: new Map(), ofKind: () => [] }, ruleSelected: () => true };

/** Runs the pass to a fixed point, as the engine does (bounded). */
function migrate(text: string, path = 'src/main/resources/application.yml'): { text: string; findings: string[] } {
  const findings: string[] = [];
  for (let round = 0; round < 8; round++) {
    const file: SourceFile = { path, kind: 'yaml', text, encoding: 'utf8', bom: false };
    const result = yamlPass.run(file, ctx);
    findings.push(...(result.findings ?? []).map((f) => f.rule));
    const spliced = applyEdits(text, result.edits ?? []);
    if (spliced.applied.length === 0) return { text, findings };
    text = spliced.text;
  }
  throw new Error('no fixed point');
}

function nested(key: string, value: string): string {
  return splitKey(key)
    .map((seg, i, all) => `${'  '.repeat(i)}${seg}:${i === all.length - 1 ? ` ${value}` : ''}`)
    .join('\n') + '\n';
}

function lookup(doc: unknown, key: string): unknown {
  return splitKey(key).reduce<unknown>((node, seg) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[seg] : undefined), doc);
}

describe('every properties.rename row in nested YAML', () => {
  const rows = table.properties.rename;
  it(`moves all ${rows.length} rows to their 3.0 path`, () => {
    expect(rows.length).toBeGreaterThan(300);
    const failures: string[] = [];
    for (const row of rows) {
      const out = migrate(nested(row.from, 'v-1'));
      const doc = parse(out.text);
      if (lookup(doc, row.to) !== 'v-1' || lookup(doc, row.from) === 'v-1' || out.findings.length > 0) {
        failures.push(`${row.from} -> ${row.to}:\n${out.text}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('every properties.rename row as a flat dotted key', () => {
  it('renames the key text in place', () => {
    const failures = table.properties.rename
      .map((row) => ({ row, out: migrate(`${row.from}: v-1\n`) }))
      .filter(({ row, out }) => out.text !== `${row.to}: v-1\n`)
      .map(({ row, out }) => `${row.from} -> ${row.to}: ${out.text}`);
    expect(failures).toEqual([]);
  });
});

describe('yaml adapter', () => {
  it('gives nested, flat, mixed and sequence keys their full paths', () => {
    const file = parseYaml('a:\n  b.c: 1\n  d:\n    - e: 2\n"f.g": {h: 3}\n---\nx: y\n');
    const paths = file.docs.map((d) => d.pairs.map((p) => p.path.join('.')));
    expect(paths).toEqual([['a', 'a.b.c', 'a.d', 'a.d[0].e', 'f.g', 'f.g.h'], ['x']]);
  });
  it('throws ParseError for tabs used as indentation and for duplicate keys', () => {
    expect(() => parseYaml('a:\n\tb: 1\n')).toThrow(ParseError);
    expect(() => parseYaml('a: 1\na: 2\n')).toThrow(/unique/);
  });
});

describe('yaml pass', () => {
  it('handles a file without a trailing newline', () => {
    expect(migrate('spring:\n  redis:\n    host: h\n  data:\n    mongodb:\n      uri: u').text).toBe('spring:\n  data:\n    mongodb:\n      uri: u\n    redis:\n      host: h');
  });
  it('changes nothing in already-migrated or unknown keys', () => {
    const text = 'spring:\n  data:\n    redis:\n      host: h\nmy:\n  redis:\n    host: x\n';
    expect(migrate(text)).toEqual({ text, findings: [] });
  });
  it('never re-serializes: bytes outside the moved lines stay', () => {
    const text = "a:   'x'   # keep\nspring:\n  redis:\n    host: h\nb: [1,2 ,3]\n";
    const out = migrate(text).text;
    expect(out).toBe("a:   'x'   # keep\nspring:\n  data:\n    redis:\n      host: h\nb: [1,2 ,3]\n");
    expect(parseAllDocuments(out).every((d) => d.errors.length === 0)).toBe(true);
  });
  it('moves leaves to one new parent in one edit (no duplicate parent maps)', () => {
    const text = 'management:\n  metrics:\n    export:\n      wavefront:\n        api-token: t\n        batch-size: 5\n        sender:\n          flush-interval: 1s\n';
    expect(migrate(text).text).toBe('management:\n  wavefront:\n    api-token: t\n    sender:\n      batch-size: 5\n      flush-interval: 1s\n');
  });
  it('skips files that name no known key', () => {
    expect(yamlPass.prefilter!('foo:\n  bar: 1\n', ctx)).toBe(false);
    expect(yamlPass.prefilter!('spring:\n  redis: {}\n', ctx)).toBe(true);
  });
});

describe('--only with one rule', () => {
  it('a move of another rule does not hold back the selected one', () => {
    const text = 'spring:\n  redis:\n    host: h\n  profiles: dev\n';
    const only = (rule: string) => {
      // the engine's selection for --only <rule>: a rule is kept when it is, or is below, <rule>
      const c = { ...ctx, ruleSelected: (_pass: string, r: string) => r === rule || r.startsWith(rule + '/') };
      let t = text;
      for (let round = 0; round < 8; round++) {
        const r = yamlPass.run({ path: 'application.yml', kind: 'yaml', text: t, encoding: 'utf8', bom: false }, c);
        const kept = (r.edits ?? []).filter((e) => e.rule === rule);
        const s = applyEdits(t, kept);
        if (s.applied.length === 0) break;
        t = s.text;
      }
      return t;
    };
    // spring.redis.host is also a plain rename row: without the block rule it moves as a leaf.
    expect(only('properties/rename')).toBe('spring:\n  data:\n    redis:\n      host: h\n  config:\n    activate:\n      on-profile: dev\n');
    expect(only('properties/rename-prefix')).toBe('spring:\n  data:\n    redis:\n      host: h\n  profiles: dev\n');
  });
});

describe('moves of several rules in one round', () => {
  // Each round re-parses the document: moves of different rules into different places go in the
  // same round (one insertion point still carries one rule's lines, so its rule names them all).
  it('renames a prefix and moves a block in the first round when they land in different maps', () => {
    const text = 'spring:\n  redis:\n    host: cache\n  jpa:\n    open-in-view: false\nmanagement:\n  metrics:\n    export:\n      datadog:\n        step: 30s\n';
    const first = yamlPass.run({ path: 'src/main/resources/application.yml', kind: 'yaml', text, encoding: 'utf8', bom: false }, ctx);
    expect(new Set((first.edits ?? []).map((e) => e.rule))).toEqual(new Set(['properties/rename-prefix', 'properties/rename']));
    const once = applyEdits(text, first.edits ?? []);
    expect(once.deferred).toEqual([]);
    expect(once.text).toBe('spring:\n  data:\n    redis:\n      host: cache\n  jpa:\n    open-in-view: false\nmanagement:\n  datadog:\n    metrics:\n      export:\n        step: 30s\n');
    expect(migrate(text).text).toBe(once.text);
  });

  it('leaves a second rule moving into the same map for the next round', () => {
    const text = 'management:\n  metrics:\n    export:\n      datadog:\n        step: 30s\n      simple:\n        enabled: true\n  trace:\n    http:\n      enabled: false\n';
    const first = yamlPass.run({ path: 'src/main/resources/application.yml', kind: 'yaml', text, encoding: 'utf8', bom: false }, ctx);
    const inserts = (first.edits ?? []).filter((e) => e.start === e.end);
    expect(new Set(inserts.map((e) => e.rule)).size).toBe(1);
    expect(parse(migrate(text).text)).toEqual({ management: { datadog: { metrics: { export: { step: '30s' } } }, simple: { metrics: { export: { enabled: true } } }, httpexchanges: { recording: { enabled: false } } } });
  });
});
