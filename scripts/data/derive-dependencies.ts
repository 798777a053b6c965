// spring-boot-dependencies-3x.json: every 3.x release's BOM (3.0.0 to the latest 3.5.x Central
// serves): the version properties of every release (as runs: a value holds from the release that
// lists it until the next listed one), and at each minor's latest patch the managed coordinates,
// imported BOMs and plugins with the property that versions each; per minor step, the coordinates
// and properties that went away or came, and the coordinates that moved (same artifact, new group).
import type { Derivation } from './derive-boot-3x.js';
import { parseBom, resolvedVersion, type Bom, type ManagedEntry } from './bom.js';
import { BOOT, BOOT_BOM } from './artifacts.js';

/** `<property>` or `=<literal>` (a version written without a property). */
function versionRef(e: ManagedEntry): string {
  return e.property ?? `=${e.version}`;
}

function byCoordinate(entries: ManagedEntry[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of [...entries].sort((a, b) => (a.coordinate < b.coordinate ? -1 : 1))) out[e.coordinate] = versionRef(e);
  return out;
}

function sortedKeys<T>(o: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** property -> { release: value } where the value changes (null: the property is gone from that release on). */
function propertyRuns(d: Derivation): Record<string, Record<string, string | null>> {
  const runs: Record<string, Record<string, string | null>> = {};
  const last = new Map<string, string | null>();
  for (const release of d.releases) {
    const props = d.bom(release).properties;
    for (const [name, value] of Object.entries(props)) {
      if (last.get(name) !== value) (runs[name] ??= {})[release] = value;
      last.set(name, value);
    }
    for (const [name, value] of last) {
      if (value !== null && !(name in props)) {
        (runs[name] ??= {})[release] = null;
        last.set(name, null);
      }
    }
  }
  return sortedKeys(runs);
}

export interface DependencyStep {
  minor: string;
  from: string;
  to: string;
  /** `managedVia`: still managed, through a BOM the new release imports (groupId:artifactId:version). */
  removed: { coordinate: string; version: string | null; managedVia?: string }[];
  added: { coordinate: string; version: string | null }[];
  moved: { from: string; to: string; version: string | null }[];
  propertiesRemoved: string[];
  propertiesAdded: string[];
  bomsRemoved: string[];
  bomsAdded: string[];
  /** Coordinates a Spring BOM both releases import stopped managing (with the version it managed). */
  leftImportedBoms: { coordinate: string; version: string | null; bom: string }[];
}

/**
 * The BOM that `b` imports and that manages `coordinate` (same group, or the group below the BOM's):
 * Boot 3.3 stopped listing ActiveMQ's, Artemis's, Pulsar's modules one by one and imports their BOMs.
 */
function managedVia(d: Derivation, b: Bom, coordinate: string): string | undefined {
  const [group, artifact] = coordinate.split(':');
  for (const imp of b.imports) {
    const [ig, ia] = imp.coordinate.split(':');
    if (group !== ig && !group!.startsWith(`${ig}.`)) continue;
    const version = resolvedVersion(b, imp);
    if (!version) continue;
    const a = { groupId: ig!, artifactId: ia!, version, type: 'pom' as const };
    d.need([a]);
    if (!d.has(a)) continue;
    const bom = parseBom(d.read(a).toString('utf8'));
    if (bom.managed.some((m) => m.coordinate === `${group}:${artifact}`)) return `${imp.coordinate}:${version}`;
  }
  return undefined;
}

/**
 * The Spring projects' BOMs both releases import (spring-security-bom, spring-data-bom, ...): the
 * coordinates the older one manages and the newer one no longer does (Security 6.3 dropped
 * spring-security-rsa), unless the new Boot BOM or another of those BOMs manages them.
 */
function leftImportedBoms(d: Derivation, a: Bom, b: Bom): { coordinate: string; version: string | null; bom: string }[] {
  const spring = (bom: Bom) => bom.imports.filter((e) => e.coordinate.startsWith('org.springframework.') || e.coordinate.startsWith('org.springframework:'));
  const read = (bom: Bom, e: ManagedEntry): Bom | undefined => {
    const version = resolvedVersion(bom, e);
    if (!version) return undefined;
    const [groupId, artifactId] = e.coordinate.split(':');
    const art = { groupId: groupId!, artifactId: artifactId!, version, type: 'pom' as const };
    d.need([art]);
    return d.has(art) ? parseBom(d.read(art).toString('utf8')) : undefined;
  };
  const newer = spring(b).map((e) => read(b, e)).filter((x): x is Bom => x !== undefined);
  const managedNow = new Set([...b.managed.map((m) => m.coordinate), ...newer.flatMap((x) => x.managed.map((m) => m.coordinate))]);
  const out: { coordinate: string; version: string | null; bom: string }[] = [];
  for (const e of spring(a)) {
    if (!b.imports.some((x) => x.coordinate === e.coordinate)) continue;
    const old = read(a, e);
    for (const m of old?.managed ?? []) {
      if (m.coordinate.split(':').length > 2 || managedNow.has(m.coordinate) || out.some((o) => o.coordinate === m.coordinate)) continue;
      out.push({ coordinate: m.coordinate, version: resolvedVersion(old!, m) ?? null, bom: `${e.coordinate}:${old!.version}` });
    }
  }
  return out.sort((x, y) => (x.coordinate < y.coordinate ? -1 : 1));
}

function step(d: Derivation, minor: string, fromV: string, toV: string, a: Bom, b: Bom): DependencyStep {
  const coords = (bom: Bom) => new Map(bom.managed.map((e) => [e.coordinate, resolvedVersion(bom, e) ?? null]));
  const ca = coords(a);
  const cb = coords(b);
  const removed = [...ca.keys()]
    .filter((c) => !cb.has(c))
    .sort()
    .map((c) => {
      const via = managedVia(d, b, c);
      return { coordinate: c, version: ca.get(c)!, ...(via ? { managedVia: via } : {}) };
    });
  const added = [...cb.keys()].filter((c) => !ca.has(c)).sort().map((c) => ({ coordinate: c, version: cb.get(c)! }));
  const artifact = (c: string) => c.split(':')[1]!;
  const moved = removed.filter((r) => !r.managedVia).flatMap((r) => {
    const to = added.filter((x) => artifact(x.coordinate) === artifact(r.coordinate) && x.coordinate.split(':')[0] !== r.coordinate.split(':')[0]);
    return to.length === 1 ? [{ from: r.coordinate, to: to[0]!.coordinate, version: to[0]!.version }] : [];
  });
  const pa = new Set(Object.keys(a.properties));
  const pb = new Set(Object.keys(b.properties));
  const boms = (bom: Bom) => new Set(bom.imports.map((e) => e.coordinate));
  const ba = boms(a);
  const bb = boms(b);
  return {
    minor,
    from: fromV,
    to: toV,
    removed,
    added,
    moved,
    propertiesRemoved: [...pa].filter((p) => !pb.has(p)).sort(),
    propertiesAdded: [...pb].filter((p) => !pa.has(p)).sort(),
    bomsRemoved: [...ba].filter((x) => !bb.has(x)).sort(),
    bomsAdded: [...bb].filter((x) => !ba.has(x)).sort(),
    leftImportedBoms: leftImportedBoms(d, a, b),
  };
}

export function deriveDependencies(d: Derivation): unknown {
  const latest = d.minors.map((m) => m.latest);
  return {
    source: `${BOOT}:${BOOT_BOM}:<release>:pom, every release listed below (Maven Central); a release is a 3.x version up to 3.5.x whose BOM Central serves`,
    releases: d.releases,
    cloudReleases: d.cloudTrains,
    minors: d.minors,
    properties: propertyRuns(d),
    managed: Object.fromEntries(latest.map((v) => [v, byCoordinate(d.bom(v).managed)])),
    boms: Object.fromEntries(latest.map((v) => [v, byCoordinate(d.bom(v).imports)])),
    plugins: Object.fromEntries(latest.map((v) => [v, byCoordinate(d.bom(v).plugins)])),
    steps: d.minors.slice(1).map((m, i) => step(d, m.minor, d.minors[i]!.latest, m.latest, d.bom(d.minors[i]!.latest), d.bom(m.latest))),
  };
}
