// The walk that lists a folder outside git (src/engine/walk.ts) replaced fast-glob's `**/*` with
// the tool folders ignored: the listing must be the same one, on every fixture input and on a
// tree of the odd entries a repository can hold (links to folders and files, a dangling link, a
// FIFO, a worktree's `.git` file, dot folders, `.mvn/wrapper` beside other `.mvn` content, a
// folder named `wrapper` elsewhere, names with spaces and non-ASCII letters).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { afterAll, describe, expect, it } from 'vitest';
import { walkTree } from '../src/engine/walk.js';
import { TOOL_DIRS } from '../src/engine/scan.js';

const FIXTURES = path.resolve(__dirname, '..', 'fixtures');
const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

/** What fast-glob listed for the tool before the walk: every non-folder entry, tool folders ignored. */
function fastGlobListing(root: string): string[] {
  return fg
    .sync('**/*', { cwd: root, dot: true, onlyFiles: false, markDirectories: true, followSymbolicLinks: false, ignore: TOOL_DIRS.map((d) => `**/${d}/**`) })
    .filter((e) => !e.endsWith('/'))
    .sort();
}

function oddTree(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'bu-walk-'));
  temps.push(root);
  const file = (rel: string) => {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), rel);
  };
  for (const rel of ['pom.xml', '.hidden', 'a/.mvn/wrapper/maven-wrapper.properties', 'a/.mvn/jvm.config', 'a/node_modules/x/i.js', '.git/HEAD', 'b/.idea/w.xml', 'c/.gradle/k', 'd/wrapper/w.txt', 'e/.mvn/other/o', 'f/.git', 'sp ace/ü/file name.txt', 'src/main/java/com/acme/adapter/out/Port.java']) file(rel);
  mkdirSync(path.join(root, 'empty'));
  symlinkSync(os.tmpdir(), path.join(root, 'f', 'linkdir'));
  symlinkSync('../a/.mvn/jvm.config', path.join(root, 'f', 'linkfile'));
  symlinkSync('/nonexistent/boot-upgrade', path.join(root, 'f', 'dangling'));
  execFileSync('mkfifo', [path.join(root, 'f', 'fifo')]);
  return root;
}

describe('walkTree', () => {
  it('lists what fast-glob listed, on a tree of odd entries', () => {
    const root = oddTree();
    const listed = walkTree(root, TOOL_DIRS).sort();
    expect(listed).toEqual(fastGlobListing(root));
    // and, spelled out: links and the FIFO are listed (whoever opens them reports them), tool folders and a `.git` file are not
    expect(listed).toEqual(['.hidden', 'a/.mvn/jvm.config', 'd/wrapper/w.txt', 'e/.mvn/other/o', 'f/dangling', 'f/fifo', 'f/linkdir', 'f/linkfile', 'pom.xml', 'sp ace/ü/file name.txt', 'src/main/java/com/acme/adapter/out/Port.java']);
  });

  it('lists what fast-glob listed, on every fixture input', () => {
    const inputs = readdirSync(FIXTURES).flatMap((t) => readdirSync(path.join(FIXTURES, t)).map((c) => path.join(FIXTURES, t, c, 'input')));
    const dirs = inputs.filter((d) => statSync(d, { throwIfNoEntry: false })?.isDirectory());
    expect(dirs.length).toBeGreaterThan(200);
    for (const dir of dirs) expect(walkTree(dir, TOOL_DIRS).sort(), dir).toEqual(fastGlobListing(dir));
  });

  it('throws for a root that does not exist', () => {
    expect(() => walkTree(path.join(os.tmpdir(), 'bu-walk-no-such-folder'), TOOL_DIRS)).toThrow(/ENOENT/);
  });
});
