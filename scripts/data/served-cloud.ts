// Which starters of each Spring Cloud release Maven Central serves. A train's BOM (and its module
// BOMs) can be published while the modules' jars of that release are not (spring-cloud-starter-
// config 4.3.4 of 2025.0.3), and a build keeps its starters without a version, so they resolve at
// the train's: for every release, the `spring-cloud-starter*` artifacts its module BOMs manage that
// do not resolve. The run writes the newest release serving every starter the repository names
// (transforms/build/facts.ts). The module versions recorded are each release's (the table raises a
// hand-imported module BOM to them).
import { parseBom, resolvedVersion, type Bom } from './bom.js';
import { CLOUD, CLOUD_BOM } from './artifacts.js';
import { versionOrder } from '../../src/table/versions.js';
import type { VersionCheck } from '../versions/collect.js';
import type { Answer } from '../test-versions.js';

export interface ServedCloudRelease {
  release: string;
  /** The release's module versions (its BOM's imports): the table raises a hand-imported module BOM to them. */
  modules: { module: string; version: string }[];
  /** Its starters (groupId:artifactId:version) that Central does not serve. */
  missing: string[];
}

export interface ServedTrain {
  train: string;
  /** The train's newest release whose BOM Central serves (spring-cloud-trains-3x.json). */
  bomLatest: string;
  /** Every release up to bomLatest, newest first. */
  releases: ServedCloudRelease[];
}

/** A POM's text by coordinate, or undefined when the repository does not serve it. */
export type PomText = (groupId: string, artifactId: string, version: string) => Promise<string | undefined>;

/** The module BOMs a train release imports, with their versions. */
async function moduleBoms(release: string, pom: PomText): Promise<{ module: string; version: string; bom: Bom | undefined }[]> {
  const text = await pom(CLOUD, CLOUD_BOM, release);
  if (!text) throw new Error(`${CLOUD}:${CLOUD_BOM}:${release}: its BOM is not served`);
  const bom = parseBom(text);
  const out: { module: string; version: string; bom: Bom | undefined }[] = [];
  for (const imp of bom.imports) {
    const [groupId, artifactId] = imp.coordinate.split(':');
    const version = resolvedVersion(bom, imp);
    if (groupId !== CLOUD || !artifactId || !version) continue;
    const t = await pom(groupId, artifactId, version);
    out.push({ module: artifactId.replace(/-dependencies$/, ''), version, bom: t ? parseBom(t) : undefined });
  }
  return out.sort((a, b) => (a.module < b.module ? -1 : 1));
}

/** The starters a train release's module BOMs manage, each at its version (a module BOM not served is itself missing). */
export function starterChecks(release: string, modules: { module: string; version: string; bom: Bom | undefined }[]): VersionCheck[] {
  const checks: VersionCheck[] = [];
  for (const m of modules) {
    const where = `${CLOUD_BOM}:${release} (${m.module}-dependencies:${m.version})`;
    if (!m.bom) {
      checks.push({ groupId: CLOUD, artifactId: `${m.module}-dependencies`, version: m.version, where });
      continue;
    }
    for (const e of m.bom.managed) {
      const [groupId, artifactId, classifier] = e.coordinate.split(':');
      const version = resolvedVersion(m.bom, e);
      if (groupId !== CLOUD || !artifactId?.startsWith('spring-cloud-starter') || classifier || !version) continue;
      checks.push({ groupId, artifactId, version, where });
    }
  }
  return checks;
}

/** Every release of a train up to its latest, newest first, with the starters Central lacks; `answer` as in derive-served. */
export async function servedTrain(train: { train: string; latest: string; releases: string[] }, pom: PomText, answer: (c: VersionCheck) => Promise<Answer>): Promise<ServedTrain> {
  const out: ServedCloudRelease[] = [];
  const releases = train.releases.filter((r) => versionOrder(r, train.latest) <= 0).sort(versionOrder).reverse();
  for (const release of releases) {
    const modules = await moduleBoms(release, pom);
    const checks = starterChecks(release, modules);
    const answers = await Promise.all(checks.map(answer));
    const unknown = checks.filter((_, i) => typeof answers[i] === 'object');
    if (unknown.length) throw new Error(`${release}: no answer for ${unknown.map((c) => `${c.groupId}:${c.artifactId}:${c.version}`).join(', ')}`);
    const missing = checks.filter((_, i) => answers[i] === 'missing').map((c) => `${c.groupId}:${c.artifactId}:${c.version}`);
    out.push({ release, modules: modules.map(({ module, version }) => ({ module, version })), missing: [...new Set(missing)].sort() });
  }
  return { train: train.train, bomLatest: train.latest, releases: out };
}
