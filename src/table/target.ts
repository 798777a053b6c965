// The table for one target release. The bundled table describes 2.7 -> 3.0 (the default target,
// the latest 3.0.x) plus, in `targets`, what each minor from 3.1 to 3.5 changes; for a later target
// this module composes those steps into the sections the passes read, once per table and release:
//   properties: a 3.0 rename whose new key a later minor renames again lands on the final key in
//               one edit; one a later minor removes becomes a removal; the later minors' own rows
//               follow;
//   build:      the target release with the versions its BOM manages (version properties,
//               imported BOMs, Kotlin, the dependency-management plugin), its Spring Cloud train,
//               its lowest Gradle, coordinates that moved;
//   code:       the types the minors removed, reported where code names them (the tags providers
//               3.2 removed by their own pass, as errors).
// A step row whose `since` is after the target (a 3.2.8 deprecation for a 3.2.5 target) is left out.
import type { MigrationTable } from './types.js';
import { TableError } from './load.js';
import type { TargetsSection, TargetStep } from './sections/targets.js';
import type { BuildSection, BootRelease, ImportedBomRow, ManagedGroupRow, SpringCloudSection, VersionPropertyRow, CoordinateRow } from './sections/build.js';
import type { PropertiesSection, PropertyRemoval } from './sections/properties.js';
import { composeProperties } from './compose-properties.js';
import { versionOrder as compare } from './versions.js';

/** A --boot-version (or configuration key) that names no release: a usage error (exit 2), like a bad table. */
export class TargetError extends TableError {
  constructor(message: string) {
    super(message);
    this.name = 'TargetError';
  }
}

export function minorOf(version: string): string {
  return version.split('.').slice(0, 2).join('.');
}

/**
 * The release an option names: unset, `3.0`, `3.0.x` -> the default (latest 3.0.x); `3.5` or
 * `3.5.x` -> the latest 3.5.x; an exact release the table lists. Anything else is an error naming
 * what is accepted.
 */
export function resolveTarget(table: MigrationTable, option: unknown): string {
  const t = table.targets;
  const defaultVersion = t?.defaultVersion ?? table.build?.boot.defaultVersion ?? '3.0.13';
  if (option === undefined || option === true || option === '') return defaultVersion;
  const wanted = String(option).trim();
  const line = /^(\d+\.\d+)(?:\.x)?$/.exec(wanted)?.[1];
  if (line) {
    if (line === minorOf(defaultVersion)) return defaultVersion;
    const minor = t?.minors.find((m) => m.minor === line);
    if (minor) return minor.latest;
  } else if (t?.releases.includes(wanted) || table.build?.boot.releases.some((r) => r.version === wanted)) {
    return wanted;
  }
  const lines = t ? t.minors.map((m) => m.minor) : [minorOf(defaultVersion)];
  const latest = t?.minors.at(-1)?.latest ?? defaultVersion;
  throw new TargetError(`--boot-version ${wanted}: not a Spring Boot release this tool migrates to (a line ${lines.join(', ')}, meaning its latest patch, or an exact release from ${t?.releases[0] ?? defaultVersion} to ${latest})`);
}

/** The version a property holds in a release, from runs { first release: version | null }. */
export function versionAt(t: TargetsSection, property: string, release: string): string | undefined {
  const runs = t.versions[property];
  if (!runs) return undefined;
  let value: string | null | undefined;
  for (const r of t.releases) {
    if (r in runs) value = runs[r];
    if (r === release) break;
  }
  return value ?? undefined;
}

const views = new WeakMap<MigrationTable, Map<string, MigrationTable>>();

/** The table the passes read for the release `option` names (the bundled table itself for the default). */
export function tableForTarget(table: MigrationTable, option: unknown): MigrationTable {
  const release = resolveTarget(table, option);
  const t = table.targets;
  if (!t || !table.build || table.build.boot.releases.some((r) => r.version === release)) return table;
  let byRelease = views.get(table);
  if (!byRelease) views.set(table, (byRelease = new Map()));
  let view = byRelease.get(release);
  if (!view) byRelease.set(release, (view = compose(table, t, release)));
  return view;
}

/** The steps a release takes (3.1 ... its minor), each without the rows of patches after it. */
export function stepsTo(t: TargetsSection, release: string): TargetStep[] {
  const minor = minorOf(release);
  return t.steps.filter((s) => compare(s.minor, minor) <= 0).map((s) => (s.minor === minor ? withinPatch(s, release) : s));
}

function withinPatch(s: TargetStep, release: string): TargetStep {
  const upTo = <T extends { since: string }>(rows: T[]) => rows.filter((r) => compare(r.since, release) <= 0);
  return { ...s, properties: { rename: upTo(s.properties.rename), renamePrefix: upTo(s.properties.renamePrefix), remove: upTo(s.properties.remove), convert: upTo(s.properties.convert) } };
}

