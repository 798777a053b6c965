// The bin as a user runs it: the esbuild bundle of scripts/bundle.mjs (dist/cli in a build),
// bundled from the current sources into a folder of its own under dist/ when the test run began
// (test/setup/cli-bundle.ts), and run as a process against the same runs of main() from the
// TypeScript sources: same output, same exit code,
// the tree-sitter grammars and the vendored packages loading, the code cache used only for the
// bytes it was made from.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { builtinModules, createRequire } from 'node:module';
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

/** The count the bin's timings print: how many files it compiled from their cache, of how many. */
function cacheUse(stderr: string): { cached: number; compiled: number } {
  const m = /code cache: (\d+) of (\d+) file\(s\) compiled from it/.exec(stderr);
  expect(m, stderr).not.toBeNull();
  return { cached: Number(m![1]), compiled: Number(m![2]) };
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

  it('a check loads the parsers it needs from the vendored files, nothing from node_modules, and not zlib', () => {
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
    // web-tree-sitter for the Kotlin file's grammar, reading its .wasm beside itself
    expect(vendor).toEqual(expect.arrayContaining(['yaml.cjs', 'saxes.cjs', 'dot-properties.cjs', 'web-tree-sitter.cjs']));
    expect(loaded.files.filter((f) => f.includes(`${path.sep}node_modules${path.sep}`))).toEqual([]);
    expect(loaded.builtins.filter((m) => m === 'zlib')).toEqual([]);
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
    const manifest = JSON.parse(readFileSync(path.join(out, 'code-cache', 'manifest.json'), 'utf8')) as { v8: string; files: Record<string, string> };
    expect(manifest.v8).toBe(process.versions.v8);
    expect(Object.keys(manifest.files)).toEqual(expect.arrayContaining(['boot-upgrade.cjs', 'vendor/yaml.cjs', 'vendor/saxes.cjs']));
    for (const [rel, hash] of Object.entries(manifest.files)) expect(hash, rel).toBe(createHash('sha256').update(readFileSync(path.join(out, rel))).digest('hex'));
    const app = copyOf(DEMO);
    const run = bundled(['migrate', '--dry-run', app], app, { BOOT_UPGRADE_TIMINGS: '1' });
    const used = cacheUse(run.stderr);
    expect(used.cached).toBeGreaterThanOrEqual(3); // the CLI, yaml, saxes at least
    expect(used.cached).toBe(used.compiled);
    expect(run.stdout).toBe((await fromSources(['migrate', '--dry-run', app], app)).stdout);
  });

  describe('a code cache not made from these very bytes by this V8 is not used, and the run is the same', () => {
    /** A copy of the bundle, with fresh file times (as npm unpacks a package). */
    function bundleCopy(): string {
      const dir = path.join(mkdtempSync(path.join(ROOT, 'dist', 'bundle-copy-')), 'cli');
      temps.push(path.dirname(dir));
      cpSync(out, dir, { recursive: true });
      return dir;
    }
    const runFrom = (dir: string, app: string) => spawnSync(process.execPath, [path.join(dir, 'boot-upgrade.js'), 'migrate', '--dry-run', app], { cwd: app, encoding: 'utf8', env: { ...process.env, ...ENV, BOOT_UPGRADE_TIMINGS: '1' } });
    /** One byte changed, the length kept: a letter of a comment esbuild writes before each module (only a check of the content sees it). */
    const editInPlace = (file: string) => {
      const text = readFileSync(file, 'latin1');
      const at = text.indexOf('\n// ') + 4;
      expect(at).toBeGreaterThan(3);
      writeFileSync(file, text.slice(0, at) + (text[at] === 'x' ? 'y' : 'x') + text.slice(at + 1), 'latin1');
    };

    it('a copy with new file times (as npm unpacks it) uses every cache', () => {
      const app = copyOf(DEMO);
      const used = cacheUse(runFrom(bundleCopy(), app).stderr);
      expect(used.cached).toBeGreaterThanOrEqual(3);
      expect(used.cached).toBe(used.compiled);
    });

    it.each([
      ['made by another V8', (dir: string) => writeFileSync(path.join(dir, 'code-cache', 'manifest.json'), readFileSync(path.join(dir, 'code-cache', 'manifest.json'), 'utf8').replace(process.versions.v8, '1.2.3'))],
      ['missing', (dir: string) => rmSync(path.join(dir, 'code-cache'), { recursive: true })],
    ])('%s: every file compiles without one', async (_, spoil) => {
      const dir = bundleCopy();
      spoil(dir);
      const app = copyOf(DEMO);
      const run = runFrom(dir, app);
      expect(cacheUse(run.stderr).cached).toBe(0);
      expect(run.stdout).toBe((await fromSources(['migrate', '--dry-run', app], app)).stdout);
    });

    it.each([
      ['made for other bytes of the same length (an edit in place)', (dir: string) => editInPlace(path.join(dir, 'boot-upgrade.cjs'))],
      ['made for a CLI of another length', (dir: string) => writeFileSync(path.join(dir, 'boot-upgrade.cjs'), readFileSync(path.join(dir, 'boot-upgrade.cjs'), 'utf8') + '\n')],
    ])("%s: the CLI compiles without it, the parsers from theirs", async (_, spoil) => {
      const dir = bundleCopy();
      spoil(dir);
      const app = copyOf(DEMO);
      const run = runFrom(dir, app);
      const used = cacheUse(run.stderr);
      expect(used.cached).toBeGreaterThanOrEqual(2); // yaml, saxes at least
      expect(used.cached).toBe(used.compiled - 1);
      expect(run.stdout).toBe((await fromSources(['migrate', '--dry-run', app], app)).stdout);
    });

    it('V8 refuses the cache under other V8 flags (--max-old-space-size): the CLI compiles without it', async () => {
      const app = copyOf(DEMO);
      const run = bundled(['migrate', '--dry-run', app], app, { BOOT_UPGRADE_TIMINGS: '1', NODE_OPTIONS: '--max-old-space-size=512' });
      expect(cacheUse(run.stderr).cached).toBe(0);
      expect(run.stdout).toBe((await fromSources(['migrate', '--dry-run', app], app)).stdout);
    });

    it("a parser's file edited in place: that parser compiles without its cache, the rest from theirs", async () => {
      const dir = bundleCopy();
      editInPlace(path.join(dir, 'vendor', 'yaml.cjs'));
      const app = copyOf(DEMO);
      const run = runFrom(dir, app);
      const used = cacheUse(run.stderr);
      expect(used.cached).toBe(used.compiled - 1);
      expect(run.stdout).toBe((await fromSources(['migrate', '--dry-run', app], app)).stdout);
    });
  });

  it('the program requires nothing but Node modules and its vendored files', () => {
    const program = readFileSync(path.join(out, 'boot-upgrade.cjs'), 'utf8');
    const required = [...new Set([...program.matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1]!))];
    expect(required.length).toBeGreaterThan(5);
    const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
    expect(required.filter((id) => !builtins.has(id) && !/^\.\/vendor\/[\w@.-]+\.cjs$/.test(id))).toEqual([]);
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
    const vendored = readdirSync(path.join(out, 'vendor')).filter((f) => f.endsWith('.cjs')).map((f) => f.replace(/\.cjs$/, ''));
    expect(vendored).toEqual(expect.arrayContaining(['yaml', 'saxes', 'diff', 'ignore', 'picomatch', 'ajv', 'good-enough-parser', 'toml-eslint-parser', 'web-tree-sitter']));
    for (const name of vendored) {
      const keys = (m: object) => Object.keys(m).sort();
      expect(keys(require(path.join(out, 'vendor', `${name}.cjs`)) as object), name).toEqual(keys(require(name) as object));
    }
  });
});
