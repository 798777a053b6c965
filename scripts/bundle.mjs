// After tsc: the CLI as the user runs it, bundled by esbuild into dist/cli/. Start-up of a
// commit-hook `check` was mostly Node resolving, reading and compiling ~170 ES modules of dist/src
// and dist/transforms one by one, and then the ~90 CommonJS files of `yaml` and `saxes`;
// bundled, the same run loads about twenty files. (README "Performance" has the numbers.)
//
// - The CLI as one CommonJS file, boot-upgrade.cjs (src/cli/start.ts), which the bin
//   (boot-upgrade.js, src/cli/launch.ts) compiles with the V8 code cache that
//   scripts/code-cache.mjs makes last (src/cli/code-cache.ts says why CommonJS and when).
// - The same CLI as ESM with code splitting, for a run that cannot use the cache, with the two
//   workers (pool.ts and write-ahead.ts start ./file-worker.js and ./stage-worker.js beside
//   themselves, so every chunk sits in the one directory). The dynamic import()s of the sources
//   (commands, the maturity grader, help) stay separate chunks, loaded on first use as before.
// - node_modules stay outside both. The third-party parsers that src/engine/lazy.ts
//   requires on first use are each bundled into one CommonJS file, dist/cli/vendor/<name>.cjs,
//   which lazyModule requires instead of the package when __BOOT_UPGRADE_VENDOR__ lists it.
//   web-tree-sitter (loaded on first use through lazy.ts importExternal: import() in the chunks,
//   require in the CommonJS file; it reads its .wasm beside itself) and the packages the maturity
//   grader imports statically load from node_modules as before.
// - tsc's dist/src and dist/transforms stay: tests and tools import them.
import { execFileSync } from 'node:child_process';
import { chmodSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
// dist/cli, or the folder given (test/bundle.test.ts bundles into a folder of its own under dist/)
const out = path.resolve(root, process.argv[2] ?? 'dist/cli');

function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** The packages lazyModule('<name>') requires (not Node's own modules), found in the sources so that a new one cannot be missed. */
function lazyPackages() {
  const names = new Set();
  for (const file of [...sources(path.join(root, 'src')), ...sources(path.join(root, 'transforms'))]) {
    for (const m of readFileSync(file, 'utf8').matchAll(/\blazyModule(?:<.*?>)?\('([^']+)'\)/g)) if (!m[1].startsWith('node:')) names.add(m[1]);
  }
  return [...names].sort();
}

const vendored = lazyPackages();
rmSync(out, { recursive: true, force: true });

const common = { bundle: true, platform: 'node', target: 'node20', legalComments: 'none', logLevel: 'warning', absWorkingDir: root };

const define = { __BOOT_UPGRADE_VENDOR__: JSON.stringify(vendored) };

const esm = await build({
  ...common,
  metafile: true,
  entryPoints: {
    'boot-upgrade': 'src/cli/launch.ts',
    start: 'src/cli/start.ts',
    'code-cache': 'src/cli/code-cache.ts',
    'file-worker': 'src/engine/file-worker.ts',
    'stage-worker': 'src/engine/stage-worker.ts',
  },
  outdir: out,
  format: 'esm',
  splitting: true,
  chunkNames: 'chunk-[hash]',
  packages: 'external',
  define: { ...define, __BOOT_UPGRADE_CJS__: 'false' },
});

// launch.ts runs only as its own file's top level. Should another module import it, esbuild
// would move its code into a shared chunk and the bin would exit doing nothing.
const bin = esm.metafile.outputs[path.relative(root, path.join(out, 'boot-upgrade.js'))];
if (!bin || !Object.keys(bin.inputs).includes('src/cli/launch.ts')) throw new Error('bundle: src/cli/launch.ts is not in the bin itself (imported by another module?)');

// import.meta.url is the CommonJS file's own URL (scripts/cjs-import-meta.js): the workers,
// vendor/ and ../grammars are found beside it as beside the chunks
await build({
  ...common,
  entryPoints: { 'boot-upgrade': 'src/cli/start.ts' },
  outdir: out,
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  packages: 'external',
  define: { ...define, __BOOT_UPGRADE_CJS__: 'true', 'import.meta.url': '__bootUpgradeImportMetaUrl' },
  inject: [path.join(root, 'scripts', 'cjs-import-meta.js')],
});

await build({
  ...common,
  entryPoints: Object.fromEntries(vendored.map((name) => [name, name])),
  outdir: path.join(out, 'vendor'),
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
});

// npm sets the bin's executable bit on install, not in a clone (README runs it through npx there)
chmodSync(path.join(out, 'boot-upgrade.js'), 0o755);

// last: each cache must be newer than the file it was made from
execFileSync(process.execPath, [path.join(root, 'scripts', 'code-cache.mjs'), out], { stdio: 'inherit' });
