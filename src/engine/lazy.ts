// Third-party modules loaded on first use. A run pays only for the parsers its files need: a
// commit hook checking ten Java files never loads the YAML, XML, Groovy or image decoders, and
// `--version` loads none. Every package used this way ships a CommonJS entry, so a synchronous
// require gives the same module instance the ESM loader would. The built CLI carries each of
// them as one file of its own, dist/cli/vendor/<name>.cjs (scripts/bundle.mjs): an installed
// copy has no node_modules.
import { createRequire } from 'node:module';

// Defined only in the bundles (scripts/bundle.mjs): true in the CommonJS program, whose loader
// (src/cli/code-cache.ts) gives it a `require` that compiles the vendored files with their cache.
declare const __BOOT_UPGRADE_CJS__: boolean | undefined;
const load: NodeJS.Require = typeof __BOOT_UPGRADE_CJS__ !== 'undefined' && __BOOT_UPGRADE_CJS__ ? require : createRequire(import.meta.url);

// Defined only in the bundles (scripts/bundle.mjs): the packages carried as ./vendor/<name>.cjs
// beside the bundle's file. Run from tsc's dist/src or the sources, they load from node_modules.
declare const __BOOT_UPGRADE_VENDOR__: readonly string[] | undefined;
const vendored: readonly string[] = typeof __BOOT_UPGRADE_VENDOR__ === 'undefined' ? [] : __BOOT_UPGRADE_VENDOR__;

/** Where `id` loads from: its vendored file in a bundle, else the package itself. */
const located = (id: string) => (vendored.includes(id) ? `./vendor/${id}.cjs` : id);

/** A getter that requires `id` the first time it is called and caches the module. */
export function lazyModule<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= load(located(id)) as T);
}

/**
 * import() of a package or built-in module, for one that must be loaded asynchronously where it
 * is not bundled. The CommonJS program requires it instead: its code comes from V8's code cache,
 * and Node finds no loader for an import() in cached code. Every package loaded this way ships
 * a CommonJS entry.
 */
export function importExternal<T>(id: string): Promise<T> {
  // the condition spelled out, for esbuild to drop the branch a bundle does not take
  return typeof __BOOT_UPGRADE_CJS__ !== 'undefined' && __BOOT_UPGRADE_CJS__ ? Promise.resolve(load(located(id)) as T) : (import(located(id)) as Promise<T>);
}
