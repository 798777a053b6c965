// The `build.jakarta` rows and the coordinate rows they add, from scripts/table/derived/
// jakarta-artifacts.json (derived from Maven Central by `npm run derive:jakarta`, every row with the
// jars it was read from): the version where each Jakarta artifact's namespace became jakarta, the
// version to move a javax-line pin to, the packages each API holds, what each Boot 3.0 starter
// brings, and the javax holders no Boot row names (renamed to the API that holds their packages).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Coordinate, CoordinateRow, EffectiveManagement, TargetVersionRow, JakartaArtifactRow, JakartaCarrierRow, JakartaCompanionRow, JakartaSection } from '../../src/table/sections/build.js';

/** One Jakarta artifact as scripts/derive/jakarta-artifacts.ts read it from its jars. */
export interface DerivedArtifact {
  groupId: string;
  artifactId: string;
  /** The spec's package path below jakarta/ and javax/ (`xml/bind`): what the jars were read for. */
  spec: string;
  firstJakarta: string;
  lastJavax?: string;
  target?: string;
  targetFrom?: string;
  packages: string[];
  kind: 'api' | 'implementation';
  source: string;
}

interface Derived {
  derivedWith: string;
  sources: { artifacts: string; starters: string; javaxHolders: string; bootManaged: string };
  artifacts: DerivedArtifact[];
  starters: { artifact: string; compile: string[]; runtimeImplementations: string[] }[];
  unresolvedStarters: string[];
  javaxHolders: { groupId: string; artifactId: string; version: string; packages: string[]; implementationPackages: string[]; source: string }[];
  bootManaged: { groupId: string; artifactId: string; version: string }[];
}

export const DERIVED = path.join(path.dirname(fileURLToPath(import.meta.url)), 'derived', 'jakarta-artifacts.json');

const coordinate = (key: string): Coordinate => {
  const [groupId, artifactId] = key.split(':') as [string, string];
  return { groupId, artifactId };
};
const keyOf = (c: Coordinate) => `${c.groupId}:${c.artifactId}`;

/**
 * Boot 3.0 no longer manages org.glassfish:jakarta.el (Boot 2.7 managed 3.0.4, still javax.el): a
 * build that names it without a version stops resolving. The Expression Language implementation a
 * Boot 3.0 application has is Tomcat's, the one spring-boot-starter-validation brings.
 */
const EL_IMPLEMENTATION: { from: string; to: string; source: string } = {
  from: 'org.glassfish:jakarta.el',
  to: 'org.apache.tomcat.embed:tomcat-embed-el',
  source: 'https://repo.maven.apache.org/maven2/org/springframework/boot/spring-boot-starter-validation/3.0.13/spring-boot-starter-validation-3.0.13.pom (compile dependencies: spring-boot-starter, org.apache.tomcat.embed:tomcat-embed-el, hibernate-validator)',
};

export function readDerived(file = DERIVED): Derived {
  return JSON.parse(readFileSync(file, 'utf8')) as Derived;
}

/** The API artifact (with a target) that holds every package of `javaxPackages` under jakarta. */
function apiHolding(d: Derived, javaxPackages: string[]): Derived['artifacts'][number] | undefined {
  const wanted = javaxPackages.map((p) => 'jakarta' + p.slice('javax'.length));
  return d.artifacts.find((a) => a.kind === 'api' && a.target && wanted.every((p) => a.packages.includes(p)));
}

