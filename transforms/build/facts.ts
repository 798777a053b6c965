// The build facts every build pass decides with, indexed once per table and target release.
// Facts come from the table (migration-table.json `build`); this module only indexes them.
import { tableIndex } from '../../src/table/load.js';
import { resolveTarget } from '../../src/table/target.js';
import type { MigrationTable } from '../../src/table/types.js';
import type { BootRelease, BuildSection, CoordinateRow, ImportedBomRow, LibraryRow, SpringCloudSection, TargetVersionRow, VersionPropertyRow } from '../../src/table/sections/build.js';
import { cloudBom, cloudModuleBoms } from './spring-cloud.js';
import { OptionError, type PassContext, type ProjectView } from '../../src/engine/types.js';
import { compareVersions, isLower, releaseOf } from '../../src/table/versions.js';

export const DOCS = 'https://github.com/spring-projects/spring-boot/wiki/Spring-Boot-3.0-Migration-Guide';

export interface BuildFacts {
  section: BuildSection;
  target: BootRelease;
  java: number;
  /** 'groupId:artifactId' -> row (the `from` side). */
  byFrom: Map<string, CoordinateRow>;
  /** groupId -> row for rows whose artifactId is '*'. */
  byGroup: Map<string, CoordinateRow>;
  /** 'groupId:artifactId' -> the version Boot 3.0 (target release) manages for it, from the coordinate rows. */
  managedTarget: Map<string, string>;
  props: Map<string, VersionPropertyRow>;
  /**
   * 'groupId:artifactId' of a BOM whose imported version must move with Boot: every BOM Boot 3.0
   * imports (build/imported-bom), and Spring Cloud's (build/spring-cloud-train, see spring-cloud.ts).
   */
  boms: Map<string, BomTarget>;
  /** 'groupId:artifactId' (or 'groupId:*') -> third-party library row (table `build.libraries`). */
  libraries: Map<string, LibraryRow>;
  /** 'groupId:artifactId' -> a version that exists for a rename target Boot 3.0 does not manage. */
  targetVersions: Map<string, TargetVersionRow>;
  /** groupId -> the one Boot 3.0 library that lists it, with its version in the target release and which of the group's artifacts it is. */
  groups: Map<string, ManagedGroup>;
  /** Version of a version property in the target release (undefined: not a 3.0 property). */
  propertyVersion(property: string): string | undefined;
}

export interface ManagedGroup {
  library: string;
  version: string;
  /** The artifact is this library (the group's listed modules, a BOM project's prefix, or the whole group). */
  has(artifactId: string | undefined): boolean;
}

/** A BOM import whose version moves: to `version`, when `below(current)`; findings under `rule`. */
export interface BomTarget {
  row: ImportedBomRow;
  version: string;
  rule: string;
  below(current: string): boolean;
  /** Spring Cloud's train: raised in any build that imports it (not only Boot-managed ones), reported in its own words. */
  cloud?: boolean;
  /** A Spring Cloud module's own BOM (spring-cloud-stream-dependencies), part of the train. */
  module?: boolean;
}

export class BuildOptionError extends OptionError {}

function section(table: MigrationTable): BuildSection {
  if (!table.build) throw new BuildOptionError('the migration table has no `build` section (run npm run generate-table)');
  return table.build;
}

/**
 * The Boot release to migrate to: --boot-version (a line such as 3.5 for its latest patch, or an
 * exact release; src/table/target.ts). The table a pass reads is already the target's
 * (tableForTarget), which lists the release among `boot.releases`.
 */
export function targetRelease(table: MigrationTable, option: unknown): BootRelease {
  const s = section(table);
  const wanted = resolveTarget(table, option);
  const release = s.boot.releases.find((r) => r.version === wanted);
  if (!release) throw new BuildOptionError(`--boot-version ${wanted}: the table was not composed for this release (tableForTarget)`);
  return release;
}

/** The artifactIds of Spring Cloud the repository's build files name (`spring-cloud-starter-config`). */
function cloudArtifactsNamed(project: ProjectView | undefined): Set<string> {
  const out = new Set<string>();
  for (const f of project?.ofKind('pom', 'gradle', 'gradle-kts', 'version-catalog') ?? []) for (const m of (f.text ?? '').matchAll(/\bspring-cloud-[a-z0-9]+(?:-[a-z0-9]+)*/g)) out.add(m[0]);
  return out;
}

/**
 * The train's release a run writes: where the table knows which starters each release Maven
 * Central serves (a later target's train), the newest release serving every Spring Cloud artifact
 * the repository names, with that release's module versions; when none does, the latest, with the
 * artifacts it lacks (build/spring-cloud-module reports them: no version is written that resolves).
 */
