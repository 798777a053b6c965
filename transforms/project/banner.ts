// Image banners: Boot 3.0 ignores banner.gif/jpg/png. Render the image into banner.txt the way
// Boot 2's ImageBanner printed it (settings from spring.banner.image.* in the same module's
// configuration), remove the image and those keys. An existing banner.txt is left alone.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { decodeImage, ImageDecodeError } from '../../src/banner/decode.js';
import { renderBanner, type BannerSettings } from '../../src/banner/render.js';
import type { Edit, FileOp, FindingInput, PassContext, ProjectFile, ProjectPass, ProjectResult, ProjectView } from '../../src/engine/types.js';
import { configFiles, deletionSpans, resourcesDir, type ConfigEntry, type ConfigFile } from './config.js';
import { projectSection, ruleFinding } from './rules.js';

export const BANNER_RULE = 'project/banner-image';

/** Boot 2 looked for banner.gif, then banner.jpg, then banner.png: the first one was printed. */
const LOOKUP_ORDER = ['gif', 'jpg', 'png'];

function extensionRank(p: string): number {
  const ext = p.slice(p.lastIndexOf('.') + 1).toLowerCase().replace('jpeg', 'jpg');
  return LOOKUP_ORDER.indexOf(ext);
}

function dirOf(p: string): string {
  const slash = p.lastIndexOf('/');
  return slash < 0 ? '' : p.slice(0, slash);
}

function join(dir: string, name: string): string {
  return dir ? `${dir}/${name}` : name;
}

interface Settings {
  settings: BannerSettings;
  problems: { entry: ConfigEntry; why: string }[];
}

function parseInteger(entry: ConfigEntry): number | undefined {
  return /^-?\d+$/.test(entry.value) ? Number(entry.value) : undefined;
}

/**
 * Sizes a banner can have, in characters. Boot 2 printed 76 columns by default; a setting such as
 * width=100000000 would build a banner.txt of gigabytes (and abort the run): it is reported.
 */
const SIZE_RANGE: Record<'width' | 'height' | 'margin', [number, number]> = { width: [1, 1000], height: [0, 1000], margin: [0, 1000] };

/** Applies one spring.banner.image.* entry; returns why it cannot be honoured, if it cannot. */
function applySetting(settings: BannerSettings, entry: ConfigEntry, name: string, imageName: string): string | undefined {
  switch (name) {
    case 'width':
    case 'height':
    case 'margin': {
      const n = parseInteger(entry);
      if (n === undefined) return `${entry.key}=${entry.value} is not an integer`;
      const [min, max] = SIZE_RANGE[name];
      if (n < min || n > max) return `${entry.key}=${entry.value} is outside ${min}..${max} characters, more than a banner can be`;
      settings[name] = n;
      return undefined;
    }
    case 'invert':
      if (!/^(true|false)$/i.test(entry.value)) return `${entry.key}=${entry.value} is not true or false`;
      settings.invert = entry.value.toLowerCase() === 'true';
      return undefined;
    case 'bitdepth':
      if (entry.value !== '4' && entry.value !== '8') return `${entry.key}=${entry.value}: Boot 2 supported only 4 or 8`;
      settings.bitdepth = Number(entry.value) as 4 | 8;
      return undefined;
    case 'pixelmode': {
      const mode = entry.value.trim().toUpperCase();
      if (mode !== 'TEXT' && mode !== 'BLOCK') return `${entry.key}=${entry.value}: Boot 2 supported only TEXT or BLOCK`;
      settings.pixelmode = mode;
      return undefined;
    }
    case 'location': {
      const location = entry.value.replace(/^classpath\*?:\/?/, '');
      return location === imageName ? undefined : `${entry.key}=${entry.value} points at another image; render it by hand`;
    }
    default:
      return `${entry.key} is not an image banner setting Boot 2 knew`;
  }
}

function readSettings(ctx: PassContext, entries: ConfigEntry[], imageName: string): Settings {
  const section = projectSection(ctx.table).banner;
  const settings: BannerSettings = { ...section.defaults };
  const problems: Settings['problems'] = [];
  for (const entry of entries) {
    const why = applySetting(settings, entry, entry.canonical.slice('spring.banner.image.'.length), imageName);
    if (why) problems.push({ entry, why });
  }
  return { settings, problems };
}

function bannerEntries(configs: ConfigFile[], dir: string): ConfigEntry[] {
  return configs.filter((c) => resourcesDir(c.file.path) === dir).flatMap((c) => c.entries.filter((e) => e.canonical.startsWith('spring.banner.image.')));
}

