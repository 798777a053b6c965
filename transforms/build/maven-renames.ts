// build/maven, renamed coordinates: the new groupId/artifactId (and classifier), and a version the
// new artifact has. A rename never leaves a build that does not resolve: the old artifact's version
// is not written onto the new one, a <version> is dropped only where Boot 3.0's management (or the
// build's own) provably covers the new coordinates, a versionless dependency under management
// nobody can see (a third-party parent or BOM) gets the new artifact's version, and a <dependencies>
// block never ends with two entries for one artifact. Called from maven.ts.
import { child, elementLineSpan, indentUnit, lineIndent, textValue, type XmlElement } from '../../src/formats/xml.js';
import type { CoordinateRow } from '../../src/table/sections/build.js';
import { compareVersions, coordinateText, isLower, managedThroughBom, renamedVersionFollows, rowFor } from './facts.js';
import { existsMessage } from './libraries.js';
import { insertAfter, setValue, type PomRun } from './maven.js';
import { ensureActuator, propertyVersionFollows, renamedPropertyVersion } from './maven-libraries.js';
import { locallyManaged, resolveValue, singleProperty, type DepRef } from './pom-model.js';
import { blockedMessage, isSleuthRow, needsActuator, SLEUTH_RULE, sleuthUsers } from './sleuth.js';

const RULE = 'build/coordinates';

const keyOf = (c: { groupId: string; artifactId: string }) => `${c.groupId}:${c.artifactId}`;

/** The version a rename target has: Boot 3.0's, else the table's (a rename target Boot does not manage). */
export function targetVersion(run: PomRun, to: { groupId: string; artifactId: string }): string | undefined {
  return run.facts.managedTarget.get(keyOf(to)) ?? run.facts.targetVersions.get(keyOf(to))?.version;
}

/** A row with `onlyBelow` renames only a version below it (or none): from there on the artifact is on the jakarta line itself. */
export function renameApplies(row: CoordinateRow, version: string | undefined): boolean {
  if (!row.onlyBelow || version === undefined) return true;
  const order = compareVersions(version, row.onlyBelow);
  return order !== undefined && order < 0;
}

export function rename(run: PomRun, dep: DepRef, row: CoordinateRow): void {
  const to = row.to!;
  if (!renameApplies(row, resolveValue(run.models, textValue(run.text, dep.version)))) return;
  if (dep.kind !== 'exclusion' && isSleuthRow(run.facts, row)) {
    const users = sleuthUsers(run.ctx.project);
    if (users.length) return run.out.report(SLEUTH_RULE, 'error', dep.el.start, blockedMessage(row, users));
    if (needsActuator(run.facts, row) && dep.kind === 'dependency') ensureActuator(run, dep);
  }
  const g = textValue(run.text, dep.groupId);
  const a = textValue(run.text, dep.artifactId);
  if (!dep.groupId || !dep.artifactId || g === undefined || a === undefined || g.includes('${') || a.includes('${')) {
    run.out.report(RULE, 'warning', dep.el.start, `${coordinateText(row.from)} -> ${coordinateText(to)}: the coordinates come from properties or entities; rename them by hand`);
    return;
  }
  // A version that cannot come along (the old artifact's, which the new one does not have, with
  // nothing to raise it to) makes the rename a build that does not resolve: report, rename nothing.
  const stuck = dep.kind === 'exclusion' ? undefined : stuckVersion(run, dep, row);
  if (stuck) return run.out.report(RULE, 'warning', dep.el.start, stuck);
  const unmanaged = dep.kind === 'exclusion' || dep.version ? undefined : versionlessTarget(run, dep, row);
  if (unmanaged?.kind === 'none') return run.out.report(RULE, 'error', dep.el.start, unmanaged.message);
  if (duplicate(run, dep, row)) return;
  if (g !== to.groupId) setValue(run, dep.groupId, to.groupId, RULE, 'groupId');
  if (a !== to.artifactId) setValue(run, dep.artifactId, to.artifactId, RULE, 'artifactId');
  if (to.classifier && dep.kind !== 'exclusion') {
    const c = textValue(run.text, dep.classifier);
    if (!dep.classifier) insertAfter(run, dep.artifactId, `<classifier>${to.classifier}</classifier>`, RULE);
    else if (c !== to.classifier) run.out.report(RULE, 'warning', dep.classifier.start, `${coordinateText(to)}: Boot 3.0 needs classifier ${to.classifier}, this dependency has ${c ?? 'another one'}`);
  }
  if (dep.kind === 'dependency') companion(run, dep, row);
  if (unmanaged?.kind === 'version') {
    insertAfter(run, dep.classifier ?? dep.artifactId, `<version>${unmanaged.version}</version>`, RULE);
    run.out.report(RULE, 'info', dep.el.start, unmanaged.message);
    return;
  }
  if (dep.kind === 'exclusion' || !dep.version) return;
  const v = textValue(run.text, dep.version);
  if (v === undefined) return;
  if (run.boot3) return; // the version is the 3.x build's own
  const prop = singleProperty(v);
  if (prop) return renamedPropertyVersion(run, dep, row, prop); // mostly decided where it is defined
  const managed = run.facts.managedTarget.get(keyOf(to));
  const exists = run.facts.targetVersions.get(keyOf(to));
  if (managed) {
    if (v !== managed) setValue(run, dep.version, managed, RULE, 'version');
  } else if (exists) {
    // Boot 3.0 does not manage the new artifact, but the old version does not exist for it: the table's does.
    if (!v.includes('${') && isLower(v, exists.version)) {
      setValue(run, dep.version, exists.version, RULE, 'version');
      run.out.report(RULE, 'info', dep.version.start, existsMessage(row, v, exists));
    }
  } else {
    run.out.report(RULE, 'warning', dep.version.start, `${coordinateText(row.from)} was renamed to ${coordinateText(to)}: version ${v} belonged to the old artifact and Boot 3.0 does not manage the new one; choose a version that exists (${row.note})`);
  }
}

