// Third-party modules loaded on first use. A run pays only for the parsers its files need: a
// commit hook checking ten Java files never loads the YAML, XML, Groovy or image decoders, and
// `--version` loads none. Every package used this way ships a CommonJS entry, so a synchronous
// require gives the same module instance the ESM loader would.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

// Defined only in the bundle (scripts/bundle.mjs): the packages it carries as one file each,
// ./vendor/<name>.cjs beside the chunk, which load faster than the package's many files.
declare const __BOOT_UPGRADE_VENDOR__: readonly string[] | undefined;
const vendored: readonly string[] = typeof __BOOT_UPGRADE_VENDOR__ === 'undefined' ? [] : __BOOT_UPGRADE_VENDOR__;

/** A getter that requires `id` the first time it is called and caches the module. */
export function lazyModule<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(vendored.includes(id) ? `./vendor/${id}.cjs` : id) as T);
}