export function servedCloud(c: SpringCloudSection, named: Set<string>): SpringCloudSection {
  if (!c.served?.length) return c;
  const artifact = (coordinate: string) => coordinate.split(':')[1]!;
  const ok = c.served.find((r) => !r.missing.some((m) => named.has(artifact(m))));
  if (ok) return { ...c, latest: ok.release, modules: ok.modules };
  const latest = c.served.find((r) => r.release === c.latest) ?? c.served[0]!;
  return { ...c, unserved: latest.missing.map(artifact).filter((a) => named.has(a)) };
}

export function buildFacts(ctx: PassContext): BuildFacts {
  const target = targetRelease(ctx.table, ctx.options.bootVersion);
  const base = section(ctx.table);
  const cloudSection = base.springCloud.served ? servedCloud(base.springCloud, cloudArtifactsNamed(ctx.project)) : base.springCloud;
  const cloudKey = cloudSection === base.springCloud ? '' : `:${cloudSection.latest}:${cloudSection.unserved?.join(',') ?? ''}`;
  return tableIndex(ctx.table, `build-facts:${target.version}${cloudKey}`, (table) => {
    const s = cloudSection === base.springCloud ? section(table) : { ...section(table), springCloud: cloudSection };
    const byFrom = new Map<string, CoordinateRow>();
    const byGroup = new Map<string, CoordinateRow>();
    for (const row of s.coordinates) {
      if (row.from.artifactId === '*') byGroup.set(row.from.groupId, row);
      else byFrom.set(`${row.from.groupId}:${row.from.artifactId}`, row);
    }
    const props = new Map(s.versionProperties.map((p) => [p.property, p]));
    const propertyVersion = (p: string) => props.get(p)?.version30?.[target.version];
    const boms = new Map<string, BomTarget>();
    for (const row of s.boms) {
      const version = row.version30[target.version];
      if (version) boms.set(`${row.groupId}:${row.artifactId}`, { row, version, rule: 'build/imported-bom', below: (c) => isLower(c, version) });
    }
    const cloud = cloudBom(s.springCloud);
    boms.set(`${cloud.row.groupId}:${cloud.row.artifactId}`, cloud);
    for (const m of cloudModuleBoms(s.springCloud)) boms.set(`${m.row.groupId}:${m.row.artifactId}`, m);
    const managedTarget = new Map<string, string>();
    for (const row of s.coordinates) {
      const v = row.boot30?.versionProperty ? propertyVersion(row.boot30.versionProperty) : undefined;
      const version = v ?? (target.version === s.boot.defaultVersion ? row.boot30?.version : undefined);
      if (!version) continue;
      const c = row.to ?? (row.action === 'needs-version' ? row.from : undefined);
      if (c && c.artifactId !== '*') managedTarget.set(`${c.groupId}:${c.artifactId}`, version);
    }
    // a renamed artifact Boot 3.0 manages only through a BOM it imports (Jackson's jakarta variants
    // under jackson-bom): the BOM's version is the artifact's (one release of a project's modules)
    for (const row of s.coordinates) {
      const c = row.action === 'rename' ? row.to : undefined;
      const key = c ? `${c.groupId}:${c.artifactId}` : undefined;
      const bom = c && key && !managedTarget.has(key) && c.artifactId !== '*' ? bomOf(boms, c.groupId, true) : undefined;
      if (bom && key) managedTarget.set(key, bom.version);
    }
    // what Boot manages only through a BOM that a BOM it imports imports (zipkin-reporter-bom under brave-bom)
    if (target.version === s.effectiveManagement.release) {
      for (const c of s.effectiveManagement.coordinates) if (!managedTarget.has(`${c.groupId}:${c.artifactId}`)) managedTarget.set(`${c.groupId}:${c.artifactId}`, c.version);
    }
    const libraries = new Map(s.libraries.map((l) => [`${l.from.groupId}:${l.from.artifactId}`, l]));
    const targetVersions = new Map(s.targetVersions.map((t) => [`${t.coordinate.groupId}:${t.coordinate.artifactId}`, t]));
    const groups = new Map<string, ManagedGroup>();
    for (const g of s.managedGroups) {
      const version = g.version30[target.version];
      // an unknown artifact (a property use without one) counts only for a whole-group library
      const has = (a: string | undefined) => (g.modules ? a !== undefined && g.modules.includes(a) : g.artifactPrefix ? a !== undefined && a.startsWith(g.artifactPrefix) : true);
      if (version) groups.set(g.groupId, { library: g.library, version, has });
    }
    return { section: s, target, java: s.java.version, byFrom, byGroup, managedTarget, props, boms, libraries, targetVersions, groups, propertyVersion };
  });
}

/**
 * Boot 3.0 manages the artifact through a BOM it imports: its group is the BOM's group or below it
 * (`com.fasterxml.jackson.jakarta.rs` under jackson-bom's `com.fasterxml.jackson`).
 */
export function managedThroughBom(facts: BuildFacts, groupId: string): boolean {
  return bomOf(facts.boms, groupId, false) !== undefined;
}