/**
 * Why a renamed dependency's version cannot follow it, or undefined when it can
 * (renamedVersionFollows, or a property that holds the version is raised where it is defined).
 */
function stuckVersion(run: PomRun, dep: DepRef, row: CoordinateRow): string | undefined {
  const to = row.to!;
  const v = textValue(run.text, dep.version);
  if (!dep.version || v === undefined || renamedVersionFollows(run.facts, row)) return undefined;
  const prop = singleProperty(v);
  if (prop && propertyVersionFollows(run, row, prop)) return undefined;
  const from = prop ? `\${${prop}} (${resolveValue(run.models, v) ?? 'unresolved'})` : v;
  return `${coordinateText(row.from)} -> ${coordinateText(to)}: its version ${from} is the old artifact's, which ${coordinateText(to)} does not have, and Boot 3.0 does not manage the new one; nothing renamed: replace the dependency with ${coordinateText(to)} at a version of the new artifact (${row.note})`;
}

type Versionless = { kind: 'managed' } | { kind: 'version'; version: string; message: string } | { kind: 'none'; message: string };

/**
 * A dependency without <version> keeps none after its rename only when something this run can see
 * manages the new coordinates: Boot 3.0 through the build's own Boot parent or BOM import (raised in
 * this run), or the build's own <dependencyManagement> (an entry of the new coordinates, or one of
 * the old that this run renames along with a version). Otherwise its version came from a parent or
 * BOM outside the repository, which still manages only the old coordinates: the new artifact's
 * version is written, or, when the data knows none, nothing is renamed and the build is reported.
 */
function versionlessTarget(run: PomRun, dep: DepRef, row: CoordinateRow): Versionless {
  const to = row.to!;
  const version = targetVersion(run, to);
  const local = locallyManaged(run.models);
  if (dep.kind === 'dependency') {
    if (run.bootManaged && (run.facts.managedTarget.has(keyOf(to)) || managedThroughBom(run.facts, to.groupId))) return { kind: 'managed' };
    if (local.has(keyOf(to)) || (local.has(keyOf(row.from)) && version !== undefined)) return { kind: 'managed' };
  }
  if (dep.kind === 'managed-dependency') return { kind: 'managed' }; // an entry without a version manages nothing to begin with
  // a rename within a group (cf-java-logging-support-servlet -> -servlet-jakarta): what managed the
  // old artifact is that group's BOM or the build's own management, which publish the group's line
  if (row.from.groupId === to.groupId && !row.boot27) return { kind: 'managed' };
  const where = run.bootManaged ? `Spring Boot ${run.facts.target.version} does not manage it` : `this build's version management comes from outside the repository (a parent or BOM that is not Spring Boot's), which manages only the old coordinates`;
  if (version) {
    return { kind: 'version', version, message: `${coordinateText(row.from)} was renamed to ${coordinateText(to)} ${version}: the dependency had no <version> and ${where}, so the new artifact's version is written (${row.note})` };
  }
  return {
    kind: 'none',
    message: `${coordinateText(row.from)} -> ${coordinateText(to)}: the dependency has no <version> and ${where}; the data knows no version of ${coordinateText(to)}, so nothing was renamed: declare ${coordinateText(to)} with a version that exists (${row.note})`,
  };
}

interface Shape {
  /** What makes two entries of one block the same dependency to Maven (type, classifier). */
  identity: string;
  scope: string;
  optional: boolean;
  /** Other children (exclusions, system path): an entry that has some says more than its coordinates. */
  extra: string[];
}

function shape(run: PomRun, d: DepRef): Shape {
  const text = (el: XmlElement | undefined) => (el ? (textValue(run.text, el) ?? '?') : '');
  const extra = d.el.children.filter((c) => !['groupId', 'artifactId', 'version', 'type', 'classifier', 'scope', 'optional'].includes(c.name)).map((c) => c.name);
  return { identity: `${text(d.type) || 'jar'}:${text(d.classifier)}`, scope: text(d.scope) || 'compile', optional: text(child(d.el, 'optional')) === 'true', extra };
}