/** Deletes the banner keys of the given config files; keys that share a line are reported. */
function removeKeys(configs: ConfigFile[], doomed: ConfigEntry[], ctx: PassContext, findings: FindingInput[]): { path: string; edits: Edit[] }[] {
  const out: { path: string; edits: Edit[] }[] = [];
  for (const config of configs) {
    const mine = doomed.filter((e) => e.path === config.file.path);
    if (mine.length === 0) continue;
    const { spans, stuck } = deletionSpans(config, mine);
    if (spans.length) out.push({ path: config.file.path, edits: spans.map((s) => ({ ...s, text: '', rule: BANNER_RULE })) });
    for (const e of stuck) findings.push(ruleFinding(ctx.table, BANNER_RULE, { path: e.path, offset: e.offset }, `${e.key} shares its line with other keys: remove it by hand.`));
  }
  return out;
}

function bannerForDirectory(images: ProjectFile[], project: ProjectView, ctx: PassContext): ProjectResult {
  const findings: FindingInput[] = [];
  const [image, ...ignored] = [...images].sort((a, b) => extensionRank(a.path) - extensionRank(b.path));
  const dir = dirOf(image!.path);
  const imageName = image!.path.slice(dir ? dir.length + 1 : 0);
  for (const other of ignored) {
    findings.push(ruleFinding(ctx.table, BANNER_RULE, { path: other.path, line: 1 }, `Boot 2 printed ${image!.path} and never this image; delete it if it is unused.`));
  }
  const configs = configFiles(project).filter((c) => resourcesDir(c.file.path) === dir);
  const entries = bannerEntries(configs, dir);
  const txt = join(dir, 'banner.txt');
  if (existsSync(path.join(project.root, txt))) {
    findings.push(ruleFinding(ctx.table, BANNER_RULE, { path: image!.path, line: 1 }, `${txt} exists already (Boot 2 printed the image above it): both are left as they are; merge them by hand.`));
    return { findings };
  }
  const { settings, problems } = readSettings(ctx, entries.filter((e) => !e.profileSpecific), imageName);
  if (problems.length) {
    for (const p of problems) findings.push(ruleFinding(ctx.table, BANNER_RULE, { path: p.entry.path, offset: p.entry.offset }, `${p.why}; ${image!.path} is left as it is.`));
    return { findings };
  }
  let decoded;
  let text: string;
  try {
    decoded = decodeImage(image!.bytes ?? Buffer.alloc(0));
    text = renderBanner(decoded, settings);
  } catch (e) {
    // an image that does not decode is a file that does not parse: an error (exit 2), this file only
    const why = e instanceof ImageDecodeError ? e.message : `cannot render the banner: ${e instanceof Error ? e.message : String(e)}`;
    findings.push({ ...ruleFinding(ctx.table, BANNER_RULE, { path: image!.path, line: 1 }, `${why}; left as it is.`, 'error'), rule: 'parse-error' });
    return { findings };
  }
  if (decoded.frames > 1) {
    findings.push(ruleFinding(ctx.table, BANNER_RULE, { path: image!.path, line: 1 }, `The GIF has ${decoded.frames} frames; banner.txt holds the first one (Boot 2 animated them).`, 'info'));
  }
  for (const e of entries.filter((x) => x.profileSpecific)) {
    findings.push(ruleFinding(ctx.table, BANNER_RULE, { path: e.path, offset: e.offset }, `${e.key} is profile-specific: banner.txt was rendered with the main settings, and this key is removed.`, 'info'));
  }
  const fileOps: FileOp[] = [
    { op: 'create', path: txt, content: text, rule: BANNER_RULE },
    { op: 'delete', path: image!.path, rule: BANNER_RULE },
  ];
  return { fileOps, edits: removeKeys(configs, entries, ctx, findings), findings };
}

export const bannerPass: ProjectPass = {
  id: 'project/banner',
  description: 'render banner.gif/jpg/png into banner.txt as Boot 2 printed it; remove the image and spring.banner.image.*',
  rules: [BANNER_RULE, 'parse-error'],
  kinds: ['banner-image', 'properties', 'yaml'],
  run(project, ctx) {
    // Boot read the banner from the classpath root: a resources directory, not docs/ or site/.
    const images = project.ofKind('banner-image').filter((f) => /(^|\/)resources$/.test(dirOf(f.path)));
    if (images.length === 0) return {};
    const byDir = new Map<string, ProjectFile[]>();
    for (const image of images) byDir.set(dirOf(image.path), [...(byDir.get(dirOf(image.path)) ?? []), image]);
    const result: Required<ProjectResult> = { edits: [], fileOps: [], findings: [] };
    for (const group of byDir.values()) {
      const r = bannerForDirectory(group, project, ctx);
      result.edits.push(...(r.edits ?? []));
      result.fileOps.push(...(r.fileOps ?? []));
      result.findings.push(...(r.findings ?? []));
    }
    return result;
  },
};
