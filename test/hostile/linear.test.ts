// The YAML and properties passes cost time in proportion to the file, not its square. Not timed:
// the quadratic parts were the `yaml` package's duplicate-key check (each key compared with every
// earlier key of its map, on by uniqueKeys: true) and messages that listed every other line.
import { describe, expect, it, vi } from 'vitest';
import { yamlLib } from '../../src/formats/yaml-lib.js';

// The engine loads `yaml` on first use (src/formats/yaml-lib.ts): spy on that very module.
const parseOptions: unknown[] = [];
const yaml = yamlLib();
const parseAllDocuments = yaml.parseAllDocuments.bind(yaml);
vi.spyOn(yaml, 'parseAllDocuments').mockImplementation(((text: string, options?: { uniqueKeys?: unknown }) => {
  parseOptions.push(options?.uniqueKeys);
  return parseAllDocuments(text, options as never);
}) as never);

const { planMigration } = await import('../../src/api.js');
const { parseYaml } = await import('../../src/formats/yaml.js');
const { repo } = await import('./helpers.js');

describe('large configuration files', () => {
  it('YAML is never parsed with the quadratic duplicate-key check, and duplicates are still refused', async () => {
    parseOptions.length = 0;
    const keys = Array.from({ length: 2000 }, (_, i) => `acme-service-${i}:\n  url: u${i}\n`).join('');
    const dir = repo({ 'src/main/resources/application.yml': `spring:\n  redis:\n    host: db\n${keys}` });
    const result = await planMigration({ root: dir });
    expect(result.changes.map((c) => c.path)).toEqual(['src/main/resources/application.yml']);
    expect(parseOptions.length).toBeGreaterThan(0);
    expect(parseOptions.filter((u) => u !== false)).toEqual([]);
    expect(() => parseYaml(`${keys}acme-service-7:\n  url: again\n`)).toThrow(/Map keys must be unique/);
    expect(() => parseYaml('a:\n  b: 1\n  c: 2\n  b: 3\n')).toThrow(/unique/);
  });

  it('20,000 lines that would all become one key: one bounded message per line, not a list of all the others', async () => {
    const lines = Array.from({ length: 20_000 }, (_, i) => `server.max-http-header-size=${i}\n`).join('');
    const dir = repo({ 'src/main/resources/application.properties': `server.max-http-request-header-size=8KB\n${lines}` });
    const result = await planMigration({ root: dir });
    const duplicates = result.findings.filter((f) => f.rule === 'properties/duplicate');
    expect(duplicates.length).toBe(20_000);
    expect(Math.max(...duplicates.slice(0, 100).map((f) => f.message.length))).toBeLessThan(400);
    expect(duplicates[5]!.message).toBe(
      "'server.max-http-header-size=5' not renamed to server.max-http-request-header-size: this document also has 'server.max-http-request-header-size=8KB', 'server.max-http-header-size=0', 'server.max-http-header-size=1' and 19997 more with a different value; keep one of them",
    );
  });
});

describe('a run needing more edits than a call can take arguments', () => {
  it('200,000 edits on one file are applied, not a stack overflow', async () => {
    const n = 200_000;
    const dir = repo({ 'src/main/resources/application.properties': 'a\n'.repeat(n) });
    const everyLine = {
      id: 'test/every-line',
      description: 'replaces every a with b',
      kinds: ['properties' as const],
      rules: ['test/every-line'],
      run: (file: { text: string }) => ({ edits: Array.from({ length: file.text.length / 2 }, (_, i) => ({ start: 2 * i, end: 2 * i + 1, text: 'b', rule: 'test/every-line' })) }),
    };
    const result = await planMigration({ root: dir, filePasses: [everyLine], projectPasses: [] });
    expect(result.errors).toEqual([]);
    expect(result.changes[0]!.after!.toString()).toBe('b\n'.repeat(n));
    expect(result.changes[0]!.rules).toEqual({ 'test/every-line': n });
  });
});
