// The worker of write-ahead.ts: makes the temporary files of the coming write, one batch per
// message, while the main thread goes on with the passes. It creates nothing but the temporary
// files it is given, each exclusively (never over an existing file), and none once the main
// thread has said stop (the shared control words, write-ahead.ts): a stop waits for the file
// being made, so that everything made can then be removed.
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { writeTemp } from './temp-file.js';
import { BUSY, STOP, type StageBatch, type StageReply } from './stage-protocol.js';

const control = new Int32Array(workerData as SharedArrayBuffer);

// A priority of its own, for this thread only (Linux gives each thread its own nice value; other
// systems the whole process, so they are left alone): below the main thread, whose passes are the
// run's critical path (they ran 15-25 % slower beside the worker at the same priority: 10k bench,
// file passes 510 ms alone, 635-690 ms beside it), but not so low that the main thread waits for
// the worker when the passes end (at 19 it waited 100-200 ms; at 5, 20-30 ms at 50k files).
const STAGER_NICE = 5;
if (process.platform === 'linux') {
  try {
    setPriority(STAGER_NICE);
  } catch {
    // not allowed here: the worker runs at the normal priority
  }
}

/** Makes one temporary file unless stopped; false once stopped. */
function make(item: StageBatch['items'][number], content: Uint8Array): boolean | 'failed' {
  Atomics.store(control, BUSY, 1);
  try {
    if (Atomics.load(control, STOP)) return false; // read after BUSY is set: see write-ahead.ts stopMaking
    writeTemp(item.tmp, content, item.mode);
    return true;
  } catch {
    return 'failed'; // not made: the write makes it, or says why it cannot
  } finally {
    Atomics.store(control, BUSY, 0);
    Atomics.notify(control, BUSY);
  }
}

parentPort!.on('message', ({ batch, items, bytes, ends }: StageBatch) => {
  const failed: number[] = [];
  for (let i = 0; i < items.length; i++) {
    const start = i === 0 ? 0 : ends[i - 1]!;
    const made = make(items[i]!, new Uint8Array(bytes, start, ends[i]! - start));
    if (made === false) {
      for (let j = i; j < items.length; j++) failed.push(j);
      break;
    }
    if (made === 'failed') failed.push(i);
  }
  parentPort!.postMessage({ batch, failed } satisfies StageReply);
});
