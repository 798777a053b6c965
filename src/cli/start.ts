// The CLI as a process starts it: from the bin (launch.ts, the CommonJS program with its code
// cache) or, under tsc's dist/src or tsx, from main.ts.
import { exitWhenFlushed, main } from './main.js';
import { describeCodeCache } from '../engine/timing.js';

export { main } from './main.js';

/** What the bin's code cache did (code-cache.ts CachedLoader.stats). */
export type CodeCacheStats = () => { cached: number; compiled: number };

/**
 * Runs the command line of this process and exits with its code once the output is flushed.
 * `codeCache`: how the bin compiled the program; absent, the CLI runs from its ES modules.
 */
export function start(codeCache?: CodeCacheStats): void {
  describeCodeCache(() => {
    if (!codeCache) return 'code cache: none (the CLI ran from its ES modules)';
    const { cached, compiled } = codeCache();
    return `code cache: ${cached} of ${compiled} file(s) compiled from it`;
  });
  void main(process.argv.slice(2)).then(exitWhenFlushed);
}
