// The `coherence` section: every library whose line Boot 3.0 moves to a new major (from the
// dependency management of Boot 2.7.18 and 3.0.x), and the Spring Cloud release train that Boot
// 3.0 needs (spring-cloud-trains.json). A build still pinning one below its minimum does not
// build or start on Boot 3.0; transforms/coherence reports it at the line to change.
import type { CoherenceLibrary, CoherenceSection } from '../../src/table/sections/coherence.js';
import type { DataDir } from './data.js';

interface Library {
  name: string;
  version: string;
  versionProperty: string | null;
  groups: { groupId: string; modules?: (string | { name: string })[]; boms?: string[]; plugins?: string[] }[];
}
interface DepsFile {
  source: { repository: string; path: string; tag: string };
  libraries: Library[];
}
interface SpecialCase {
  property: string;
  value: string | null;
  when: string;
}
interface Trains {
  source: string;
  trains: { train: string; codename: string; latest?: string }[];
  bootToTrain: Record<string, string>;
  bom: { groupId: string; artifactId: string };
}

const major = (v: string) => Number(/^(\d+)/.exec(v)?.[1] ?? NaN);

function coordinates(lib: Library): string[] {
  const out = new Set<string>();
  for (const g of lib.groups) {
    for (const m of g.modules ?? []) out.add(`${g.groupId}:${typeof m === 'string' ? m : m.name}`);
    for (const b of g.boms ?? []) out.add(`${g.groupId}:${b}`);
    for (const p of g.plugins ?? []) out.add(`${g.groupId}:${p}`);
  }
  return [...out].sort();
}

/** Libraries whose version in Boot 3.0 has a higher major than in Boot 2.7. */
function newMajors(deps27: DepsFile, deps30: DepsFile, special: SpecialCase[]): CoherenceLibrary[] {
  const old = new Map(deps27.libraries.map((l) => [l.name, l]));
  const source = `spring-boot-dependencies-2.7.json vs spring-boot-dependencies-3.0.json (${deps30.source.repository} ${deps30.source.path} @${deps27.source.tag} and @${deps30.source.tag})`;
  const rows: CoherenceLibrary[] = [];
  for (const lib of deps30.libraries) {
    const before = old.get(lib.name);
    if (!before || !(major(before.version) < major(lib.version))) continue;
    // a build plugin's major is the build's business, not a line Boot's runtime needs (Maven Deploy
    // Plugin 2.8.2 deploys a Boot 3 application as well as 3.1.1 does)
    if (lib.groups.every((g) => !g.modules?.length && !g.boms?.length)) continue;
    // A documented lower value (jakarta-servlet.version 5.0.0 with Jetty 11) is accepted too.
    const lowered = special.find((s) => s.property === lib.versionProperty && s.value);
    const minimum = `${Math.min(major(lib.version), lowered ? major(lowered.value!) : Infinity)}.0.0`;
    rows.push({
      library: lib.name,
      ...(lib.versionProperty ? { versionProperty: lib.versionProperty } : {}),
      coordinates: coordinates(lib),
      minimum,
      boot30: lib.version,
      boot27: before.version,
      source: lowered ? `${source}; minimum lowered: ${lowered.when}` : source,
    });
  }
  return rows;
}

function springCloud(trains: Trains): CoherenceLibrary {
  const train = trains.bootToTrain['3.0'];
  const at = trains.trains.findIndex((t) => t.train === train);
  const row = trains.trains[at];
  if (!train || !row?.latest) throw new Error('spring-cloud-trains.json: no train with a latest release for Boot 3.0');
  const previous = trains.trains[at - 1]?.latest;
  return {
    library: 'Spring Cloud',
    coordinates: [`${trains.bom.groupId}:${trains.bom.artifactId}`],
    minimum: `${train}.0`,
    boot30: row.latest,
    ...(previous ? { boot27: previous } : {}),
    // Trains were named (Hoxton.SR12) until 2020.0 "Ilford", the first numbered one.
    namedReleasesAreOlder: true,
    source: `spring-cloud-trains.json (${trains.source})`,
  };
}

export function buildCoherence(data: DataDir): CoherenceSection {
  const deps27 = data.read<DepsFile>('spring-boot-dependencies-2.7.json');
  const deps30 = data.read<DepsFile>('spring-boot-dependencies-3.0.json');
  const special = data.read<{ versionProperties: { specialCases: SpecialCase[] } }>('maven-coordinates-3.0.json').versionProperties.specialCases;
  return {
    libraries: [...newMajors(deps27, deps30, special), springCloud(data.read<Trains>('spring-cloud-trains.json'))],
    lockfileCommand: './gradlew dependencies --write-locks',
  };
}
