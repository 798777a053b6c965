// The package as a user installs it: the project packed with the CLI of this test run
// (test/setup/cli-bundle.ts) as dist/cli, the tarball installed with `npm install -g` into a
// temporary prefix (bench/install.ts), and the installed bin run there, far from the
// repository's node_modules. Every package the CLI uses is inside it, once; the code cache is
// used by the installed copy; its runs are those of main() from the sources.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { installPacked, type Installed } from '../bench/install.js';
import { runMain } from './helpers/cli-in-process.js';
import { setupOnce } from './helpers/setup.js';

const ROOT = path.resolve(__dirname, '..');
const ENV = { NO_COLOR: '1', CI: '1', NODE_OPTIONS: '' };
const tmp = mkdtempSync(path.join(os.tmpdir(), 'bu-package-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let installed: Installed;
setupOnce(() => {
  installed = installPacked(ROOT, path.join(tmp, 'prefix'), inject('cliBundle'));
});

const run = (args: string[], cwd: string, env: Record<string, string> = {}) => spawnSync(installed.bin, args, { cwd, encoding: 'utf8', env: { ...process.env, ...ENV, ...env } });

describe('the packed package, installed with npm install -g', () => {
  it('carries its documents and each package once, no node_modules and no install scripts; the installed bin runs as the sources do, from its code cache', async () => {
    const manifest = JSON.parse(readFileSync(path.join(installed.packageDir, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest.dependencies).toBeUndefined();
    expect(manifest.scripts).toBeUndefined();
    expect(installed.files.filter((f) => f.startsWith('node_modules/'))).toEqual([]);
    expect(installed.files).toEqual(expect.arrayContaining(['README.md', 'docs/rules.md', 'migration-table.json', 'dist/cli/boot-upgrade.js', 'dist/cli/boot-upgrade.cjs', 'dist/cli/code-cache/manifest.json']));
    // tsc's output and the sources are not shipped (the table's schemas are: --table files are checked against them)
    expect(installed.files.filter((f) => f.startsWith('dist/src/') || (f.startsWith('src/') && !f.startsWith('src/table/schema/')))).toEqual([]);

    // every vendored file loads on its own, with nothing but the installed package around it
    const vendored = installed.files.filter((f) => /^dist\/cli\/vendor\/.*\.cjs$/.test(f));
    expect(vendored.length).toBeGreaterThan(10);
    const load = spawnSync(process.execPath, ['-e', `for (const f of ${JSON.stringify(vendored)}) require(require('node:path').join(${JSON.stringify(installed.packageDir)}, f));`], { cwd: tmp, encoding: 'utf8' });
    expect(load.stderr).toBe('');
    expect(load.status).toBe(0);

    const version = run(['--version'], tmp);
    expect(version.stdout).toBe(`${manifest.version as string}\n`);

    // the demo app with a .gitignore, a --table file and a --config-glob: the CLI, yaml, saxes,
    // dot-properties, web-tree-sitter, pngjs, diff, ignore, ajv, picomatch
    const app = path.join(tmp, 'demo-app');
    cpSync(path.join(ROOT, 'examples', 'demo-app'), app, { recursive: true });
    writeFileSync(path.join(app, '.gitignore'), 'target/\n');
    writeFileSync(path.join(tmp, 'rows.json'), JSON.stringify({ properties: { rename: [{ from: 'acme.legacy.timeout', to: 'acme.client.timeout', level: 'error', source: 'acme platform team' }] } }));
    const args = ['migrate', '--dry-run', '--table', path.join(tmp, 'rows.json'), '--config-glob', 'config/*.properties', app];
    const dry = run(args, app, { BOOT_UPGRADE_TIMINGS: '1' });
    const cache = /code cache: (\d+) of (\d+) file\(s\) compiled from it/.exec(dry.stderr);
    expect(cache, dry.stderr).not.toBeNull();
    // the CLI and the parsers the build's own run loaded (yaml, saxes, ...); ajv, ignore and picomatch have none
    expect(Number(cache![1])).toBeGreaterThanOrEqual(5);
    const sources = await runMain(args, { cwd: app, env: ENV });
    expect({ status: dry.status, stdout: dry.stdout }).toEqual({ status: sources.code, stdout: sources.stdout });
    expect(dry.stdout).toMatch(/^\+\+\+ b\/pom\.xml$/m);

    // a Gradle build with a version catalog: good-enough-parser, toml-eslint-parser; each finding
    // links to its rule's entry in the installed package's docs/rules.md
    const gradle = path.join(tmp, 'catalog');
    cpSync(path.join(ROOT, 'fixtures', 'coherence', 'catalog-after-build', 'input'), gradle, { recursive: true });
    const report = run(['report', '--format', 'json', gradle], gradle);
    const fromSources = await runMain(['report', '--format', 'json', gradle], { cwd: gradle, env: ENV });
    const [installedDocs, repoDocs] = [installed.packageDir, ROOT].map((dir) => pathToFileURL(path.join(dir, 'docs', 'rules.md')).href);
    const links = (JSON.parse(report.stdout) as { findings: { ruleDocs: string }[] }).findings.map((f) => f.ruleDocs);
    expect(links.length).toBeGreaterThan(0);
    const rulesDoc = readFileSync(path.join(installed.packageDir, 'docs', 'rules.md'), 'utf8');
    for (const link of links) {
      expect(link.startsWith(`${installedDocs}#`), link).toBe(true);
      expect(rulesDoc).toContain(`<a id="${link.slice(link.indexOf('#') + 1)}"></a>`);
    }
    expect({ status: report.status, stdout: report.stdout.replaceAll(installedDocs, repoDocs) }).toEqual({ status: fromSources.code, stdout: fromSources.stdout });
  });
});
