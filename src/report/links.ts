// Where a reader of a finding learns more. A finding's `docs` is mostly one URL (a section of the
// Spring Boot 3.0 Migration Guide), but a library rule's is the source its facts came from:
// several URLs, or a URL with a note on what to compare there. Each URL is a link of its own; the
// notes stay text. A rule's own entry is in docs/rules.md of the installed package.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { packageRoot } from '../table/load.js';
import { ruleAnchor } from './rules.js';

const MIGRATION_GUIDE = 'https://github.com/spring-projects/spring-boot/wiki/Spring-Boot-3.0-Migration-Guide';

/** A URL in running text: up to a space or a closing bracket, without the punctuation that ends a sentence. */
const URL_IN_TEXT = /https?:\/\/[^\s<>"')\]]*[^\s<>"')\].,;:!?]/g;

/** The docs text cut into URLs and the text around them, in order. */
export function docParts(docs: string): ({ url: string } | { text: string })[] {
  const parts: ({ url: string } | { text: string })[] = [];
  let at = 0;
  for (const m of docs.matchAll(URL_IN_TEXT)) {
    if (m.index! > at) parts.push({ text: docs.slice(at, m.index) });
    parts.push({ url: m[0] });
    at = m.index! + m[0].length;
  }
  if (at < docs.length) parts.push({ text: docs.slice(at) });
  return parts;
}

/** The URLs of a docs text, each once, in order. */
export function docUrls(docs: string): string[] {
  return [...new Set(docParts(docs).flatMap((p) => ('url' in p ? [p.url] : [])))];
}

/** What a link to `url` is called: the Migration Guide, else its site (and repository, on GitHub). */
export function linkLabel(url: string): string {
  if (url.startsWith(MIGRATION_GUIDE)) return 'Migration Guide';
  const { hostname, pathname } = new URL(url);
  const host = hostname.replace(/^www\./, '');
  const [owner, repo] = pathname.split('/').filter(Boolean);
  return host === 'github.com' && owner && repo ? `${host}/${owner}/${repo}` : host;
}

/** A docs text in Markdown: each URL a link under its label, the text around it as given (by `text`, which escapes it). */
export function markdownDocs(docs: string, text: (s: string) => string): string {
  return docParts(docs)
    .map((p) => ('url' in p ? `[${linkLabel(p.url)}](${p.url})` : text(p.text)))
    .join('');
}

let rulesDoc: string | undefined;
/** The rule's entry in the rule index shipped with the package (docs/rules.md), as a file URL. */
export function ruleDocsUrl(rule: string): string {
  rulesDoc ??= pathToFileURL(path.join(packageRoot(), 'docs', 'rules.md')).href;
  return `${rulesDoc}#${ruleAnchor(rule)}`;
}