export function buildJakarta(d: Derived, coordinates: CoordinateRow[]): { section: JakartaSection; rows: CoordinateRow[] } {
  const artifacts: JakartaArtifactRow[] = d.artifacts.map((a) => ({
    coordinate: { groupId: a.groupId, artifactId: a.artifactId },
    kind: a.kind,
    spec: a.spec,
    firstJakarta: a.firstJakarta,
    ...(a.target ? { target: a.target, managed: (a.targetFrom ?? '').startsWith('spring-boot-dependencies') } : {}),
    packages: a.packages,
    source: a.source,
  }));
  const carriers: JakartaCarrierRow[] = d.starters.map((s) => ({ coordinate: coordinate(s.artifact), compile: s.compile, runtime: s.runtimeImplementations }));
  const known = new Map(coordinates.map((r) => [keyOf(r.from), r]));
  const rows: CoordinateRow[] = [];
  const companions: JakartaCompanionRow[] = [];
  for (const h of d.javaxHolders) {
    const api = apiHolding(d, h.packages);
    if (!api) throw new Error(`${DERIVED}: no Jakarta API holds the packages of ${h.groupId}:${h.artifactId} (${h.packages.join(', ')})`);
    const to = { groupId: api.groupId, artifactId: api.artifactId };
    const row = known.get(`${h.groupId}:${h.artifactId}`);
    if (!row) {
      rows.push({
        from: { groupId: h.groupId, artifactId: h.artifactId },
        to,
        action: 'rename',
        note: `${h.groupId}:${h.artifactId} holds ${h.packages.join(', ')}: the javax namespace of ${keyOf(to)}`,
        ...(api.targetFrom?.startsWith('spring-boot-dependencies') ? { boot30: { version: api.target! } } : {}),
        source: `${h.source} (class entries); ${api.source}`,
      });
    } else if (row.action !== 'rename' || !row.to || keyOf(row.to) !== keyOf(to)) {
      throw new Error(`${DERIVED}: ${h.groupId}:${h.artifactId} is renamed to ${row.to ? keyOf(row.to) : 'nothing'} by the data, its packages say ${keyOf(to)}`);
    }
    if (h.implementationPackages.length) {
      const impl = d.artifacts.find((a) => a.kind === 'implementation' && a.spec === api.spec && a.target);
      if (!impl) throw new Error(`${DERIVED}: ${h.groupId}:${h.artifactId} also holds an implementation (${h.implementationPackages.join(', ')}) and no implementation of jakarta/${api.spec} has a target`);
      companions.push({
        from: { groupId: h.groupId, artifactId: h.artifactId },
        api: to,
        implementation: { groupId: impl.groupId, artifactId: impl.artifactId },
        version: impl.target!,
        note: `${h.groupId}:${h.artifactId} held the API and its implementation (${h.implementationPackages.join(', ')}); ${keyOf(to)} is the API alone: without ${impl.groupId}:${impl.artifactId} nothing implements it at run time`,
        source: `${h.source} (class entries); ${impl.source}`,
      });
    }
  }
  const el = known.get(EL_IMPLEMENTATION.from);
  const elFacts = d.artifacts.find((a) => keyOf(a) === EL_IMPLEMENTATION.from);
  if (!el || !elFacts) throw new Error(`no row or facts for ${EL_IMPLEMENTATION.from}`);
  const section: JakartaSection = {
    artifacts,
    carriers,
    unknownCarriers: d.unresolvedStarters.map(coordinate),
    companions,
    source: `${d.derivedWith}: ${d.sources.artifacts}; ${d.sources.starters}`,
  };
  // the EL implementation Boot 2.7 managed: while on its javax line (or versionless), Tomcat's
  const elRow: CoordinateRow = {
    ...el,
    to: coordinate(EL_IMPLEMENTATION.to),
    action: 'rename',
    onlyBelow: elFacts.firstJakarta,
    note: `${el.note}; below ${elFacts.firstJakarta} it is javax.el: Boot 3.0's Expression Language implementation is ${EL_IMPLEMENTATION.to}, the one spring-boot-starter-validation brings`,
    boot30: { versionProperty: 'tomcat.version' },
    source: `${el.source}; ${EL_IMPLEMENTATION.source}; ${elFacts.source}`,
  };
  return { section, rows: [...rows, elRow] };
}

/** What Boot 3.0.13 manages once its imported BOMs are resolved, for the coordinates the build passes write. */
export function buildEffectiveManagement(d: Derived, release: string): EffectiveManagement {
  if (!d.sources.bootManaged.includes(`spring-boot-dependencies:${release}`)) throw new Error(`${DERIVED}: effective management is not of Boot ${release}`);
  return { release, coordinates: d.bootManaged, source: `${d.derivedWith}: ${d.sources.bootManaged}` };
}

/**
 * A version for every rename target Boot 3.0 does not manage that the Jakarta EE 10 platform names
 * (javax.ejb:javax.ejb-api -> jakarta.ejb:jakarta.ejb-api 4.0.1), beside the rows already known.
 */
export function jakartaTargetVersions(d: Derived, coordinates: CoordinateRow[], known: TargetVersionRow[]): TargetVersionRow[] {
  const have = new Set(known.map((t) => keyOf(t.coordinate)));
  const out: TargetVersionRow[] = [];
  for (const r of coordinates) {
    if (r.action !== 'rename' || !r.to || r.boot30 || have.has(keyOf(r.to))) continue;
    const a = d.artifacts.find((x) => keyOf(x) === keyOf(r.to!) && x.target && !x.targetFrom?.startsWith('spring-boot-dependencies'));
    if (!a) continue;
    have.add(keyOf(r.to));
    out.push({ coordinate: { groupId: a.groupId, artifactId: a.artifactId }, version: a.target!, note: `the Jakarta EE 10 platform's version (jakarta namespace from ${a.firstJakarta})`, source: `${a.targetFrom}; ${a.source}` });
  }
  return out;
}
