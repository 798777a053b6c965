// Derives the facts for Boot targets beyond 3.0 (3.0.x to the latest 3.5.x) from the artifacts
// Maven Central publishes, into data/boot-3x/ (JSON + provenance; the README says what each file
// holds). Run: npm run derive-data [-- --offline] [--check]
//   --offline: resolve nothing; read what the local Maven repository holds (fails naming the first
//              missing artifact). The release lists come from the committed data, so a release
//              published later does not change what is read.
//   --check:   derive offline and compare with the committed files (everything but the date).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { packageRoot } from '../../src/table/load.js';
import { artifactFile, coordinate, ensureArtifacts, ReadLog, servedVersions, type Artifact } from './maven.js';
import { bomArtifact, BOOT, BOOT_BOM, CLOUD, CLOUD_BOM, cloudBomArtifact, CLOUD_TRAIN_RELEASE, minorOf, minors, TARGET_RELEASE, type Minor } from './artifacts.js';
import { parseBom, type Bom } from './bom.js';
import { deriveDependencies } from './derive-dependencies.js';
import { derivePropertySteps, metadataPlan } from './derive-properties.js';
import { deriveApiSteps, apiPlan } from './derive-apis.js';
import { deriveCloudTrains, cloudPlan } from './derive-cloud.js';
import { deriveFlyway, flywayPlan } from './derive-flyway.js';
import { deriveGradle, gradlePlan } from './derive-gradle.js';
import { deriveSecurityDsl, securityPlan } from './derive-security.js';
import { versionOrder } from '../../src/table/versions.js';

export const DATA_DIR = () => path.join(packageRoot(), 'data', 'boot-3x');

/** What every analysis gets: the releases, their BOMs, and reading through the provenance log. */
export interface Derivation {
  offline: boolean;
  log: ReadLog;
  releases: string[];
  minors: Minor[];
  cloudTrains: string[];
  bom(version: string): Bom;
  /** Resolves what is not in the local repository yet (unless offline); what stays missing is not served. */
  need(artifacts: Artifact[]): void;
  /** The artifact is in the local repository (after `need`: Central serves it). */
  has(a: Artifact): boolean;
  /** Reads a file: every read is logged with its SHA-256. */
  read(a: Artifact): Buffer;
  /**
   * A Boot module's jar for a release, or, when Central does not serve that one, the same module of
   * the nearest earlier patch of the minor (recorded in the provenance); undefined when none is served.
   */
  served(a: Artifact): Artifact | undefined;
  /** The substitutions `served` made: wanted coordinate -> the one read. */
  substitutions: Map<string, string>;
}

export interface Releases {
  boot: string[];
  cloud: string[];
}

function createDerivation(offline: boolean, releases: Releases): Derivation {
  const log = new ReadLog();
  const boms = new Map<string, Bom>();
  const d: Derivation = {
    offline,
    log,
    releases: releases.boot,
    minors: minors(releases.boot),
    cloudTrains: releases.cloud,
    bom(version) {
      let b = boms.get(version);
      if (!b) boms.set(version, (b = parseBom(log.read(bomArtifact(version)).toString('utf8'))));
      return b;
    },
    need(artifacts) {
      ensureArtifacts(artifacts, offline);
    },
    has: (a) => existsSync(artifactFile(a)),
    read: (a) => log.read(a),
    substitutions: new Map(),
    served(a) {
      if (d.has(a)) return a;
      const earlier = d.releases.filter((r) => minorOf(r) === minorOf(a.version) && versionOrder(r, a.version) < 0).reverse();
      const candidates = earlier.map((version) => ({ ...a, version }));
      d.need(candidates);
      const found = candidates.find((c) => d.has(c));
      if (found) d.substitutions.set(coordinate(a), coordinate(found));
      return found;
    },
  };
  return d;
}

