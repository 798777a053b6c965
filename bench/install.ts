// The package as a user gets it: packed (`npm pack`, the files package.json lists, the manifest
// without its scripts as prepack leaves it) and installed globally into a prefix of its own with
// `npm install -g`, never the machine's global one. The bench measures that copy
// (bench/bench.ts), and test/package.test.ts runs it.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Installed {
  /** The installed bin, as `npm install -g` links it: <prefix>/bin/boot-upgrade. */
  bin: string;
  /** The installed package's folder: <prefix>/lib/node_modules/boot-upgrade. */
  packageDir: string;
  /** The tarball that was installed. */
  tarball: string;
  /** Every file of the installed package (node_modules included), relative to its folder. */
  files: string[];
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * Packs the project at `root` and installs the tarball into `prefix` (created; the caller removes
 * it). `cli`: a bundle folder to ship as dist/cli instead of the project's own (a build of the
 * current sources made elsewhere, as the test run makes one). Nothing in `root` is written.
 */
export function installPacked(root: string, prefix: string, cli?: string): Installed {
  const stage = mkdtempSync(path.join(os.tmpdir(), 'boot-upgrade-pack-'));
  try {
    // the files `npm pack` takes from the project, by its own rules (package.json `files`)
    const listed = JSON.parse(execFileSync(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })) as { files: { path: string }[] }[];
    const pkg = path.join(stage, 'package');
    for (const { path: rel } of listed[0]!.files) {
      if (cli && rel.startsWith('dist/cli/')) continue;
      mkdirSync(path.dirname(path.join(pkg, rel)), { recursive: true });
      cpSync(path.join(root, rel), path.join(pkg, rel));
    }
    if (cli) cpSync(cli, path.join(pkg, 'dist', 'cli'), { recursive: true });
    // as scripts/pack-manifest.mjs strip leaves it for the tarball
    const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
    delete manifest.scripts;
    writeFileSync(path.join(pkg, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
    const name = execFileSync(npm, ['pack', '--ignore-scripts', '--pack-destination', stage], { cwd: pkg, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim().split('\n').pop()!;
    const tarball = path.join(prefix, name);
    mkdirSync(prefix, { recursive: true });
    cpSync(path.join(stage, name), tarball);
    execFileSync(npm, ['install', '-g', '--prefix', prefix, '--no-audit', '--no-fund', '--loglevel=error', tarball], { stdio: ['ignore', 'ignore', 'pipe'] });
    const packageDir = path.join(prefix, 'lib', 'node_modules', 'boot-upgrade');
    return { bin: path.join(prefix, 'bin', 'boot-upgrade'), packageDir, tarball, files: filesUnder(packageDir) };
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

function filesUnder(dir: string, rel = ''): string[] {
  return readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((e) => {
    const p = rel ? `${rel}/${e.name}` : e.name;
    return e.isDirectory() ? filesUnder(dir, p) : [p];
  });
}
