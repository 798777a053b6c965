// When a run counts as large, by the V8 heap it has in use. Below this (10,000 files: ~50 MB) a
// few tens of milliseconds are worth more than ~10 MB; above it (50,000 files: ~190 MB) the peak
// RSS is what holds the run back (the 300 MB budget, docs/performance.md): the CLI then collects
// the planning's garbage before the write (src/cli/memory.ts).

/** Heap in use (bytes) from which a run is large. */
export const LARGE_RUN_HEAP = 128 * 1024 * 1024;

/** Is the run large, by its heap in use now (or `heapUsed`)? */
export function isLargeRun(heapUsed = process.memoryUsage().heapUsed): boolean {
  return heapUsed >= LARGE_RUN_HEAP;
}