function compose(table: MigrationTable, t: TargetsSection, release: string): MigrationTable {
  const steps = stepsTo(t, release);
  const build = composeBuild(table.build!, t, steps, release);
  const properties: PropertiesSection = composeProperties(table.properties, steps);
  // a type a step renames is no follow-up of that step: the rename reports what it cannot do
  const renamed = new Set(steps.flatMap((s) => s.renames.map((r) => r.from)));
  // a deprecation a later step turned into a removal is reported once, as the removal
  const removed = new Set(steps.flatMap((s) => s.types.filter((x) => x.kind === 'removed').map((x) => x.fqcn)));
  // a type the 2.7 -> 3.0 rows move away from (@ConstructorBinding, deprecated in 3.0 and removed
  // in 3.2) is theirs: the 3.0 edit leaves no use for the later step to find
  const moved = new Set(table.code ? [...table.code.types.map((r) => r.from), ...table.code.annotationRemovals.map((r) => r.fqcn), table.code.constructorBinding.from] : []);
  const follows = (f: TargetStep['followUps'][number]) => !renamed.has(f.type) && !moved.has(f.type) && !(f.severity === 'warning' && removed.has(f.type));
  // a 3.0 deprecation warning (WebMvcTagsProvider, still adapted by 3.0) gives way to the removal
  // a later step reports as an error: on that target the code no longer compiles
  const code = table.code
    ? {
        ...table.code,
        types: [...table.code.types, ...steps.flatMap((s) => s.renames)],
        followUps: [...table.code.followUps.filter((f) => !removed.has(f.type)), ...steps.flatMap((s) => s.followUps.filter(follows))],
      }
    : table.code;
  // a tags provider a step removed (3.2) no longer compiles: its pass reports it as an error on that target
  const removedIn = new Map(steps.flatMap((s) => s.types.filter((x) => x.kind === 'removed').map((x) => [x.fqcn, s.minor] as const)));
  const libraries = table.libraries
    ? {
        ...table.libraries,
        observability: {
          ...table.libraries.observability,
          tagsProviders: table.libraries.observability.tagsProviders.map((r) => (removedIn.has(r.type) ? { ...r, removedIn: removedIn.get(r.type)! } : r)),
        },
      }
    : table.libraries;
  return { ...table, to: minorOf(release), properties, build, ...(code ? { code } : {}), ...(libraries ? { libraries } : {}) };
}

function composeBuild(b: BuildSection, t: TargetsSection, steps: TargetStep[], release: string): BuildSection {
  // a version the BOM names that Central does not serve is never written (t.unserved)
  const unserved = (t.unserved ?? []).filter((u) => u.release === release);
  const notServed = (p: string, v: string | undefined) => v !== undefined && unserved.some((u) => u.property === p && u.version === v);
  const at = (p: string) => {
    const v = versionAt(t, p, release);
    return notServed(p, v) ? undefined : v;
  };
  const must = (p: string) => {
    const v = at(p);
    if (!v) throw new TargetError(`the migration table has no ${p} for Spring Boot ${release}`);
    return v;
  };
  const target: BootRelease = {
    version: release,
    kotlin: must(b.boot.kotlin.versionProperty),
    ...(unserved.some((u) => u.pluginId) ? { unservedPlugins: unserved.flatMap((u) => (u.pluginId ? [u.pluginId] : [])) } : {}),
    dependencyManagementPlugin: must('dependency-management-plugin.version'),
    source: t.source,
  };
  const versionProperties: VersionPropertyRow[] = b.versionProperties.map((row) => {
    if (!row.version30) return row;
    const named = versionAt(t, row.property, release);
    if (notServed(row.property, named)) return { ...row, unserved: { [release]: named! } };
    const v = at(row.property);
    if (v) return { ...row, version30: { ...row.version30, [release]: v } };
    const { version30: _gone, ...rest } = row;
    return { ...rest, successor: null, note: `not a version property of Spring Boot ${release}` };
  });
  // a BOM moves with Boot only while the target imports it (Boot 3.1 imports no artemis-bom, 3.3 does)
  // at the version of the property the target's BOM versions it with (3.3's simpleclient_bom is
  // prometheus-simpleclient.version; prometheus-client.version went to another BOM)
  const importedAt = (groupId: string, artifactId: string) => t.boms.find((r) => r.groupId === groupId && r.artifactId === artifactId && r.minors.includes(minorOf(release)));
  const imported = { has: (g: string, a: string) => importedAt(g, a) !== undefined };
  const bomVersion = (row: ImportedBomRow): ImportedBomRow => {
    const by = row.versionProperty ? importedAt(row.groupId, row.artifactId)?.versionProperty : undefined;
    const v = by ? at(by) : undefined;
    return v ? { ...row, version30: { ...row.version30, [release]: v } } : row;
  };
  const known = new Set(b.boms.map((r) => `${r.groupId}:${r.artifactId}`));
  const later: ImportedBomRow[] = t.boms
    .filter((r, i) => !known.has(`${r.groupId}:${r.artifactId}`) && t.boms.findIndex((x) => x.groupId === r.groupId && x.artifactId === r.artifactId) === i)
    .map((r) => ({ groupId: r.groupId, artifactId: r.artifactId, library: r.artifactId, versionProperty: r.versionProperty, version30: {} }));
  // a group the target's BOM no longer lists (net.sourceforge.htmlunit, now org.htmlunit) keeps no version
  const listed = new Set(t.groups[minorOf(release)] ?? []);
  const managedGroups: ManagedGroupRow[] = b.managedGroups.map((g) => {
    if (!g.versionProperty) return g;
    // a group versioned through a BOM takes the property the target versions that BOM with
    const viaBom = b.boms.find((x) => x.groupId === g.groupId && x.versionProperty === g.versionProperty);
    const by = viaBom
      ? (importedAt(viaBom.groupId, viaBom.artifactId)?.versionProperty ?? (listed.has(g.groupId) ? g.versionProperty : undefined))
      : listed.has(g.groupId) || b.boms.some((x) => x.groupId === g.groupId && imported.has(x.groupId, x.artifactId))
        ? g.versionProperty
        : undefined;
    const v = by ? at(by) : undefined;
    return v ? { ...g, version30: { ...g.version30, [release]: v } } : g;
  });
  const last = steps.at(-1);
  const jettyMajor = Number(/^(\d+)/.exec(at('jetty.version') ?? '')?.[1] ?? 0);
  const { jetty, ...rest } = b;
  return {
    ...rest,
    // Jetty 12 (Boot 3.2+) implements Servlet 6: Boot 3.0's Servlet 5 override for Jetty 11 must not be written
    ...(jetty && jettyMajor > 0 && jettyMajor < 12 ? { jetty } : {}),
    boot: { ...b.boot, releases: [...b.boot.releases, target] },
    versionProperties,
    boms: [...b.boms.map(bomVersion), ...later.map(bomVersion).filter((r) => Object.keys(r.version30).length > 0)],
    managedGroups,
    coordinates: composeCoordinates(b.coordinates, steps),
    ...(last?.flyway.length ? { flywayModules: last.flyway } : {}),
    ...(last ? { springCloud: cloudFor(b.springCloud, t, last), gradle: { minimumVersion: maxVersion(b.gradle.minimumVersion, last.gradle.minimumVersion), ...(last.gradle.minimum8 ? { minimum8: last.gradle.minimum8 } : {}), source: last.gradle.source } } : {}),
  };
}

