// Dependency coordinates in Gradle scripts: string notation ('g:a:v', "g:a:${v}") and map notation
// (group: 'g', name: 'a'): renames, versions Boot 3.0 manages, removed and manual rows.
import { httpClient4String } from '../sources/httpclient5/httpclient5-switch.js';
import { httpClientKeptMessage, switchGradleHttpClient } from './httpclient-build.js';
import type { BuildToken } from '../../src/formats/groovy.js';
import type { CoordinateRow } from '../../src/table/sections/build.js';
import { bootLine, coordinateText, isLower, managedBefore, renamedVersionFollows, rowFor, rowMessage } from './facts.js';
import { bomTarget, bomVariable, importedBom, movingBom, trainAlreadyAssigned } from './gradle-boms.js';
import { otherCoordinate, otherMap, otherTemplated } from './gradle-libraries.js';
import { gradleActuator, sleuthBlocked } from './gradle-sleuth.js';
import { existsMessage, LIBRARY_RULE } from './libraries.js';
import { needsActuator } from './sleuth.js';
import { COORDINATE, raise, TEMPLATE_REF, setString, targetForCoordinate, versionVariable, type GradleRun } from './gradle-run.js';

const UNRESOLVED = '; it has no version and Boot 3.0 no longer manages it, so the build does not resolve until it is removed or given one';

// ---- coordinates --------------------------------------------------------------------------

export function coordinateString(run: GradleRun, t: BuildToken, i: number): void {
  const m = COORDINATE.exec(t.value);
  if (!m) return;
  if (run.httpclient?.from && httpClient4String(t.value, run.httpclient.from)) {
    if (run.httpclient.on) return switchGradleHttpClient(run, t, run.httpclient);
    if (run.httpclient.factory) run.out.report(LIBRARY_RULE, 'error', t.start, httpClientKeptMessage(run.httpclient));
  }
  const [, g, a, version, classifier] = m as unknown as [string, string, string, string | undefined, string | undefined];
  const base = t.contentStart!;
  const versionStart = base + g.length + 1 + a.length + 1;
  const target = run.boot3 ? undefined : targetForCoordinate(run.facts, g, a);
  if (target && version) raise(run, t, version, target, versionStart, versionStart + version.length);
  if (version && !run.boot3) importedBom(run, t, `${g}:${a}`, version, versionStart);
  const row = rowFor(run.facts, g, a);
  if (!row) return otherCoordinate(run, t, g, a, version, versionStart);
  const key = `${g}:${a}`;
  switch (row.action) {
    case 'rename': {
      const to = row.to!;
      if (sleuthBlocked(run, row, t)) return;
      if (needsActuator(run.facts, row)) gradleActuator(run, t, i);
      if (version && !renamedVersionFollows(run.facts, row)) return run.out.report('build/coordinates', 'warning', t.start, stuckMessage(row, version));
      if (g !== to.groupId || a !== to.artifactId) run.out.replace(base, base + g.length + 1 + a.length, `${to.groupId}:${to.artifactId}`, 'build/coordinates');
      renameVersion(run, t, row, version, versionStart, classifier);
      return;
    }
    case 'needs-version':
      if (run.boot3) return;
      return needsVersion(run, t, row, key, version, versionStart);
    case 'manual':
      // without a version, Boot 3.0's dependency management no longer gives it one: the build does not resolve
      run.out.report('build/removed-integration', version ? 'warning' : 'error', t.start, rowMessage(row) + (version ? '' : UNRESOLVED));
      return;
    case 'remove': {
      const line = wholeLineStatement(run, i);
      if (!line) return run.out.report('build/removed-dependency', version ? 'warning' : 'error', t.start, `remove this dependency: ${rowMessage(row)}${version ? '' : UNRESOLVED}`);
      run.out.replace(line.start, line.end, '', 'build/removed-dependency');
      run.out.report('build/removed-dependency', 'info', t.start, `removed ${rowMessage(row)}`);
    }
  }
}

/**
 * The line to delete when the dependency at tokens[i] is provably one whole statement on its own
 * line inside `dependencies { }`: `conf 'g:a:v'` or `conf('g:a:v')` / `conf("g:a")`, nothing else
 * on the line (no trailing block, comment or second argument), not the continuation of the line
 * before. Anything else is only reported: its extent is not certain.
 */
