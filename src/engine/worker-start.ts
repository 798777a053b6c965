// Starting one of the engine's worker threads (write-ahead.ts's stager) from the module beside
// this one, whichever way the engine itself was loaded.
import { Worker } from 'node:worker_threads';

/**
 * The worker `name` (a module of src/engine, or its bundled chunk beside the bin): compiled
 * JavaScript normally. Run from the TypeScript sources (the test runner), the worker needs a
 * TypeScript loader: the module named by BOOT_UPGRADE_TS_LOADER (vitest.config.ts sets tsx's),
 * registered before the source is imported. Without one it throws, and the caller does without.
 */
export function startEngineWorker(name: string, workerData: unknown): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, import.meta.url), { workerData });
  const loader = process.env.BOOT_UPGRADE_TS_LOADER;
  if (!loader) throw new Error('running from TypeScript sources without BOOT_UPGRADE_TS_LOADER');
  const source = JSON.stringify(new URL(`./${name}.ts`, import.meta.url).href);
  const boot = `import(${JSON.stringify(loader)}).then(({ register }) => { register(); return import(${source}); })`;
  return new Worker(boot, { eval: true, workerData });
}
