// The plan is made: the texts of every file no pass changed (40,000 of 50,000 on the bench) are
// garbage from here on, and the write is about to allocate its own (journal, side-file names,
// buffers). V8 had no reason to collect them yet, so the write grew the heap on top of them:
// peak RSS at 50,000 files 296-305 MB, over the 300 MB the run promises. Collected first, the
// write reuses their space: 285-288 MB, for ~115 ms of the collector (3 % of that run). In a run
// that is not large (src/engine/heap.ts; 10,000 files: ~50 MB) there is little to gain, and the
// collection is skipped.
//
// The inspector's HeapProfiler.collectGarbage is Node's public way to ask for a full collection
// (no --expose-gc). CLI only: a library does not collect its host's heap.
import { isLargeRun } from '../engine/heap.js';
import { importExternal } from '../engine/lazy.js';
import { recordPhase } from '../engine/timing.js';

/** Collects the heap's garbage in a large run; resolves when done (or at once when skipped or unavailable). */
export async function collectPlanningGarbage(large = isLargeRun()): Promise<boolean> {
  if (!large || process.env.BOOT_UPGRADE_COLLECT === 'off') return false;
  let inspector: typeof import('node:inspector');
  try {
    inspector = await importExternal<typeof import('node:inspector')>('node:inspector');
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
