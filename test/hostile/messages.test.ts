// Each problem gets its one clear line: errors that exit non-zero, files reported for what they
// are (UTF-16, submodules), a failing pass named, and no terminal control character from a file
// name or content reaching the terminal or a Markdown report raw.
import { describe, expect, it } from 'vitest';
import { planMigration } from '../../src/api.js';
import type { ProjectPass } from '../../src/engine/types.js';
import { formatMarkdown } from '../../src/report/markdown.js';
import { findingLine } from '../../src/report/text.js';
import { repo } from './helpers.js';

describe('messages', () => {
  it('an unparseable spring.factories is an error of the run (exit 2), naming the file', async () => {
    const dir = repo({ 'src/main/resources/META-INF/spring.factories': 'org.springframework.boot.autoconfigure.EnableAutoConfiguration=\\u12zz\n' });
    const result = await planMigration({ root: dir });
    expect(result.errors.map((f) => [f.rule, f.path])).toEqual([['parse-error', 'src/main/resources/META-INF/spring.factories']]);
  });

  it('a UTF-16 configuration file is reported as UTF-16, not as binary', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('spring.redis.host=db\n', 'utf16le')]);
    const noBom = Buffer.from('spring.redis.port=1\n', 'utf16le');
    const dir = repo({ 'src/main/resources/application.properties': utf16, 'src/main/resources/application-dev.properties': noBom });
    const result = await planMigration({ root: dir });
    expect(result.stats.skipped.map((s) => [s.path, s.kind])).toEqual([
      ['src/main/resources/application-dev.properties', 'utf-16'],
      ['src/main/resources/application.properties', 'utf-16'],
    ]);
    expect(result.findings.filter((f) => f.rule === 'engine/utf-16').map((f) => f.path)).toEqual(['src/main/resources/application-dev.properties', 'src/main/resources/application.properties']);
  });

  it('submodules are reported, not skipped silently', async () => {
    const dir = repo({ '.gitmodules': '[submodule "acme-common"]\n\tpath = libs/acme-common\n\turl = ../acme-common.git\n', 'libs/acme-common/README.md': 'x\n' });
    const result = await planMigration({ root: dir });
    expect(result.stats.skipped).toContainEqual({ path: 'libs/acme-common/', reason: 'git submodule (another repository: run boot-upgrade inside it)', kind: 'submodule' });
  });

  it('a project pass that throws is an internal-error naming the pass, and the run goes on', async () => {
    const broken: ProjectPass = { id: 'project/acme-broken', description: 'throws', rules: [], kinds: ['properties'], run: () => { throw new TypeError("Cannot read properties of undefined (reading 'x')"); } };
    const dir = repo({ 'src/main/resources/application.properties': 'spring.redis.host=db\n' });
    const result = await planMigration({ root: dir, projectPasses: [broken] });
    expect(result.errors.map((f) => f.message)).toEqual(["project/acme-broken failed: Cannot read properties of undefined (reading 'x'); nothing of this pass was applied"]);
    expect(result.changes.map((c) => c.path)).toEqual(['src/main/resources/application.properties']);
  });

  it('control characters from file names and contents are escaped in text and Markdown reports', async () => {
    const evil = 'acme\x1b]0;pwned\x07\x1b[2J\r\u202e';
    const finding = { rule: 'properties/removed', severity: 'error' as const, path: `src/${evil}/application.properties`, line: 1, column: 1, message: `value '${evil}' removed` };
    const line = findingLine(finding, false);
    expect(line).not.toMatch(/[\x00-\x1f\x7f\u202e]/);
    expect(line).toContain('acme\\x1b]0;pwned\\x07\\x1b[2J\\x0d\\u202e');
    const md = formatMarkdown({ root: '.', changes: [], findings: [finding], errors: [finding], stats: { scanned: 1, read: 1, skipped: [] } }, { color: false, toolVersion: '0' });
    expect(md).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f\u202e]/);
  });
});