function currentReleases(offline: boolean): Releases {
  if (offline) {
    const file = path.join(DATA_DIR(), 'spring-boot-dependencies-3x.json');
    if (!existsSync(file)) throw new Error(`${file}: missing; run npm run derive-data (online) first`);
    const deps = JSON.parse(readFileSync(file, 'utf8')) as { releases: string[]; cloudReleases: string[] };
    return { boot: deps.releases, cloud: deps.cloudReleases };
  }
  // a release is one whose BOM Central serves (spring-boot 3.5.6 is published, its BOM is not)
  const boot = servedVersions(BOOT, BOOT_BOM, '[3.0.0,3.6.0)', false).filter((v) => TARGET_RELEASE.test(v)).sort(versionOrder);
  const cloud = servedVersions(CLOUD, CLOUD_BOM, '[2022.0.0,2026.0.0)', false).filter((v) => CLOUD_TRAIN_RELEASE.test(v)).sort(versionOrder);
  return { boot, cloud };
}

/** Every output file, by name, as JSON values (the README and provenance are added by write). */
export function derive(offline: boolean, releases = currentReleases(offline)): { files: Record<string, unknown>; log: ReadLog; substitutions: Map<string, string> } {
  const d = createDerivation(offline, releases);
  d.need([...d.releases.map(bomArtifact), ...d.cloudTrains.map(cloudBomArtifact)]);
  // one resolution for everything the analyses read (a Maven start costs seconds)
  d.need([...metadataPlan(d), ...apiPlan(d), ...cloudPlan(d), ...flywayPlan(d), ...gradlePlan(d), ...securityPlan(d)]);
  const files: Record<string, unknown> = {
    'spring-boot-dependencies-3x.json': deriveDependencies(d),
    'spring-boot-properties-3x.json': derivePropertySteps(d),
    'boot-apis-3x.json': deriveApiSteps(d),
    'spring-cloud-trains-3x.json': deriveCloudTrains(d),
    'flyway-databases-3x.json': deriveFlyway(d),
    'gradle-3x.json': deriveGradle(d),
    'security-dsl-3x.json': deriveSecurityDsl(d),
  };
  return { files, log: d.log, substitutions: d.substitutions };
}

export function serialize(value: unknown): string {
  return JSON.stringify(value, null, 2) + '\n';
}

function provenance(log: ReadLog, substitutions: Map<string, string>, date: string): unknown {
  return {
    derived: date,
    notServedReadInstead: Object.fromEntries([...substitutions].sort()),
    by: 'scripts/data/derive-boot-3x.ts (npm run derive-data)',
    repository: 'Maven Central (the artifacts as published; read from the local Maven repository)',
    artifacts: log.list(),
  };
}

function main(): number {
  const { values } = parseArgs({ options: { offline: { type: 'boolean' }, check: { type: 'boolean' } } });
  const offline = Boolean(values.offline || values.check);
  const { files, log, substitutions } = derive(offline);
  const dir = DATA_DIR();
  if (values.check) {
    const stale = Object.entries(files).filter(([name, value]) => !existsSync(path.join(dir, name)) || readFileSync(path.join(dir, name), 'utf8') !== serialize(value));
    const prov = JSON.parse(readFileSync(path.join(dir, 'provenance.json'), 'utf8')) as { derived: string };
    if (readFileSync(path.join(dir, 'provenance.json'), 'utf8') !== serialize(provenance(log, substitutions, prov.derived))) stale.push(['provenance.json', null]);
    process.stderr.write(stale.length ? `data/boot-3x differs from what the artifacts give: ${stale.map(([n]) => n).join(', ')} (run npm run derive-data)\n` : 'data/boot-3x is what the artifacts give\n');
    return stale.length ? 1 : 0;
  }
  mkdirSync(dir, { recursive: true });
  for (const [name, value] of Object.entries(files)) writeFileSync(path.join(dir, name), serialize(value));
  writeFileSync(path.join(dir, 'provenance.json'), serialize(provenance(log, substitutions, new Date().toISOString().slice(0, 10))));
  process.stderr.write(`wrote ${Object.keys(files).length + 1} files to ${dir} (${log.list().length} artifacts read)\n`);
  return 0;
}

if (/derive-boot-3x\.[jt]s$/.test(process.argv[1] ?? '')) process.exit(main());
