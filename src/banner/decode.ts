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

/**
 * The largest image decoded, by its declared size, checked before any pixel is allocated: a
 * 69-byte PNG may declare 20000x20000 (1.6 GB of RGBA). A banner is rendered to at most a few
 * hundred characters across, so 16 megapixels (64 MB decoded) is far beyond any real one.
 */
export const MAX_PIXELS = 16_000_000;
const MAX_SIDE = 16_384;

/** Width and height as the file's header declares them (PNG IHDR, GIF screen, JPEG SOFn). */
export function declaredSize(bytes: Uint8Array, format: 'png' | 'jpeg' | 'gif'): { width: number; height: number } | undefined {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (format === 'png') return view.length >= 24 ? { width: view.readUInt32BE(16), height: view.readUInt32BE(20) } : undefined;
  if (format === 'gif') return view.length >= 10 ? { width: view.readUInt16LE(6), height: view.readUInt16LE(8) } : undefined;
  // JPEG: walk the marker segments to the first start-of-frame (C0-CF but C4, C8, CC)
  let i = 2;
  while (i + 9 < view.length) {
    if (view[i] !== 0xff) return undefined;
    const marker = view[i + 1]!;
    if (marker === 0xff) {
      i++;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: view.readUInt16BE(i + 5), width: view.readUInt16BE(i + 7) };
    }
    i += 2 + view.readUInt16BE(i + 2);
  }
  return undefined;
}

function checkSize(size: { width: number; height: number } | undefined, format: string): void {
  if (!size) return; // the decoder reports a truncated header itself
  const { width, height } = size;
  if (width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS) {
    throw new ImageDecodeError(`${format} image declares ${width}x${height} pixels, more than a banner decoder accepts (${MAX_PIXELS / 1e6} megapixels, ${MAX_SIDE} a side); not decoded`);
  }
}

export function sniffFormat(bytes: Uint8Array): 'png' | 'jpeg' | 'gif' | undefined {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'jpeg';
  if (bytes[0] === 0x47 && bytes[1] === 0x49 && bytes[2] === 0x46) return 'gif';
  return undefined;
}

/** Decodes by content (as ImageIO did), not by file extension. */
export function decodeImage(bytes: Buffer): RgbaImage {
  const format = sniffFormat(bytes);
  if (format) checkSize(declaredSize(bytes, format), format);
  try {
    if (format === 'png') {
      const png = pngjs().PNG.sync.read(bytes);
      return { width: png.width, height: png.height, data: png.data, frames: 1 };
    }
    if (format === 'jpeg') {
      const img = jpeg().decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: MAX_PIXELS / 1e6, maxMemoryUsageInMB: 256 });
      return { width: img.width, height: img.height, data: img.data, frames: 1 };
    }
    if (format === 'gif') {
      const reader = new (omggif().GifReader)(bytes);
      const frame = reader.frameInfo(0);
      checkSize({ width: Math.max(reader.width, frame.x + frame.width), height: Math.max(reader.height, frame.y + frame.height) }, format);
      const data = new Uint8Array(reader.width * reader.height * 4);
      reader.decodeAndBlitFrameRGBA(0, data);
      return { width: reader.width, height: reader.height, data, frames: reader.numFrames() };
    }
  } catch (e) {
    throw new ImageDecodeError(`cannot decode ${format} image: ${e instanceof Error ? e.message : String(e)}`);
  }
  throw new ImageDecodeError('not a PNG, JPEG or GIF image');
}
