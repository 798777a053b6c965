// build/catalog-pinned-line: a version in a Gradle version catalog that pins a library Boot 3.0
// moves to a new major (Spring Framework 5.3 -> 6.0, Security 5 -> 6, Flyway 8 -> 9, ...; table
// `build.managedGroups`) still on the line Boot 2 used: `[versions] spring = "5.3.24"` read by
// `org.springframework:*` libraries through `version.ref`, or an inline `version`. Whatever
// manages Boot in the scripts (Boot's plugin with dependency management, a platform, or each Boot
// artifact at the catalog's Boot version), an explicit catalog version wins, so Spring Framework 5
// would stay beside Boot 3.0 and the build would not start. It moves to the version Boot 3.0
// manages — only when that is provably what every reader wants:
// - every library that reads the version belongs to that one Boot library (by groupId), and no
//   plugin reads it;
// - every script of the catalog's build that uses one of those libraries (also through a bundle)
//   is a Boot module: not left alone (a Gradle plugin, an Android app: build/non-boot-module), and
//   it or a script above it names Spring Boot;
// - nothing reads the version or the libraries by name (`libs.versions.spring`,
//   `findVersion("spring")`, `findLibrary(...)` in a convention plugin), whose consumer is unknown.
// Otherwise the entry is reported with the version to set. Rows of their own (Boot, Kotlin, the
// BOMs Boot imports, renamed and third-party coordinates, Spring Cloud) are decided elsewhere.
import type { PassContext, ProjectFile } from '../../src/engine/types.js';
import type { TomlEntry, TomlString, TomlValue } from '../../src/formats/toml.js';
import { libraryFor, rowFor, type BuildFacts } from './facts.js';
import { handVersionedGroupTarget } from './hand-versioned.js';
import { accessorOf, catalogName, catalogUses, usesAccessor, type CatalogUses } from './catalog-uses.js';
import type { PassOutput } from './out.js';
import { cloudModuleMessage } from './spring-cloud.js';

export const CATALOG_PIN_RULE = 'build/catalog-pinned-line';

const str = (v: TomlValue | undefined): TomlString | undefined => (v?.kind === 'string' ? v : undefined);

/** One version string of the catalog and the library entries that read it. */
interface Pin {
  version: TomlString;
  /** How the finding names it: `[versions] spring`, `spring-webflux version`. */
  label: string;
  /** The [versions] key, for a version.ref pin. */
  ref?: string;
  at: number;
  aliases: string[];
  coordinates: { groupId: string; artifactId: string }[];
  /** A plugin reads the same [versions] entry. */
  plugin: boolean;
}

function coordinateOf(e: TomlEntry): { groupId: string; artifactId: string; inline?: TomlString; ref?: string } | undefined {
  const s = str(e.value);
  if (s) {
    const [g, a, v] = s.value.split(':');
    if (!g || !a) return undefined;
    const start = s.start + g.length + a.length + 2;
    return { groupId: g, artifactId: a, ...(v ? { inline: { kind: 'string', value: v, start, end: start + v.length } } : {}) };
  }
  if (e.value.kind !== 'table') return undefined;
  const f = e.value.fields;
  const module = str(f.get('module'))?.value.split(':');
  const groupId = module?.[0] ?? str(f.get('group'))?.value;
  const artifactId = module?.[1] ?? str(f.get('name'))?.value;
  if (!groupId || !artifactId) return undefined;
  const inline = str(f.get('version'));
  const ref = str(f.get('version.ref'))?.value;
  return { groupId, artifactId, ...(inline ? { inline } : {}), ...(ref ? { ref } : {}) };
}

function pinsOf(entries: TomlEntry[], versions: Map<string, TomlString>): Pin[] {
  const byRef = new Map<string, Pin>();
  const pins: Pin[] = [];
  for (const e of entries) {
    if (e.table === 'plugins' && e.value.kind === 'table') {
      const ref = str(e.value.fields.get('version.ref'))?.value;
      const pin = ref ? byRef.get(ref) : undefined;
      if (pin) pin.plugin = true;
      else if (ref && versions.has(ref)) byRef.set(ref, { version: versions.get(ref)!, label: `[versions] ${ref}`, ref, at: versions.get(ref)!.start, aliases: [], coordinates: [], plugin: true });
      continue;
    }
    if (e.table !== 'libraries') continue;
    const c = coordinateOf(e);
    if (!c) continue;
    const coordinate = { groupId: c.groupId, artifactId: c.artifactId };
    if (c.inline) pins.push({ version: c.inline, label: `${e.key} version`, at: e.keyStart, aliases: [e.key], coordinates: [coordinate], plugin: false });
    else if (c.ref && versions.has(c.ref)) {
      const v = versions.get(c.ref)!;
      const pin = byRef.get(c.ref) ?? { version: v, label: `[versions] ${c.ref}`, ref: c.ref, at: v.start, aliases: [], coordinates: [], plugin: false };
      pin.aliases.push(e.key);
      pin.coordinates.push(coordinate);
      byRef.set(c.ref, pin);
    }
  }
  return [...pins, ...byRef.values()];
}

