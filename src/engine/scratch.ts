// A buffer reused from file to file by the write. Comparing each changed file with the disk
// and writing its new content made three Buffers per file (read back, before, after) that only a
// collection frees and that the changes kept: 25-35 MB of the peak at 50,000 files, in the
// last phase of the run. Encoding a text into this buffer and reading a file into it keeps none.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { encodedLength, encodeInto } from './text.js';
import type { SourceFile } from './types.js';

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

  /** The whole file, to its end whatever its size said, in this buffer: valid until its next use. */
  read(file: string): Buffer {
    const fd = openSync(file, 'r');
    try {
      let got = 0;
      let buf = this.room(fstatSync(fd).size + 1); // one byte more: the read that finds the end
      for (;;) {
        if (got === buf.length) {
          const grown = Buffer.allocUnsafe(buf.length * 2);
          buf.copy(grown, 0, 0, got);
          this.buf = buf = grown;
        }
        const n = readSync(fd, buf, got, buf.length - got, null);
        if (n === 0) return buf.subarray(0, got);
        got += n;
      }
    } finally {
      closeSync(fd);
    }
  }
}
