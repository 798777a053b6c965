// Which published artifacts the Boot 3.x derivation reads, release by release. Kept apart from the
// analyses so that resolving (online) and reading (offline, in the test) ask for the same list.
import type { Artifact } from './maven.js';
import type { Bom } from './bom.js';
import { versionOrder } from '../../src/table/versions.js';

export const BOOT = 'org.springframework.boot';
export const CLOUD = 'org.springframework.cloud';
export const BOOT_BOM = 'spring-boot-dependencies';
export const CLOUD_BOM = 'spring-cloud-dependencies';

/**
 * The Boot jars whose contents the data reads: configuration metadata (the first six and Docker
 * Compose / Testcontainers support carry it) and the public types each release has. Starters are
 * empty; build tools and processors are not on an application's class path.
 */
export const RUNTIME_MODULES = [
  'spring-boot',
  'spring-boot-autoconfigure',
  'spring-boot-actuator',
  'spring-boot-actuator-autoconfigure',
  'spring-boot-devtools',
  'spring-boot-test',
  'spring-boot-test-autoconfigure',
  'spring-boot-docker-compose',
  'spring-boot-testcontainers',
  'spring-boot-loader',
  'spring-boot-loader-classic',
];

/** A Boot 3.x release line up to 3.5 (the targets this tool supports), GA versions only. */
export const TARGET_RELEASE = /^3\.[0-5]\.\d+$/;
/** The Spring Cloud trains built for Boot 3.0 to 3.5, GA versions only. */
export const CLOUD_TRAIN_RELEASE = /^202[2-5]\.0\.\d+$/;


export function minorOf(version: string): string {
  return version.split('.').slice(0, 2).join('.');
}

export function bomArtifact(version: string): Artifact {
  return { groupId: BOOT, artifactId: BOOT_BOM, version, type: 'pom' };
}

export function cloudBomArtifact(version: string): Artifact {
  return { groupId: CLOUD, artifactId: CLOUD_BOM, version, type: 'pom' };
}

/** The Boot modules of `RUNTIME_MODULES` that a release publishes (its BOM manages them). */
export function modulesOf(bom: Bom): string[] {
  const managed = new Set(bom.managed.map((m) => m.coordinate));
  return RUNTIME_MODULES.filter((m) => managed.has(`${BOOT}:${m}`));
}

export function moduleJar(module: string, version: string, sources = false): Artifact {
  return { groupId: BOOT, artifactId: module, version, ...(sources ? { classifier: 'sources' } : {}) };
}

export interface Minor {
  minor: string;
  first: string;
  latest: string;
  releases: string[];
}

export function minors(releases: string[]): Minor[] {
  const by = new Map<string, string[]>();
  for (const r of releases) by.set(minorOf(r), [...(by.get(minorOf(r)) ?? []), r]);
  return [...by.entries()]
    .sort(([a], [b]) => versionOrder(a, b))
    .map(([minor, rs]) => {
      const sorted = rs.sort(versionOrder);
      return { minor, first: sorted[0]!, latest: sorted[sorted.length - 1]!, releases: sorted };
    });
}
