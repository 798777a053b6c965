// The `build` section: every coordinate row of maven-coordinates-3.0.json, every version property
// Boot 2.7.18 / 3.0.x manage, the Boot releases the data knows (with the Kotlin and
// dependency-management-plugin versions each manages) and the special cases (Jetty, r2dbc, fork).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type {
  BootParent,
  BootRelease,
  BuildSection,
  Coordinate,
  CoordinateRow,
  ImportedBomRow,
  ManagedGroupRow,
  ManagedVersion,
  VersionPropertyRow,
} from '../../src/table/sections/build.js';
import type { DataDir } from './data.js';
import { buildSpringCloud } from './build-cloud.js';
import { buildCodeGenerators, buildLibraries, buildTargetVersions } from './build-libraries.js';
import { buildEffectiveManagement, buildJakarta, jakartaTargetVersions, readDerived } from './build-jakarta.js';
import { buildJavaEeApis, buildOtherFrameworks } from './build-frameworks.js';

interface Library {
  name: string;
  version: string;
  versionProperty: string | null;
  groups: { groupId: string; modules?: (string | { name: string })[]; boms?: string[]; plugins?: string[] }[];
  versionIn3_0_0?: string;
}
interface DepsFile {
  source: { repository: string; path: string; tag: string; commit: string };
  libraries: Library[];
}
interface RawManaged {
  managed: boolean | 'via-bom';
  version?: string;
  versionProperty?: string | null;
  bom?: string;
}
interface RawEntry {
  from: Coordinate;
  to: Coordinate | null;
  action: CoordinateRow['action'];
  note: string;
  source: string;
  boot27: RawManaged;
  boot30?: RawManaged;
  alternativeTargets?: { to: Coordinate }[];
}
interface CoordinatesFile {
  entries: RawEntry[];
  versionProperties: {
    removed: { property: string; library: string; version27: string; suggestedReplacement: string | null }[];
    added: { property: string; library: string; version30: string }[];
    specialCases: { property: string; value: string | null; when: string; source: string }[];
  };
}

const COORDS = 'maven-coordinates-3.0.json';
/** Facts of the build rules that ../shared/data does not hold: the tool's own decisions, named as such. */
const OWN = "boot-upgrade's build rules; not in ../shared/data";

function managed(raw: RawManaged | undefined): ManagedVersion | undefined {
  if (!raw || !raw.managed) return undefined;
  return {
    ...(raw.version ? { version: raw.version } : {}),
    ...(raw.versionProperty ? { versionProperty: raw.versionProperty } : {}),
    ...(raw.managed === 'via-bom' ? { viaBom: true } : {}),
  };
}

function coordinateRow(e: RawEntry): CoordinateRow {
  const boot27 = managed(e.boot27);
  const boot30 = managed(e.boot30);
  return {
    from: e.from,
    to: e.to,
    action: e.action,
    note: e.note,
    ...(boot27 ? { boot27 } : {}),
    ...(boot30 ? { boot30 } : {}),
    ...(e.alternativeTargets?.length ? { alternatives: e.alternativeTargets.map((a) => a.to) } : {}),
    source: e.source,
  };
}

function bootLibrary(deps: DepsFile): Library {
  const lib = deps.libraries.find((l) => l.name === 'Spring Boot');
  if (!lib) throw new Error('spring-boot-dependencies data has no "Spring Boot" library');
  return lib;
}

function library(deps: DepsFile, name: string): Library {
  const lib = deps.libraries.find((l) => l.name === name);
  if (!lib) throw new Error(`${deps.source.tag}: no library "${name}"`);
  return lib;
}

/** Boot 3.0.13 and 3.0.0: the two releases the data gives versions for. */
function releases(deps30: DepsFile): BootRelease[] {
  const boot = bootLibrary(deps30);
  const kotlin = library(deps30, 'Kotlin');
  const dmp = library(deps30, 'Dependency Management Plugin');
  const src = `spring-boot-dependencies-3.0.json (${deps30.source.repository} ${deps30.source.path} @${deps30.source.tag}`;
  const out: BootRelease[] = [{ version: boot.version, kotlin: kotlin.version, dependencyManagementPlugin: dmp.version, source: `${src})` }];
  if (boot.versionIn3_0_0 && kotlin.versionIn3_0_0 && dmp.versionIn3_0_0) {
    out.push({ version: boot.versionIn3_0_0, kotlin: kotlin.versionIn3_0_0, dependencyManagementPlugin: dmp.versionIn3_0_0, source: `${src}, versionIn3_0_0)` });
  }
  return out;
}