/** The classpaths each scope puts an artifact on. */
const CLASSPATHS: Record<string, string[]> = { compile: ['compile', 'runtime', 'test'], provided: ['compile', 'test'], runtime: ['runtime', 'test'], test: ['test'], system: ['compile', 'test'] };

/** The kept entry does everything the removed one did: on every classpath it was, as visible to consumers, nothing else said. */
function covers(keeper: Shape, removed: Shape): boolean {
  const kept = CLASSPATHS[keeper.scope];
  const gone = CLASSPATHS[removed.scope];
  if (!kept || !gone || removed.extra.length) return false;
  return gone.every((c) => kept.includes(c)) && (removed.optional || !keeper.optional);
}

/**
 * A sibling in the same <dependencies> (or <exclusions>) block already is, or becomes in this run,
 * the rename's target (jaxb-impl renamed to jaxb-runtime beside a jaxb-runtime; hibernate-core and
 * hibernate-core-jakarta both becoming org.hibernate.orm:hibernate-core): this entry goes instead of
 * becoming a second one, when the two say the same (scope, optional, nothing else); otherwise
 * nothing is renamed and the finding says why. True when handled.
 */
function duplicate(run: PomRun, dep: DepRef, row: CoordinateRow): boolean {
  const target = keyOf(row.to!);
  const mine = shape(run, dep);
  const siblings = run.model.deps.filter((d) => d !== dep && d.kind === dep.kind && d.el.parent === dep.el.parent);
  let keeper: DepRef | undefined;
  for (const s of siblings) {
    const g = resolveValue(run.models, textValue(run.text, s.groupId));
    const a = resolveValue(run.models, textValue(run.text, s.artifactId));
    if (!g || !a || (dep.kind !== 'exclusion' && shape(run, s).identity !== mine.identity)) continue;
    if (`${g}:${a}` === target) {
      keeper = s;
      break;
    }
    // an earlier sibling renamed to the same target in this run is the one that stays
    const other = rowFor(run.facts, g, a);
    if (!keeper && s.el.start < dep.el.start && other?.action === 'rename' && other.to && keyOf(other.to) === target && renameApplies(other, resolveValue(run.models, textValue(run.text, s.version))) && (dep.kind === 'exclusion' || !stuckVersion(run, s, other))) keeper = s;
  }
  if (!keeper) return false;
  const line = lineOf(run.text, keeper.el.start);
  if (dep.kind !== 'exclusion' && !covers(shape(run, keeper), mine)) {
    run.out.report(RULE, 'warning', dep.el.start, `${coordinateText(row.from)} -> ${coordinateText(row.to!)}: line ${line} of this block already declares ${target}, with a scope, optional flag or content that does not cover this entry's; nothing renamed (two entries for one artifact): merge the two by hand`);
    return true;
  }
  const span = elementLineSpan(run.text, dep.el);
  run.out.replace(span.start, span.end, '', RULE);
  run.out.report(RULE, 'info', dep.el.start, `${coordinateText(row.from)} was renamed to ${target}, which line ${line} of this block already declares: this entry was removed rather than declared twice`);
  return true;
}

function lineOf(text: string, offset: number): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/**
 * An old artifact that held an API and its implementation (javax.servlet:jstl) renamed to the API
 * alone: the implementation is declared after it, with its scope, unless the block has it already.
 */
function companion(run: PomRun, dep: DepRef, row: CoordinateRow): void {
  const c = run.facts.section.jakarta.companions.find((x) => keyOf(x.from) === keyOf(row.from));
  if (!c) return;
  const impl = keyOf(c.implementation);
  const block = run.model.deps.filter((d) => d.kind === 'dependency' && d.el.parent === dep.el.parent);
  if (block.some((d) => `${resolveValue(run.models, textValue(run.text, d.groupId))}:${resolveValue(run.models, textValue(run.text, d.artifactId))}` === impl)) return;
  const managed = run.bootManaged && run.facts.managedTarget.has(impl);
  const scope = textValue(run.text, dep.scope);
  const indent = lineIndent(run.text, dep.el.start);
  const inner = dep.el.children[0] ? lineIndent(run.text, dep.el.children[0].start) : indent + indentUnit(run.text);
  const lines = [
    `<dependency>`,
    `${inner}<groupId>${c.implementation.groupId}</groupId>`,
    `${inner}<artifactId>${c.implementation.artifactId}</artifactId>`,
    ...(managed ? [] : [`${inner}<version>${c.version}</version>`]),
    ...(scope ? [`${inner}<scope>${scope}</scope>`] : []),
    `${indent}</dependency>`,
  ];
  run.out.insert(dep.el.end, `${run.eol}${indent}${lines.join(run.eol)}`, RULE);
  run.out.report(RULE, 'info', dep.el.start, `${c.note}: ${impl}${managed ? '' : ` ${c.version}`} added (source: ${c.source})`);
}
