// A buffer reused from file to file by the write. Comparing each changed file with the disk
// and writing its new content made three Buffers per file (read back, before, after) that only a
// collection frees and that the changes kept: 25-35 MB of the peak at 50,000 files, in the
// last phase of the run. Encoding a text into this buffer and reading a file into it keeps none.
import { closeSync, constants as fsConstants, openSync, readSync } from 'node:fs';
import { encodedLength, encodeInto } from './text.js';
import type { SourceFile } from './types.js';

/** Opening a file to read it: never through a link (ELOOP), never blocking on a FIFO put there. */
export const READ_NO_FOLLOW = fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW | fsConstants.O_NONBLOCK;

/** What a change's bytes are made from: a decoded text and how it was encoded (text.ts encode). */
export type EncodedText = Pick<SourceFile, 'text' | 'encoding' | 'bom'>;

/**
 * `size` bytes of an open file read into `buf` (room for them), fewer when it shrank; their view.
 * Like readFileSync it stops at that size: a file that grows meanwhile is caught before any
 * write, which compares the whole file on disk with the bytes read (write.ts assertUnchanged).
 */
export function readUpTo(fd: number, buf: Buffer, size: number): Buffer {
  let got = 0;
  while (got < size) {
    const n = readSync(fd, buf, got, size - got, null);
    if (n === 0) break; // it shrank
    got += n;
  }
  return buf.subarray(0, got);
}

export class ScratchBuffer {
  private buf = Buffer.allocUnsafe(64 * 1024);

  private room(n: number): Buffer {
    if (n > this.buf.length) this.buf = Buffer.allocUnsafe(Math.max(n, this.buf.length * 2));
    return this.buf;
  }

  /** The bytes text.ts `encode` makes of `t`, in this buffer: valid until its next use. */
  encode(t: EncodedText): Buffer {
    return encodeInto(this.room(encodedLength(t.text, t.encoding, t.bom)), t.text, t.encoding, t.bom);
  }

  /**
   * `size` bytes of an open file (fewer when it shrank), in this buffer: valid until its next use.
   * The engine's read: a Buffer of its own for each of 10,000 files was a new ArrayBuffer every few
   * files (Buffer's 8 KB pool) and 18 MB for the collector, for bytes dropped once decoded.
   */
  readOpen(fd: number, size: number): Buffer {
    return readUpTo(fd, this.room(size), size);
  }

  /**
   * The file as it is now, never through a symbolic link (ELOOP), expected to hold `expected`
   * bytes: up to one byte more is read, enough to tell it from a file that grew. No stat: the
   * write's check of 10,000 files was three system calls and a Stats object each (lstat, fstat,
   * and the read); a FIFO put there meanwhile gives no bytes (opened without blocking).
   */
  readNoFollow(file: string, expected: number): Buffer {
    const fd = openSync(file, READ_NO_FOLLOW);
    try {
      return readUpTo(fd, this.room(expected + 1), expected + 1);
    } finally {
      closeSync(fd);
    }
  }
}
