// The edit engine on its own: splicing, overlaps, byte preservation, failure isolation, writes.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync, chmodSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyEdits } from '../src/engine/edits.js';
import { runEngine } from '../src/engine/run.js';
import { decode, encode } from '../src/engine/text.js';
import { NotReady, ParseError, type FilePass, type ProjectPass, type ProjectView } from '../src/engine/types.js';
import { unifiedDiff } from '../src/engine/diff.js';
import { writeChanges, dirtyTargets } from '../src/engine/write.js';
import { loadTable } from '../src/table/load.js';

const table = loadTable();
const temps: string[] = [];
function tempRepo(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bu-engine-'));
  temps.push(dir);
  for (const [p, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, p)), { recursive: true });
    writeFileSync(path.join(dir, p), content);
  }
  return dir;
}
afterEach(() => {
  while (temps.length) rmSync(temps.pop()!, { recursive: true, force: true });
});

/** A pass that renames the word `old` to `new` wherever it stands, and fails on `BROKEN`. */
const renamePass: FilePass = {
  id: 'test',
  description: 'rename old to new',
  kinds: ['properties', 'yaml', 'java'],
  rules: ['test/rename'],
  run(file) {
    if (file.text.includes('BROKEN')) throw new ParseError('unexpected token BROKEN', file.text.indexOf('BROKEN'));
    const edits = [...file.text.matchAll(/\bold\b/g)].map((m) => ({ start: m.index!, end: m.index! + 3, text: 'new', rule: 'test/rename' }));
    return { edits, findings: file.text.includes('warn-me') ? [{ rule: 'test/warn', severity: 'warning', message: 'look here', offset: file.text.indexOf('warn-me') }] : [] };
  },
};

describe('applyEdits', () => {
  it('splices sorted edits and defers overlaps', () => {
    const r = applyEdits('abcdef', [
      { start: 4, end: 5, text: 'E', rule: 'r' },
      { start: 0, end: 2, text: 'AB', rule: 'r' },
      { start: 1, end: 3, text: 'x', rule: 'r' },
    ]);
    expect(r.text).toBe('ABcdEf');
    expect(r.deferred).toHaveLength(1);
  });
  it('treats two insertions at one point as a conflict', () => {
    const r = applyEdits('ab', [
      { start: 1, end: 1, text: 'X', rule: 'r' },
      { start: 1, end: 1, text: 'Y', rule: 'r' },
    ]);
    expect(r.text).toBe('aXb');
    expect(r.deferred).toHaveLength(1);
  });
  it('drops edits that change nothing', () => {
    expect(applyEdits('abc', [{ start: 0, end: 1, text: 'a', rule: 'r' }]).applied).toHaveLength(0);
  });
});

describe('byte preservation', () => {
  it('round-trips BOM, CRLF, tabs and Latin-1 bytes exactly', () => {
    const latin1 = Buffer.from([0xef, 0xbb, 0xbf, ...Buffer.from('k\t=caf'), 0xe9, 0x0d, 0x0a]);
    const d = decode(latin1, 'properties');
    expect(d.bom).toBe(true);
    expect(d.encoding).toBe('latin1');
    expect(encode(d.text, d.encoding, d.bom).equals(latin1)).toBe(true);
    const invalidUtf8 = Buffer.from([0x61, 0xff, 0x62]);
    const y = decode(invalidUtf8, 'yaml');
    expect(y.encoding).toBe('latin1');
    expect(encode(y.text, y.encoding, y.bom).equals(invalidUtf8)).toBe(true);
  });

  it('reads UTF-8 as a strict decoder does, and everything else as ISO-8859-1', () => {
    const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    const samples = [
      Buffer.from('plain ascii\n'),
      Buffer.from('caf\u00e9 \u2603 \u{1F600} \uFEFFinner bom\n'),
      Buffer.from([0xed, 0xa0, 0x80]), // an encoded surrogate: not UTF-8
      Buffer.from([0xc0, 0xaf]), // an overlong '/'
      Buffer.from([0x61, 0xe2, 0x82]), // cut in the middle of a character
      Buffer.alloc(0),
    ];
    for (const bytes of samples) {
      const d = decode(bytes, 'java');
      let expected: string | undefined;
      try {
        expected = strict.decode(bytes);
      } catch {
        expected = undefined;
      }
      expect(d.encoding, bytes.toString('hex')).toBe(expected === undefined ? 'latin1' : 'utf8');
      expect(d.text).toBe(expected ?? bytes.toString('latin1'));
      expect(encode(d.text, d.encoding, d.bom).equals(bytes)).toBe(true);
    }
  });

  it('keeps every byte outside an edit', async () => {
    const original = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('a=old\r\n\tb=caf'), Buffer.from([0xe9]), Buffer.from('\r\n# old comment\r\n')]);
    const dir = tempRepo({ 'src/main/resources/application.properties': original });
    const result = await runEngine({ root: dir, table, filePasses: [renamePass] });
    expect(result.changes).toHaveLength(1);
    const after = result.changes[0]!.after!;
    const expected = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('a=new\r\n\tb=caf'), Buffer.from([0xe9]), Buffer.from('\r\n# new comment\r\n')]);
    expect(after.equals(expected)).toBe(true);
  });
});

