// Banner images are decoded only when their declared size is a banner's size, and a banner
// setting no terminal could show is a finding for its file, never an aborted run.
import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { planMigration } from '../../src/api.js';
import { decodeImage, ImageDecodeError } from '../../src/banner/decode.js';
import { repo } from './helpers.js';

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A valid 1-bit greyscale PNG of the given size, all black: a few KB whatever the size. */
function blackPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

function gifHeader(width: number, height: number): Buffer {
  const b = Buffer.alloc(13 + 10 + 3);
  b.write('GIF89a', 0, 'latin1');
  b.writeUInt16LE(width, 6);
  b.writeUInt16LE(height, 8);
  b[13] = 0x2c; // image descriptor of the same size
  b.writeUInt16LE(width, 18);
  b.writeUInt16LE(height, 20);
  b[23] = 2; // LZW minimum code size
  return b;
}

function jpegHeader(width: number, height: number): Buffer {
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), sof, Buffer.from([0xff, 0xd9])]);
}

describe('banner images: declared size capped before decoding', () => {
  it('a PNG declaring 4100x4100 (67 MB of pixels from a few KB) is refused, not decoded', () => {
    const png = blackPng(4100, 4100);
    expect(png.length).toBeLessThan(100_000);
    expect(() => decodeImage(png)).toThrow(/png image declares 4100x4100 pixels/);
  });

  it('GIF and JPEG are capped the same way, from their headers', () => {
    expect(() => decodeImage(gifHeader(5000, 4000))).toThrow(ImageDecodeError);
    expect(() => decodeImage(gifHeader(5000, 4000))).toThrow(/gif image declares 5000x4000/);
    expect(() => decodeImage(jpegHeader(5000, 4000))).toThrow(/jpeg image declares 5000x4000/);
  });

  it('a banner-sized PNG still decodes', () => {
    const png = new PNG({ width: 8, height: 4 });
    png.data.fill(255);
    expect(decodeImage(PNG.sync.write(png)).width).toBe(8);
  });

  it('an oversized image is a parse-error for that file (an error: exit 2), the rest of the run goes on', async () => {
    const dir = repo({ 'src/main/resources/banner.png': blackPng(4100, 4100), 'src/main/resources/application.properties': 'spring.redis.host=db\n' });
    const result = await planMigration({ root: dir });
    expect(result.errors.map((f) => [f.rule, f.path])).toEqual([['parse-error', 'src/main/resources/banner.png']]);
    expect(result.changes.map((c) => c.path)).toEqual(['src/main/resources/application.properties']);
  });

  it('spring.banner.image.width=100000000 is a finding on that setting, not an aborted run', async () => {
    const png = new PNG({ width: 8, height: 4 });
    png.data.fill(255);
    const dir = repo({
      'src/main/resources/banner.png': PNG.sync.write(png),
      'src/main/resources/application.properties': 'spring.banner.image.width=100000000\nspring.redis.host=db\n',
    });
    const result = await planMigration({ root: dir });
    const finding = result.findings.find((f) => f.rule === 'project/banner-image');
    expect(finding?.path).toBe('src/main/resources/application.properties');
    expect(finding?.message).toMatch(/width=100000000 is outside 1\.\.1000 characters/);
    expect(result.changes.map((c) => c.path)).toEqual(['src/main/resources/application.properties']);
  });
});
