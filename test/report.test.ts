// Markdown and SARIF reports. The SARIF output is validated against the SARIF 2.1.0 JSON schema:
// test/report-sarif-schema-2.1.0-rtm.5.json is vendored unchanged from the npm package
// @microsoft/jest-sarif@1.0.0-beta.0 (lib/schemas/sarif-2.1.0-rtm.5.json, MIT), the schema
// SchemaStore publishes for SARIF 2.1.0 (rtm.5 is the release the OASIS 2.1.0 standard froze).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import AjvModule from 'ajv';
import { describe, expect, it } from 'vitest';
import { planMigration } from '../src/api.js';
import { FORMATTERS } from '../src/report/index.js';
import { formatMarkdown } from '../src/report/markdown.js';
import { formatSarif, pathUri } from '../src/report/sarif.js';
import type { RunResult } from '../src/engine/types.js';

const FIXTURES = path.resolve(__dirname, '..', 'fixtures', 'project');
const options = { color: false, toolVersion: '0.0.0-test' };

function sarifValidator() {
  const schema = JSON.parse(readFileSync(path.join(__dirname, 'report-sarif-schema-2.1.0-rtm.5.json'), 'utf8')) as Record<string, unknown>;
  // draft-04 spelling -> the draft-07 dialect ajv 8 speaks; the constraints are the same. The
  // schema's `language` pattern is not a valid /u regular expression, hence unicodeRegExp: false.
  schema.$id = schema.id;
  delete schema.id;
  delete schema.$schema;
  type AjvCtor = new (o: object) => import('ajv').default;
  const Ajv = ((AjvModule as unknown as { default?: AjvCtor }).default ?? AjvModule) as unknown as AjvCtor;
  return new Ajv({ strict: false, allErrors: true, validateFormats: false, unicodeRegExp: false }).compile(schema);
}

const sample: RunResult = {
  root: '/repo',
  changes: [
    { path: 'a/application.properties', kind: 'properties', status: 'modified', rules: { 'properties/rename': 2, 'project/banner-image': 1 } },
    { path: 'a/banner.txt', kind: 'other', status: 'created', rules: { 'project/banner-image': 1 } },
    { path: 'a/banner.png', kind: 'banner-image', status: 'deleted', rules: { 'project/banner-image': 1 } },
  ],
  findings: [
    { rule: 'project/jmx-exposure', severity: 'warning', path: 'a/application.properties', line: 3, column: 1, message: 'JMX | only health', docs: 'https://example.test/guide#jmx' },
    { rule: 'project/spring-factories-test-slice', severity: 'error', path: 'dir with space/spring.factories', line: 2, column: 1, message: 'move it' },
    { rule: 'project/log-date-format', severity: 'info', path: 'a/application.properties', line: 1, column: 1, message: 'ISO-8601' },
  ],
  errors: [],
  stats: { scanned: 10, read: 5, skipped: [] },
};

describe('markdown report', () => {
  it('separates what changed automatically from what needs a human', () => {
    expect(formatMarkdown(sample, options)).toBe(
      [
        '# Spring Boot 2.7 → 3.0 migration report',
        '',
        'boot-upgrade 0.0.0-test: 10 files scanned, 3 changed automatically, 3 findings need a human (1 errors).',
        '',
        '## Changed automatically',
        '',
        '| Rule | Edits | Files |',
        '| --- | ---: | --- |',
        '| `project/banner-image` | 3 | `a/application.properties`, `a/banner.txt` (created), `a/banner.png` (deleted) |',
        '| `properties/rename` | 2 | `a/application.properties` |',
        '',
        '## Needs a human',
        '',
        '### `project/spring-factories-test-slice` (1 · error)',
        '',
        '- [ ] **error** `dir with space/spring.factories:2:1`: move it',
        '',
        '### `project/jmx-exposure` (1 · warning)',
        '',
        'Migration Guide: <https://example.test/guide#jmx>',
        '',
        '- [ ] **warning** `a/application.properties:3:1`: JMX \\| only health',
        '',
        '### `project/log-date-format` (1 · info)',
        '',
        '- [ ] **info** `a/application.properties:1:1`: ISO-8601',
        '',
      ].join('\n'),
    );
  });

  it('is registered beside text and json', () => {
    expect(Object.keys(FORMATTERS)).toEqual(expect.arrayContaining(['text', 'json', 'markdown', 'sarif']));
  });
});

describe('sarif report', () => {
  const validate = sarifValidator();

  it('maps severities, rules and relative locations', () => {
    const log = JSON.parse(formatSarif(sample, options));
    expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
    const run = log.runs[0];
    expect(run.tool.driver.rules.map((r: { id: string }) => r.id)).toEqual(['project/jmx-exposure', 'project/log-date-format', 'project/spring-factories-test-slice']);
    expect(run.results.map((r: { level: string; ruleIndex: number }) => [r.level, r.ruleIndex])).toEqual([['warning', 0], ['error', 2], ['note', 1]]);
    expect(run.results[1].locations[0].physicalLocation).toEqual({ artifactLocation: { uri: 'dir%20with%20space/spring.factories', uriBaseId: 'SRCROOT' }, region: { startLine: 2, startColumn: 1 } });
    expect(pathUri('a/b c/ü.properties')).toBe('a/b%20c/%C3%BC.properties');
  });

  it('is schema-valid for a real run over the project fixtures, and catches an invalid log', async () => {
    const result = await planMigration({ root: path.join(FIXTURES, 'runtime-report', 'input'), onlyRules: ['project'] });
    expect(result.findings.length).toBeGreaterThan(10);
    const log = JSON.parse(formatSarif(result, options));
    expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
    expect(log.runs[0].results).toHaveLength(result.findings.length);
    log.runs[0].results[0].level = 'fatal';
    expect(validate(log)).toBe(false);
  });

  it('traces every change of the project passes to a rule id (--explain, the report)', async () => {
    const result = await planMigration({ root: path.join(FIXTURES, 'banner-png-properties', 'input'), onlyRules: ['project/banner'] });
    expect(result.changes.map((c) => [c.path, c.status, c.rules])).toEqual([
      ['src/main/resources/application.properties', 'modified', { 'project/banner-image': 3 }],
      ['src/main/resources/banner.png', 'deleted', { 'project/banner-image': 1 }],
      ['src/main/resources/banner.txt', 'created', { 'project/banner-image': 1 }],
    ]);
  });
});
