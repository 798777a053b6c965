// Decoding banner images (PNG, JPEG, GIF first frame) into RGBA pixels with well-kept libraries:
// pngjs, jpeg-js, omggif. Pure JavaScript, no native code, nothing fetched at run time.
import { lazyModule } from '../engine/lazy.js';

// loaded when a banner image is actually decoded
const pngjs = lazyModule<typeof import('pngjs')>('pngjs');
const jpeg = lazyModule<typeof import('jpeg-js')>('jpeg-js');
const omggif = lazyModule<typeof import('omggif')>('omggif');

export interface RgbaImage {
  width: number;
  height: number;
  /** width * height * 4 bytes, row by row, R G B A. */
  data: Uint8Array;
  /** Frames in the file (GIF animations have several; only the first is rendered). */
  frames: number;
}

export class ImageDecodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImageDecodeError';
  }
}

/** jpeg-js refuses images above this many megapixels: a banner is tiny, a bomb is not. */
const MAX_MEGAPIXELS = 50;

export function sniffFormat(bytes: Uint8Array): 'png' | 'jpeg' | 'gif' | undefined {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'jpeg';
  if (bytes[0] === 0x47 && bytes[1] === 0x49 && bytes[2] === 0x46) return 'gif';
  return undefined;
}

/** Decodes by content (as ImageIO did), not by file extension. */
export function decodeImage(bytes: Buffer): RgbaImage {
  const format = sniffFormat(bytes);
  try {
    if (format === 'png') {
      const png = pngjs().PNG.sync.read(bytes);
      return { width: png.width, height: png.height, data: png.data, frames: 1 };
    }
    if (format === 'jpeg') {
      const img = jpeg().decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: MAX_MEGAPIXELS });
      return { width: img.width, height: img.height, data: img.data, frames: 1 };
    }
    if (format === 'gif') {
      const reader = new (omggif().GifReader)(bytes);
      const data = new Uint8Array(reader.width * reader.height * 4);
      reader.decodeAndBlitFrameRGBA(0, data);
      return { width: reader.width, height: reader.height, data, frames: reader.numFrames() };
    }
  } catch (e) {
    throw new ImageDecodeError(`cannot decode ${format} image: ${e instanceof Error ? e.message : String(e)}`);
  }
  throw new ImageDecodeError('not a PNG, JPEG or GIF image');
}
