// The CLI end to end, in-process: migrate (dry-run diff accepted by git apply from the repository
// root, write, dirty refusal), check (directory and file list), report, usage errors.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runMain } from './helpers/cli-in-process.js';
import { readTree, treeDiff } from './helpers/tree.js';

const DEMO = path.resolve(__dirname, '..', 'examples', 'demo-app');
const temps: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  while (temps.length) rmSync(temps.pop()!, { recursive: true, force: true });
});

/** main() in this process; stdout kept byte for byte (latin1), as a diff of any encoding is applied back. */
const run = (args: string[], cwd?: string) => runMain(args, { cwd, stdoutBytes: 'latin1' });

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8' });

/** The demo app inside a fresh git repository, below a sub-folder (as in a monorepo). */
function demoRepo(): { top: string; app: string } {
  const top = mkdtempSync(path.join(os.tmpdir(), 'bu-cli-'));
  temps.push(top);
  const app = path.join(top, 'services', 'demo');
  cpSync(DEMO, app, { recursive: true });
  git(top, 'init', '-q');
  git(top, 'add', '.');
  git(top, 'commit', '-qm', 'init');
  return { top, app };
}

describe('migrate', () => {
  it('--dry-run prints a diff that git apply accepts from the top level and that equals a real migrate', async () => {
    const { top, app } = demoRepo();
    const dry = await run(['migrate', '--dry-run', app]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('diff --git a/services/demo/src/main/resources/application.properties');
    expect(dry.stderr).toMatch(/boot-upgrade: \d+ file\(s\) would change/);
    expect(git(top, 'status', '--porcelain')).toBe('');
    const patch = path.join(os.tmpdir(), `bu-${process.pid}.patch`);
    temps.push(patch);
    writeFileSync(patch, Buffer.from(dry.stdout, 'latin1'));
    git(top, 'apply', '--check', patch);
    git(top, 'apply', patch);
    const applied = readTree(app);

    const other = demoRepo();
    const real = await run(['migrate', other.app]);
    expect(real.code).toBe(0);
    expect(treeDiff(readTree(other.app), applied)).toBe('');
  });

  it('--diff-file writes the same patch', async () => {
    const { app } = demoRepo();
    const file = path.join(app, '..', 'out.patch');
    const dry = await run(['migrate', '-n', '--diff-file', file, app]);
    expect(readFileSync(file).toString('latin1')).toBe(dry.stdout);
  });

  it('refuses files with uncommitted changes unless --allow-dirty, naming them', async () => {
    const { app } = demoRepo();
    const props = path.join(app, 'src/main/resources/application.properties');
    writeFileSync(props, readFileSync(props, 'utf8') + 'spring.redis.database=2\n');
    const refused = await run(['migrate', app]);
    expect(refused.code).toBe(4);
    expect(refused.stderr).toContain('refusing to rewrite files with uncommitted changes');
    expect(refused.stderr).toContain('src/main/resources/application.properties');
    expect(readFileSync(props, 'utf8')).toContain('spring.redis.database=2');
    expect(readFileSync(props, 'utf8')).toContain('spring.redis.host');
    const forced = await run(['migrate', '--allow-dirty', app]);
    expect(forced.code).toBe(0);
    expect(readFileSync(props, 'utf8')).toContain('spring.data.redis.database=2');
  });

  it('--explain names the rules behind each changed file', async () => {
    const { app } = demoRepo();
    const dry = await run(['migrate', '--dry-run', '--explain', app]);
    expect(dry.stderr).toMatch(/modified\s+services\/demo\/src\/main\/resources\/application\.properties\s+.*properties\/rename/);
  });
});

describe('check', () => {
  it('exits 1 on a 2.7 repository and looks only at the files it is given', async () => {
    const { top, app } = demoRepo();
    expect((await run(['check', app])).code).toBe(1);
    writeFileSync(path.join(app, 'src/main/resources/application-clean.properties'), 'server.port=8081\nspring.data.redis.host=localhost\n');
    const one = await run(['check', 'services/demo/src/main/resources/application-clean.properties'], top);
    expect(one.stderr).toBe('');
    expect(one.code).toBe(0);
    const bad = await run(['check', 'services/demo/src/main/resources/application.properties'], top);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^services\/demo\/src\/main\/resources\/application\.properties:\d+: `spring\.redis\.host=.*` -> `spring\.data\.redis\.host=.*` \[/m);
  });

  it('passes a repository that needs nothing', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bu-clean-'));
    temps.push(dir);
    writeFileSync(path.join(dir, 'application.properties'), 'spring.data.redis.host=localhost\n');
    expect((await run(['check', dir])).code).toBe(0);
  });
});

describe('report', () => {
  it('prints findings as JSON with a findings array', async () => {
    const { app } = demoRepo();
    const r = await run(['report', app, '--format', 'json']);
    expect(r.code).toBe(0); // the report was produced; it holds no error finding (the demo starts on Boot 3.0 once migrated)
    const json = JSON.parse(r.stdout) as { findings: { rule: string; severity: string; path: string; line: number; message: string; docs?: string }[] };
    const storeType = json.findings.find((f) => f.message.includes('spring.session.store-type'));
    // Boot 3.0 ignores a key it no longer binds: the application starts without the setting
    expect(storeType).toMatchObject({ rule: 'properties/removed', severity: 'warning', path: 'services/demo/src/main/resources/application.properties' });
    expect(storeType!.docs).toMatch(/^https:\/\//);
  });

  it('prints text lines path:line:col', async () => {
    const { app } = demoRepo();
    const r = await run(['report', app]);
    expect(r.stdout).toMatch(/^verdict: migrates to Spring Boot 3\.0 with nothing left to fix by hand$/m);
    expect(r.stdout).toMatch(/^services\/demo\/src\/main\/resources\/application\.properties:\d+:1: warning \[properties\/removed\]/m);
  });
});

describe('usage errors', () => {
  it('exit 2 with one line', async () => {
    for (const args of [['frobnicate'], ['migrate', '--no-such-flag'], ['report', '--format', 'xml'], ['migrate', '/no/such/dir']]) {
      const r = await run(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(r.stderr).toMatch(/^boot-upgrade: /);
    }
  });

  it('a bad --table names the file and the row', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bu-tbl-'));
    temps.push(dir);
    const table = path.join(dir, 'rows.json');
    writeFileSync(table, JSON.stringify({ properties: { rename: [{ from: 'a.b' }] } }));
    const r = await run(['migrate', '--dry-run', '--table', table, dir]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${table}: properties.rename[0] ("a.b"): must have required property`);
  });

  it('--help on every command', async () => {
    for (const cmd of ['migrate', 'check', 'report']) {
      const r = await run([cmd, '--help']);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(`Usage: boot-upgrade ${cmd}`);
    }
  });
});
