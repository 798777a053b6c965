// The image banner renderer: exact characters and colour placeholders for tiny generated images.
import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import jpeg from 'jpeg-js';
import omggif from 'omggif';
import { decodeImage, ImageDecodeError } from '../src/banner/decode.js';
import { closestColor, luminance, pixelChar, renderBanner, targetSize, type BannerSettings } from '../src/banner/render.js';

const DEFAULTS: BannerSettings = { width: 76, height: 0, margin: 2, invert: false, bitdepth: 4, pixelmode: 'TEXT' };

/** A PNG from rows of [rgb, alpha] pixels. */
export function png(rows: [number, number][][]): Buffer {
  const img = new PNG({ width: rows[0]!.length, height: rows.length });
  rows.forEach((row, y) =>
    row.forEach(([rgb, alpha], x) => {
      const i = (y * img.width + x) * 4;
      img.data[i] = (rgb >> 16) & 0xff;
      img.data[i + 1] = (rgb >> 8) & 0xff;
      img.data[i + 2] = rgb & 0xff;
      img.data[i + 3] = alpha;
    }),
  );
  return PNG.sync.write(img);
}

function gif(frames: number[][]): Buffer {
  const buf = Buffer.alloc(1024);
  const writer = new omggif.GifWriter(buf, 2, 1, { palette: [0x000000, 0xffffff] });
  for (const f of frames) writer.addFrame(0, 0, 2, 1, f);
  return buf.subarray(0, writer.end());
}

describe('banner renderer', () => {
  it('maps luminance to the TEXT and BLOCK palettes as ImageBanner did', () => {
    expect(luminance(0xffffff, false)).toBe(100);
    expect(luminance(0x000000, false)).toBe(0);
    expect(luminance(0xff0000, false)).toBe(22); // ceil(255 * 0.2126 / 255 * 100)
    expect(pixelChar(0xffffff, false, 'TEXT')).toBe(' ');
    expect(pixelChar(0xff0000, false, 'TEXT')).toBe('#'); // 22 >= 20
    expect(pixelChar(0xaa0000, false, 'TEXT')).toBe('@'); // 15 < 20
    expect(pixelChar(0x000000, false, 'TEXT')).toBe('@');
    expect(pixelChar(0xffffff, true, 'TEXT')).toBe('@');
    expect(pixelChar(0x000000, false, 'BLOCK')).toBe('\u2588');
    expect(pixelChar(0x808080, false, 'BLOCK')).toBe('\u2593'); // luminance 51: >= 40 (fourth step of 100, 80, 60, 40)
  });

  it('picks the closest ANSI colour, the first on a tie', () => {
    expect(closestColor(0xaa0000, 4)).toBe('RED');
    expect(closestColor(0xffffff, 4)).toBe('BRIGHT_WHITE');
    expect(closestColor(0x000000, 4)).toBe('BLACK');
    expect(closestColor(0xff0000, 8)).toBe('9'); // index 196 is the same colour; the first wins
    expect(closestColor(0x5f87af, 8)).toBe('67');
  });

  it('derives the height from the aspect ratio, halved for character cells', () => {
    expect(targetSize({ width: 100, height: 50 }, 76, 0)).toEqual({ width: 76, height: 19 });
    expect(targetSize({ width: 2, height: 1 }, 0, 0)).toEqual({ width: 1, height: 1 });
    expect(targetSize({ width: 2, height: 1 }, 4, 3)).toEqual({ width: 4, height: 3 });
  });

  it('renders rows with margin, colour changes and the surrounding reset lines', () => {
    const image = decodeImage(png([[[0xaa0000, 255], [0xffffff, 255]]]));
    const text = renderBanner(image, { ...DEFAULTS, width: 4, margin: 1 });
    expect(text).toBe(
      '${AnsiColor.DEFAULT}${AnsiBackground.DEFAULT}\n' +
        '\n' +
        ' ${AnsiColor.RED}@@${AnsiColor.BRIGHT_WHITE}  \n' +
        '${AnsiColor.DEFAULT}${AnsiBackground.DEFAULT}\n',
    );
  });

  it('composites transparency over black, inverts on a black background, 8-bit colours', () => {
    const image = decodeImage(png([[[0xffffff, 0], [0xffffff, 255]]]));
    expect(renderBanner(image, { ...DEFAULTS, width: 2, margin: 0, invert: true, bitdepth: 8 }, '\r\n')).toBe(
      '${AnsiColor.DEFAULT}${AnsiBackground.BLACK}\r\n\r\n${AnsiColor.0} ${AnsiColor.15}@\r\n${AnsiColor.DEFAULT}${AnsiBackground.DEFAULT}\r\n',
    );
  });

  it('decodes the first GIF frame and counts the frames', () => {
    const image = decodeImage(gif([[1, 0], [0, 1]]));
    expect(image.frames).toBe(2);
    expect([...image.data.subarray(0, 8)]).toEqual([255, 255, 255, 255, 0, 0, 0, 255]);
  });

  it('decodes JPEG and refuses what is not an image', () => {
    const data = Buffer.alloc(8 * 8 * 4, 255);
    const encoded = jpeg.encode({ data, width: 8, height: 8 }, 90).data;
    expect(decodeImage(Buffer.from(encoded))).toMatchObject({ width: 8, height: 8, frames: 1 });
    expect(() => decodeImage(Buffer.from('GIF89a-broken'))).toThrow(ImageDecodeError);
    expect(() => decodeImage(Buffer.from('hello'))).toThrow('not a PNG, JPEG or GIF image');
  });
});
