// The bin as a user runs it: the esbuild bundle of scripts/bundle.mjs (dist/cli in a build),
// bundled from the current sources into a folder of its own under dist/ when the test run began
// (test/setup/cli-bundle.ts), and run as a
// process against the same runs from the TypeScript sources: same output, same exit code, the
// file worker starting from the bundle, the tree-sitter grammars and the vendored parsers loading.
import { execFileSync, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { runMain, type MainRun } from './helpers/cli-in-process.js';

const ROOT = path.resolve(__dirname, '..');
const DEMO = path.join(ROOT, 'examples', 'demo-app');
const KOTLIN_DSL = path.join(ROOT, 'fixtures', 'build', 'gradle-imported-bom-kotlin', 'input');
const require = createRequire(import.meta.url);

const out = inject('cliBundle');
const temps: string[] = [];

afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

const ENV = { NO_COLOR: '1', CI: '1', NODE_OPTIONS: '' };

function bundled(args: string[], cwd = ROOT, env: Record<string, string> = {}): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [path.join(out, 'boot-upgrade.js'), ...args], { cwd, encoding: 'utf8', env: { ...process.env, ...ENV, ...env } });
}

/** The same command line run by main() from the TypeScript sources, in this process. */
const fromSources = (args: string[], cwd = ROOT) => runMain(args, { cwd, env: ENV });

/** A copy of `dir` in a fresh temporary folder (no git repository: the runs take the directory given). */
function copyOf(dir: string): string {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'bu-bundle-'));
  temps.push(tmp);
  cpSync(dir, path.join(tmp, 'app'), { recursive: true });
  return path.join(tmp, 'app');
}

const same = (a: SpawnSyncReturns<string>, b: MainRun) => expect({ status: a.status, stdout: a.stdout, stderr: a.stderr }).toEqual({ status: b.code, stdout: b.stdout, stderr: b.stderr });