function versionProperties(deps27: DepsFile, deps30: DepsFile, coords: CoordinatesFile): VersionPropertyRow[] {
  const rows = new Map<string, VersionPropertyRow>();
  const boot30 = bootLibrary(deps30);
  for (const l of deps27.libraries) {
    if (l.versionProperty) rows.set(l.versionProperty, { property: l.versionProperty, library: l.name, version27: l.version });
  }
  for (const l of deps30.libraries) {
    if (!l.versionProperty) continue;
    const row = rows.get(l.versionProperty) ?? { property: l.versionProperty, library: l.name };
    row.version30 = { [boot30.version]: l.version, ...(l.versionIn3_0_0 && boot30.versionIn3_0_0 ? { [boot30.versionIn3_0_0]: l.versionIn3_0_0 } : {}) };
    rows.set(l.versionProperty, row);
  }
  const r2dbc = coords.versionProperties.specialCases.find((s) => s.property === 'r2dbc-bom.version');
  for (const r of coords.versionProperties.removed) {
    const row = rows.get(r.property);
    if (!row) throw new Error(`${COORDS}: removed property ${r.property} is not a 2.7 version property`);
    if (row.version30) throw new Error(`${COORDS}: removed property ${r.property} still exists in 3.0`);
    row.successor = r.suggestedReplacement;
    if (r.property === 'r2dbc-bom.version' && r.suggestedReplacement) {
      // "(per module) r2dbc-spi.version / r2dbc-pool.version / ..." -> the property names, each checked against 3.0
      row.successors = [...r.suggestedReplacement.matchAll(/[a-z0-9-]+\.version/g)].map((m) => m[0]);
      for (const s of row.successors) if (!rows.get(s)?.version30) throw new Error(`${COORDS}: r2dbc successor ${s} is not a 3.0 property`);
      if (r2dbc) row.note = r2dbc.when;
    }
  }
  return [...rows.values()].sort((a, b) => (a.property < b.property ? -1 : 1));
}

/**
 * BOMs that spring-boot-dependencies 3.0.0 does not import: it listed those libraries' modules one
 * by one, and the import came in a later 3.0.x (the data has 3.0.13's groups only). Source: the
 * `<scope>import</scope>` dependencies of org.springframework.boot:spring-boot-dependencies:3.0.0:pom
 * (sha256 8ced2506a75cb5d0a30f14f9b95b6b5aa75bc9a6568db790f3da7b56adeeb495) against 3.0.13's, on
 * Maven Central. Giving them a 3.0.0 version would raise an imported BOM to a release that does not
 * exist: org.springframework.ws:spring-ws-bom:4.0.0 was never published.
 */
const NOT_IMPORTED_BY_3_0_0 = new Set(['org.springframework.amqp:spring-amqp-bom', 'org.springframework.ws:spring-ws-bom']);

/** Every BOM a Boot 3.0 library lists, with the library's version in each release the data knows that imports it. */
function importedBoms(deps30: DepsFile): ImportedBomRow[] {
  const boot = bootLibrary(deps30);
  const rows = new Map<string, ImportedBomRow>();
  for (const l of deps30.libraries) {
    for (const g of l.groups) {
      for (const artifactId of g.boms ?? []) {
        const key = `${g.groupId}:${artifactId}`;
        if (rows.has(key)) throw new Error(`spring-boot-dependencies-3.0.json: BOM ${key} listed by two libraries`);
        const in300 = l.versionIn3_0_0 && boot.versionIn3_0_0 && !(boot.versionIn3_0_0 === '3.0.0' && NOT_IMPORTED_BY_3_0_0.has(key));
        const version30 = { [boot.version]: l.version, ...(in300 ? { [boot.versionIn3_0_0!]: l.versionIn3_0_0! } : {}) };
        rows.set(key, { groupId: g.groupId, artifactId, library: l.name, ...(l.versionProperty ? { versionProperty: l.versionProperty } : {}), version30 });
      }
    }
  }
  if (rows.size === 0) throw new Error('spring-boot-dependencies-3.0.json: no library lists a BOM');
  return [...rows.values()].sort((a, b) => (`${a.groupId}:${a.artifactId}` < `${b.groupId}:${b.artifactId}` ? -1 : 1));
}

/**
 * groupIds that exactly one Boot 3.0 library lists (a shared groupId says nothing about the library),
 * except libraries versioned as a release train (Spring Data 2022.0.x, Reactor 2022.0.x): their
 * artifacts carry other versions.
 */
