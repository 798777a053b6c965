// Markdown and SARIF reports. The SARIF output is validated against the SARIF 2.1.0 JSON schema:
// test/report-sarif-schema-2.1.0-rtm.5.json is vendored unchanged from the npm package
// @microsoft/jest-sarif@1.0.0-beta.0 (lib/schemas/sarif-2.1.0-rtm.5.json, MIT), the schema
// SchemaStore publishes for SARIF 2.1.0 (rtm.5 is the release the OASIS 2.1.0 standard froze).
import { groupPerApplication } from '../src/engine/group.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import AjvModule from 'ajv';
import { describe, expect, it } from 'vitest';
import { planMigration } from '../src/api.js';
import { FORMATTERS } from '../src/report/index.js';
import { formatMarkdown } from '../src/report/markdown.js';
import { formatSarif, pathUri } from '../src/report/sarif.js';
import { jsonBody } from '../src/report/json.js';
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
  it('separates what changed automatically from what needs a human, explaining each rule once with its documentation', () => {
    const text = formatMarkdown(sample, options);
    expect(text).toContain('### `project/banner-image`: 3 edit(s) in 3 file(s)');
    expect(text).toContain('- `a/banner.txt` (created)\n- `a/banner.png` (deleted)');
    expect(text).toContain('### `project/jmx-exposure` (1 · warning)\n\nJMX now exposes only the health endpoint by default; set management.endpoints.jmx.exposure.include to expose more. [example.test](https://example.test/guide#jmx)\n\n- [ ] **warning** `a/application.properties:3:1`: JMX \\| only health\n');
    // errors first, then warnings, then info
    expect(text.indexOf('project/spring-factories-test-slice` (1')).toBeLessThan(text.indexOf('project/jmx-exposure` (1'));
    expect(text.indexOf('project/jmx-exposure` (1')).toBeLessThan(text.indexOf('project/log-date-format` (1'));
  });

  it('fits a pull-request body for a 10k-file repository: lists folded in <details>, capped with "and N more"', () => {
    const many = 10_000;
    const big: RunResult = {
      ...sample,
      changes: Array.from({ length: many }, (_, i) => ({ path: `module-${i % 50}/src/main/java/com/acme/very/long/package/name/Entity${i}.java`, kind: 'java' as const, status: 'modified' as const, rules: { 'sources/jakarta': 3 } })),
      findings: Array.from({ length: many }, (_, i) => ({ rule: 'sources/jakarta-string', severity: 'warning' as const, path: `m/E${i}.java`, line: i, column: 5, message: 'The string "javax.persistence.lock.timeout" names a javax name that moved; in Spring Boot 3.0 it is "jakarta.persistence.lock.timeout".' })),
      stats: { scanned: 12_000, read: 12_000, skipped: [] },
    };
    const text = formatMarkdown(big, options);
    expect(text.length).toBeLessThanOrEqual(65_536);
    expect(text).toMatch(/<details><summary>10000 files<\/summary>/);
    expect(text).toMatch(/<details><summary>10000 findings<\/summary>/);
    expect(text).toMatch(/- and \d+ more \(`boot-upgrade report --format json` lists every one\)/);
    // the explanation of a rule appears once, not per finding
    expect(text.match(/A string literal holds a javax name/g)).toHaveLength(1);
  });

  it('trailing-slash: one checkbox per application, its routes below it', () => {
    const route = (app: string, i: number) => ({ rule: 'project/trailing-slash', severity: 'warning' as const, path: `${app}/src/main/java/com/acme/C${i}.java`, line: i, column: 5, message: `GET /r${i}/ no longer reaches C${i}#get. trailing-slash matching now defaults to false.` });
    const text = formatMarkdown({ ...sample, findings: groupPerApplication([route('shop', 1), route('shop', 2), route('billing', 3)]) }, options);
    expect(text.match(/- \[ \] \*\*warning\*\* application/g)).toHaveLength(2);
    expect(text).toContain('- [ ] **warning** application `shop`, 2 route(s)\n\n  - `shop/src/main/java/com/acme/C1.java:1:5`: GET /r1/ no longer reaches C1#get.\n  - `shop/src/main/java/com/acme/C2.java:2:5`: GET /r2/ no longer reaches C2#get.');
    expect(text).not.toContain('defaults to false');
  });

  it('a short list stays open (no <details>)', () => {
    expect(formatMarkdown(sample, options)).not.toContain('<details>');
  });

  it('is registered beside text and json', () => {
    expect(Object.keys(FORMATTERS)).toEqual(expect.arrayContaining(['text', 'json', 'markdown', 'sarif']));
  });
});