describe('runEngine', () => {
  /** renamePass behind a pass that needs a "parser" loaded on first use (as tree-sitter's grammars are). */
  function waitingPasses(ready: () => Promise<void>) {
    let loaded = false;
    let asked = 0;
    const needsParser: FilePass = {
      id: 'needs-parser',
      description: 'a finding once its parser is there',
      kinds: ['properties'],
      rules: ['test/parsed'],
      run(file) {
        asked++;
        if (!loaded) throw new NotReady(ready().then(() => void (loaded = true)), 'the test parser');
        return { findings: [{ rule: 'test/parsed', severity: 'info', message: 'parsed', offset: 0 }] };
      },
    };
    return { passes: [renamePass, needsParser], asked: () => asked };
  }

  it('runs a file again, whole, once the parser a pass waited for is there: each finding and edit once', async () => {
    const dir = tempRepo({ 'application.properties': 'x=old warn-me\n', 'application-dev.properties': 'y=old\n' });
    const { passes, asked } = waitingPasses(() => new Promise((resolve) => setTimeout(resolve, 20)));
    const result = await runEngine({ root: dir, table, filePasses: passes });
    expect(result.changes.map((c) => [c.path, c.after?.toString()])).toEqual([
      ['application-dev.properties', 'y=new\n'],
      ['application.properties', 'x=new warn-me\n'],
    ]);
    expect(result.findings.map((f) => [f.path, f.rule, f.line, f.column])).toEqual([
      ['application-dev.properties', 'test/parsed', 1, 1],
      ['application.properties', 'test/parsed', 1, 1],
      ['application.properties', 'test/warn', 1, 7],
    ]);
    expect(asked()).toBeGreaterThanOrEqual(3); // the first file asked before the parser was there
  });

  it('fails the file (left unchanged, an internal error naming the pass) when the parser cannot load', async () => {
    const dir = tempRepo({ 'application.properties': 'x=old\n' });
    const { passes } = waitingPasses(() => Promise.reject(new Error('no grammar here')));
    const result = await runEngine({ root: dir, table, filePasses: passes });
    expect(result.changes).toEqual([]);
    expect(result.errors.map((f) => [f.path, f.rule, f.message])).toEqual([['application.properties', 'internal-error', 'needs-parser failed: no grammar here; left unchanged']]);
  });

  it('leaves an unparseable file untouched and names it', async () => {
    const dir = tempRepo({ 'application.yml': 'old: BROKEN\n', 'application.properties': 'x=old\n' });
    const result = await runEngine({ root: dir, table, filePasses: [renamePass] });
    expect(result.changes.map((c) => c.path)).toEqual(['application.properties']);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ rule: 'parse-error', path: 'application.yml', line: 1, column: 6 });
    expect(result.errors[0]!.message).toContain('unexpected token BROKEN');
  });

  it('turns finding offsets into line and column', async () => {
    const dir = tempRepo({ 'application.properties': 'a=1\nb=warn-me\n' });
    const result = await runEngine({ root: dir, table, filePasses: [renamePass] });
    expect(result.findings).toEqual([{ rule: 'test/warn', severity: 'warning', path: 'application.properties', line: 2, column: 3, message: 'look here' }]);
  });

  it('honours .gitignore, skips build outputs (beside a build file) and never follows symlinks', async () => {
    const outside = tempRepo({ 'application.properties': 'x=old\n' });
    const dir = tempRepo({
      'pom.xml': '<project/>\n',
      '.gitignore': 'ignored/\n',
      'ignored/application.properties': 'x=old\n',
      'target/classes/application.properties': 'x=old\n',
      'src/application.properties': 'x=old\n',
    });
    symlinkSync(path.join(outside, 'application.properties'), path.join(dir, 'application-linked.properties'));
    mkdirSync(path.join(dir, 'sub'));
    symlinkSync(outside, path.join(dir, 'sub', 'link'));
    const result = await runEngine({ root: dir, table, filePasses: [renamePass] });
    expect(result.changes.map((c) => c.path)).toEqual(['src/application.properties']);
    expect(result.stats.skipped.map((s) => s.path)).toContain('application-linked.properties');
  });

  it('places findings of every round on the original lines, once', async () => {
    const header = '# migrated\n# by test\n';
    const insertHeader: FilePass = {
      id: 'test2',
      description: 'adds a header, and reports warn-me wherever it is',
      kinds: ['properties'],
      rules: ['test2/header', 'test2/warn'],
      run(file) {
        const edits = file.text.startsWith(header) ? [] : [{ start: 0, end: 0, text: header, rule: 'test2/header' }];
        return { edits, findings: [{ rule: 'test2/warn', severity: 'info', message: 'here', offset: file.text.indexOf('warn-me') }] };
      },
    };
    const dir = tempRepo({ 'application.properties': 'a=1\nb=warn-me\n' });
    const result = await runEngine({ root: dir, table, filePasses: [insertHeader] });
    expect(result.findings).toEqual([{ rule: 'test2/warn', severity: 'info', path: 'application.properties', line: 2, column: 3, message: 'here' }]);
  });

  it('drops a file-pass finding about text that a project pass then deleted', async () => {
    const dir = tempRepo({ 'application.properties': 'a=1\nb=warn-me\nc=warn-me-too\n' });
    const deleteLineB = {
      id: 'test3',
      description: 'deletes line b',
      rules: ['test3/delete'],
      kinds: ['properties' as const],
      run(view: { byPath: Map<string, { text?: string }> }) {
        const text = view.byPath.get('application.properties')!.text!;
        const start = text.indexOf('b=');
        return { edits: [{ path: 'application.properties', edits: [{ start, end: text.indexOf('\n', start) + 1, text: '', rule: 'test3/delete' }] }] };
      },
    };
    const alone = await runEngine({ root: dir, table, filePasses: [renamePass] });
    expect(alone.findings.map((f) => f.line)).toEqual([2]);
    const result = await runEngine({ root: dir, table, filePasses: [renamePass], projectPasses: [deleteLineB] });
    expect(result.findings).toEqual([]);
    expect(result.changes[0]!.after!.toString()).toBe('a=1\nc=warn-me-too\n');
  });

  it('shows each project pass the texts the file passes and the earlier project passes left, failed files left out', async () => {
    const dir = tempRepo({ 'application.properties': 'x=old\n', 'application-dev.properties': 'y=1\n', 'application-broken.properties': 'BROKEN\n' });
    const seen: string[][] = [];
    const views: ProjectView[] = [];
    const appender = (id: string): ProjectPass => ({
      id,
      description: `appends ${id} to application.properties`,
      rules: [`${id}/append`],
      kinds: ['properties'],
      run(view) {
        views.push(view);
        const a = view.byPath.get('application.properties')!;
        // the same file through each way in: the map, the list and ofKind
        seen.push([a.text!, view.files.find((f) => f.path === 'application.properties')!.text!, view.ofKind('properties').find((f) => f.path === 'application.properties')!.text!, view.files.map((f) => f.path).join(',')]);
        return { edits: [{ path: 'application.properties', edits: [{ start: a.text!.length, end: a.text!.length, text: `${id}\n`, rule: `${id}/append` }] }] };
      },
    });
    const result = await runEngine({ root: dir, table, filePasses: [renamePass], projectPasses: [appender('p1'), appender('p2'), appender('p3')] });
    expect(seen).toEqual([
      ['x=new\n', 'x=new\n', 'x=new\n', 'application-dev.properties,application.properties'],
      ['x=new\np1\n', 'x=new\np1\n', 'x=new\np1\n', 'application-dev.properties,application.properties'],
      ['x=new\np1\np2\n', 'x=new\np1\np2\n', 'x=new\np1\np2\n', 'application-dev.properties,application.properties'],
    ]);
    // a view of its own for each pass: caches keyed by the view are made again from the new texts
    expect(new Set(views).size).toBe(3);
    expect(result.changes.find((c) => c.path === 'application.properties')!.after!.toString()).toBe('x=new\np1\np2\np3\n');
  });

  it('gives each change its exact bytes before and after, made on first read, kept by a copy and replaceable', async () => {
    // a BOM, CRLF and a Latin-1 byte: the bytes are re-made from the texts, so they must come back exact
    const before = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('a=old\r\nb=caf'), Buffer.from([0xe9]), Buffer.from('\r\n')]);
    const dir = tempRepo({ 'application.properties': before, 'application.yml': 'x: old\n' });
    const result = await runEngine({ root: dir, table, filePasses: [renamePass] });
    const props = result.changes.find((c) => c.path === 'application.properties')!;
    expect(props.before!.equals(before)).toBe(true);
    expect(props.after!.equals(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('a=new\r\nb=caf'), Buffer.from([0xe9]), Buffer.from('\r\n')]))).toBe(true);
    expect(props.before).toBe(props.before); // made once, then kept
    // a spread copy (the CLI rebases paths so) carries the bytes, not a reference to the run
    const copy = { ...result.changes.find((c) => c.path === 'application.yml')!, path: 'sub/application.yml' };
    expect(copy.before!.toString()).toBe('x: old\n');
    expect(copy.after!.toString()).toBe('x: new\n');
    props.after = Buffer.from('replaced');
    expect(props.after.toString()).toBe('replaced');
  });

  it('lists a folder that the surrounding git work tree ignores', async () => {
    const dir = tempRepo({ '.gitignore': 'scratch/\n', 'scratch/app/application.properties': 'x=old\n' });
    execFileSync('git', ['init', '-q'], { cwd: dir });
    const result = await runEngine({ root: path.join(dir, 'scratch', 'app'), table, filePasses: [renamePass] });
    expect(result.changes.map((c) => c.path)).toEqual(['application.properties']);
  });

  it('selects passes and rules with --only / --skip', async () => {
    const dir = tempRepo({ 'application.properties': 'x=old\n' });
    expect((await runEngine({ root: dir, table, filePasses: [renamePass], skipRules: ['test/rename'] })).changes).toHaveLength(0);
    expect((await runEngine({ root: dir, table, filePasses: [renamePass], onlyRules: ['test'] })).changes).toHaveLength(1);
  });
});

