// The `build.springCloud` rows: the Spring Cloud train Boot 3.0 needs and the modules that train
// dropped, read from spring-cloud-trains.json. The builder fails when the data contradicts itself.
import type { SpringCloudSection } from '../../src/table/sections/build.js';
import type { DataDir } from './data.js';

interface TrainsFile {
  source: string;
  trains: { train: string; codename: string; boot: string; latest?: string }[];
  bootToTrain: Record<string, string>;
  bom: { groupId: string; artifactId: string };
  modules: { module: string; in2021_0_9: string | null; in2022_0_5: string | null }[];
  removedIn2022_0: Record<string, string>;
}

const FILE = 'spring-cloud-trains.json';

export function buildSpringCloud(data: DataDir): SpringCloudSection {
  const f = data.read<TrainsFile>(FILE);
  const name = f.bootToTrain['3.0'];
  const train = f.trains.find((t) => t.train === name);
  if (!name || !train?.latest) throw new Error(`${FILE}: no train with a latest release for Boot 3.0`);
  if (!train.latest.startsWith(`${train.train}.`)) throw new Error(`${FILE}: latest ${train.latest} is not a ${train.train} release`);
  const withoutRelease = f.modules
    .filter((m) => m.in2022_0_5 === null)
    .map((m) => {
      const note = f.removedIn2022_0[m.module];
      if (!note) throw new Error(`${FILE}: ${m.module} has no 2022.0 release but no note in removedIn2022_0`);
      return { module: m.module, note };
    });
  for (const m of Object.keys(f.removedIn2022_0)) {
    if (!withoutRelease.some((w) => w.module === m)) throw new Error(`${FILE}: removedIn2022_0 names ${m}, which has a 2022.0 release`);
  }
  return {
    groupId: f.bom.groupId,
    bom: { groupId: f.bom.groupId, artifactId: f.bom.artifactId },
    train: train.train,
    codename: train.codename,
    boot: train.boot,
    latest: train.latest,
    olderTrains: f.trains.filter((t) => t.train < train.train).map((t) => ({ train: t.train, codename: t.codename, boot: t.boot })),
    withoutRelease,
    source: `${FILE}: ${f.source}`,
  };
}
