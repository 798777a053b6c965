// Files the tool creates, rewrites or deletes stay inside the repository: a linked folder on the
// way (META-INF/spring -> elsewhere) or a `..` path is refused, and the pass that wanted it is
// refused whole (spring.factories is not deleted when its .imports file cannot be created).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { planMigration, writeChanges } from '../src/api.js';
import { Containment, isPlainRelative, underRoot } from '../src/engine/contain.js';
import type { FileChange } from '../src/engine/types.js';

const temps: string[] = [];
afterEach(() => {
  while (temps.length) rmSync(temps.pop()!, { recursive: true, force: true });
});
const temp = (prefix: string) => {
  const d = mkdtempSync(path.join(os.tmpdir(), prefix));
  temps.push(d);
  return d;
};

const FACTORIES = 'org.springframework.boot.autoconfigure.EnableAutoConfiguration=\\\n  com.acme.greeter.GreeterAutoConfiguration\n';

describe('writing stays inside the repository', () => {
  it('refuses to create AutoConfiguration.imports through a linked META-INF/spring, and keeps spring.factories', async () => {
    const repo = temp('bu-contain-');
    const elsewhere = temp('bu-elsewhere-');
    const metaInf = path.join(repo, 'greeter', 'src', 'main', 'resources', 'META-INF');
    mkdirSync(metaInf, { recursive: true });
    writeFileSync(path.join(repo, 'greeter', 'pom.xml'), '<project/>\n');
    writeFileSync(path.join(metaInf, 'spring.factories'), FACTORIES);
    symlinkSync(elsewhere, path.join(metaInf, 'spring'));
    const result = await planMigration({ root: repo });
    expect(result.changes.map((c) => c.path).filter((p) => p.includes('META-INF'))).toEqual([]);
    const refused = result.findings.filter((f) => f.rule === 'engine/outside-repository');
    expect(refused.map((f) => f.path)).toEqual(['greeter/src/main/resources/META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports']);
    expect(result.errors.length).toBeGreaterThan(0);
    await writeChanges(repo, result.changes);
    expect(readdirSync(elsewhere)).toEqual([]);
    expect(existsSync(path.join(metaInf, 'spring.factories'))).toBe(true);
  });

  it('the writer refuses a change set with a path through a link or with ..', async () => {
    const repo = temp('bu-contain-');
    const elsewhere = temp('bu-elsewhere-');
    symlinkSync(elsewhere, path.join(repo, 'linked'));
    const created = (p: string): FileChange => ({ path: p, kind: 'other', status: 'created', after: Buffer.from('x\n'), rules: { test: 1 }, mode: 0o644 });
    await expect(writeChanges(repo, [created('linked/a.txt')])).rejects.toThrow(/linked\/a.txt: linked is a symbolic link/);
    await expect(writeChanges(repo, [created('../escape.txt')])).rejects.toThrow(/not a plain path inside the repository/);
    expect(readdirSync(elsewhere)).toEqual([]);
    expect(existsSync(path.join(repo, '..', 'escape.txt'))).toBe(false);
  });

  it('allows folders that do not exist yet and plain nested paths', () => {
    const repo = temp('bu-contain-');
    mkdirSync(path.join(repo, 'a'));
    const c = new Containment(repo);
    expect(c.problem('a/new/deep/file.txt')).toBeUndefined();
    expect(c.problem('a/../../x')).toBe('not a plain path inside the repository');
    expect(c.problem('/etc/passwd')).toBe('not a plain path inside the repository');
  });
});

describe('underRoot', () => {
  const rels = ['a.java', 'src/main/A.java', '.github/x.yml', 'a/.b/c', 'a..b/c', 'a/b.', './a', 'a/./b', 'a/../b', '../a', '..', '.', 'a//b', 'a/', '/abs', 'a/..', 'a\\b', ''];
  const roots = ['/repo', '/repo/', '/', '/r/./x', 'rel/root', '/r/../s'];
  it.each(roots)('gives what path.join gives (root %s)', (root) => {
    for (const rel of rels) expect(underRoot(root, rel)).toBe(path.join(root, rel));
  });
  it('calls plain only the paths path.posix.normalize leaves as they are', () => {
    for (const rel of rels) {
      if (isPlainRelative(rel)) expect(path.posix.normalize(rel)).toBe(rel);
    }
    expect(rels.filter(isPlainRelative)).toEqual(['a.java', 'src/main/A.java', '.github/x.yml', 'a/.b/c', 'a..b/c', 'a/b.', 'a\\b']);
  });
});
