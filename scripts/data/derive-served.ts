// `npm run derive-served`: the release each line from 3.1 on migrates to. A BOM can name a
// version of a Spring project that Maven Central does not serve (3.4.13 names spring-graphql
// 1.3.7), and a patch can lack Boot's own modules (spring-boot-starter-batch 3.5.13), so a line's
// target is its newest patch whose Spring versions, among the versions the table writes for that
// patch (scripts/versions/collect.ts), and every Boot module its BOM manages (the starters a build
// keeps without a version resolve at the parent's) all resolve: patches are tried newest first,
// each asked only for the versions it adds, with the HEAD requests test:versions makes.
// A third-party version the chosen patch's BOM names that Central does not serve (a jaybird
// classifier release, a Kotlin plugin marker) is recorded too: the table does not write it, the run
// leaves the user's version and says so. Output: data/boot-3x/served-3x.json, with its source.
import path from 'node:path';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildTable, defaultDataDir } from '../generate-table.js';
import { openDataDir } from '../table/data.js';
import { BOOT3X_DIR, type DepsFile } from '../table/targets.js';
import { tableForTarget } from '../../src/table/target.js';
import type { MigrationTable } from '../../src/table/types.js';
import { collectVersions, type BootLibraries, type TargetBoms, type VersionCheck } from '../versions/collect.js';
import { ask, pomUrl, REPOSITORY, type Answer } from '../test-versions.js';
import { servedTrain, type PomText, type ServedTrain } from './served-cloud.js';

export interface UnservedRow {
  release: string;
  coordinate: string;
  version: string;
  /** The version property of spring-boot-dependencies that names it, or the Gradle plugin id. */
  property?: string;
  pluginId?: string;
}
export interface ServedFile {
  source: string;
  lines: { minor: string; bomLatest: string; latest: string; skipped: { release: string; missing: string[] }[] }[];
  unserved: UnservedRow[];
  /** Each Spring Cloud train's releases with the starters Central lacks (served-cloud.ts). */
  cloud?: ServedTrain[];
}

/**
 * Boot's own modules at a patch: every org.springframework.boot coordinate the line's BOM manages
 * (the data lists each line's BOM at its latest patch; a line's patches manage the same modules).
 */
export function bootModuleChecks(managed: Record<string, string>, release: string): VersionCheck[] {
  return Object.keys(managed)
    .map((c) => c.split(':'))
    .filter((parts) => parts.length === 2 && parts[0] === 'org.springframework.boot')
    .map(([groupId, artifactId]) => ({ groupId: groupId!, artifactId: artifactId!, version: release, where: `spring-boot-dependencies:${release} (a Boot module it manages)` }));
}

/** The Spring projects' versions decide a patch; a third-party one that is missing is left to the user. */
export function decidesPatch(c: { groupId: string }): boolean {
  return c.groupId === 'org.springframework' || c.groupId.startsWith('org.springframework.');
}

/** Where a check's version comes from, for the table to leave it out: a version property or a Kotlin plugin id. */
export function unservedRow(release: string, c: VersionCheck): UnservedRow {
  const coordinate = `${c.groupId}:${c.artifactId}`;
  const property = new RegExp(`build\\.versionProperties\\[([^\\]]+)\\]\\.version30\\[${release.replace(/\./g, '\\.')}\\]`).exec(c.where)?.[1];
  const pluginId = /\.kotlin \(plugin id ([^)]+)\)/.exec(c.where)?.[1];
  return { release, coordinate, version: c.version, ...(property ? { property } : {}), ...(pluginId ? { pluginId } : {}) };
}

/**
 * The newest patch whose deciding versions resolve, newest first; `answer` is asked once per
 * coordinate and version. Returns the patch, the patches passed over (with what they miss) and
 * the chosen patch's missing third-party versions.
 */
export async function servedLatest(releases: string[], checksOf: (release: string) => VersionCheck[], answer: (c: VersionCheck) => Promise<Answer>) {
  const skipped: { release: string; missing: string[] }[] = [];
  for (const release of [...releases].reverse()) {
    const checks = checksOf(release);
    const answers = await Promise.all(checks.map(answer));
    const unknown = checks.filter((_, i) => typeof answers[i] === 'object');
    if (unknown.length) throw new Error(`${release}: no answer for ${unknown.map((c) => `${c.groupId}:${c.artifactId}:${c.version}`).join(', ')}`);
    const missing = checks.filter((_, i) => answers[i] === 'missing');
    if (missing.some(decidesPatch)) {
      skipped.push({ release, missing: missing.filter(decidesPatch).map((c) => `${c.groupId}:${c.artifactId}:${c.version}`) });
      continue;
    }
    return { latest: release, skipped, unserved: missing.map((c) => unservedRow(release, c)) };
  }
  throw new Error(`no release of ${releases[0]}'s line has every Spring version on ${REPOSITORY}`);
}

