// Coherence of Gradle version catalogs (gradle/libs.versions.toml): libraries ("g:a:v", or
// module/group+name with version or version.ref) and the Boot plugin, each version followed to
// the [versions] entry that defines it, which is the line to change.
import type { ProjectFile } from '../../src/engine/types.js';
import { scanToml, type TomlEntry, type TomlString, type TomlValue } from '../../src/formats/toml.js';
import { BOOT, libraryOf, type CoherenceFacts } from './facts.js';
import type { StalePins } from './stale.js';

const str = (v: TomlValue | undefined): TomlString | undefined => (v?.kind === 'string' ? v : undefined);

interface CatalogCheck {
  file: ProjectFile;
  facts: CoherenceFacts;
  versions: Map<string, TomlString>;
  /** Is the library with this alias used by a Boot module? */
  bootUse: (alias: string) => boolean;
  out: StalePins;
}

import { accessorOf } from '../build/catalog-uses.js';

export { accessorOf };

/** The accessors that stand for Boot: the Boot plugin's alias and every org.springframework.boot library. */
export function bootAccessors(file: ProjectFile): string[] {
  const out: string[] = [];
  for (const e of entries(file)) {
    const s = str(e.value);
    const raw = s?.value ?? (e.value.kind === 'table' ? (str(e.value.fields.get('module')) ?? str(e.value.fields.get('group')) ?? str(e.value.fields.get('id')))?.value : undefined);
    if (!raw?.startsWith('org.springframework.boot')) continue;
    if (e.table === 'plugins') out.push(accessorOf(e.key, true));
    if (e.table === 'libraries') out.push(accessorOf(e.key));
  }
  return out;
}

function entries(file: ProjectFile): TomlEntry[] {
  try {
    return scanToml(file.text ?? '');
  } catch {
    return []; // an unparseable catalog is reported by the build pass
  }
}

function versionOf(c: CatalogCheck, fields: Map<string, TomlValue>): { v: TomlString; where: string } | undefined {
  const inline = str(fields.get('version'));
  if (inline) return { v: inline, where: 'this version' };
  const ref = str(fields.get('version.ref'));
  const v = ref ? c.versions.get(ref.value) : undefined;
  return v && ref ? { v, where: `[versions] ${ref.value}` } : undefined;
}

function check(c: CatalogCheck, alias: string, g: string, a: string, at: { v: TomlString; where: string } | undefined): void {
  const lib = libraryOf(c.facts, g, a);
  if (lib && at) c.out.check(lib, at.v.value, c.file.path, at.v.start, `${at.where} (${g}:${a})`, c.bootUse(alias));
}

function library(c: CatalogCheck, e: TomlEntry): void {
  const s = str(e.value);
  if (s) {
    const [g, a, v] = s.value.split(':');
    if (g && a && v) check(c, e.key, g, a, { v: { ...s, value: v, start: s.start + g.length + a.length + 2 }, where: 'this version' });
    return;
  }
  if (e.value.kind !== 'table') return;
  const { fields } = e.value;
  const module = str(fields.get('module'))?.value.split(':');
  const g = module?.[0] ?? str(fields.get('group'))?.value;
  const a = module?.[1] ?? str(fields.get('name'))?.value;
  if (g && a) check(c, e.key, g, a, versionOf(c, fields));
}

function plugin(c: CatalogCheck, e: TomlEntry): void {
  const boot = c.facts.section.libraries.find((l) => l.library === BOOT);
  const s = str(e.value);
  let at: { v: TomlString; where: string } | undefined;
  if (s?.value.startsWith('org.springframework.boot:')) {
    const prefix = 'org.springframework.boot:'.length;
    at = { v: { ...s, value: s.value.slice(prefix), start: s.start + prefix }, where: 'this version' };
  } else if (e.value.kind === 'table' && str(e.value.fields.get('id'))?.value === 'org.springframework.boot') {
    at = versionOf(c, e.value.fields);
  }
  if (boot && at) c.out.check(boot, at.v.value, c.file.path, at.v.start, `${at.where} (plugin org.springframework.boot)`, true);
}

export function checkCatalog(file: ProjectFile, facts: CoherenceFacts, out: StalePins, bootUse: (alias: string) => boolean): void {
  const all = entries(file);
  const versions = new Map<string, TomlString>();
  for (const e of all) {
    const s = str(e.value);
    if (e.table === 'versions' && s) versions.set(e.key, s);
  }
  const c: CatalogCheck = { file, facts, versions, bootUse, out };
  for (const e of all) {
    if (e.table === 'libraries') library(c, e);
    else if (e.table === 'plugins') plugin(c, e);
  }
}