/**
 * The BOM Boot 3.0 imports that manages a group: the BOM's group or below it. `sameVersion`: only a
 * BOM whose version is its modules' (not Spring Cloud's train nor a release train such as Reactor
 * 2022.0.x, whose modules carry other versions).
 */
function bomOf(boms: Map<string, BomTarget>, groupId: string, sameVersion: boolean): BomTarget | undefined {
  for (const [key, bom] of boms) {
    if (sameVersion && (bom.cloud || bom.module || Number(/^(\d+)/.exec(bom.version)?.[1] ?? 0) >= 1000)) continue;
    const bomGroup = key.slice(0, key.indexOf(':'));
    if (groupId === bomGroup) return bom;
    // below a specific group only: org.springframework's BOM does not manage org.springframework.cloud
    if (bomGroup.split('.').length >= 3 && groupId.startsWith(bomGroup + '.')) return bom;
  }
  return undefined;
}

/**
 * A renamed dependency's version can come along: Boot 3.0 manages the new artifact (directly or
 * through a BOM it imports), the table knows a version of it, or it stays in its group (modules of
 * one group share its version line). False: the old artifact's version would stay on an artifact
 * that never had it (javax.el-api 3.0.0 -> jakarta.el-api), so the rename is reported, not written.
 */
export function renamedVersionFollows(facts: BuildFacts, row: CoordinateRow): boolean {
  const to = row.to!;
  const key = `${to.groupId}:${to.artifactId}`;
  return row.from.groupId === to.groupId || facts.managedTarget.has(key) || facts.targetVersions.has(key) || managedThroughBom(facts, to.groupId);
}

export function rowFor(facts: BuildFacts, groupId: string, artifactId: string): CoordinateRow | undefined {
  return facts.byFrom.get(`${groupId}:${artifactId}`) ?? facts.byGroup.get(groupId);
}

export function libraryFor(facts: BuildFacts, groupId: string, artifactId: string): LibraryRow | undefined {
  return facts.libraries.get(`${groupId}:${artifactId}`) ?? facts.libraries.get(`${groupId}:*`);
}

export function isBootCoordinate(facts: BuildFacts, groupId: string): boolean {
  return groupId === facts.section.boot.groupId;
}

// the build passes' version order is the table's (src/table/versions.ts)
export { compareVersions, isLower };

/** The target's line for messages: 'Spring Boot 3.0' on the default target, 'Spring Boot 3.5' for 3.5.16. */
export function bootLine(facts: BuildFacts): string {
  return `Spring Boot ${facts.target.version.split('.').slice(0, 2).join('.')}`;
}

/** What a needs-version finding says of the version Boot managed before (2.7's, or the previous line's for a later minor). */
export function managedBefore(facts: BuildFacts, row: CoordinateRow): string {
  if (!row.boot27?.version) return '';
  const before = bootLine(facts) === 'Spring Boot 3.0' ? 'Boot 2.7 managed' : 'the line before managed';
  return ` (${before} ${row.boot27.version}; an explicit version is needed)`;
}

/**
 * Rules whose version must move for the build to compile and start on Boot 3.0 (Boot itself, Java
 * 17, Kotlin 1.7, the dependency-management plugin, the Cloud train, Jetty's Servlet API): one the
 * run cannot move is an error finding; other versions left as they are are warnings.
 */
const MUST_MOVE = new Set(['build/boot-version', 'build/java-version', 'build/kotlin-version', 'build/dependency-management-plugin', 'build/spring-cloud-train', 'build/jetty-servlet']);

/** The severity of a version the run had to leave as it is. */
export function keptVersionSeverity(rule: string): 'error' | 'warning' {
  return MUST_MOVE.has(rule) ? 'error' : 'warning';
}

/** A Boot version that is not yet 3.x (what this tool migrates from); a 3.0 milestone is on 3.x. */
export function isBoot2(version: string): boolean {
  return isLower(releaseOf(version), '3.0.0');
}

/** '1.8' -> 8, '11' -> 11, 'VERSION_1_8' handled by callers; undefined when not a Java version. */
export function javaLevel(value: string): number | undefined {
  const m = /^(?:1\.)?(\d+)$/.exec(value.trim());
  const level = m ? Number(m[1]) : undefined;
  return level !== undefined && level >= 5 && level < 100 ? level : undefined; // '1.0' is not a Java level
}

export function coordinateText(c: { groupId: string; artifactId: string; classifier?: string }): string {
  return `${c.groupId}:${c.artifactId}${c.classifier ? `:${c.classifier}` : ''}`;
}

/** The finding text for a manual or removed row: what the data says and the replacement it names. */
export function rowMessage(row: CoordinateRow): string {
  const to = row.to ? `; replacement: ${coordinateText(row.to)}` : '';
  const alt = row.alternatives?.length ? ` (other sources: ${row.alternatives.map(coordinateText).join(', ')})` : '';
  return `${coordinateText(row.from)}: ${row.note}${to}${alt}`;
}
