// What write-ahead.ts and its worker (stage-worker.ts) say to each other: the messages, and the
// two words of shared memory by which the main thread stops the worker at once.
/**
 * One message to the worker: temporary files to make (absolute paths), their contents encoded
 * one after another in `bytes`, item i's from ends[i - 1] (0 for the first) to ends[i]. Encoded
 * here and moved (transferred), not copied: cloning the texts into the message cost the main
 * thread more than encoding them.
 */
export interface StageBatch {
  batch: number;
  items: { tmp: string; mode: number }[];
  bytes: ArrayBuffer;
  ends: number[];
}

/** The worker's answer to a batch: the items it could not make. */
export interface StageReply {
  batch: number;
  failed: number[];
}

/**
 * The control words shared with the worker (Int32Array indexes): STOP is set by the main thread
 * to stop it making files; BUSY is 1 while it makes one. Each side writes its own word, then reads
 * the other's (Atomics are sequentially consistent), so either the worker sees STOP and makes
 * nothing more, or the main thread sees BUSY and waits for that file: after stopMaking() every
 * file the worker will ever make exists, and can be removed.
 */
export const STOP = 0;
export const BUSY = 1;
