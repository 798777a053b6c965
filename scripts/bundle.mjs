// After tsc: the CLI as users run it, bundled by esbuild into dist/cli/. The installed package
// carries no node_modules: every package the CLI uses at run time is in here, once.
//
// - boot-upgrade.js, the bin (src/cli/launch.ts): compiles the program below with the V8 code
//   cache that scripts/code-cache.mjs makes last (src/cli/code-cache.ts, a file of its own here,
//   which the build's run imports too).
// - boot-upgrade.cjs, the program (src/cli/start.ts): the whole CLI as one CommonJS file, the only
//   form Node 20 compiles with a code cache. Commands load on first use as before: esbuild keeps
//   each dynamic import() of the sources as code that runs when first asked for.
// - vendor/<name>.cjs: each package the sources load on first use (src/engine/lazy.ts lazyModule,
//   importExternal), bundled with its own dependencies into one file, required from the program
//   only when a run needs it. web-tree-sitter reads its .wasm beside itself, so that is copied
//   into vendor/ too. A package imported any other way fails the build: it would be either
//   bundled a second time or missing from the installed package.
// - tsc's dist/src and dist/transforms stay: tests and tools import them.
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
// dist/cli, or the folder given (the test run bundles into a folder of its own under dist/)
const out = path.resolve(root, process.argv[2] ?? 'dist/cli');
const require = createRequire(import.meta.url);

function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** The packages the sources load through lazyModule('<name>') or importExternal('<name>') (not Node's own modules), found in the sources so that none can be missed. */
function vendoredPackages() {
  const names = new Set();
  for (const file of [...sources(path.join(root, 'src')), ...sources(path.join(root, 'transforms'))]) {
    for (const m of readFileSync(file, 'utf8').matchAll(/\b(?:lazyModule|importExternal)(?:<.*?>)?\('([^']+)'\)/g)) if (!m[1].startsWith('node:')) names.add(m[1]);
  }
  return [...names].sort();
}

const vendored = vendoredPackages();
const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

/**
 * Node's modules stay imports; a vendored package becomes a require of its file beside the
 * bundle; any other package is an error (see the top of this file).
 */
const vendorPlugin = {
  name: 'vendor',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (builtins.has(args.path)) return { path: args.path, external: true };
      if (vendored.includes(args.path)) return { path: `./vendor/${args.path}.cjs`, external: true };
      return { errors: [{ text: `${args.path} is imported by ${path.relative(root, args.importer)} but not loaded through lazyModule or importExternal (src/engine/lazy.ts): it would not be vendored` }] };
    });
  },
};

rmSync(out, { recursive: true, force: true });

const common = { bundle: true, platform: 'node', target: 'node20', legalComments: 'none', logLevel: 'warning', absWorkingDir: root };
const define = { __BOOT_UPGRADE_VENDOR__: JSON.stringify(vendored) };

// the bin, and the loader it shares with the build's run (scripts/code-cache.mjs)
await build({ ...common, entryPoints: { 'code-cache': 'src/cli/code-cache.ts' }, outdir: out, format: 'esm', packages: 'external' });
await build({
  ...common,
  entryPoints: { 'boot-upgrade': 'src/cli/launch.ts' },
  outdir: out,
  format: 'esm',
  plugins: [{ name: 'loader-beside', setup: (b) => b.onResolve({ filter: /^\.\/code-cache\.js$/ }, () => ({ path: './code-cache.js', external: true })) }],
});

// import.meta.url is the CommonJS file's own URL (scripts/cjs-import-meta.js): vendor/ and
// ../grammars are found beside it
await build({
  ...common,
  entryPoints: { 'boot-upgrade': 'src/cli/start.ts' },
  outdir: out,
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  plugins: [vendorPlugin],
  define: { ...define, __BOOT_UPGRADE_CJS__: 'true', 'import.meta.url': '__bootUpgradeImportMetaUrl' },
  inject: [path.join(root, 'scripts', 'cjs-import-meta.js')],
});

await build({
  ...common,
  // each from the entry `require` resolves (the CommonJS one), as the sources load it
  entryPoints: Object.fromEntries(vendored.map((name) => [name, require.resolve(name)])),
  outdir: path.join(out, 'vendor'),
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  // import() becomes require(): code compiled from a cache has no loader for an import()
  // (web-tree-sitter imports fs/promises and module that way)
  supported: { 'dynamic-import': false },
});
// web-tree-sitter finds its runtime as <its own folder>/web-tree-sitter.wasm
if (vendored.includes('web-tree-sitter')) copyFileSync(require.resolve('web-tree-sitter/web-tree-sitter.wasm'), path.join(out, 'vendor', 'web-tree-sitter.wasm'));

// npm sets the bin's executable bit on install, not in a clone (a clone runs it through npx)
chmodSync(path.join(out, 'boot-upgrade.js'), 0o755);

// last: the caches of the files as they now are
execFileSync(process.execPath, [path.join(root, 'scripts', 'code-cache.mjs'), out], { stdio: 'inherit' });
