// The TOML adapter over toml-eslint-parser: exact ranges for keys, string contents and inline
// table braces (the catalog pass splices there), and files TOML rejects reported as ParseError.
import { describe, expect, it } from 'vitest';
import { scanToml, type TomlString, type TomlTable } from '../src/formats/toml.js';
import { ParseError } from '../src/engine/types.js';

const CATALOG = [
  '# versions of the acme platform',
  '[versions]',
  'acme = "1.2.0" # trailing comment',
  '',
  '[ libraries ]',
  'acme-core = { module = "com.acme:core", version.ref = "acme" }',
  "acme-raw = 'com.acme:raw:1.0'",
  '"acme.quoted" = "com.acme:q:\\u00e9-1"',
  '',
  '[bundles]',
  'acme = [',
  '  "acme-core", # a "]" in a comment',
  '  "acme-raw]",',
  ']',
  'notes = """',
  'several lines',
  '"""',
].join('\r\n');

describe('scanToml', () => {
  const entries = scanToml(CATALOG);
  const byKey = new Map(entries.map((e) => [`${e.table}/${e.key}`, e]));

  it('gives each entry its table, dotted key and key offset (CRLF, comments, spaces in headers)', () => {
    expect(entries.map((e) => `${e.table}/${e.key}`)).toEqual(['versions/acme', 'libraries/acme-core', 'libraries/acme-raw', 'libraries/acme.quoted', 'bundles/acme', 'bundles/notes']);
    const core = byKey.get('libraries/acme-core')!;
    expect(CATALOG.slice(core.keyStart, core.keyStart + 9)).toBe('acme-core');
  });

  it('strings keep their raw content and its exact span, escapes as written', () => {
    for (const key of ['versions/acme', 'libraries/acme-raw', 'libraries/acme.quoted']) {
      const s = byKey.get(key)!.value as TomlString;
      expect(s.kind).toBe('string');
      expect(CATALOG.slice(s.start, s.end)).toBe(s.value);
    }
    expect((byKey.get('libraries/acme.quoted')!.value as TomlString).value).toBe('com.acme:q:\\u00e9-1');
  });

  it('inline tables list their fields and where the closing brace is', () => {
    const t = byKey.get('libraries/acme-core')!.value as TomlTable;
    expect([...t.fields.keys()]).toEqual(['module', 'version.ref']);
    expect(CATALOG[t.close]).toBe('}');
  });

  it('arrays and multi-line strings are other', () => {
    expect(byKey.get('bundles/acme')!.value.kind).toBe('other');
    expect(byKey.get('bundles/notes')!.value.kind).toBe('other');
  });

  it.each([
    ['an unterminated string', 'a = "open\n'],
    ['a line break inside an inline table', 'a = { module = "g:a",\n version = "1" }\n'],
    ['a duplicate key', 'a = "1"\na = "2"\n'],
  ])('rejects %s with ParseError and an offset', (_, text) => {
    expect(() => scanToml(text)).toThrow(ParseError);
    try {
      scanToml(text);
    } catch (e) {
      expect(typeof (e as ParseError).offset).toBe('number');
    }
  });
});
