// Every rule id has an explanation and its own anchor in docs/rules.md, and the document is
// generated from the catalogue (never stale).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FILE_PASSES, PROJECT_PASSES } from '../transforms/index.js';
import { pathToFileURL } from 'node:url';
import { RULES, ruleAnchor } from '../src/report/rules.js';
import { ruleDocsUrl } from '../src/report/links.js';
import { ruleDocs } from '../scripts/generate-rule-docs.js';
import { LEVELS } from '../src/report/rule-levels.js';

const ROOT = path.resolve(__dirname, '..');
const ENGINE_RULES = ['parse-error', 'internal-error', 'engine/overlap', 'engine/bad-edit', 'engine/no-fixed-point', 'engine/outside-repository', 'engine/breaks-file', 'engine/utf-16'];

describe('rule index', () => {
  it('knows every rule a pass declares and every rule the engine emits', () => {
    const declared = new Set([...FILE_PASSES, ...PROJECT_PASSES].flatMap((p) => p.rules));
    const missing = [...declared, ...ENGINE_RULES].filter((r) => !RULES[r]);
    expect(missing).toEqual([]);
  });

  it('every rule says when it reports at which severity, and only rules do', () => {
    expect(Object.keys(RULES).filter((r) => !LEVELS[r])).toEqual([]);
    expect(Object.keys(LEVELS).filter((r) => !RULES[r])).toEqual([]);
  });

  it('the engine rule list matches what src/engine emits', () => {
    const sources = ['run.ts', 'write.ts', 'contain.ts', 'edits.ts'].map((f) => readFileSync(path.join(ROOT, 'src/engine', f), 'utf8')).join('\n');
    const emitted = [...sources.matchAll(/rule: '([^']+)'/g)].map((m) => m[1]!);
    expect(emitted.length).toBeGreaterThan(0);
    for (const r of emitted) expect(ENGINE_RULES, r).toContain(r);
  });

  it('docs/rules.md is current and gives each rule its own anchor', () => {
    const doc = readFileSync(path.join(ROOT, 'docs/rules.md'), 'utf8');
    expect(doc).toBe(ruleDocs());
    for (const id of Object.keys(RULES)) expect(doc).toContain(`<a id="${ruleAnchor(id)}"></a>\n### \`${id}\``);
    const anchors = Object.keys(RULES).map(ruleAnchor);
    expect(new Set(anchors).size).toBe(anchors.length);
  });

  it('each entry points at an area document that exists and names the rule', () => {
    for (const [id, info] of Object.entries(RULES)) {
      const text = readFileSync(path.join(ROOT, info.doc), 'utf8');
      expect(text.includes(id), `${id} in ${info.doc}`).toBe(true);
    }
  });

  it("links point at the rule's entry in the package's own docs/rules.md (shipped: package.json files)", () => {
    expect(ruleDocsUrl('properties/rename')).toBe(`${pathToFileURL(path.join(ROOT, 'docs', 'rules.md')).href}#rule-properties-rename`);
    expect((JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { files: string[] }).files).toContain('docs');
  });
});
