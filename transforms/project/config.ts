// A flat view of the Spring configuration files for project passes: every key with its value,
// its position and the span that deleting it would remove. .properties through the properties
// format adapter, YAML through the YAML format adapter (key paths and exact ranges).
import { isScalar, isSeq } from '../../src/formats/yaml-lib.js';
import { parseProperties } from '../../src/formats/properties.js';
import { pairEnd, parseYaml, type YamlPair } from '../../src/formats/yaml.js';
import { canonicalKey } from '../../src/properties/resolve.js';
import type { ProjectFile, ProjectView } from '../../src/engine/types.js';

export { canonicalKey };

export interface ConfigEntry {
  path: string;
  /** The key as written, flattened with '.' for YAML. */
  key: string;
  /** Canonical form (relaxed binding) for comparisons. */
  canonical: string;
  /** Scalar value, or list items joined with ',' (YAML sequences). */
  value: string;
  /** Offset of the key in the file text. */
  offset: number;
  /** Span a deletion removes (whole lines), or undefined when the key shares its line with others. */
  deleteSpan?: { start: number; end: number };
  /** True when the entry is in a profile-specific file or document. */
  profileSpecific: boolean;
}

/** A YAML mapping pair (`banner:` with keys below it): deleting all its leaves deletes it whole. */
export interface ConfigSection {
  canonical: string;
  deleteSpan?: { start: number; end: number };
}

export interface ConfigFile {
  file: ProjectFile;
  entries: ConfigEntry[];
  sections: ConfigSection[];
  /** Set when the file cannot be parsed (it is then left alone and reported by its own pass). */
  error?: string;
}

const PROFILE_FILE = /^(application|bootstrap)-[^/]+\.(properties|ya?ml)$/;
const PROFILE_KEYS = new Set(['spring.config.activate.onprofile', 'spring.profiles']);

function isProfileFile(path: string): boolean {
  return PROFILE_FILE.test(path.slice(path.lastIndexOf('/') + 1));
}

function readProperties(file: ProjectFile, text: string): ConfigEntry[] {
  const parsed = parseProperties(text);
  const profileFile = isProfileFile(file.path);
  return parsed.documents.flatMap((doc) => {
    const profileDoc = doc.entries.some((e) => PROFILE_KEYS.has(canonicalKey(e.key)));
    return doc.entries.map((e) => ({
      path: file.path,
      key: e.key,
      canonical: canonicalKey(e.key),
      value: e.value.trim(),
      offset: e.keyStart,
      deleteSpan: { start: e.lineStart, end: e.lineEnd },
      profileSpecific: profileFile || profileDoc,
    }));
  });
}

function lineStartOf(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** After the end of line at or after `offset` (a trailing comment on that line goes too). */
function lineEndAfter(text: string, offset: number): number {
  const nl = text.indexOf('\n', offset);
  return nl < 0 ? text.length : nl + 1;
}

/** Whole lines of a block pair, when nothing else shares them. */
function pairSpan(text: string, pair: YamlPair, valueEnd: number): { start: number; end: number } | undefined {
  if (!pair.lineOwned) return undefined; // flow map or `- key:` on the same line
  const keyStart = pair.key.range![0];
  let end = valueEnd;
  while (end > keyStart && /\s/.test(text[end - 1]!)) end--;
  const rest = text.slice(end, lineEndAfter(text, end)).trim();
  if (rest !== '' && !rest.startsWith('#')) return undefined;
  return { start: lineStartOf(text, keyStart), end: lineEndAfter(text, end) };
}

function scalarText(node: unknown): string | undefined {
  if (isScalar(node)) return node.value === null ? '' : String(node.value);
  if (isSeq(node) && node.items.every((i) => isScalar(i))) return node.items.map((i) => String((i as { value: unknown }).value)).join(',');
  return undefined;
}

/** Entries and sections of every document; keys inside sequence items are not configuration keys here. */
function readYaml(file: ProjectFile, text: string, sections: ConfigSection[]): ConfigEntry[] {
  const out: ConfigEntry[] = [];
  const profileFile = isProfileFile(file.path);
  for (const doc of parseYaml(text).docs) {
    const entries: ConfigEntry[] = [];
    for (const pair of doc.pairs) {
      if (pair.path.some((segment) => segment.includes('['))) continue;
      const key = pair.path.join('.');
      if (pair.child) {
        sections.push({ canonical: canonicalKey(key), deleteSpan: pairSpan(text, pair, pairEnd(pair)) });
        continue;
      }
      const scalar = scalarText(pair.value);
      if (scalar === undefined) continue;
      entries.push({ path: file.path, key, canonical: canonicalKey(key), value: scalar.trim(), offset: pair.key.range![0], deleteSpan: pairSpan(text, pair, pairEnd(pair)), profileSpecific: profileFile });
    }
    const profileDoc = entries.some((e) => PROFILE_KEYS.has(e.canonical));
    for (const e of entries) out.push({ ...e, profileSpecific: e.profileSpecific || profileDoc });
  }
  return out;
}

export function readConfig(file: ProjectFile): ConfigFile {
  const text = file.text ?? '';
  const sections: ConfigSection[] = [];
  try {
    const entries = file.kind === 'properties' ? readProperties(file, text) : readYaml(file, text, sections);
    return { file, entries, sections };
  } catch (e) {
    return { file, entries: [], sections: [], error: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * Spans that delete `doomed` entries of one file: a YAML section goes whole when every leaf below
 * it is doomed (so no empty `image:` stays behind). Entries that share a line with others
 * cannot be deleted and come back in `stuck`.
 */
export function deletionSpans(config: ConfigFile, doomed: ConfigEntry[]): { spans: { start: number; end: number }[]; stuck: ConfigEntry[] } {
  const doomedSet = new Set(doomed);
  const spans: { start: number; end: number }[] = [];
  const covered = new Set<ConfigEntry>();
  const sections = [...config.sections].sort((a, b) => a.canonical.length - b.canonical.length);
  for (const section of sections) {
    if (!section.deleteSpan) continue;
    const below = config.entries.filter((e) => e.canonical.startsWith(section.canonical + '.') && e.offset >= section.deleteSpan!.start && e.offset < section.deleteSpan!.end);
    if (below.length === 0 || !below.every((e) => doomedSet.has(e)) || below.some((e) => covered.has(e))) continue;
    spans.push(section.deleteSpan);
    for (const e of below) covered.add(e);
  }
  const stuck: ConfigEntry[] = [];
  for (const e of doomed) {
    if (covered.has(e)) continue;
    if (e.deleteSpan) spans.push(e.deleteSpan);
    else stuck.push(e);
  }
  return { spans, stuck };
}

const cache = new WeakMap<ProjectView, ConfigFile[]>();

/** Every configuration file of the project, parsed once per view. */
export function configFiles(project: ProjectView): ConfigFile[] {
  let files = cache.get(project);
  if (!files) {
    files = project.ofKind('properties', 'yaml').map(readConfig);
    cache.set(project, files);
  }
  return files;
}

/** src/main/resources/application.{properties,yml,yaml} (or a module's), main first. */
export function isMainConfig(path: string): boolean {
  return /(^|\/)application\.(properties|ya?ml)$/.test(path) && !/(^|\/)src\/test\//.test(path);
}

/** The resources directory a file sits in ('' at the root): config and images pair up by it. */
export function resourcesDir(path: string): string {
  const slash = path.lastIndexOf('/');
  const dir = slash < 0 ? '' : path.slice(0, slash);
  return dir.replace(/\/config$/, '');
}