describe('text report', () => {
  it('lists by impact: the verdict, errors, warnings, then info', () => {
    const lines = FORMATTERS.text!(sample, options).trim().split('\n');
    expect(lines[0]).toMatch(/^verdict: /);
    expect(lines.slice(1, 4).map((l) => /: (error|warning|info) \[/.exec(l)?.[1])).toEqual(['error', 'warning', 'info']);
    expect(lines[4]).toBe('3 finding(s): 1 error(s), 1 warning(s), 1 info');
  });
});

describe('sarif report', () => {
  const validate = sarifValidator();

  it('maps severities, rules and relative locations', () => {
    const log = JSON.parse(formatSarif(sample, options));
    expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
    const run = log.runs[0];
    const ids = run.tool.driver.rules.map((r: { id: string }) => r.id);
    expect(ids).toEqual(['project/banner-image', 'project/jmx-exposure', 'project/log-date-format', 'project/spring-factories-test-slice', 'properties/rename']);
    expect(run.results.slice(0, 3).map((r: { level: string; ruleId: string }) => [r.level, r.ruleId])).toEqual([['warning', 'project/jmx-exposure'], ['error', 'project/spring-factories-test-slice'], ['note', 'project/log-date-format']]);
    expect(run.results[1].locations[0].physicalLocation).toEqual({ artifactLocation: { uri: 'dir%20with%20space/spring.factories', uriBaseId: 'SRCROOT' }, region: { startLine: 2, startColumn: 1 } });
    expect(pathUri('a/b c/ü.properties')).toBe('a/b%20c/%C3%BC.properties');
  });

  it('has what code scanning needs: fingerprints, full rule help, automation id, pending changes', () => {
    const log = JSON.parse(formatSarif(sample, { ...options, base: { dir: '/repo', kind: 'git top level', prefix: 'services/app/' } }));
    const run = log.runs[0];
    expect(JSON.stringify(log)).not.toContain('file://'); // nothing points into the machine that made it
    expect(run.automationDetails).toEqual({ id: 'boot-upgrade/services/app/' });
    const jmx = run.tool.driver.rules.find((r: { id: string }) => r.id === 'project/jmx-exposure');
    expect(jmx.fullDescription.text).toMatch(/^JMX now exposes only the health endpoint/);
    expect(jmx.helpUri).toBe('https://example.test/guide#jmx');
    expect(jmx.help.markdown).toContain('See: [example.test](https://example.test/guide#jmx)');
    expect(jmx.help.markdown).toContain("Rule: boot-upgrade's rule index, docs/rules.md#rule-project-jmx-exposure.");
    const fingerprints = run.results.map((r: { partialFingerprints: Record<string, string> }) => Object.values(r.partialFingerprints)[0]);
    expect(new Set(fingerprints).size).toBe(run.results.length);
    // a moved line keeps its fingerprint
    const moved = JSON.parse(formatSarif({ ...sample, findings: sample.findings.map((f) => ({ ...f, line: f.line + 7 })) }, options));
    expect(moved.runs[0].results[0].partialFingerprints).toEqual(run.results[0].partialFingerprints);
    const pending = run.results.filter((r: { properties?: { pendingChange?: boolean } }) => r.properties?.pendingChange);
    expect(pending.map((r: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }) => [r.ruleId, r.locations[0]!.physicalLocation.artifactLocation.uri])).toEqual([
      ['properties/rename', 'a/application.properties'],
      ['project/banner-image', 'a/application.properties'],
      ['project/banner-image', 'a/banner.txt'],
      ['project/banner-image', 'a/banner.png'],
    ]);
    expect(pending[0].message.text).toBe('Still to change automatically: 2 edit(s) by properties/rename; run boot-upgrade migrate.');
  });

  it('trailing-slash: one result per route on its own line, each naming its application (JSON too)', () => {
    const route = (app: string, i: number) => ({ rule: 'project/trailing-slash', severity: 'warning' as const, path: `${app}/src/main/java/com/acme/C${i}.java`, line: i, column: 5, message: `GET /r${i}/ no longer reaches C${i}#get.` });
    const result = { ...sample, changes: [], findings: [route('shop', 1), route('shop', 2), route('billing', 3), sample.findings[0]!] };
    const log = JSON.parse(formatSarif(result, options));
    expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
    const results = log.runs[0].results as { ruleId: string; properties?: { application?: string }; locations: { physicalLocation: { region: { startLine: number } } }[] }[];
    expect(results.map((r) => [r.ruleId, r.properties?.application, r.locations[0]!.physicalLocation.region.startLine])).toEqual([
      ['project/trailing-slash', 'shop', 1],
      ['project/trailing-slash', 'shop', 2],
      ['project/trailing-slash', 'billing', 3],
      ['project/jmx-exposure', undefined, 3],
    ]);
    const json = jsonBody(result, options);
    expect(json.findings.map((f) => (f as { application?: string }).application)).toEqual(['shop', 'shop', 'billing', undefined]);
  });

  it('is schema-valid for a real run over the project fixtures, and catches an invalid log', async () => {
    const result = await planMigration({ root: path.join(FIXTURES, 'runtime-report', 'input'), onlyRules: ['project'] });
    expect(result.findings.length).toBeGreaterThan(10);
    const log = JSON.parse(formatSarif(result, options));
    expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
    expect(log.runs[0].results).toHaveLength(result.findings.length + result.changes.reduce((n, c) => n + Object.keys(c.rules).length, 0));
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
