// Every version the migration table makes boot-upgrade write into a build (or name in a finding
// as the version to set), with the coordinate it is a version of and where in the table it sits.
// Versions that are not artifacts (the Gradle distribution, XML schema versions) and bounds that
// are never written (`below`, `minimum`) are listed apart with the reason.
import type { MigrationTable } from '../../src/table/types.js';

export interface VersionCheck {
  groupId: string;
  artifactId: string;
  version: string;
  /** Where the table holds it (`build.boms[jackson-bom].version30[3.0.13]`). */
  where: string;
}

export interface Apart {
  what: string;
  reason: string;
}

/** Kotlin plugin ids a Gradle build commonly applies under the table's `org.jetbrains.kotlin.` prefix (each one is raised with the rest). */
const KOTLIN_PLUGIN_IDS = ['jvm', 'plugin.spring', 'plugin.jpa', 'kapt', 'plugin.allopen', 'plugin.noarg'];
/** A row for a whole group (`org.spockframework:*`) is resolved on the group's principal artifact. */
const PRINCIPAL: Record<string, string> = { 'org.spockframework': 'spock-core' };

/** What spring-boot-dependencies-3.0.json (the data the table is built from) says of a library's artifacts. */
export interface BootLibraries {
  libraries: { versionProperty?: string; groups: { groupId: string; modules?: (string | { name: string })[]; plugins?: string[] }[] }[];
}

/** property -> the library's first module; groupId -> its first module or plugin. */
function dataIndex(data: BootLibraries | undefined) {
  if (!data) return { dataModules: undefined, dataGroups: undefined };
  const dataModules = new Map<string, { groupId: string; artifactId: string }>();
  const dataGroups = new Map<string, string>();
  for (const l of data.libraries) {
    for (const g of l.groups) {
      const first = [...(g.modules ?? []).map((m) => (typeof m === 'string' ? m : m.name)), ...(g.plugins ?? [])][0];
      if (!first) continue;
      if (l.versionProperty && !dataModules.has(l.versionProperty)) dataModules.set(l.versionProperty, { groupId: g.groupId, artifactId: first });
      if (!dataGroups.has(g.groupId)) dataGroups.set(g.groupId, first);
    }
  }
  return { dataModules, dataGroups };
}

/** What data/boot-3x/spring-boot-dependencies-3x.json says each line's latest BOM manages: release -> coordinate -> `property` or `=literal`. */
export interface TargetBoms {
  managed: Record<string, Record<string, string>>;
  boms: Record<string, Record<string, string>>;
}

/**
 * The module a property (or a group) versions in a later release's own BOM: the name of a property
 * can move to other artifacts (htmlunit.version: net.sourceforge.htmlunit, then org.htmlunit), so
 * the 3.0 data does not say. A `-core` module or the one named as the property is preferred (every
 * module of a library is published; a BOM also lists optional ones, hibernate-agroal).
 */
function targetModule(boms: TargetBoms | undefined, release: string, match: (groupId: string, ref: string) => boolean, stem: string): { groupId: string; artifactId: string } | undefined {
  // the data lists each later line's BOM at its latest patch; the patch Central serves (the line's
  // target, data/boot-3x/served-3x.json) manages the same artifacts. The 3.0 line's other patches
  // (3.0.0 imports no spring-ws-bom) are not read from 3.0.13's.
  const minor = (r: string) => r.split('.').slice(0, 2).join('.');
  const at = boms?.managed[release] ? release : Object.keys(boms?.managed ?? {}).find((r) => minor(r) === minor(release) && minor(r) !== '3.0');
  if (!boms || !at) return undefined;
  const managed = { ...boms.managed[at], ...boms.boms[at] };
  const found = Object.entries(managed)
    .map(([c, ref]) => ({ parts: c.split(':'), ref }))
    .filter(({ parts, ref }) => parts.length === 2 && match(parts[0]!, ref))
    .map(({ parts }) => ({ groupId: parts[0]!, artifactId: parts[1]! }))
    .sort((a, b) => (a.artifactId < b.artifactId ? -1 : 1));
  const rank = (a: { artifactId: string }) => (a.artifactId === stem ? 0 : a.artifactId === `${stem}-core` || a.artifactId === `${stem}-clients` ? 1 : a.artifactId.endsWith('-core') ? 2 : 3);
  return [...found].sort((a, b) => rank(a) - rank(b))[0];
}