/** A small pool: at most `n` HEAD requests at once, each coordinate and version asked once. */
function cachedAsk(n: number): (c: VersionCheck) => Promise<Answer> {
  const cache = new Map<string, Promise<Answer>>();
  let running = 0;
  const queue: (() => void)[] = [];
  const slot = () => (running < n ? Promise.resolve(running++) : new Promise<void>((r) => queue.push(r)).then(() => running++));
  const free = () => {
    running--;
    queue.shift()?.();
  };
  return (c) => {
    const key = `${c.groupId}:${c.artifactId}:${c.version}`;
    let p = cache.get(key);
    if (!p) {
      p = slot().then(() => ask(c).finally(free));
      cache.set(key, p);
    }
    return p;
  };
}

/** POM texts fetched once each; a 404 is undefined, anything else stops the derivation. */
function pomText(): PomText {
  const cache = new Map<string, Promise<string | undefined>>();
  return (groupId, artifactId, version) => {
    const url = pomUrl({ groupId, artifactId, version, where: '' });
    let p = cache.get(url);
    if (!p) {
      p = fetch(url, { signal: AbortSignal.timeout(60_000) }).then(async (r) => {
        if (r.status === 404) return undefined;
        if (r.status !== 200) throw new Error(`${url}: HTTP ${r.status}`);
        return r.text();
      });
      cache.set(url, p);
    }
    return p;
  };
}

async function main(): Promise<number> {
  const dataDir = openDataDir(defaultDataDir());
  const deps = openDataDir(BOOT3X_DIR()).read<DepsFile>('spring-boot-dependencies-3x.json');
  // every patch as the BOMs list them, whatever an earlier run recorded
  process.env.BOOT_UPGRADE_ALL_PATCHES = '1';
  const table = buildTable(dataDir) as unknown as MigrationTable;
  const t = table.targets!;
  const depsFile = path.join(defaultDataDir(), 'spring-boot-dependencies-3.0.json');
  const data = existsSync(depsFile) ? (JSON.parse(readFileSync(depsFile, 'utf8')) as BootLibraries) : undefined;
  const targetBoms: TargetBoms = { managed: deps.managed, boms: deps.boms };
  // the versions a patch adds: the ones the table holds for that very release
  const lineManaged = (release: string) => {
    const latest = deps.minors.find((m) => m.releases.includes(release))?.latest;
    const managed = latest ? deps.managed[latest] : undefined;
    if (!managed) throw new Error(`${release}: spring-boot-dependencies-3x.json lists no BOM of its line`);
    return managed;
  };
  const checksOf = (release: string) => {
    const written = collectVersions(tableForTarget(table, release), data, targetBoms).checks.filter((c) => c.where.includes(`[${release}]`));
    const known = new Set(written.map((c) => `${c.groupId}:${c.artifactId}`));
    return [...written, ...bootModuleChecks(lineManaged(release), release).filter((c) => !known.has(`${c.groupId}:${c.artifactId}`))];
  };
  const answer = cachedAsk(8);
  const out: ServedFile = {
    source: `HEAD requests for the POM of every version the table writes for a patch (scripts/versions/collect.ts) and of every Boot module the patch's BOM manages on ${REPOSITORY}, ${new Date().toISOString().slice(0, 10)}; patches newest first; the Spring projects' versions (org.springframework*, Boot's modules among them) decide. Spring Cloud: each train's releases newest first, the spring-cloud-starter* artifacts its module BOMs manage (scripts/data/served-cloud.ts)`,
    lines: [],
    unserved: [],
  };
  for (const m of deps.minors) {
    if (m.minor === t.defaultVersion.split('.').slice(0, 2).join('.')) continue; // the 3.0 line is the hand-kept data's
    const r = await servedLatest(m.releases, checksOf, answer);
    out.lines.push({ minor: m.minor, bomLatest: m.latest, latest: r.latest, skipped: r.skipped });
    out.unserved.push(...r.unserved);
    console.log(`${m.minor}: ${r.latest}${r.skipped.length ? ` (passed over ${r.skipped.map((s) => `${s.release}: ${s.missing.join(', ')}`).join('; ')})` : ''}${r.unserved.length ? `; not served: ${r.unserved.map((u) => `${u.coordinate}:${u.version}`).join(', ')}` : ''}`);
  }
  const trains = openDataDir(BOOT3X_DIR()).read<{ trains: { train: string; latest: string; releases: string[] }[] }>('spring-cloud-trains-3x.json').trains;
  out.cloud = [];
  for (const train of trains) {
    const r = await servedTrain(train, pomText(), answer);
    out.cloud.push(r);
    const full = r.releases.find((x) => x.missing.length === 0)?.release;
    console.log(`Spring Cloud ${train.train}: ${r.releases.map((x) => `${x.release} (${x.missing.length} starters missing)`).join(', ')}; every starter served: ${full ?? 'no release'}`);
  }
  writeFileSync(path.join(BOOT3X_DIR(), 'served-3x.json'), JSON.stringify(out, null, 2) + '\n');
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
