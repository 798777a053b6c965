// The plan is made: the texts of every file no pass changed (40,000 of 50,000 on the bench) are
// garbage from here on, and the write is about to allocate its own (journal, side-file names,
// buffers). V8 had no reason to collect them yet, so the write grew the heap on top of them:
// peak RSS at 50,000 files 296-305 MB, over the 300 MB the run promises. Collected first, the
// write reuses their space: 285-288 MB, for ~115 ms of the collector (3 % of that run). Below
// LARGE_HEAP there is little to gain (10,000 files: ~50 MB) and the collection is skipped.
//
// The inspector's HeapProfiler.collectGarbage is Node's public way to ask for a full collection
// (no --expose-gc). CLI only: a library does not collect its host's heap.
import { recordPhase } from '../engine/timing.js';

/** Heap in use (bytes) above which the planning's garbage is collected before the write. */
export const LARGE_HEAP = 128 * 1024 * 1024;

/** Collects the heap's garbage when the heap is large; resolves when done (or at once when skipped or unavailable). */
export async function collectPlanningGarbage(heapUsed = process.memoryUsage().heapUsed): Promise<boolean> {
  if (heapUsed < LARGE_HEAP || process.env.BOOT_UPGRADE_COLLECT === 'off') return false;
  let inspector: typeof import('node:inspector');
  try {
    inspector = await import('node:inspector');
  } catch {
    return false; // a Node built without the inspector
  }
  const started = performance.now();
  const session = new inspector.Session();
  try {
    session.connect();
    await new Promise<void>((resolve, reject) => session.post('HeapProfiler.collectGarbage', (error) => (error ? reject(error) : resolve())));
    return true;
  } catch {
    return false; // the collection is an optimisation: the write goes on without it
  } finally {
    session.disconnect();
    recordPhase('collect the planning garbage', performance.now() - started);
  }
}
