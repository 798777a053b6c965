// A finding's documentation as links: one link per URL, each under a label that says where it
// goes, the notes around them kept as text, nothing encoded twice.
import { describe, expect, it } from 'vitest';
import { docParts, docUrls, linkLabel, markdownDocs } from '../src/report/links.js';
import { formatMarkdown } from '../src/report/markdown.js';
import type { RunResult } from '../src/engine/types.js';

const GUIDE = 'https://github.com/spring-projects/spring-boot/wiki/Spring-Boot-3.0-Migration-Guide#spring-session-store-type';
const SOURCE = 'https://springdoc.org/migrating-from-springfox.html (Docket -> GroupedOpenApi); https://springdoc.org/#how-can-i-define-multiple-openapi-definitions-in-one-spring-boot-project';
const NOTE = 'https://github.com/FasterXML/jackson-modules-base/tree/jackson-modules-base-2.14.3/jakarta-xmlbind (compared with .../jaxb at the same tag)';

describe('documentation links', () => {
  it('cuts a docs text into its URLs and the notes between them', () => {
    expect(docParts(GUIDE)).toEqual([{ url: GUIDE }]);
    expect(docUrls(SOURCE)).toEqual(['https://springdoc.org/migrating-from-springfox.html', 'https://springdoc.org/#how-can-i-define-multiple-openapi-definitions-in-one-spring-boot-project']);
    expect(docParts(NOTE)).toEqual([{ url: 'https://github.com/FasterXML/jackson-modules-base/tree/jackson-modules-base-2.14.3/jakarta-xmlbind' }, { text: ' (compared with .../jaxb at the same tag)' }]);
    expect(docUrls('see https://example.test/a, then https://example.test/b.')).toEqual(['https://example.test/a', 'https://example.test/b']);
  });

  it('labels the Migration Guide as such, other pages by their site (and repository on GitHub)', () => {
    expect(linkLabel(GUIDE)).toBe('Migration Guide');
    expect(linkLabel('https://springdoc.org/migrating-from-springfox.html')).toBe('springdoc.org');
    expect(linkLabel('https://www.example.test/x')).toBe('example.test');
    expect(linkLabel(NOTE.split(' ')[0]!)).toBe('github.com/FasterXML/jackson-modules-base');
  });

  it('in Markdown: one link per URL, the URL as written (no second encoding), the notes escaped as text', () => {
    const encoded = 'https://example.test/a%20b#x%2Fy';
    expect(markdownDocs(encoded, (t) => t)).toBe(`[example.test](${encoded})`);
    expect(markdownDocs(SOURCE, (t) => t)).toBe('[springdoc.org](https://springdoc.org/migrating-from-springfox.html) (Docket -> GroupedOpenApi); [springdoc.org](https://springdoc.org/#how-can-i-define-multiple-openapi-definitions-in-one-spring-boot-project)');
  });

  it('a Markdown report links each page once, and never to the machine that made it', () => {
    const finding = (line: number, docs: string) => ({ rule: 'springdoc/docket', severity: 'warning' as const, path: 'a/Api.java', line, column: 1, message: 'a Docket', docs });
    const result: RunResult = { root: '/r', changes: [], findings: [finding(1, SOURCE), finding(2, SOURCE), finding(3, NOTE)], errors: [], stats: { scanned: 1, read: 1, skipped: [] } };
    const text = formatMarkdown(result, { color: false, toolVersion: '0.0.0-test' });
    const links = [...text.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]);
    expect(links).toEqual([...docUrls(SOURCE), docUrls(NOTE)[0]]);
    expect(text).toContain('Also: [github.com/FasterXML/jackson-modules-base](https://github.com/FasterXML/jackson-modules-base/tree/jackson-modules-base-2.14.3/jakarta-xmlbind) (compared with .../jaxb at the same tag)');
    expect(text).not.toContain('file://');
  });
});
