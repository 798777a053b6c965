// Third-party modules loaded on first use. A run pays only for the parsers its files need: a
// commit hook checking ten Java files never loads the YAML, XML, Groovy or image decoders, and
// `--version` loads none. Every package used this way ships a CommonJS entry, so a synchronous
// require gives the same module instance the ESM loader would.
import { createRequire } from 'node:module';

// Defined only in the bundles (scripts/bundle.mjs): true in the CommonJS one, whose loader
// (src/cli/code-cache.ts) gives it a `require` that compiles the vendored files with their cache.
declare const __BOOT_UPGRADE_CJS__: boolean | undefined;
const load: NodeJS.Require = typeof __BOOT_UPGRADE_CJS__ !== 'undefined' && __BOOT_UPGRADE_CJS__ ? require : createRequire(import.meta.url);

// Defined only in the bundle (scripts/bundle.mjs): the packages it carries as one file each,
// ./vendor/<name>.cjs beside the chunk, which load faster than the package's many files.
declare const __BOOT_UPGRADE_VENDOR__: readonly string[] | undefined;
const vendored: readonly string[] = typeof __BOOT_UPGRADE_VENDOR__ === 'undefined' ? [] : __BOOT_UPGRADE_VENDOR__;

/** A getter that requires `id` the first time it is called and caches the module. */
export function lazyModule<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= load(vendored.includes(id) ? `./vendor/${id}.cjs` : id) as T);
}

/**
 * import() of a package or built-in module outside the bundle. The CommonJS bundle requires it
 * instead: its code comes from V8's code cache, and Node finds no loader for an import() in
 * cached code. Every package loaded this way ships a CommonJS entry.
 */
export function importExternal<T>(id: string): Promise<T> {
  // the condition spelled out, for esbuild to drop the branch a bundle does not take
  return typeof __BOOT_UPGRADE_CJS__ !== 'undefined' && __BOOT_UPGRADE_CJS__ ? Promise.resolve(load(id) as T) : (import(id) as Promise<T>);
}
