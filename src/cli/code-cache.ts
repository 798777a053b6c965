// V8's code cache for the bin. Node 20 keeps no compiled code between runs, and a run spent
// 40-70 ms compiling the CLI's own functions and the vendored parsers' (yaml, saxes) again
// each time: a quarter of a commit hook's `check`, a twentieth of a 10,000-file `migrate`. So the
// build (scripts/code-cache.mjs) runs the CLI once on the demo app and keeps what V8 compiled:
// `code-cache/<file>.bin` beside the CommonJS bundle of the CLI (boot-upgrade.cjs) and the
// vendored files, and a manifest naming the V8 that made them. The bin (launch.ts) compiles those
// files with their cache. ES modules cannot take a cache in Node 20, hence one CommonJS file.
//
// A cache is used only when nothing says it may be stale: made by this V8, no older than its
// file, for a file of this length; V8 itself refuses one made under other flags (e.g.
// --max-old-space-size). When the CLI's own cache cannot be used, the bin runs the ES module
// chunks as it did without a cache (a single file compiled without its cache ran a 10k migrate
// 50 ms slower than they do).
import { isAscii } from 'node:buffer';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
  /** Each cached file (relative to the bin's folder, `/`-separated) and its length in bytes then. */
  files: Record<string, number>;
}

/** What the program exports (start.ts). */
export interface Program {
  start(codeCache?: () => { cached: number; compiled: number }): void;
  main(argv: string[]): Promise<number>;
}

type Loaded = { script: vm.Script; module: Module; cached: boolean };

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

  /** The program's exports, or undefined when its cache cannot be used (then it is not run). */
  program(): Program | undefined {
    if (!this.manifest) return undefined;
    let loaded: Loaded;
    try {
      loaded = this.compile(PROGRAM);
    } catch {
      return undefined; // unreadable here: the chunks say why, if they fail too
    }
    return loaded.cached ? (this.run(PROGRAM, loaded) as Program) : undefined;
  }

  /** The program, compiled without a cache (the build's run). */
  programToMake(): Program {
    return this.run(PROGRAM, this.compile(PROGRAM)) as Program;
  }

  /** How many files were compiled with their cache, of how many. */
  stats(): { cached: number; compiled: number } {
    return { cached: [...this.loaded.values()].filter((l) => l.cached).length, compiled: this.loaded.size };
  }

  private cacheFor(rel: string, size: number): Buffer | undefined {
    if (this.manifest?.files[rel] !== size) return undefined;
    const file = path.join(this.dir, ...rel.split('/'));
    const data = path.join(this.dir, CACHE_DIR, `${rel}.bin`);
    try {
      // a file changed after its cache was made (an edit in place) is newer than the cache
      if (statSync(data).mtimeMs < statSync(file).mtimeMs) return undefined;
      return readFileSync(data);
    } catch {
      return undefined;
    }
  }

  private compile(rel: string): Loaded {
    const file = path.join(this.dir, ...rel.split('/'));
    const bytes = readFileSync(file);
    // esbuild writes ASCII (it escapes the rest): read as such, without decoding UTF-8 (2-3 ms a run)
    const source = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
    const cachedData = this.cacheFor(rel, bytes.length);
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

  /** A vendored parser (src/engine/lazy.ts), with its cache when there is one; once per run, as require caches it. */
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

/**
 * Writes the cache of every file the loader compiled, as V8 holds it now (after a run: with the
 * functions that run compiled), and the manifest. Written last, so that each cache is newer than its file.
 */
export function writeCaches(loader: CachedLoader): CacheManifest {
  const out = path.join(loader.dir, CACHE_DIR);
  rmSync(out, { recursive: true, force: true });
  const manifest: CacheManifest = { v8: process.versions.v8, files: {} };
  for (const [rel, { script, module }] of loader.loaded) {
    const data = path.join(out, `${rel}.bin`);
    mkdirSync(path.dirname(data), { recursive: true });
    writeFileSync(data, script.createCachedData());
    manifest.files[rel] = statSync(module.filename).size;
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
