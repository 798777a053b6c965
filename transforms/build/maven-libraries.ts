// build/maven, coordinates beyond Boot's rows: third-party library rows (build/library),
// Spring Cloud modules without a 2022.0 release (build/spring-cloud-module), the actuator starter
// Micrometer Tracing needs (build/sleuth-tracing), and renamed dependencies whose <version>
// property still holds the old artifact's version. Called from maven.ts.
import { elementLineSpan, indentUnit, lineIndent, textValue } from '../../src/formats/xml.js';
import type { CoordinateRow, LibraryRow } from '../../src/table/sections/build.js';
import { coordinateText, libraryFor } from './facts.js';
import { LIBRARY_RULE, libraryMessage, manualApplies, libraryTarget, libraryVariableMessage, libraryVersion } from './libraries.js';
import { expectedVersion, setValue, usesOfProperty, type PomRun } from './maven.js';
import { ownArtifacts, resolveValue, singleProperty, type DepRef } from './pom-model.js';
import { ACTUATOR, actuatorAddedMessage, actuatorMissingMessage, SLEUTH_RULE } from './sleuth.js';
import { CLOUD_MODULE_RULE, cloudModuleMessage } from './spring-cloud.js';
import { handVersionedGroupTarget, PINNED_LINE_RULE, pinnedLineMessage } from './hand-versioned.js';
import { JAKARTA_LINE_RULE, javaxLineMessage, javaxLineTarget } from './jakarta-line.js';
import { springfoxKeptNote, springfoxSwitchOn, switchMavenSpringfox } from './springfox-build.js';

/** Coordinates no Boot row names: a third-party library row, or a Spring Cloud module without a 2022.0 release. */
export function otherCoordinate(run: PomRun, dep: DepRef, g: string, a: string): void {
  // a module of this repository (a starter the repository publishes) is migrated by this run, whatever line its name had elsewhere
  if (ownArtifacts(run.ctx.project).has(`${g}:${a}`)) return;
  const lib = libraryFor(run.facts, g, a);
  if (lib) return library(run, dep, lib, `${g}:${a}`);
  const cloud = cloudModuleMessage(run.facts, g, a);
  if (cloud && dep.kind !== 'exclusion') run.out.report(CLOUD_MODULE_RULE, 'error', dep.el.start, cloud);
  else if (dep.kind !== 'exclusion' && dep.version && javaxLinePin(run, dep, g, a)) return;
  else if (!cloud && (dep.kind === 'dependency' || dep.kind === 'managed-dependency') && dep.version && run.bootManaged && !run.boot3) pinnedLine(run, dep, g, a);
}

/** A literal version of a Jakarta artifact below its first jakarta release (build/jakarta-line); a property is decided where it is defined. True when handled. */
function javaxLinePin(run: PomRun, dep: DepRef, g: string, a: string): boolean {
  const raw = textValue(run.text, dep.version);
  if (raw === undefined || raw.includes('${') || run.boot3) return false;
  const t = javaxLineTarget(run.ctx, g, a, raw);
  if (!t) return false;
  setValue(run, dep.version!, t.version, JAKARTA_LINE_RULE, 'version');
  run.out.report(JAKARTA_LINE_RULE, 'info', dep.el.start, javaxLineMessage(`version`, raw, t));
  return true;
}

/** A literal pin, in a Boot-managed pom, on the Boot 2 line of a library Boot 3.0 manages at a new line (build/pinned-line). */
function pinnedLine(run: PomRun, dep: DepRef, g: string, a: string): void {
  const boot = run.facts.section.boot;
  // Boot's own coordinates, Kotlin and the BOMs Boot imports have their rules (boot-version, kotlin-version, imported-bom)
  if (g === boot.groupId || g === boot.kotlin.groupId || run.facts.boms.has(`${g}:${a}`)) return;
  const raw = textValue(run.text, dep.version);
  if (raw === undefined || raw.includes('${')) return;
  const target = handVersionedGroupTarget(run.facts, [{ groupId: g, artifactId: a }], raw);
  if (!target) return;
  setValue(run, dep.version!, target.version, PINNED_LINE_RULE, 'version');
  run.out.report(PINNED_LINE_RULE, 'info', dep.el.start, pinnedLineMessage(run.facts, `${g}:${a} version`, raw, target));
}

/**
 * A rename row renames only when the version moves with it (a literal, or a property raised where it
 * is defined): new coordinates with the old line's version, or with none, would not resolve.
 */
function library(run: PomRun, dep: DepRef, row: LibraryRow, key: string): void {
  if (row.action === 'manual') {
    const switched = dep.kind !== 'exclusion' ? springfoxSwitchOn(run.ctx, row) : undefined;
    if (switched) return switchMavenSpringfox(run, dep, switched);
    if (dep.kind !== 'exclusion' && manualApplies(row, resolveValue(run.models, textValue(run.text, dep.version)))) run.out.report(LIBRARY_RULE, row.kept ?? 'warning', dep.el.start, libraryMessage(row, key) + springfoxKeptNote(run.ctx, row));
    return;
  }
  const raw = dep.version ? textValue(run.text, dep.version) : undefined;
  const prop = raw ? singleProperty(raw) : undefined;
  const value = prop ? resolveValue(run.models, raw) : raw;
  const literal = raw !== undefined && !prop && !raw.includes('${');
  const to = value === undefined || value.includes('${') ? undefined : libraryVersion(row, value);
  // a property is raised in the pom that defines it (properties()) when only such rows read it
  const follows = literal || (prop !== undefined && value !== undefined && (to === undefined || libraryTarget(run.facts, usesOfProperty(run, prop), value) !== undefined));
  if (dep.kind === 'exclusion') {
    if (row.action === 'rename') renameLibrary(run, dep, row, key);
    return;
  }
  if (!follows) {
    if (row.action === 'rename' || to) run.out.report(LIBRARY_RULE, 'error', dep.el.start, libraryVariableMessage(row, key, prop ? `\${${prop}}` : raw ?? 'outside this pom (no <version>)'));
    return;
  }
  if (row.action === 'rename' && !renameLibrary(run, dep, row, key)) return;
  if (literal && to) setValue(run, dep.version!, to, LIBRARY_RULE, 'version');
  if (to || row.action === 'rename') run.out.report(LIBRARY_RULE, 'info', dep.el.start, libraryMessage(row, key, value));
}

