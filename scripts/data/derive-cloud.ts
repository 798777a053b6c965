// spring-cloud-trains-3x.json: the Spring Cloud release trains of the Boot 3.x years (2022.0 to
// 2025.0), each train's latest release Central serves, the module versions its BOM imports, and the
// Boot line it was built against: the train's spring-cloud-build release, whose
// spring-cloud-build-dependencies pom has spring-boot-dependencies as its parent.
import type { Derivation } from './derive-boot-3x.js';
import type { Artifact } from './maven.js';
import { CLOUD, cloudBomArtifact, compareVersions, minorOf } from './artifacts.js';
import { parseBom, resolvedVersion } from './bom.js';

function trains(d: Derivation): { train: string; latest: string; releases: string[] }[] {
  const by = new Map<string, string[]>();
  for (const v of d.cloudTrains) by.set(minorOf(v), [...(by.get(minorOf(v)) ?? []), v]);
  return [...by.entries()].sort(([a], [b]) => compareVersions(a, b)).map(([train, rs]) => ({ train, latest: rs.sort(compareVersions).at(-1)!, releases: rs }));
}

function buildDependencies(d: Derivation, train: string): Artifact {
  const bom = parseBom(d.read(cloudBomArtifact(train)).toString('utf8'));
  const version = bom.properties['spring-cloud-build.version'] ?? bom.parent?.version;
  if (!version) throw new Error(`spring-cloud-dependencies ${train}: no spring-cloud-build version`);
  return { groupId: CLOUD, artifactId: 'spring-cloud-build-dependencies', version, type: 'pom' };
}

export function cloudPlan(d: Derivation): Artifact[] {
  return trains(d).map((t) => buildDependencies(d, t.latest));
}

export function deriveCloudTrains(d: Derivation): unknown {
  return {
    source: `${CLOUD}:spring-cloud-dependencies:<latest of each train>:pom and ${CLOUD}:spring-cloud-build-dependencies:<its spring-cloud-build.version>:pom (Maven Central)`,
    trains: trains(d).map((t) => {
      const bom = parseBom(d.read(cloudBomArtifact(t.latest)).toString('utf8'));
      const build = buildDependencies(d, t.latest);
      const buildPom = parseBom(d.read(build).toString('utf8'));
      if (buildPom.parent?.artifactId !== 'spring-boot-dependencies') throw new Error(`${build.artifactId} ${build.version}: its parent is not spring-boot-dependencies`);
      const modules = bom.imports
        .map((e) => ({ module: e.coordinate.split(':')[1]!.replace(/-dependencies$/, ''), version: resolvedVersion(bom, e) ?? null }))
        .sort((a, b) => (a.module < b.module ? -1 : 1));
      return {
        train: t.train,
        latest: t.latest,
        releases: t.releases,
        springCloudBuild: build.version,
        builtAgainstBoot: buildPom.parent.version,
        bootLine: minorOf(buildPom.parent.version),
        modules,
      };
    }),
  };
}