function maxVersion(a: string, b: string): string {
  return compare(a, b) >= 0 ? a : b;
}

/** A 3.0 coordinate rename whose target a later minor moved lands on the later coordinates. */
function composeCoordinates(rows: CoordinateRow[], steps: TargetStep[]): CoordinateRow[] {
  const key = (c: { groupId: string; artifactId: string }) => `${c.groupId}:${c.artifactId}`;
  const moves = new Map<string, CoordinateRow>();
  for (const s of steps) for (const r of s.coordinates) moves.set(key(r.from), r);
  const follow = (row: CoordinateRow): CoordinateRow => {
    let out = row;
    for (let i = 0; i < 8 && out.to; i++) {
      const next = moves.get(key(out.to));
      if (!next || next === row) break;
      out = next.to && next.action === 'rename' ? { ...out, to: next.to, note: `${out.note}; then ${next.note}` } : { ...out, action: next.action, to: next.to, note: `${out.note}; then ${next.note}` };
    }
    return out;
  };
  const existing = new Set(rows.map((r) => key(r.from)));
  const later = [...moves.values()].filter((r) => !existing.has(key(r.from)));
  return [...rows.map(follow), ...later.map(follow)];
}

/** The Spring Cloud facts for the target's train: the trains before it are the older ones. */
function cloudFor(c: SpringCloudSection, t: TargetsSection, last: TargetStep): SpringCloudSection {
  const train = last.cloud;
  if (train.train === c.train) return c;
  const trains = [t.cloud30, ...t.steps.map((s) => s.cloud)].filter((x, i, all) => all.findIndex((y) => y.train === x.train) === i);
  const older = trains.filter((x) => compare(x.train, train.train) < 0).map((x) => ({ train: x.train, codename: '', boot: x.boot }));
  const modules = new Set(train.modules.map((m) => m.module));
  const dropped = trains
    .filter((x) => compare(x.train, train.train) < 0)
    .flatMap((x) => x.modules.map((m) => m.module))
    .filter((m, i, all) => !modules.has(m) && all.indexOf(m) === i)
    .map((module) => ({ module, note: `no ${train.train} release` }));
  return {
    ...c,
    train: train.train,
    codename: '',
    boot: train.boot,
    latest: train.latest,
    olderTrains: [...c.olderTrains, ...older],
    modules: train.modules,
    ...(train.served ? { served: train.served } : {}),
    withoutRelease: [...c.withoutRelease, ...dropped.filter((d) => !c.withoutRelease.some((w) => w.module === d.module))],
    source: train.source,
  };
}

export type { PropertyRemoval };