describe('the bundled bin', () => {
  it('prints the version of package.json and the help the sources print', async () => {
    const version = bundled(['--version']);
    expect(version.stderr).toBe('');
    expect(version.status).toBe(0);
    expect(version.stdout).toBe(`${(JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version}\n`);
    same(bundled(['--help']), await fromSources(['--help']));
  });

  it('checks files as a commit hook passes them: the report and exit code of the sources', async () => {
    const app = copyOf(DEMO);
    const staged = ['pom.xml', 'src/main/java/com/example/demo/web/UserController.java', 'src/main/java/com/example/demo/Customer.java', 'src/main/resources/application.properties'];
    const run = bundled(['check', ...staged], app);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^pom\.xml:\d+: /m);
    same(run, await fromSources(['check', ...staged], app));
  });

  it('a check loads the parsers it needs from the vendored files, nothing from node_modules, and neither crypto nor zlib', () => {
    const app = copyOf(DEMO);
    const record = path.join(app, '..', 'loaded.json');
    const preload = path.join(app, '..', 'record-loaded.cjs');
    writeFileSync(
      preload,
      `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(record)}, JSON.stringify({ builtins: process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice(13)), files: Object.keys(require.cache) })));\n`,
    );
    const staged = ['pom.xml', 'src/main/java/com/example/demo/Customer.java', 'src/main/kotlin/com/example/demo/DemoProperties.kt', 'src/main/resources/application.yml', 'src/main/resources/application.properties'];
    expect(bundled(['check', ...staged], app, { NODE_OPTIONS: `--require ${preload}` }).status).toBe(1);
    const loaded = JSON.parse(readFileSync(record, 'utf8')) as { builtins: string[]; files: string[] };
    const vendor = loaded.files.filter((f) => f.startsWith(path.join(out, 'vendor'))).map((f) => path.basename(f));
    expect(vendor).toEqual(expect.arrayContaining(['yaml.cjs', 'saxes.cjs', 'dot-properties.cjs']));
    // web-tree-sitter alone loads from node_modules (it reads its .wasm beside itself): the Kotlin file's grammar
    const fromNodeModules = loaded.files.filter((f) => f.includes(`${path.sep}node_modules${path.sep}`));
    expect(fromNodeModules.map((f) => path.relative(path.join(ROOT, 'node_modules'), f))).toEqual([path.join('web-tree-sitter', 'web-tree-sitter.cjs')]);
    expect(loaded.builtins.filter((m) => m === 'crypto' || m === 'zlib')).toEqual([]);
  });

  it('starts the file worker from the bundle: the worker runs the files and the diff is the one-thread diff', () => {
    const app = copyOf(DEMO);
    const alone = bundled(['migrate', '--dry-run', app], app);
    const pooled = bundled(['migrate', '--dry-run', app], app, { BOOT_UPGRADE_WORKERS: 'all', BOOT_UPGRADE_TIMINGS: '1' });
    const ran = /files run by the worker: (\d+) of (\d+)/.exec(pooled.stderr);
    expect(ran).not.toBeNull();
    expect(Number(ran![1])).toBeGreaterThan(0);
    expect(ran![1]).toBe(ran![2]);
    expect(pooled.status).toBe(alone.status);
    expect(pooled.stdout).toBe(alone.stdout);
    expect(alone.stdout).toMatch(/^\+\+\+ b\/pom\.xml$/m);
  });

  it('starts the stage worker from the bundle: it makes the temporary files and the tree is the one the write alone makes', () => {
    const [plain, ahead] = [copyOf(DEMO), copyOf(DEMO)];
    const alone = bundled(['migrate', '--allow-dirty', plain], plain, { BOOT_UPGRADE_AHEAD: 'off' });
    const staged = bundled(['migrate', '--allow-dirty', ahead], ahead, { BOOT_UPGRADE_AHEAD_MIN: '1', BOOT_UPGRADE_TIMINGS: '1' });
    const made = /write ahead: (\d+) temporary file\(s\) made by the worker/.exec(staged.stderr);
    expect(made).not.toBeNull();
    expect(Number(made![1])).toBeGreaterThan(0);
    expect(staged.status).toBe(alone.status);
    const files = (dir: string) => execFileSync('find', ['.', '-type', 'f'], { cwd: dir, encoding: 'utf8' }).split('\n').sort();
    expect(files(ahead)).toEqual(files(plain));
    for (const f of files(plain).filter(Boolean)) expect(readFileSync(path.join(ahead, f)).equals(readFileSync(path.join(plain, f))), f).toBe(true);
  });

  it('loads the Kotlin grammar (tree-sitter WASM) and gives the diff of the sources', async () => {
    const app = copyOf(KOTLIN_DSL);
    const run = bundled(['migrate', '--dry-run', app], app, { BOOT_UPGRADE_TIMINGS: '1' });
    expect(run.stderr).toContain('tree-sitter grammar load (kotlin)');
    expect(run.stdout).toMatch(/^\+\+\+ b\/build\.gradle\.kts$/m);
    expect(run.stdout).toBe((await fromSources(['migrate', '--dry-run', app], app)).stdout);
  });

  it('validates a --table file against the shipped schema (ajv) and grades maturity as the sources do', async () => {
    const app = copyOf(DEMO);
    const table = path.join(app, '..', 'rows.json');
    writeFileSync(table, JSON.stringify({ properties: { rename: [{ from: 'a.b' }] } }));
    const bad = bundled(['migrate', '--dry-run', '--table', table, app], app);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain(`${table}: properties.rename[0] ("a.b"): must have required property`);
    same(bad, await fromSources(['migrate', '--dry-run', '--table', table, app], app));
    const grade = bundled(['maturity', '.'], app);
    expect(grade.stdout).toContain('UserController.java');
    same(grade, await fromSources(['maturity', '.'], app));
  });

  it('compiles the CLI and the parsers it loads from the code cache the build made (scripts/code-cache.mjs)', async () => {
    const manifest = JSON.parse(readFileSync(path.join(out, 'code-cache', 'manifest.json'), 'utf8')) as { v8: string; files: Record<string, number> };
    expect(manifest.v8).toBe(process.versions.v8);
    expect(Object.keys(manifest.files)).toEqual(expect.arrayContaining(['boot-upgrade.cjs', 'vendor/yaml.cjs', 'vendor/saxes.cjs']));
    const app = copyOf(DEMO);
    const run = bundled(['migrate', '--dry-run', app], app, { BOOT_UPGRADE_TIMINGS: '1' });
    const used = /code cache: (\d+) of (\d+) file\(s\) compiled from it/.exec(run.stderr);
    expect(used).not.toBeNull();
    expect(Number(used![1])).toBeGreaterThanOrEqual(3); // the CLI, yaml, saxes at least
    expect(used![1]).toBe(used![2]);
    expect(run.stdout).toBe((await fromSources(['migrate', '--dry-run', app], app)).stdout);
  });

  describe('a code cache that may be stale is not used, and the run is the same', () => {
    /** A copy of the bundle, times kept (a copy that does not keep them may leave a cache older than its file: then unused). */
    function bundleCopy(): string {
      const dir = path.join(mkdtempSync(path.join(ROOT, 'dist', 'bundle-copy-')), 'cli');
      temps.push(path.dirname(dir));
      cpSync(out, dir, { recursive: true, preserveTimestamps: true });
      return dir;
    }
    const runFrom = (dir: string, app: string) => spawnSync(process.execPath, [path.join(dir, 'boot-upgrade.js'), 'migrate', '--dry-run', app], { cwd: app, encoding: 'utf8', env: { ...process.env, ...ENV, BOOT_UPGRADE_TIMINGS: '1' } });
    const later = (file: string) => utimesSync(file, new Date(), new Date(Date.now() + 60_000));

    it.each([
      ['made by another V8', (dir: string) => writeFileSync(path.join(dir, 'code-cache', 'manifest.json'), readFileSync(path.join(dir, 'code-cache', 'manifest.json'), 'utf8').replace(process.versions.v8, '1.2.3'))],
      ['older than the CLI it was made from (an edit in place)', (dir: string) => later(path.join(dir, 'boot-upgrade.cjs'))],
      ['made for a CLI of another length', (dir: string) => writeFileSync(path.join(dir, 'boot-upgrade.cjs'), readFileSync(path.join(dir, 'boot-upgrade.cjs'), 'utf8') + '\n')],
      ['missing', (dir: string) => rmSync(path.join(dir, 'code-cache'), { recursive: true })],
      ['beside a CommonJS bundle that cannot be read (a folder in its place)', (dir: string) => {
        rmSync(path.join(dir, 'boot-upgrade.cjs'));
        mkdirSync(path.join(dir, 'boot-upgrade.cjs'));
      }],
    ])('%s: the ES module chunks run', async (_, spoil) => {
      const dir = bundleCopy();
      spoil(dir);
      const app = copyOf(DEMO);
      const run = runFrom(dir, app);
      expect(run.stderr).toContain('code cache: not used (the CLI ran as ES modules)');
      expect(run.stdout).toBe((await fromSources(['migrate', '--dry-run', app], app)).stdout);
    });

    it('V8 refuses the cache under other V8 flags (--max-old-space-size): the ES module chunks run', async () => {
      const app = copyOf(DEMO);
      const run = bundled(['migrate', '--dry-run', app], app, { BOOT_UPGRADE_TIMINGS: '1', NODE_OPTIONS: '--max-old-space-size=512' });
      expect(run.stderr).toContain('code cache: not used (the CLI ran as ES modules)');
      expect(run.stdout).toBe((await fromSources(['migrate', '--dry-run', app], app)).stdout);
    });

    it("a parser's cache older than its file: that parser compiles without it, the rest from theirs", async () => {
      const dir = bundleCopy();
      later(path.join(dir, 'vendor', 'yaml.cjs'));
      const app = copyOf(DEMO);
      const run = runFrom(dir, app);
      const used = /code cache: (\d+) of (\d+) file\(s\) compiled from it/.exec(run.stderr);
      expect(used).not.toBeNull();
      expect(Number(used![1])).toBe(Number(used![2]) - 1);
      expect(run.stdout).toBe((await fromSources(['migrate', '--dry-run', app], app)).stdout);
    });
  });

  it('the sources import() nothing outside the bundle but through importExternal: cached code finds no loader for it', () => {
    const ts = require('typescript') as typeof import('typescript');
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));
    const offenders: string[] = [];
    for (const file of [...files(path.join(ROOT, 'src')), ...files(path.join(ROOT, 'transforms'))]) {
      if (file.endsWith(path.join('engine', 'lazy.ts'))) continue; // importExternal itself
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      const visit = (node: import('typescript').Node): void => {
        if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
          const arg = node.arguments[0];
          // a module of the sources is bundled (esbuild turns the import() into a require of the bundle's own code)
          if (!arg || !ts.isStringLiteral(arg) || !arg.text.startsWith('.')) offenders.push(`${path.relative(ROOT, file)}: ${node.getText()}`);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(offenders).toEqual([]);
  });

  it('carries each lazily required parser as one file that exports what the package exports', () => {
    const vendored = readdirSync(path.join(out, 'vendor')).map((f) => f.replace(/\.cjs$/, ''));
    expect(vendored).toEqual(expect.arrayContaining(['yaml', 'saxes', 'diff', 'ignore', 'picomatch', 'ajv', 'good-enough-parser', 'toml-eslint-parser']));
    for (const name of vendored) {
      const keys = (m: object) => Object.keys(m).sort();
      expect(keys(require(path.join(out, 'vendor', `${name}.cjs`)) as object), name).toEqual(keys(require(name) as object));
    }
  });
});