function renameLibrary(run: PomRun, dep: DepRef, row: LibraryRow, key: string): boolean {
  const g = textValue(run.text, dep.groupId);
  const a = textValue(run.text, dep.artifactId);
  if (!row.to || !dep.groupId || !dep.artifactId || g === undefined || a === undefined || g.includes('${') || a.includes('${')) {
    run.out.report(LIBRARY_RULE, 'warning', dep.el.start, `${libraryMessage(row, key)}; the coordinates come from properties or entities: rename them by hand`);
    return false;
  }
  if (g !== row.to.groupId) setValue(run, dep.groupId, row.to.groupId, LIBRARY_RULE, 'groupId');
  if (a !== row.to.artifactId) setValue(run, dep.artifactId, row.to.artifactId, LIBRARY_RULE, 'artifactId');
  return true;
}

/** Micrometer Tracing needs the actuator starter: added after the renamed dependency unless this pom or a parent declares it. */
export function ensureActuator(run: PomRun, dep: DepRef): void {
  const boot = run.facts.section.boot.groupId;
  const declared = run.models.some((m) => m.deps.some((d) => d.kind === 'dependency' && textValue(m.text, d.groupId) === boot && textValue(m.text, d.artifactId) === ACTUATOR));
  if (declared || run.actuatorAdded) return;
  run.actuatorAdded = true;
  if (!run.bootManaged) {
    run.out.report(SLEUTH_RULE, 'warning', dep.el.start, actuatorMissingMessage(boot, `<dependency> ${boot}:${ACTUATOR} at the Boot version`));
    return;
  }
  const indent = lineIndent(run.text, dep.el.start);
  const inner = dep.el.children[0] ? lineIndent(run.text, dep.el.children[0].start) : indent + indentUnit(run.text);
  const { eol } = run;
  const markup = [`<dependency>`, `${inner}<groupId>${boot}</groupId>`, `${inner}<artifactId>${ACTUATOR}</artifactId>`, `${indent}</dependency>`].join(eol);
  run.out.insert(dep.el.end, `${eol}${indent}${markup}`, SLEUTH_RULE);
  run.out.report(SLEUTH_RULE, 'info', dep.el.start, actuatorAddedMessage(boot));
}

/** The property that versions a renamed dependency is raised to the new artifact's version where it is defined. */
export function propertyVersionFollows(run: PomRun, row: CoordinateRow, prop: string): boolean {
  const to = row.to!;
  const key = `${to.groupId}:${to.artifactId}`;
  const uses = usesOfProperty(run, prop);
  const decided = uses.length > 0 ? expectedVersion(run.facts, uses, resolveValue(run.models, `\${${prop}}`)) : undefined;
  return decided !== undefined && decided === (run.facts.managedTarget.get(key) ?? run.facts.targetVersions.get(key)?.version);
}

/**
 * A renamed dependency whose <version> is a property: the pom that defines it raises it when every
 * reader agrees on the new version (properties()). When they do not, the property keeps serving
 * its other readers and this dependency leaves it (decidingUses): in a Boot-managed pom, a
 * <dependency> whose new artifact Boot manages drops its <version> (Boot's version applies); any
 * other entry — a <dependencyManagement> entry above all, where no version would override Boot's
 * with none — gets the new artifact's version written in place of the property.
 */
export function renamedPropertyVersion(run: PomRun, dep: DepRef, row: CoordinateRow, prop: string): void {
  const to = row.to!;
  if (propertyVersionFollows(run, row, prop) || !dep.version) return;
  const managed = run.facts.managedTarget.get(`${to.groupId}:${to.artifactId}`);
  const version = managed ?? run.facts.targetVersions.get(`${to.groupId}:${to.artifactId}`)?.version;
  const old = `its version came from \${${prop}}, the old artifact's version, which ${coordinateText(to)} does not have`;
  if (managed && run.bootManaged && dep.kind === 'dependency') {
    const span = elementLineSpan(run.text, dep.version);
    run.out.replace(span.start, span.end, '', 'build/coordinates');
    run.out.report('build/coordinates', 'info', dep.el.start, `${coordinateText(row.from)} was renamed to ${coordinateText(to)}: ${old}; <version> removed, Spring Boot ${run.facts.target.version} manages ${managed}`);
    return;
  }
  if (version && row.from.groupId !== to.groupId) {
    setValue(run, dep.version, version, 'build/coordinates', 'version');
    run.out.report('build/coordinates', 'info', dep.el.start, `${coordinateText(row.from)} was renamed to ${coordinateText(to)} ${version}: ${old} (other coordinates still read it), so the new artifact's version is written here${managed ? `, the one Spring Boot ${run.facts.target.version} manages` : ''}`);
    return;
  }
  run.out.report('build/coordinates', 'warning', dep.el.start, `${coordinateText(row.from)} was renamed to ${coordinateText(to)}: its version comes from \${${prop}}, the old artifact's version, which ${coordinateText(to)} does not have; choose a version that exists (${row.note})`);
}