describe('writing', () => {
  it('writes atomically, keeps the mode and leaves no temporary file', async () => {
    const dir = tempRepo({ 'bin/application.properties': 'x=old\n' });
    chmodSync(path.join(dir, 'bin/application.properties'), 0o750);
    const result = await runEngine({ root: dir, table, filePasses: [renamePass] });
    await writeChanges(dir, result.changes);
    expect(readFileSync(path.join(dir, 'bin/application.properties'), 'utf8')).toBe('x=new\n');
    expect(statSync(path.join(dir, 'bin/application.properties')).mode & 0o777).toBe(0o750);
    expect(execFileSync('ls', ['-A', path.join(dir, 'bin')]).toString().trim()).toBe('application.properties');
  });

  it('names the dirty files it would rewrite in a git work tree', async () => {
    const dir = tempRepo({ 'application.properties': 'x=old\n', 'other.properties': 'y=1\n' });
    execFileSync('git', ['init', '-q'], { cwd: dir });
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', 'add', '.'], { cwd: dir });
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'init'], { cwd: dir });
    const result = await runEngine({ root: dir, table, filePasses: [renamePass] });
    expect(dirtyTargets(dir, result.changes)).toEqual([]);
    writeFileSync(path.join(dir, 'application.properties'), 'x=old\nz=2\n');
    const again = await runEngine({ root: dir, table, filePasses: [renamePass] });
    expect(dirtyTargets(dir, again.changes)).toEqual(['application.properties']);
  });

  it('writes nothing when one file cannot be written, and leaves no temporary file', async () => {
    const dir = tempRepo({ 'a/application.properties': 'x=old\n', 'blocker': 'a file where a folder must go\n' });
    const result = await runEngine({ root: dir, table, filePasses: [renamePass] });
    const impossible = { path: 'blocker/sub/new.txt', kind: 'other' as const, status: 'created' as const, after: Buffer.from('x'), rules: { 'test/x': 1 } };
    await expect(writeChanges(dir, [...result.changes, impossible])).rejects.toThrow();
    expect(readFileSync(path.join(dir, 'a/application.properties'), 'utf8')).toBe('x=old\n');
    expect(execFileSync('ls', ['-A', path.join(dir, 'a')]).toString().trim()).toBe('application.properties');
  });

  it('refuses to write through a symbolic link', async () => {
    const dir = tempRepo({ 'application.properties': 'x=old\n' });
    const result = await runEngine({ root: dir, table, filePasses: [renamePass] });
    rmSync(path.join(dir, 'application.properties'));
    symlinkSync('/etc/hostname', path.join(dir, 'application.properties'));
    await expect(writeChanges(dir, result.changes)).rejects.toThrow(/symbolic link/);
  });
});