function managedGroups(deps30: DepsFile): ManagedGroupRow[] {
  const boot = bootLibrary(deps30);
  const owners = new Map<string, Library[]>();
  for (const l of deps30.libraries) for (const g of l.groups) owners.set(g.groupId, [...(owners.get(g.groupId) ?? []), l].filter((x, i, a) => a.indexOf(x) === i));
  const rows: ManagedGroupRow[] = [];
  for (const [groupId, libs] of owners) {
    if (libs.length !== 1) continue;
    const l = libs[0]!;
    if (/^\d{4}\./.test(l.version)) continue;
    rows.push({ groupId, library: l.name, version30: { [boot.version]: l.version, ...(l.versionIn3_0_0 && boot.versionIn3_0_0 ? { [boot.versionIn3_0_0]: l.versionIn3_0_0 } : {}) }, ...(l.versionProperty ? { versionProperty: l.versionProperty } : {}), ...groupMembers(l, groupId) });
  }
  return rows.sort((a, b) => (a.groupId < b.groupId ? -1 : 1));
}

/**
 * Which artifacts of a group are the library: the modules Boot lists (when no BOM manages more), or for a group managed only
 * through a BOM named `<group's last segment>-<project>-bom` the artifacts of that project; else
 * every artifact of the group (spring-framework-bom in org.springframework).
 */
function groupMembers(l: Library, groupId: string): Pick<ManagedGroupRow, 'modules' | 'artifactPrefix'> {
  const group = l.groups.find((g) => g.groupId === groupId)!;
  const modules = (group.modules ?? []).map((m) => (typeof m === 'string' ? m : m.name));
  // a BOM beside the modules manages more of the group than the modules name
  if (modules.length && !group.boms?.length) return { modules };
  const last = groupId.slice(groupId.lastIndexOf('.') + 1);
  for (const bom of group.boms ?? []) {
    const stem = bom.replace(/[-_]bom$/, '');
    if (stem.startsWith(`${last}-`)) return { artifactPrefix: stem };
  }
  return {};
}