export function collectVersions(table: MigrationTable, data?: BootLibraries, targetBoms?: TargetBoms): { checks: VersionCheck[]; apart: Apart[] } {
  const { dataModules, dataGroups } = dataIndex(data);
  const checks: VersionCheck[] = [];
  const apart: Apart[] = [];
  const add = (groupId: string, artifactId: string, version: string | undefined, where: string) => {
    if (!version) return;
    if (artifactId === '*') {
      const principal = PRINCIPAL[groupId];
      if (!principal) return apart.push({ what: `${groupId}:* ${version} (${where})`, reason: 'a row for a whole group, with no principal artifact to resolve it on' });
      artifactId = principal;
    }
    checks.push({ groupId, artifactId, version, where });
  };
  const build = table.build;
  if (!build) return { checks, apart };
  const boot = build.boot;
  for (const r of boot.releases) {
    const at = `build.boot.releases[${r.version}]`;
    for (const parent of boot.parents) add(boot.groupId, parent, r.version, `${at}.version (parent)`);
    if (!boot.parents.includes(boot.bom)) add(boot.groupId, boot.bom, r.version, `${at}.version (BOM)`);
    add(boot.groupId, boot.mavenPlugin, r.version, `${at}.version (Maven plugin)`);
    add(boot.groupId, boot.gradlePlugin.artifact, r.version, `${at}.version (Gradle plugin)`);
    add(boot.gradlePlugin.id, `${boot.gradlePlugin.id}.gradle.plugin`, r.version, `${at}.version (Gradle plugin marker)`);
    add(boot.propertiesMigrator.groupId, boot.propertiesMigrator.artifactId, r.version, `${at}.version (properties migrator)`);
    add(boot.kotlin.groupId, boot.kotlin.mavenPlugin, r.kotlin, `${at}.kotlin (Maven plugin)`);
    add(boot.kotlin.groupId, 'kotlin-gradle-plugin', r.kotlin, `${at}.kotlin (Gradle plugin)`);
    for (const id of KOTLIN_PLUGIN_IDS.filter((x) => !r.unservedPlugins?.includes(`${boot.kotlin.pluginIdPrefix}${x}`))) add(`${boot.kotlin.pluginIdPrefix}${id}`, `${boot.kotlin.pluginIdPrefix}${id}.gradle.plugin`, r.kotlin, `${at}.kotlin (plugin id ${boot.kotlin.pluginIdPrefix}${id})`);
    const dm = boot.dependencyManagementPlugin;
    add(dm.groupId, dm.artifactId, r.dependencyManagementPlugin, `${at}.dependencyManagementPlugin`);
    add(dm.id, `${dm.id}.gradle.plugin`, r.dependencyManagementPlugin, `${at}.dependencyManagementPlugin (plugin marker)`);
  }
  apart.push({ what: `Gradle ${build.gradle.minimumVersion} (build.gradle.minimumVersion, the wrapper's distributionUrl)`, reason: 'a Gradle distribution from services.gradle.org, not a Maven artifact; that host is not reachable here' });

  // A version property's coordinate: a row of the table that names one for the property (a BOM
  // only for the releases that import it), else the library's first module in the data the table
  // is generated from.
  const named = new Map<string, { groupId: string; artifactId: string }>();
  const note = (property: string | undefined, c: { groupId: string; artifactId: string } | undefined) => {
    if (property && c && c.artifactId !== '*' && !named.has(property)) named.set(property, c);
  };
  for (const c of table.coherence?.libraries ?? []) {
    const [groupId, artifactId] = (c.coordinates[0] ?? '').split(':');
    if (groupId && artifactId) note(c.versionProperty, { groupId, artifactId });
  }
  for (const c of build.coordinates) note(c.boot30?.versionProperty, c.to ?? c.from);
  const groupsByLibrary = new Map(build.managedGroups.map((g) => [g.library, g]));
  for (const v of build.versionProperties) {
    const group = groupsByLibrary.get(v.library);
    if (group?.modules?.length) note(v.property, { groupId: group.groupId, artifactId: group.modules[0]! });
  }
  // a BOM is a coordinate of the release only when that release imports it (Boot 3.0.0 imports no spring-ws-bom)
  const bomWithout = (c: { groupId: string; artifactId: string }, release: string) => build.boms.some((b) => b.groupId === c.groupId && b.artifactId === c.artifactId && !b.version30[release]);
  const coordinateFor = (property: string, release: string) =>
    [
      release === boot.defaultVersion ? undefined : targetModule(targetBoms, release, (_g, ref) => ref === property, property.replace(/\.version$/, '')),
      build.boms.find((b) => b.versionProperty === property && b.version30[release]),
      named.get(property),
      dataModules?.get(property),
    ].find((c) => c && !bomWithout(c, release));

  for (const c of build.coordinates) {
    const target = c.to ?? c.from;
    add(target.groupId, target.artifactId, c.boot30?.version, `build.coordinates[${c.from.groupId}:${c.from.artifactId}].boot30.version`);
  }
  for (const v of build.versionProperties) {
    for (const [release, version] of Object.entries(v.version30 ?? {})) {
      const c = coordinateFor(v.property, release);
      if (c) add(c.groupId, c.artifactId, version, `build.versionProperties[${v.property}].version30[${release}]`);
      else apart.push({ what: `${v.property}=${version} (build.versionProperties, ${v.library}, Boot ${release})`, reason: dataModules ? `neither the table nor the data names a module for this property that Boot ${release} manages` : 'the table names no coordinate for this property (and the data folder is not here)' });
    }
  }
  for (const b of build.boms) for (const [release, version] of Object.entries(b.version30)) add(b.groupId, b.artifactId, version, `build.boms[${b.artifactId}].version30[${release}]`);
  for (const g of build.managedGroups) {
    for (const [release, version] of Object.entries(g.version30)) {
      const later = release === boot.defaultVersion ? undefined : targetModule(targetBoms, release, (groupId, ref) => groupId === g.groupId && ref === g.versionProperty, g.groupId.split('.').at(-1)!);
      // a BOM of the group at this very version first (io.prometheus at 0.16.0 is simpleclient_bom's, not prometheus-metrics-bom's)
      const sameVersion = build.boms.find((b) => b.groupId === g.groupId && b.version30[release] === version)?.artifactId;
      const artifactId = sameVersion ?? later?.artifactId ?? g.modules?.[0] ?? build.boms.find((b) => b.groupId === g.groupId && b.version30[release])?.artifactId ?? dataGroups?.get(g.groupId);
      if (artifactId) add(g.groupId, artifactId, version, `build.managedGroups[${g.groupId}].version30[${release}]`);
      else apart.push({ what: `${g.groupId} ${version} (build.managedGroups, ${g.library}, Boot ${release})`, reason: `Boot ${release} imports no BOM of this group and neither the row nor the data names one of its modules (the data lists ${boot.defaultVersion}'s BOM)` });
    }
  }
  const jetty = build.jetty; // absent for a target on Jetty 12 (Boot 3.2+): nothing to pin
  const jettyCoordinate = jetty ? coordinateFor(jetty.property, boot.defaultVersion) : undefined;
  if (jetty && jettyCoordinate) add(jettyCoordinate.groupId, jettyCoordinate.artifactId, jetty.value, `build.jetty.value (${jetty.property})`);
  else if (jetty) apart.push({ what: `${jetty.property}=${jetty.value} (build.jetty)`, reason: 'no row of the table names a coordinate for this property' });

  const cloud = build.springCloud;
  add(cloud.bom.groupId, cloud.bom.artifactId, cloud.latest, 'build.springCloud.latest');
  for (const m of cloud.modules) add(cloud.groupId, `${m.module}-dependencies`, m.version, `build.springCloud.modules[${m.module}].version`);

  for (const l of build.libraries) {
    const c = l.to ?? l.from;
    const at = `build.libraries[${l.from.groupId}:${l.from.artifactId}]`;
    if (l.variant) for (const release of l.variant.releases) add(c.groupId, c.artifactId, `${release}${l.variant.suffix}`, `${at}.variant (${release})`);
    else add(c.groupId, c.artifactId, l.version, `${at}.version`);
    if (l.successor) {
      add(l.successor.groupId, l.successor.artifactId, l.successor.version, `${at}.successor`);
      add(l.successor.groupId, l.successor.reactiveArtifactId, l.successor.version, `${at}.successor (reactive)`);
    }
  }
  for (const g of build.codeGenerators ?? []) add(g.plugin.groupId, g.plugin.artifactId, g.since, `build.codeGenerators[${g.plugin.artifactId}].since (the version a finding says to set)`);
  for (const t of build.targetVersions) add(t.coordinate.groupId, t.coordinate.artifactId, t.version, `build.targetVersions[${t.coordinate.groupId}:${t.coordinate.artifactId}]`);
  for (const c of table.coherence?.libraries ?? []) {
    const [groupId, artifactId] = (c.coordinates[0] ?? '').split(':');
    if (groupId && artifactId) add(groupId, artifactId, c.boot30, `coherence.libraries[${c.library}].boot30 (the version a finding says to set)`);
  }
  for (const u of table.targets?.unserved ?? []) apart.push({ what: `${u.coordinate}:${u.version} (Boot ${u.release}'s BOM, ${u.property ?? u.pluginId})`, reason: 'Maven Central does not serve it: never written, the run leaves the user\'s version and reports it (targets.unserved)' });
  apart.push({ what: 'build.libraries[].below, coherence.libraries[].minimum', reason: 'bounds compared with, never written' });
  apart.push({ what: 'code.xmlDescriptors[].version', reason: 'XML schema versions of the Jakarta descriptors, not artifacts' });
  return { checks: dedupe(checks), apart };
}

/** The checks of several tables (the default target and each later line) as one list, each version once. */
export function mergeChecks(parts: { checks: VersionCheck[]; apart: Apart[] }[]): { checks: VersionCheck[]; apart: Apart[] } {
  const apart = new Map<string, Apart>();
  for (const p of parts) for (const a of p.apart) apart.set(a.what, a);
  return { checks: dedupe(parts.flatMap((p) => p.checks)), apart: [...apart.values()] };
}

/** One check per coordinate and version (the first place that writes it names it). */
function dedupe(checks: VersionCheck[]): VersionCheck[] {
  const seen = new Map<string, VersionCheck>();
  for (const c of checks) {
    const key = `${c.groupId}:${c.artifactId}:${c.version}`;
    const known = seen.get(key);
    if (known) known.where += `; ${c.where}`;
    else seen.set(key, { ...c });
  }
  return [...seen.values()];
}