export function wholeLineStatement(run: Pick<GradleRun, 'tokens' | 'text' | 'model'>, i: number): { start: number; end: number } | undefined {
  const { tokens, text } = run;
  const paren = tokens[i - 1]?.type === 'open' && tokens[i - 1]!.value === '(';
  const confAt = paren ? i - 2 : i - 1;
  const conf = tokens[confAt];
  const last = paren ? tokens[i + 1] : tokens[i];
  if (conf?.type !== 'symbol' || !conf.lineStart || !last || (paren && last.value !== ')')) return undefined;
  if (tokens[confAt - 1]?.type === 'op' || [',', '(', '['].includes(tokens[confAt - 1]?.value ?? '')) return undefined;
  const after = tokens[tokens.indexOf(last, i) + 1];
  // The next token starts a new line and does not continue this statement (`.because(...)`, `{ ... }`).
  if (after && (!after.lineStart || after.value === '.' || after.value === '{' || after.value === '?.')) return undefined;
  if (!run.model.directlyIn(confAt, 'dependencies')) return undefined;
  const start = text.lastIndexOf('\n', conf.start - 1) + 1;
  const eol = /\r?\n|\r|$/.exec(text.slice(last.end))!;
  const end = last.end + eol.index + eol[0].length;
  // Only blanks around the statement on its line (a trailing comment is the user's: keep reporting).
  if (text.slice(start, conf.start).trim() !== '' || text.slice(last.end, last.end + eol.index).trim() !== '') return undefined;
  return { start, end };
}

function stuckMessage(row: CoordinateRow, version: string): string {
  const to = row.to!;
  return `${coordinateText(row.from)} -> ${coordinateText(to)}: its version ${version} is the old artifact's, which ${coordinateText(to)} does not have, and Boot 3.0 does not manage the new one; nothing renamed: replace the dependency with ${coordinateText(to)} at a version of the new artifact (${row.note})`;
}

function renameVersion(run: GradleRun, t: BuildToken, row: CoordinateRow, version: string | undefined, versionStart: number, classifier: string | undefined): void {
  const to = row.to!;
  const managed = run.facts.managedTarget.get(`${to.groupId}:${to.artifactId}`);
  const exists = run.facts.targetVersions.get(`${to.groupId}:${to.artifactId}`);
  if (version && !run.boot3) {
    if (managed && version !== managed) run.out.replace(versionStart, versionStart + version.length, managed, 'build/coordinates');
    else if (!managed && exists) {
      if (isLower(version, exists.version)) run.out.replace(versionStart, versionStart + version.length, exists.version, 'build/coordinates');
      if (isLower(version, exists.version)) run.out.report('build/coordinates', 'info', t.start, existsMessage(row, version, exists));
    }
    else if (!managed) run.out.report('build/coordinates', 'warning', t.start, `${coordinateText(row.from)} was renamed to ${coordinateText(to)}: version ${version} belonged to the old artifact and Boot 3.0 does not manage the new one; choose a version that exists (${row.note})`);
  }
  if (to.classifier && classifier !== to.classifier) {
    if (version && !classifier) run.out.insert(versionStart + version.length, `:${to.classifier}`, 'build/coordinates');
    else run.out.report('build/coordinates', 'warning', t.start, `${coordinateText(to)}: Boot 3.0 needs classifier ${to.classifier}; Gradle string notation needs a version before it — use map notation (classifier: '${to.classifier}')`);
  }
}

function needsVersion(run: GradleRun, t: BuildToken, row: CoordinateRow, key: string, version: string | undefined, versionStart: number): void {
  const managed = run.facts.managedTarget.get(key);
  if (managed) {
    if (version && isLower(version, managed)) run.out.replace(versionStart, versionStart + version.length, managed, 'build/needs-version');
    return;
  }
  if (!version && row.boot27?.version) run.out.insert(t.contentEnd!, `:${row.boot27.version}`, 'build/needs-version');
  run.out.report('build/needs-version', row.boot27?.version || version ? 'warning' : 'error', t.start, `${key} is no longer managed by ${bootLine(run.facts)}${managedBefore(run.facts, row)}. ${row.note}`);
}

/**
 * `"org.springframework.boot:spring-boot-gradle-plugin:${springBootVersion}"`, and any `"g:a:$v"`
 * whose group and artifact are plain text: a table row applies to them like to a literal one
 * (the constant g:a is renamed in place); the version expression is the user's, so what it must
 * become is reported, never rewritten.
 */
