// Renders an image as Spring Boot 2's ImageBanner printed it at start-up, as banner.txt text:
// the image is scaled (nearest neighbour, as AWT's SCALE_DEFAULT replicate filter does) onto a
// black RGB canvas, each pixel becomes a character by luminance and an ANSI colour by the
// closest palette entry in CIE L*a*b* (CIE94 distance). Colours are written as banner.txt
// placeholders (${AnsiColor.RED}, ${AnsiColor.208}) so Boot 3 resolves them exactly as it does
// for any text banner, and drops them when ANSI output is off.
import type { RgbaImage } from './decode.js';

export type PixelMode = 'TEXT' | 'BLOCK';

export interface BannerSettings {
  width: number;
  /** 0: from the aspect ratio (half the height, characters are twice as tall as wide). */
  height: number;
  margin: number;
  invert: boolean;
  bitdepth: 4 | 8;
  pixelmode: PixelMode;
}

/** Characters from bright to dark, as ImageBanner.PixelMode listed them. */
const PIXELS: Record<PixelMode, string[]> = {
  TEXT: [' ', '.', '*', ':', 'o', '&', '8', '#', '@'],
  BLOCK: [' ', '\u2591', '\u2592', '\u2593', '\u2588'],
};

const RGB_WEIGHT = [0.2126, 0.7152, 0.0722] as const;

/** The 16 colours of AnsiColor with the RGB values AnsiColors used for them. */
const ANSI_16: [string, number][] = [
  ['BLACK', 0x000000],
  ['RED', 0xaa0000],
  ['GREEN', 0x00aa00],
  ['YELLOW', 0xaa5500],
  ['BLUE', 0x0000aa],
  ['MAGENTA', 0xaa00aa],
  ['CYAN', 0x00aaaa],
  ['WHITE', 0xaaaaaa],
  ['BRIGHT_BLACK', 0x555555],
  ['BRIGHT_RED', 0xff5555],
  ['BRIGHT_GREEN', 0x55ff00],
  ['BRIGHT_YELLOW', 0xffff55],
  ['BRIGHT_BLUE', 0x5555ff],
  ['BRIGHT_MAGENTA', 0xff55ff],
  ['BRIGHT_CYAN', 0x55ffff],
  ['BRIGHT_WHITE', 0xffffff],
];

/** The xterm 256-colour palette: 16 system colours (as AnsiColors listed them), a 6x6x6 cube, 24 greys. */
function xterm256(): number[] {
  const system = [0x000000, 0x800000, 0x008000, 0x808000, 0x000080, 0x800080, 0x008080, 0xc0c0c0, 0x808080, 0xff0000, 0x00ff00, 0xffff00, 0x0000ff, 0xff00ff, 0x00ffff, 0xffffff];
  const level = [0x00, 0x5f, 0x87, 0xaf, 0xd7, 0xff];
  const cube: number[] = [];
  for (const r of level) for (const g of level) for (const b of level) cube.push((r << 16) | (g << 8) | b);
  const greys = Array.from({ length: 24 }, (_, i) => 8 + i * 10).map((v) => (v << 16) | (v << 8) | v);
  return [...system, ...cube, ...greys];
}

interface Lab {
  l: number;
  a: number;
  b: number;
}

function linear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
}

/**
 * sRGB -> CIE XYZ relative to D50, the profile connection space Java's CS_CIEXYZ uses, then
 * L*a*b* with the same formula (and the same unnormalised white) as Boot's LabColor.
 */
function toLab(rgb: number): Lab {
  const r = linear((rgb >> 16) & 0xff);
  const g = linear((rgb >> 8) & 0xff);
  const b = linear(rgb & 0xff);
  const x = 0.4360747 * r + 0.3850649 * g + 0.1430804 * b;
  const y = 0.2225045 * r + 0.7168786 * g + 0.0606169 * b;
  const z = 0.0139322 * r + 0.0971045 * g + 0.7141733 * b;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (1 / 3) * Math.pow(29 / 6, 2) * t + 4 / 29);
  return { l: (f(y) - 16) * 116, a: (f(x) - f(y)) * 500, b: (f(y) - f(z)) * 200 };
}

/** CIE94 colour difference, as Boot measured it. */
function distance(p: Lab, q: Lab): number {
  const c1 = Math.sqrt(p.a * p.a + p.b * p.b);
  const deltaC = c1 - Math.sqrt(q.a * q.a + q.b * q.b);
  const deltaA = p.a - q.a;
  const deltaB = p.b - q.b;
  const deltaH = Math.sqrt(Math.max(0, deltaA * deltaA + deltaB * deltaB - deltaC * deltaC));
  return Math.sqrt(Math.max(0, (p.l - q.l) ** 2 + (deltaC / (1 + 0.045 * c1)) ** 2 + (deltaH / (1 + 0.015 * c1)) ** 2));
}