/** Coordinates another rule decides (Boot, Kotlin, a BOM Boot imports, a row of the table, Spring Cloud). */
function decidedElsewhere(facts: BuildFacts, c: { groupId: string; artifactId: string }): boolean {
  const boot = facts.section.boot;
  const g = c.groupId;
  return g === boot.groupId || g === boot.kotlin.groupId || g === boot.dependencyManagementPlugin.groupId || facts.boms.has(`${g}:${c.artifactId}`) || rowFor(facts, g, c.artifactId) !== undefined || libraryFor(facts, g, c.artifactId) !== undefined || cloudModuleMessage(facts, g, c.artifactId) !== undefined;
}

/** Accessors of the catalog's Boot entries: the Boot plugin and every org.springframework.boot library. */
function bootAccessors(facts: BuildFacts, entries: TomlEntry[], name: string): string[] {
  const boot = facts.section.boot.groupId;
  const out: string[] = [];
  for (const e of entries) {
    const id = e.value.kind === 'table' ? str(e.value.fields.get('id'))?.value : str(e.value)?.value.split(':')[0];
    if (e.table === 'plugins' && id === boot) out.push(accessorOf(e.key, true, name));
    if (e.table === 'libraries' && coordinateOf(e)?.groupId === boot) out.push(accessorOf(e.key, false, name));
  }
  return out;
}

const folderOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/') + 1) : '');

/** Why a script using the pin stops the edit, or undefined when it is a Boot module. */
function notBoot(ctx: PassContext, uses: CatalogUses, script: ProjectFile, bootNames: string[]): string | undefined {
  if (ctx.isLeftAlone?.(script.path)) return `${script.path} is not a Spring Boot module (build/non-boot-module) and keeps its version`;
  const names = (s: ProjectFile) => s.text!.includes('org.springframework.boot') || bootNames.some((a) => usesAccessor(s.text!, a));
  const lineage = uses.scripts.filter((s) => s === script || script.path.startsWith(folderOf(s.path)));
  return lineage.some(names) ? undefined : `${script.path} does not use Spring Boot`;
}

export function catalogPins(file: { path: string; text: string }, entries: TomlEntry[], versions: Map<string, TomlString>, facts: BuildFacts, ctx: PassContext, out: PassOutput): void {
  const pins = pinsOf(entries, versions)
    .filter((p) => p.coordinates.length > 0 && !p.coordinates.some((c) => decidedElsewhere(facts, c)))
    .map((p) => ({ pin: p, target: handVersionedGroupTarget(facts, p.coordinates, p.version.value) }))
    .filter((x) => x.target !== undefined);
  if (pins.length === 0) return;
  const uses = catalogUses(ctx.project, file.path, file.text, entries);
  const bootNames = bootAccessors(facts, entries, catalogName(file.path));
  for (const { pin, target } of pins) {
    const set = `${pin.label} = "${target!.version}"`;
    const what = `${pin.label} = ${pin.version.value} pins ${target!.library} (${pin.coordinates.map((c) => `${c.groupId}:${c.artifactId}`).join(', ')}) on the line Boot 2.x used, which does not work with Spring Boot ${facts.target.version}`;
    const blocked = blocker(ctx, uses, pin, bootNames);
    if (blocked) {
      out.report(CATALOG_PIN_RULE, 'warning', pin.at, `${what}; not changed: ${blocked}. Where Boot uses it, set ${set} (the version Boot manages), or give the other users their own entry`);
      continue;
    }
    out.replace(pin.version.start, pin.version.end, target!.version, CATALOG_PIN_RULE);
    out.report(CATALOG_PIN_RULE, 'info', pin.at, `${what}; raised to ${target!.version}, the version Boot manages (every reader is a Boot module)`);
  }
}

function blocker(ctx: PassContext, uses: CatalogUses, pin: Pin, bootNames: string[]): string | undefined {
  if (pin.plugin) return `a plugin reads ${pin.label} too`;
  const byName = uses.readByName(pin.aliases, pin.ref);
  if (byName.length) return `${byName.map((f) => f.path).join(', ')} read${byName.length === 1 ? 's' : ''} it by name`;
  const users = uses.users(pin.aliases);
  if (users.length === 0) return `no script of this build uses ${pin.aliases.join(', ')} (a catalog published or read elsewhere is not followed)`;
  return users.map((s) => notBoot(ctx, uses, s, bootNames)).find((why) => why !== undefined);
}