export function templatedCoordinate(run: GradleRun, t: BuildToken): void {
  const raw = run.text.slice(t.contentStart!, t.contentEnd!);
  const m = /^([A-Za-z0-9_.-]+):([A-Za-z0-9_.-]+):(\$.*)$/.exec(raw);
  if (!m) return;
  const [, g, a, rest] = m as unknown as [string, string, string, string];
  // One variable, optionally followed by a classifier: `${v}` / `$v` / `${v}:jakarta`.
  const ref = new RegExp(`^(${TEMPLATE_REF})(?::([A-Za-z0-9_.-]+))?$`).exec(rest);
  const single = ref ? { expr: ref[1]!, name: (ref[2] ?? ref[3] ?? ref[4] ?? ref[5])!, classifier: ref[6] } : undefined;
  const expr = single?.expr ?? rest;
  const bom = movingBom(run, `${g}:${a}`);
  const target = run.boot3 ? undefined : (targetForCoordinate(run.facts, g, a) ?? (bom ? bomTarget(`${g}:${a}`, bom) : undefined));
  if (target?.bom && single && !single.classifier) bomVariable(run, t, `${g}:${a}`, bom!, single.name);
  else if (target && single && !single.classifier) versionVariable(run, t, single.name, target);
  else if (bom?.cloud && !single && !trainAlreadyAssigned(run, bom, expr)) run.out.report(bom.rule, 'warning', t.start, `${g}:${a} is imported with version ${expr}: ${bootLine(run.facts)} needs the ${run.facts.section.springCloud.train} train (latest ${bom.version}); set it there`);
  else if (bom && !bom.cloud && target && !single) run.out.report('build/imported-bom', 'warning', t.start, `${g}:${a} is imported with version ${expr}, which overrides the versions Spring Boot ${run.facts.target.version} manages; Boot 3.0 imports ${bom.version}: set it there`);
  const row = rowFor(run.facts, g, a);
  if (!row) return otherTemplated(run, t, g, a, expr);
  switch (row.action) {
    case 'rename':
      return templatedRename(run, t, row, g, a, expr, single ? (single.classifier ?? null) : undefined);
    case 'needs-version':
      if (!run.boot3 && !run.facts.managedTarget.has(`${g}:${a}`)) run.out.report('build/needs-version', 'warning', t.start, `${g}:${a} is no longer managed by ${bootLine(run.facts)}; its version comes from ${expr}: check it. ${row.note}`);
      return;
    case 'manual':
      run.out.report('build/removed-integration', 'warning', t.start, rowMessage(row));
      return;
    case 'remove':
      run.out.report('build/removed-dependency', 'warning', t.start, `remove this dependency: ${rowMessage(row)}`);
  }
}

/** classifier: the one after a single variable (null: none); undefined when the version is not one variable. */
function templatedRename(run: GradleRun, t: BuildToken, row: CoordinateRow, g: string, a: string, expr: string, classifier: string | null | undefined): void {
  const to = row.to!;
  if (sleuthBlocked(run, row, t)) return;
  const managed = run.facts.managedTarget.get(`${to.groupId}:${to.artifactId}`);
  const advice = managed ? `Boot 3.0 manages ${managed}: drop the version or set it there` : `Boot 3.0 does not manage the new one; choose a version that exists`;
  const needsClassifier = !!to.classifier && classifier !== to.classifier;
  const renamed = g !== to.groupId || a !== to.artifactId;
  if (renamed && !renamedVersionFollows(run.facts, row)) return run.out.report('build/coordinates', 'warning', t.start, stuckMessage(row, expr));
  if (renamed) {
    const base = t.contentStart!;
    run.out.replace(base, base + g.length + 1 + a.length, `${to.groupId}:${to.artifactId}`, 'build/coordinates');
    if (!run.boot3 && classifier === null && replaceOldVersion(run, t, row, g, a, expr)) return;
    if (!run.boot3) run.out.report('build/coordinates', 'warning', t.start, `${coordinateText(row.from)} was renamed to ${coordinateText(to)}: its version comes from ${expr}, which held the old artifact's version; ${advice} (${row.note})`);
  } else if (needsClassifier) {
    run.out.report('build/coordinates', 'warning', t.start, `${coordinateText(to)}: Boot 3.0 needs classifier ${to.classifier}${classifier === null ? ' (added)' : ''}; its version comes from ${expr}: the classifier exists from the version Boot 3.0 manages${managed ? ` (${managed})` : ''} (${row.note})`);
  }
  if (needsClassifier && classifier === null) run.out.insert(t.contentEnd!, `:${to.classifier}`, 'build/coordinates');
}

/**
 * `"old:artifact:${v}"` renamed: `v` held the old artifact's version, which the new one does not
 * have. The variable stays (it may version other things); the coordinate stops reading it: under
 * Boot's dependency management (plugin or BOM in this script) the version is dropped, else the one
 * Boot 3.0 manages (or the table's version for an unmanaged jakarta artifact) is written. False: left to report.
 */