describe('unified diff', () => {
  function gitApplies(files: Record<string, string | Buffer>, changes: Parameters<typeof unifiedDiff>[0]): string {
    const dir = tempRepo(files);
    execFileSync('git', ['init', '-q'], { cwd: dir });
    const patch = path.join(dir, '..', path.basename(dir) + '.patch');
    temps.push(patch);
    writeFileSync(patch, unifiedDiff(changes));
    execFileSync('git', ['apply', '--check', patch], { cwd: dir });
    execFileSync('git', ['apply', patch], { cwd: dir });
    return dir;
  }

  it('is accepted by git apply: modified (CRLF, no final newline), created, deleted, binary', async () => {
    const lines = Array.from({ length: 40 }, (_, i) => `line${i}=old\r\n`).join('');
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3, 255, 0, 7]);
    const files = { 'application.properties': lines, 'tail.properties': 'k=old', 'gone.txt': 'bye\n', 'img/banner.png': png };
    const dir = gitApplies(files, [
      { path: 'application.properties', kind: 'properties', status: 'modified', before: Buffer.from(lines), after: Buffer.from(lines.replace('line3=old', 'line3=new').replace('line30=old', 'line30=new')), rules: {} },
      { path: 'tail.properties', kind: 'properties', status: 'modified', before: Buffer.from('k=old'), after: Buffer.from('k=new'), rules: {} },
      { path: 'new dir/banner.txt', kind: 'other', status: 'created', after: Buffer.from('hello\n'), rules: {} },
      { path: 'gone.txt', kind: 'other', status: 'deleted', before: Buffer.from('bye\n'), rules: {} },
      { path: 'img/banner.png', kind: 'banner-image', status: 'deleted', before: png, rules: {} },
    ]);
    expect(readFileSync(path.join(dir, 'application.properties'), 'utf8')).toContain('line3=new\r\n');
    expect(readFileSync(path.join(dir, 'application.properties'), 'utf8')).toContain('line30=new\r\n');
    expect(readFileSync(path.join(dir, 'tail.properties'), 'utf8')).toBe('k=new');
    expect(readFileSync(path.join(dir, 'new dir/banner.txt'), 'utf8')).toBe('hello\n');
    expect(existsSync(path.join(dir, 'gone.txt'))).toBe(false);
    expect(existsSync(path.join(dir, 'img/banner.png'))).toBe(false);
  });

  it('bounds the diff of a 1 MB file with every second line changed, and git apply still accepts it', () => {
    const lines = Array.from({ length: 40_000 }, (_, i) => `key.number.${i}=value-${i}-${'x'.repeat(8)}\n`);
    const before = Buffer.from(lines.join(''));
    const after = Buffer.from(lines.map((l, i) => (i % 2 ? l.replace('value', 'VALUE') : l)).join(''));
    // one line fewer: the line counts differ, so Myers runs on the middle and hits its bound
    const shorter = Buffer.from(lines.slice(1).map((l, i) => (i % 2 ? l.replace('value', 'VALUE') : l)).join(''));
    expect(before.length).toBeGreaterThan(1_000_000);
    const dir = gitApplies({ 'big.properties': before, 'big2.properties': before }, [
      { path: 'big.properties', kind: 'properties', status: 'modified', before, after, rules: {} },
      { path: 'big2.properties', kind: 'properties', status: 'modified', before, after: shorter, rules: {} },
    ]);
    expect(readFileSync(path.join(dir, 'big.properties')).equals(after)).toBe(true);
    expect(readFileSync(path.join(dir, 'big2.properties')).equals(shorter)).toBe(true);
  });

  it('keeps Latin-1 bytes in the patch', () => {
    const before = Buffer.from([0x6b, 0x3d, 0xe9, 0x0a, 0x6f, 0x6c, 0x64, 0x0a]);
    const after = Buffer.from([0x6b, 0x3d, 0xe9, 0x0a, 0x6e, 0x65, 0x77, 0x0a]);
    const dir = gitApplies({ 'x.properties': before }, [{ path: 'x.properties', kind: 'properties', status: 'modified', before, after, rules: {} }]);
    expect(readFileSync(path.join(dir, 'x.properties')).equals(after)).toBe(true);
  });
});
