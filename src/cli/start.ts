// The CLI as the bin starts it, whichever way the bin loaded it (launch.ts): from the one
// CommonJS file with its code cache, or from the ES module chunks.
import { exitWhenFlushed, main } from './main.js';
import { lowerHelperThreads } from './thread-priority.js';
import { describeCodeCache } from '../engine/timing.js';

export { main } from './main.js';

/** What the bin's code cache did (code-cache.ts CachedLoader.stats). */
export type CodeCacheStats = () => { cached: number; compiled: number };

/**
 * Runs the command line of this process and exits with its code once the output is flushed.
 * `codeCache`: the bin compiled the CLI with its code cache; absent, the CLI runs as ES modules
 * (the bundle's chunks, or tsc's dist/src under main.ts).
 */
export function start(codeCache?: CodeCacheStats): void {
  describeCodeCache(() => {
    if (!codeCache) return 'code cache: not used (the CLI ran as ES modules)';
    const { cached, compiled } = codeCache();
    return `code cache: ${cached} of ${compiled} file(s) compiled from it`;
  });
  lowerHelperThreads(); // the bin's process only (thread-priority.ts)
  void main(process.argv.slice(2)).then(exitWhenFlushed);
}