function replaceOldVersion(run: GradleRun, t: BuildToken, row: CoordinateRow, g: string, a: string, expr: string): boolean {
  const to = row.to!;
  const key = `${to.groupId}:${to.artifactId}`;
  const managed = run.facts.managedTarget.get(key);
  const exists = run.facts.targetVersions.get(key);
  const underManagement = run.text.includes(run.facts.section.boot.dependencyManagementPlugin.id) || run.text.includes(run.facts.section.boot.bom);
  const exprStart = t.contentStart! + g.length + 1 + a.length + 1;
  if (run.text.slice(exprStart, t.contentEnd!) !== expr) return false;
  let what: string;
  if (managed && underManagement) {
    run.out.replace(exprStart - 1, t.contentEnd!, '', 'build/coordinates');
    what = `the version is left to Boot's dependency management (${managed})`;
  } else if (managed ?? exists) {
    const version = (managed ?? exists!.version)!;
    run.out.replace(exprStart, t.contentEnd!, version, 'build/coordinates');
    what = managed ? `set to ${managed}, the version Boot 3.0 manages` : `set to ${version}: ${exists!.note} (source: ${exists!.source})`;
  } else return false;
  run.out.report('build/coordinates', 'info', t.start, `${coordinateText(row.from)} was renamed to ${coordinateText(to)}: its version came from ${expr}, the old artifact's version, which ${coordinateText(to)} does not have; ${what}`);
  return true;
}

/** group: 'g', name: 'a', version: 'v' (Groovy) / group = "g", name = "a", version = "v" (Kotlin). */
export function mapNotation(run: GradleRun, i: number): void {
  const { tokens } = run;
  const field = (k: number, name: string) => tokens[k]?.type === 'symbol' && tokens[k]!.value === name && (tokens[k + 1]?.value === ':' || tokens[k + 1]?.value === '=') && tokens[k + 2]?.type === 'string' && !tokens[k + 2]!.templated ? tokens[k + 2] : undefined;
  const group = field(i, 'group');
  if (!group) return;
  const fields = new Map<string, BuildToken>();
  for (let k = i; k < Math.min(tokens.length, i + 16) && tokens[k]!.depth >= tokens[i]!.depth; k++) {
    for (const name of ['name', 'version', 'classifier']) {
      const f = field(k, name);
      if (f && !fields.has(name)) fields.set(name, f);
    }
  }
  const name = fields.get('name');
  if (!name) return;
  const row = rowFor(run.facts, group.value, name.value);
  const version = fields.get('version');
  const target = run.boot3 ? undefined : targetForCoordinate(run.facts, group.value, name.value);
  if (target && version) raise(run, version, version.value, target, version.contentStart!, version.contentEnd!);
  if (!row) return otherMap(run, group, name, version);
  if (row.action === 'rename' && row.to && sleuthBlocked(run, row, group)) return;
  if (row.action === 'rename' && row.to) {
    setString(run, group, row.to.groupId, 'build/coordinates');
    setString(run, name, row.to.artifactId, 'build/coordinates');
    const managed = run.facts.managedTarget.get(`${row.to.groupId}:${row.to.artifactId}`) ?? run.facts.targetVersions.get(`${row.to.groupId}:${row.to.artifactId}`)?.version;
    if (run.boot3) { /* the version is the 3.x build's own */ }
    else if (version && managed) setString(run, version, managed, 'build/coordinates');
    else if (version) run.out.report('build/coordinates', 'warning', group.start, `${coordinateText(row.from)} was renamed to ${coordinateText(row.to)}: version ${version.value} belonged to the old artifact; choose a version that exists (${row.note})`);
    if (row.to.classifier && fields.get('classifier')?.value !== row.to.classifier) run.out.report('build/coordinates', 'warning', group.start, `${coordinateText(row.to)}: add classifier '${row.to.classifier}'`);
  } else if (row.action === 'manual') run.out.report('build/removed-integration', version ? 'warning' : 'error', group.start, rowMessage(row) + (version ? '' : UNRESOLVED));
  else if (row.action === 'remove') run.out.report('build/removed-dependency', version ? 'warning' : 'error', group.start, `remove this dependency: ${rowMessage(row)}${version ? '' : UNRESOLVED}`);
  else if (row.action === 'needs-version' && !run.boot3) {
    const managed = run.facts.managedTarget.get(`${group.value}:${name.value}`);
    if (managed && version && isLower(version.value, managed)) setString(run, version, managed, 'build/needs-version');
    else if (!managed) run.out.report('build/needs-version', 'warning', group.start, `${group.value}:${name.value} is no longer managed by ${bootLine(run.facts)}${managedBefore(run.facts, row)}. ${row.note}`);
  }
}

