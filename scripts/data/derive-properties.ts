// spring-boot-properties-3x.json: what each minor release did to configuration properties, from
// the configuration metadata its jars publish. For each step (3.0 -> 3.1, ... -> 3.5), comparing
// the previous minor's latest patch with this minor's latest:
//   deprecated: keys this minor newly deprecates (or whose level or replacement changed), with
//               level, replacement, reason, the types of the key and of its replacement;
//   removed:    keys the previous minor had that this one no longer lists at all (the deprecation
//               the previous minor gave them, if any, says where they went).
// `firstRelease` is the first patch of the minor in that state: patches deprecate keys too, and a
// replacement named only from 3.2.8 on must not be written for a 3.2.5 target. It is found by
// bisection over the minor's patches (their jars are read only where the first and latest differ).
import type { Derivation } from './derive-boot-3x.js';
import type { Artifact } from './maven.js';
import { modulesOf, moduleJar, type Minor } from './artifacts.js';
import { isDeprecated, levelOf, readMetadata, type MetadataProperty, type ReleaseMetadata } from './metadata.js';

export function metadataPlan(d: Derivation): Artifact[] {
  return d.minors.flatMap((m) => [m.first, m.latest]).flatMap((v) => modulesOf(d.bom(v)).map((mod) => moduleJar(mod, v)));
}

function metadataOf(d: Derivation, cache: Map<string, ReleaseMetadata>, version: string): ReleaseMetadata {
  let md = cache.get(version);
  if (!md) {
    const jars = modulesOf(d.bom(version)).flatMap((mod) => {
      const a = d.served(moduleJar(mod, version));
      return a ? [{ artifactId: mod, jar: d.read(a) }] : [];
    });
    cache.set(version, (md = readMetadata(jars)));
  }
  return md;
}

type Prop = MetadataProperty & { module: string };

/** A key's state in a release, as one comparable string. */
function state(p: Prop | undefined): string {
  if (!p) return 'absent';
  if (!isDeprecated(p)) return 'active';
  return `deprecated:${levelOf(p)}:${p.deprecation?.replacement ?? ''}`;
}

export interface DeprecatedRow {
  name: string;
  level: 'warning' | 'error';
  replacement: string | null;
  reason: string | null;
  since: string | null;
  firstRelease: string;
  type: string | null;
  /** The replacement's type in this minor's metadata; null when the replacement is not a key it lists. */
  replacementType: string | null;
  replacementExists: boolean;
  /** The defaults of the key and of its replacement as the metadata gives them (a different form hints a different value format). */
  defaultValue: unknown;
  replacementDefault: unknown;
  /** The key's state in the previous minor's latest patch: active, absent, or deprecated:<level>:<replacement>. */
  before: string;
  module: string;
}

export interface RemovedRow {
  name: string;
  firstRelease: string;
  type: string | null;
  /** The previous minor's deprecation of the key, when it had one. */
  deprecation: { level: 'warning' | 'error'; replacement: string | null; reason: string | null; since: string | null } | null;
  /** The replacement's type in this minor; null when it is not a key this minor lists. */
  replacementType: string | null;
  module: string;
}

/** The first release of `m` from which `name` is in the state it has in `m.latest` (bisection, one Maven call per round). */
function firstReleases(d: Derivation, cache: Map<string, ReleaseMetadata>, m: Minor, names: string[]): Map<string, string> {
  const target = new Map(names.map((n) => [n, state(metadataOf(d, cache, m.latest).properties.get(n))]));
  const lo = new Map<string, number>(); // last index known not in the target state
  const hi = new Map<string, number>(); // first index known in the target state
  const last = m.releases.length - 1;
  for (const n of names) {
    if (state(metadataOf(d, cache, m.first).properties.get(n)) === target.get(n)) hi.set(n, 0);
    else {
      lo.set(n, 0);
      hi.set(n, last);
    }
  }
  for (;;) {
    const open = names.filter((n) => lo.has(n) && hi.get(n)! - lo.get(n)! > 1);
    if (open.length === 0) break;
    const mids = new Map(open.map((n) => [n, Math.floor((lo.get(n)! + hi.get(n)!) / 2)]));
    const versions = [...new Set([...mids.values()].map((i) => m.releases[i]!))];
    d.need(versions.flatMap((v) => modulesOf(d.bom(v)).map((mod) => moduleJar(mod, v))));
    for (const n of open) {
      const i = mids.get(n)!;
      if (state(metadataOf(d, cache, m.releases[i]!).properties.get(n)) === target.get(n)) hi.set(n, i);
      else lo.set(n, i);
    }
  }
  return new Map(names.map((n) => [n, m.releases[hi.get(n)!]!]));
}

export function derivePropertySteps(d: Derivation): unknown {
  const cache = new Map<string, ReleaseMetadata>();
  const steps = d.minors.slice(1).map((m, i) => {
    const prev = d.minors[i]!;
    const before = metadataOf(d, cache, prev.latest).properties;
    const after = metadataOf(d, cache, m.latest).properties;
    const deprecatedNames = [...after.values()].filter((p) => isDeprecated(p) && state(p) !== state(before.get(p.name))).map((p) => p.name);
    const removedNames = [...before.keys()].filter((n) => !after.has(n));
    const first = firstReleases(d, cache, m, [...deprecatedNames, ...removedNames]);
    const deprecated: DeprecatedRow[] = deprecatedNames.sort().map((n) => {
      const p = after.get(n)!;
      const replacement = p.deprecation?.replacement ?? null;
      const target = replacement ? after.get(replacement) : undefined;
      return {
        name: n,
        level: levelOf(p),
        replacement,
        reason: p.deprecation?.reason ?? null,
        since: p.deprecation?.since ?? null,
        firstRelease: first.get(n)!,
        type: p.type ?? null,
        replacementType: target?.type ?? null,
        replacementExists: target !== undefined,
        // a deprecated key's entry rarely has a default: the key's own earlier one, else its earlier replacement's
        defaultValue: p.defaultValue ?? before.get(n)?.defaultValue ?? before.get(before.get(n)?.deprecation?.replacement ?? '')?.defaultValue ?? null,
        replacementDefault: target?.defaultValue ?? null,
        before: state(before.get(n)),
        module: p.module,
      };
    });
    const removed: RemovedRow[] = removedNames.sort().map((n) => {
      const p = before.get(n)!;
      const replacement = p.deprecation?.replacement ?? null;
      return {
        name: n,
        firstRelease: first.get(n)!,
        type: p.type ?? null,
        deprecation: isDeprecated(p) ? { level: levelOf(p), replacement, reason: p.deprecation?.reason ?? null, since: p.deprecation?.since ?? null } : null,
        replacementType: replacement ? (after.get(replacement)?.type ?? null) : null,
        module: p.module,
      };
    });
    return { minor: m.minor, from: prev.latest, to: m.latest, deprecated, removed };
  });
  const modules = Object.fromEntries(d.minors.map((m) => [m.latest, metadataOf(d, cache, m.latest).modules]));
  return {
    source: 'META-INF/spring-configuration-metadata.json in the Boot jars of each release (modules below), as published on Maven Central',
    modules,
    steps,
  };
}
