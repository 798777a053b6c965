// V8's code cache for the bin. Node 20 keeps no compiled code between runs, and a run spent
// 40-70 ms compiling the CLI's own functions and the vendored parsers' (yaml, saxes) again each
// time: a third of a commit hook's `check` (docs/performance.md). So the build
// (scripts/code-cache.mjs) runs the CLI once on the demo app and keeps what V8 compiled:
// `code-cache/<file>.bin` beside the CommonJS program (boot-upgrade.cjs) and the vendored files,
// and a manifest naming the V8 that made them and the SHA-256 of each file they were made from.
// The bin (launch.ts) compiles those files with their cache. ES modules cannot take a cache in
// Node 20, hence one CommonJS file.
//
// A cache is used only for the very bytes it was made from, by the V8 that made it: the file's
// hash is checked on every run (file times say nothing once npm has unpacked the package), and
// V8 itself refuses one made under other flags (e.g. --max-old-space-size). Without its cache a
// file is compiled as any script is, and the run is the same.
import { isAscii } from 'node:buffer';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

/** The process's one `require` cache (every createRequire shares it). */
const requireCache = createRequire(import.meta.url).cache;

/** The CommonJS bundle of the CLI (scripts/bundle.mjs), beside the bin. */
export const PROGRAM = 'boot-upgrade.cjs';
/** The folder of the caches and their manifest, beside the bin. */
export const CACHE_DIR = 'code-cache';

export interface CacheManifest {
  /** process.versions.v8 of the run that made the caches. */
  v8: string;
  /** Each cached file (relative to the bin's folder, `/`-separated) and the SHA-256 (hex) of its bytes then. */
  files: Record<string, string>;
}

/** What the program exports (start.ts). */
export interface Program {
  start(codeCache: () => { cached: number; compiled: number }): void;
  main(argv: string[]): Promise<number>;
}

type Loaded = { script: vm.Script; module: Module; cached: boolean };

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Loads CommonJS files of one folder with their caches; `make` loads them without, to make the
 * caches (the build's run). Every file it compiles stays listed, for the caches to be made.
 */
export class CachedLoader {
  readonly loaded = new Map<string, Loaded>();
  private readonly manifest?: CacheManifest;

  constructor(
    readonly dir: string,
    make = false,
  ) {
    this.manifest = make ? undefined : readManifest(dir);
  }

  /** The program's exports, compiled with its cache when the cache is for these bytes. */
  program(): Program {
    return this.run(PROGRAM, this.compile(PROGRAM)) as Program;
  }

  /** How many files were compiled with their cache, of how many. */
  stats(): { cached: number; compiled: number } {
    return { cached: [...this.loaded.values()].filter((l) => l.cached).length, compiled: this.loaded.size };
  }

  private cacheFor(rel: string, hash: string): Buffer | undefined {
    if (this.manifest?.files[rel] !== hash) return undefined;
    try {
      return readFileSync(path.join(this.dir, CACHE_DIR, `${rel}.bin`));
    } catch {
      return undefined;
    }
  }

  private compile(rel: string): Loaded {
    const file = path.join(this.dir, ...rel.split('/'));
    const bytes = readFileSync(file);
    // esbuild writes ASCII (it escapes the rest): read as such, without decoding UTF-8 (2-3 ms a run)
    const source = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
    // hashed only when there is a cache to check it against (the build's own run makes none)
    const hash = this.manifest ? sha256(bytes) : '';
    const cachedData = this.cacheFor(rel, hash);
    // no import() in these files: Node finds no loader for one in cached code (lazy.ts importExternal)
    const script = new vm.Script(Module.wrap(source), { filename: file, cachedData });
    const module = new Module(file);
    module.filename = file;
    const loaded = { script, module, cached: cachedData !== undefined && !script.cachedDataRejected };
    this.loaded.set(rel, loaded);
    return loaded;
  }

  /** Runs a compiled file as `require` would, with a `require` that loads the vendored files here. */
  private run(rel: string, { script, module }: Loaded): unknown {
    const file = module.filename;
    const base = createRequire(file);
    const require = Object.assign((id: string) => (id.startsWith('./vendor/') ? this.vendored(path.posix.join(path.posix.dirname(rel), id)) : base(id)), base);
    (script.runInThisContext() as (...args: unknown[]) => void).call(module.exports, module.exports, require, module, file, path.dirname(file));
    module.loaded = true;
    return module.exports;
  }

  /** A vendored package (src/engine/lazy.ts), with its cache when there is one; once per run, as require caches it. */
  private vendored(rel: string): unknown {
    const seen = this.loaded.get(rel);
    if (seen) return seen.module.exports;
    const loaded = this.compile(rel);
    // listed in require's cache as require lists what it loads, and unlisted again if it throws
    requireCache[loaded.module.filename] = loaded.module;
    try {
      return this.run(rel, loaded);
    } catch (e) {
      this.loaded.delete(rel);
      delete requireCache[loaded.module.filename];
      throw e;
    }
  }
}

/** Writes the cache of every file the loader compiled, as V8 holds it now (after a run: with the functions that run compiled), and the manifest. */
export function writeCaches(loader: CachedLoader): CacheManifest {
  const out = path.join(loader.dir, CACHE_DIR);
  rmSync(out, { recursive: true, force: true });
  const manifest: CacheManifest = { v8: process.versions.v8, files: {} };
  for (const [rel, { script, module }] of loader.loaded) {
    const data = path.join(out, `${rel}.bin`);
    mkdirSync(path.dirname(data), { recursive: true });
    writeFileSync(data, script.createCachedData());
    manifest.files[rel] = sha256(readFileSync(module.filename));
  }
  writeFileSync(path.join(out, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}

function readManifest(dir: string): CacheManifest | undefined {
  try {
    const m = JSON.parse(readFileSync(path.join(dir, CACHE_DIR, 'manifest.json'), 'utf8')) as CacheManifest;
    return m.v8 === process.versions.v8 && typeof m.files === 'object' ? m : undefined;
  } catch {
    return undefined;
  }
}
