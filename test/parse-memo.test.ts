// The per-run memo of parses (src/formats/parse-memo.ts): the engine's last check (verify.ts)
// takes a parser's earlier success on the very same text instead of parsing it again, per kind of
// parser, and only while a run is going (a long-lived process keeps no text).
import { afterEach, describe, expect, it } from 'vitest';
import { noteParsed, parsedBefore, rememberParses } from '../src/formats/parse-memo.js';
import { parseYaml } from '../src/formats/yaml.js';
import { parseProperties } from '../src/formats/properties.js';
import { breaksFile } from '../src/engine/verify.js';
import { planMigration } from '../src/api.js';
import { repo } from './hostile/helpers.js';

afterEach(() => rememberParses(false));

const TWO_DOCS = 'spring:\n  application:\n    name: shop\n---\nserver:\n  port: 8080\n';

describe('the parse memo', () => {
  it('remembers nothing outside a run', () => {
    parseYaml(TWO_DOCS);
    expect(parsedBefore('yaml', TWO_DOCS)).toBeUndefined();
  });

  it('during a run, remembers each parser’s successes by kind with their documents', () => {
    rememberParses(true);
    parseYaml(TWO_DOCS);
    expect(parsedBefore('yaml', TWO_DOCS)).toBe(2);
    expect(parsedBefore('properties', TWO_DOCS)).toBeUndefined(); // another parser's answer is not this one's
    parseProperties('a=1\n#---\nb=2\n');
    expect(parsedBefore('properties', 'a=1\n#---\nb=2\n')).toBe(2);
    expect(() => parseYaml('a: [1\n')).toThrow();
    expect(parsedBefore('yaml', 'a: [1\n')).toBeUndefined(); // failures are not remembered
  });

  it('verify takes a remembered success instead of parsing, and parses again once the run is over', () => {
    const broken = 'spring:\n  redis: [host\n';
    rememberParses(true);
    noteParsed('yaml', broken, 1); // what no parser would note: shows the memo is asked first
    expect(breaksFile('yaml', 'spring:\n  redis: {}\n', broken)).toBeUndefined();
    rememberParses(false);
    expect(breaksFile('yaml', 'spring:\n  redis: {}\n', broken)).toMatch(/would not parse/);
  });

  it('a run forgets what it parsed when it ends', async () => {
    const text = 'spring:\n  redis:\n    host: db\n';
    const dir = repo({ 'pom.xml': '<project/>\n', 'src/main/resources/application.yml': text });
    const plan = await planMigration({ root: dir });
    expect(plan.changes.map((c) => c.path)).toEqual(['src/main/resources/application.yml']);
    expect(parsedBefore('yaml', text)).toBeUndefined();
  });
});
