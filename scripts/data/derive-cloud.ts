// spring-cloud-trains-3x.json: the Spring Cloud release trains of the Boot 3.x years (2022.0 to
// 2025.0), each train's latest release Central serves, the module versions its BOM imports, and the
// Boot lines it was built against (its first and its latest release): a release's spring-cloud-build
// version, whose spring-cloud-build-dependencies pom has spring-boot-dependencies as its parent.
import type { Derivation } from './derive-boot-3x.js';
import type { Artifact } from './maven.js';
import { CLOUD, cloudBomArtifact, minorOf } from './artifacts.js';
import { parseBom, resolvedVersion } from './bom.js';
import { versionOrder } from '../../src/table/versions.js';

function trains(d: Derivation): { train: string; first: string; latest: string; releases: string[] }[] {
  const by = new Map<string, string[]>();
  for (const v of d.cloudTrains) by.set(minorOf(v), [...(by.get(minorOf(v)) ?? []), v]);
  return [...by.entries()].sort(([a], [b]) => versionOrder(a, b)).map(([train, rs]) => {
    const sorted = rs.sort(versionOrder);
    return { train, first: sorted[0]!, latest: sorted.at(-1)!, releases: sorted };
  });
}

/** The Boot release a train release was built against (its spring-cloud-build-dependencies parent). */
function builtAgainst(d: Derivation, release: string): { build: string; boot: string } {
  const a = buildDependencies(d, release);
  const pom = parseBom(d.read(a).toString('utf8'));
  if (pom.parent?.artifactId !== 'spring-boot-dependencies') throw new Error(`${a.artifactId} ${a.version}: its parent is not spring-boot-dependencies`);
  return { build: a.version, boot: pom.parent.version };
}

function buildDependencies(d: Derivation, train: string): Artifact {
  const bom = parseBom(d.read(cloudBomArtifact(train)).toString('utf8'));
  const version = bom.properties['spring-cloud-build.version'] ?? bom.parent?.version;
  if (!version) throw new Error(`spring-cloud-dependencies ${train}: no spring-cloud-build version`);
  return { groupId: CLOUD, artifactId: 'spring-cloud-build-dependencies', version, type: 'pom' };
}

export function cloudPlan(d: Derivation): Artifact[] {
  return trains(d).flatMap((t) => [buildDependencies(d, t.first), buildDependencies(d, t.latest)]);
}

/** Every coordinate the train's module BOMs manage, with its version and the BOM. */
function trainManaged(d: Derivation, release: string): Map<string, { version: string | null; bom: string }> {
  const bom = parseBom(d.read(cloudBomArtifact(release)).toString('utf8'));
  const out = new Map<string, { version: string | null; bom: string }>();
  for (const imp of bom.imports) {
    const version = resolvedVersion(bom, imp);
    if (!version) continue;
    const [groupId, artifactId] = imp.coordinate.split(':');
    const art = { groupId: groupId!, artifactId: artifactId!, version, type: 'pom' as const };
    d.need([art]);
    if (!d.has(art)) continue;
    const module = parseBom(d.read(art).toString('utf8'));
    for (const m of module.managed) if (!out.has(m.coordinate)) out.set(m.coordinate, { version: resolvedVersion(module, m) ?? null, bom: `${imp.coordinate}:${version}` });
  }
  return out;
}

export function deriveCloudTrains(d: Derivation): unknown {
  const all = trains(d);
  const base = all[0] ? trainManaged(d, all[0].latest) : new Map();
  return {
    source: `${CLOUD}:spring-cloud-dependencies:<latest of each train>:pom and ${CLOUD}:spring-cloud-build-dependencies:<its spring-cloud-build.version>:pom (Maven Central)`,
    trains: all.map((t) => {
      const bom = parseBom(d.read(cloudBomArtifact(t.latest)).toString('utf8'));
      const first = builtAgainst(d, t.first);
      const latest = builtAgainst(d, t.latest);
      const modules = bom.imports
        .map((e) => ({ module: e.coordinate.split(':')[1]!.replace(/-dependencies$/, ''), version: resolvedVersion(bom, e) ?? null }))
        .sort((a, b) => (a.module < b.module ? -1 : 1));
      return {
        train: t.train,
        latest: t.latest,
        releases: t.releases,
        springCloudBuild: latest.build,
        builtAgainstBoot: latest.boot,
        // the train's first release was built for the lowest Boot line it supports, its latest for the highest
        firstBuiltAgainstBoot: first.boot,
        bootLines: [minorOf(first.boot), minorOf(latest.boot)],
        modules,
        // what the first train's module BOMs managed and this train's no longer do (spring-security-rsa
        // left spring-cloud-commons-dependencies): a build that names it without a version breaks
        leftManaged:
          t === all[0]
            ? []
            : (() => {
                const now = trainManaged(d, t.latest);
                return [...base.entries()].filter(([c]) => !now.has(c) && c.split(':').length === 2).map(([coordinate, v]) => ({ coordinate, ...v })).sort((a, b) => (a.coordinate < b.coordinate ? -1 : 1));
              })(),
      };
    }),
  };
}