export function buildBuild(data: DataDir): BuildSection {
  const deps27 = data.read<DepsFile>('spring-boot-dependencies-2.7.json');
  const deps30 = data.read<DepsFile>('spring-boot-dependencies-3.0.json');
  const coords = data.read<CoordinatesFile>(COORDS);
  const boot = bootLibrary(deps30);
  const bootGroup = boot.groups[0]!;
  const modules = (bootGroup.modules ?? []).map((m) => (typeof m === 'string' ? m : m.name));
  const must = (name: string, list: string[]) => {
    if (!list.includes(name)) throw new Error(`spring-boot-dependencies-3.0.json: Spring Boot does not list ${name}`);
    return name;
  };
  const kotlin = library(deps30, 'Kotlin');
  const dmp = library(deps30, 'Dependency Management Plugin');
  const jetty = coords.versionProperties.specialCases.find((s) => s.property === 'jakarta-servlet.version');
  if (!jetty?.value) throw new Error(`${COORDS}: no jakarta-servlet.version special case`);
  const jettyStarter = /spring-boot-starter-[a-z]+/.exec(jetty.when)?.[0];
  if (!jettyStarter) throw new Error(`${COORDS}: the Jetty special case names no starter`);
  const fork = data
    .read<{ fqcn: string; note: string; source: string }[] | { entries: { fqcn: string; note: string; source: string }[] }>('boot-3.0-removed-apis.json');
  const forkRow = (Array.isArray(fork) ? fork : fork.entries).find((e) => e.fqcn.startsWith('spring-boot-maven-plugin <fork>'));
  if (!forkRow) throw new Error('boot-3.0-removed-apis.json: no spring-boot-maven-plugin <fork> row');

  const shared = coords.entries.map(coordinateRow);
  const derived = readDerived();
  const jakarta = buildJakarta(derived, shared);
  const replaced = new Set(jakarta.rows.map((r) => `${r.from.groupId}:${r.from.artifactId}`));
  const coordinates = [...shared.filter((r) => !replaced.has(`${r.from.groupId}:${r.from.artifactId}`)), ...jakarta.rows];

  return {
    boot: {
      groupId: bootGroup.groupId,
      defaultVersion: boot.version,
      releases: releases(deps30),
      parents: ['spring-boot-starter-parent', must('spring-boot-dependencies', ['spring-boot-dependencies', ...modules, 'spring-boot-starter-parent'])],
      bom: 'spring-boot-dependencies',
      mavenPlugin: must('spring-boot-maven-plugin', bootGroup.plugins ?? []),
      gradlePlugin: { id: bootGroup.groupId, artifact: 'spring-boot-gradle-plugin' },
      dependencyManagementPlugin: {
        id: 'io.spring.dependency-management',
        groupId: dmp.groups[0]!.groupId,
        artifactId: (dmp.groups[0]!.modules?.[0] as string) ?? 'dependency-management-plugin',
      },
      kotlin: { groupId: kotlin.groups[0]!.groupId, pluginIdPrefix: `${kotlin.groups[0]!.groupId}.`, mavenPlugin: kotlin.groups[0]!.plugins?.[0] ?? 'kotlin-maven-plugin', versionProperty: kotlin.versionProperty! },
      starterPrefix: 'spring-boot-starter',
      propertiesMigrator: {
        groupId: bootGroup.groupId,
        artifactId: must('spring-boot-properties-migrator', modules),
        source: 'spring-boot-dependencies-3.0.json (Spring Boot modules); seed: "Migration aid" (runtime scope, remove after migration)',
      },
      source: `spring-boot-dependencies-3.0.json @${deps30.source.tag}; plugin ids io.spring.dependency-management / org.springframework.boot and the parent names: ${OWN}`,
    },
    bootParents: bootParents(),
    java: {
      version: 17,
      properties: ['java.version', 'maven.compiler.source', 'maven.compiler.target', 'maven.compiler.release'],
      source: 'seed §9 "Language runtime: Version 17 or later is required"; property names: ' + OWN,
    },
    gradle: { minimumVersion: '7.5', source: `${OWN} ("a wrapper older than 7.5 is raised (Boot 3.0's minimum)")` },
    coordinates: withBomRemovals(coordinates),
    versionProperties: versionProperties(deps27, deps30, coords),
    boms: importedBoms(deps30),
    jetty: {
      starter: { groupId: bootGroup.groupId, artifactId: must(jettyStarter, modules) },
      property: jetty.property,
      value: jetty.value,
      reason: jetty.when,
      source: jetty.source,
    },
    mavenPluginFork: { parameter: 'fork', note: forkRow.note, source: forkRow.source },
    springCloud: buildSpringCloud(data),
    libraries: buildLibraries(library(deps30, 'Lombok').version),
    targetVersions: [...buildTargetVersions(), ...jakartaTargetVersions(derived, coordinates, buildTargetVersions())],
    managedGroups: managedGroups(deps30),
    jakarta: jakarta.section,
    codeGenerators: buildCodeGenerators(),
    effectiveManagement: buildEffectiveManagement(derived, boot.version),
    otherFrameworks: buildOtherFrameworks(),
    javaEeApis: buildJavaEeApis(),
  };
}

/** Parents outside Spring Boot that carry Boot's version, as scripts/derive/boot-parents.ts read them from Maven Central. */
function bootParents(): BootParent[] {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '../derive/boot-parents.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { parents: BootParent[] }).parents;
}

/**
 * Artifacts a BOM Boot imports listed at its Boot 2.7 version that are not published at its Boot
 * 3.0 version, as scripts/derive/bom-removed-artifacts.ts read them from Maven Central: a build
 * keeping one does not resolve once Boot (or the library's version property) is raised, so each is
 * a manual row (no replacement is implied). Coordinates the data already has a row for keep it.
 */
function withBomRemovals(rows: CoordinateRow[]): CoordinateRow[] {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '../derive/bom-removed-artifacts.json');
  const derived = (JSON.parse(readFileSync(file, 'utf8')) as { artifacts: { groupId: string; artifactId: string; library: string; bom: string; version27: string; version30: string; source: string }[] }).artifacts;
  const known = new Set(rows.map((r) => `${r.from.groupId}:${r.from.artifactId}`));
  const added = derived
    .filter((d) => !known.has(`${d.groupId}:${d.artifactId}`))
    .map((d): CoordinateRow => ({
      from: { groupId: d.groupId, artifactId: d.artifactId },
      to: null,
      action: 'manual',
      note: `${d.groupId}:${d.artifactId} is in ${d.bom} ${d.version27} (Spring Boot 2.7) but has no ${d.version30} release (the ${d.library} version Spring Boot 3.0 manages): remove the dependency, or replace it with the ${d.library} ${d.version30.split('.')[0]}.x artifact that does its job`,
      source: d.source,
    }));
  return [...rows, ...added];
}
