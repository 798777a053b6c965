// Every rewrite of a YAML, XML or .properties file is parsed again before it leaves the engine;
// one that would break the file is refused with an error finding and never written.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planMigration, writeChanges } from '../../src/api.js';
import { breaksFile } from '../../src/engine/verify.js';
import { repo } from './helpers.js';

const INDENTED_ROOT = '  server:\n    port: 8081\n  spring:\n    application:\n      name: acme-shop\n';

describe('a rewrite that breaks the file is refused', () => {
  it('--keep-log-date-format on a YAML file whose root mapping is indented: finding, file untouched', async () => {
    const dir = repo({ 'pom.xml': '<project/>\n', 'src/main/resources/application.yml': INDENTED_ROOT });
    const result = await planMigration({ root: dir, options: { keepLogDateFormat: true } });
    expect(result.changes.map((c) => c.path)).not.toContain('src/main/resources/application.yml');
    const refused = result.findings.filter((f) => f.rule === 'engine/breaks-file');
    expect(refused.map((f) => f.path)).toEqual(['src/main/resources/application.yml']);
    expect(refused[0]!.message).toMatch(/project\/log-date-format: the rewritten file would not parse/);
    expect(result.errors).toContainEqual(refused[0]);
    await writeChanges(dir, result.changes);
    expect(readFileSync(path.join(dir, 'src/main/resources/application.yml'), 'utf8')).toBe(INDENTED_ROOT);
  });

  it('judges YAML, XML and properties, and the number of documents', () => {
    expect(breaksFile('yaml', 'a: 1\n', 'a: 1\nb: [\n')).toMatch(/would not parse/);
    expect(breaksFile('yaml', 'a: 1\n---\nb: 2\n', 'a: 1\nb: 2\n')).toMatch(/2 document\(s\) into 1/);
    expect(breaksFile('pom', '<project/>\n', '<project>\n')).toMatch(/would not parse/);
    expect(breaksFile('properties', 'a=1\n', 'a=\\u12\n')).toMatch(/would not parse/);
    expect(breaksFile('properties', 'a=1\n#---\nb=2\n', 'a=1\nb=2\n')).toMatch(/document/);
    expect(breaksFile('yaml', 'a: [\n', 'a: [[\n')).toBeUndefined(); // did not parse before: not judged here
    expect(breaksFile('yaml', 'a: 1\n', 'a: 2\n')).toBeUndefined();
    expect(breaksFile('java', 'class A {}', 'class A {')).toBeUndefined();
  });
});
