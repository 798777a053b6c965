// Every link between the project's documents points at a file that exists and, when it names a
// heading, at a heading of that file (GitHub's anchors: lower case, punctuation dropped, spaces as
// hyphens; or an explicit <a id>). The README's first screen holds the commands a newcomer pastes.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..');
const DOCS = ['README.md', ...readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** The anchors GitHub makes for a document's headings, and its explicit ids. */
function anchors(file: string): Set<string> {
  const text = readFileSync(path.join(ROOT, file), 'utf8').replace(/```[\s\S]*?```/g, '');
  const out = new Set<string>();
  const seen = new Map<string, number>();
  for (const m of text.matchAll(/^#{1,6} +(.+)$/gm)) {
    const slug = m[1]!.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    out.add(n ? `${slug}-${n}` : slug);
  }
  for (const m of text.matchAll(/<a id="([^"]+)"><\/a>/g)) out.add(m[1]!);
  return out;
}

/** Relative links of a Markdown file, outside code blocks and code spans. */
function links(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8').replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((l) => !/^[a-z]+:/i.test(l));
}

describe('links between the documents', () => {
  it.each(DOCS)('%s: every relative link finds its file and heading', (file) => {
    const broken: string[] = [];
    for (const link of links(file)) {
      const [target, anchor] = link.split('#') as [string, string | undefined];
      const resolved = target ? path.normalize(path.join(path.dirname(file), target)) : file;
      if (!existsSync(path.join(ROOT, resolved))) broken.push(`${link}: no file ${resolved}`);
      else if (anchor && resolved.endsWith('.md') && !anchors(resolved).has(anchor)) broken.push(`${link}: no heading #${anchor} in ${resolved}`);
    }
    expect(broken).toEqual([]);
  });

  it("the README's first screen gives the two commands of a fresh clone, and says no npm registry install", () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const firstScreen = readme.split('\n').slice(0, 30).join('\n');
    expect(firstScreen).toContain('npm install && npx boot-upgrade migrate --dry-run examples/demo-app\nnpm test\n');
    expect(existsSync(path.join(ROOT, 'examples', 'demo-app', 'pom.xml'))).toBe(true);
    expect(readme).not.toMatch(/npm (install|i) (-g )?boot-upgrade\b(?!-)/);
    expect(readme.split('\n').length).toBeLessThanOrEqual(400);
  });
});