interface Palette {
  entries: { name: string; lab: Lab }[];
  cache: Map<number, string>;
}

const palettes = new Map<4 | 8, Palette>();

function palette(bitdepth: 4 | 8): Palette {
  let p = palettes.get(bitdepth);
  if (!p) {
    const entries =
      bitdepth === 8
        ? xterm256().map((rgb, i) => ({ name: String(i), lab: toLab(rgb) }))
        : ANSI_16.map(([name, rgb]) => ({ name, lab: toLab(rgb) }));
    p = { entries, cache: new Map() };
    palettes.set(bitdepth, p);
  }
  return p;
}

/** The palette entry closest to rgb; the first one wins a tie, as in Boot's ordered lookup. */
export function closestColor(rgb: number, bitdepth: 4 | 8): string {
  const p = palette(bitdepth);
  const hit = p.cache.get(rgb);
  if (hit !== undefined) return hit;
  const lab = toLab(rgb);
  let best = p.entries[0]!;
  let bestDistance = Infinity;
  for (const e of p.entries) {
    const d = distance(lab, e.lab);
    if (d < bestDistance) {
      bestDistance = d;
      best = e;
    }
  }
  p.cache.set(rgb, best.name);
  return best.name;
}

/** Luminance 0..100 (rounded up), of the inverted colour when `invert`. */
export function luminance(rgb: number, invert: boolean): number {
  const channel = (c: number) => (invert ? 0xff - c : c);
  const sum = channel((rgb >> 16) & 0xff) * RGB_WEIGHT[0] + channel((rgb >> 8) & 0xff) * RGB_WEIGHT[1] + channel(rgb & 0xff) * RGB_WEIGHT[2];
  return Math.ceil((sum / 0xff) * 100);
}

/** Brightest character for luminance >= the highest step, darkest below the lowest. */
export function pixelChar(rgb: number, invert: boolean, mode: PixelMode): string {
  const pixels = PIXELS[mode];
  const increment = Math.trunc(10 / pixels.length) * 10;
  const start = increment * pixels.length;
  const lum = luminance(rgb, invert);
  for (let i = 0; i < pixels.length; i++) if (lum >= start - i * increment) return pixels[i]!;
  return pixels[pixels.length - 1]!;
}

/** Output size: width at least 1; height from the aspect ratio (halved) when not given. */
export function targetSize(image: { width: number; height: number }, width: number, height: number): { width: number; height: number } {
  const w = Math.max(1, width);
  const h = height > 0 ? height : Math.ceil(image.height * ((w / image.width) * 0.5));
  return { width: w, height: Math.max(1, h) };
}

/** Nearest-neighbour scaling onto a black RGB canvas (alpha is composited over black). */
export function scaleToRgb(image: RgbaImage, width: number, height: number): Uint32Array {
  const out = new Uint32Array(width * height);
  for (let y = 0; y < height; y++) {
    const sy = Math.floor(((2 * y + 1) * image.height) / (2 * height));
    for (let x = 0; x < width; x++) {
      const sx = Math.floor(((2 * x + 1) * image.width) / (2 * width));
      const i = (sy * image.width + sx) * 4;
      const alpha = image.data[i + 3]!;
      const over = (c: number) => Math.round((c * alpha) / 255);
      out[y * width + x] = (over(image.data[i]!) << 16) | (over(image.data[i + 1]!) << 8) | over(image.data[i + 2]!);
    }
  }
  return out;
}

function colorPlaceholder(name: string): string {
  return `\${AnsiColor.${name}}`;
}

/**
 * banner.txt text for an image: the same lines ImageBanner printed (two blank lines, then one
 * line per pixel row with the margin, then a reset), with `eol` as line ending.
 */
export function renderBanner(image: RgbaImage, settings: BannerSettings, eol = '\n'): string {
  const size = targetSize(image, settings.width, settings.height);
  const pixels = scaleToRgb(image, size.width, size.height);
  const background = settings.invert ? '${AnsiBackground.BLACK}' : '${AnsiBackground.DEFAULT}';
  const lines: string[] = [];
  lines.push(`${colorPlaceholder('DEFAULT')}${background}`);
  lines.push('');
  let last = 'DEFAULT';
  const margin = ' '.repeat(Math.max(0, settings.margin));
  for (let y = 0; y < size.height; y++) {
    let line = margin;
    for (let x = 0; x < size.width; x++) {
      const rgb = pixels[y * size.width + x]!;
      const color = closestColor(rgb, settings.bitdepth);
      if (color !== last) {
        line += colorPlaceholder(color);
        last = color;
      }
      line += pixelChar(rgb, settings.invert, settings.pixelmode);
    }
    lines.push(line);
  }
  lines.push(`${colorPlaceholder('DEFAULT')}\${AnsiBackground.DEFAULT}`);
  return lines.join(eol) + eol;
}
