// The worker of write-ahead.ts: makes the temporary files of the coming write, one batch per
// message, while the main thread goes on with the passes. It creates nothing but the temporary
// files it is given, each exclusively (never over an existing file), and none once the main
// thread has said stop (the shared control words, write-ahead.ts): a stop waits for the file
// being made, so that everything made can then be removed.
import { parentPort, workerData } from 'node:worker_threads';
import { writeTemp } from './temp-file.js';
import { BUSY, STOP, type StageBatch, type StageReply } from './stage-protocol.js';

const control = new Int32Array(workerData as SharedArrayBuffer);

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
