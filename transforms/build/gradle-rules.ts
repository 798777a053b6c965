// The Gradle rules, written once over the token stream both DSLs share (Groovy: good-enough-parser,
// Kotlin: tree-sitter-kotlin). Each rule looks for a short token pattern and replaces a string's
// content, a number or a symbol at its offsets.
import { detectEol, escapeRegExp } from '../../src/engine/text.js';
import type { BuildToken } from '../../src/formats/groovy.js';
import { lineIndent } from '../../src/formats/xml.js';
import { compareVersions, coordinateText, isBoot2, isLower, javaLevel, rowFor, rowMessage, type BuildFacts } from './facts.js';
import { DEPENDENCY_RULES, type PassOutput } from './out.js';
import { decideVersionProperty } from './version-property.js';
import type { CoordinateRow } from '../../src/table/sections/build.js';

export type Dsl = 'groovy' | 'kotlin';

export const GRADLE_RULES = [
  ...DEPENDENCY_RULES,
  'build/dependency-management-plugin',
  'build/gradle-main-class',
  'build/gradle-task-property',
  'build/gradle-build-info',
  'build/imported-bom',
];

export interface GradleRun {
  dsl: Dsl;
  text: string;
  tokens: BuildToken[];
  facts: BuildFacts;
  out: PassOutput;
  options: { addPropertiesMigrator?: unknown };
  /** Variables defined outside the script (gradle.properties); absent: none are known. */
  variables?: ExternalVariables;
  /** Set by migrateGradle: the script's Boot version is already 3.x (the 2.7 -> 3.0 version rules stay silent). */
  boot3?: boolean;
}

/**
 * Variables a script reads from outside itself. `defined` says whether the repository defines one
 * (the script then leaves it to the gradle.properties pass); `use` collects what each one versions.
 */
export interface ExternalVariables {
  defined(name: string): boolean;
  /** The value the repository gives it (the nearest gradle.properties), when known. */
  value?(name: string): string | undefined;
  use?(name: string, target: VersionTarget): void;
}

const COORDINATE = /^([A-Za-z0-9_.-]+):([A-Za-z0-9_.-]+)(?::([^:@\s]*))?(?::([A-Za-z0-9_.-]+))?(@[A-Za-z0-9]+)?$/;

export function migrateGradle(run: GradleRun): void {
  const { tokens } = run;
  run.boot3 = scriptOnBoot3(run);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type === 'symbol') {
      if (t.value === 'version') pluginVersion(run, i);
      else if (t.value === 'sourceCompatibility' || t.value === 'targetCompatibility' || t.value === 'jvmTarget' || t.value === 'release') compatibility(run, i);
      else if (t.value === 'JavaVersion' || t.value === 'JavaLanguageVersion' || t.value === 'jvmToolchain') javaCall(run, i);
      else if (t.value === 'ext' || t.value === 'extra' || t.value === 'set') extProperty(run, i);
      else if (t.value === 'group') mapNotation(run, i);
      else if (t.value === 'mainClassName') mainClassName(run, i);
      else if (t.value === 'buildInfo' || t.value === 'bootBuildImage' || t.value === 'BootBuildImage') taskBlock(run, i);
    } else if (t.type === 'string' && !t.templated) coordinateString(run, t, i);
    else if (t.type === 'string' && t.templated) templatedCoordinate(run, t);
  }
  if (!run.boot3) jetty(run);
  propertiesMigrator(run);
}

/**
 * True when the script already declares Boot 3.x: the Boot plugin's version (literal or a variable
 * the script assigns, else the one a gradle.properties of the repository gives) or a literal
 * org.springframework.boot coordinate version.
 */
function scriptOnBoot3(run: GradleRun): boolean {
  const { tokens, facts } = run;
  const boot = facts.section.boot;
  const isBoot3 = (v: string | undefined) => v !== undefined && compareVersions(v, '3.0.0') !== undefined && !isBoot2(v);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type === 'symbol' && t.value === 'version' && pluginIdBefore(tokens, i) === boot.gradlePlugin.id) {
      const j = argString(tokens, i + 1);
      const v = j >= 0 && !tokens[j]!.templated ? tokens[j]!.value : undefined;
      const name = j < 0 ? variableAt(run.text, tokens, i + 1) : tokens[j]!.templated && tokens[j]!.vars?.length === 1 ? tokens[j]!.vars![0] : undefined;
      if (isBoot3(v ?? (name ? variableValue(run, name) : undefined))) return true;
    } else if (t.type === 'string' && !t.templated) {
      const m = COORDINATE.exec(t.value);
      if (m && m[1] === boot.groupId && isBoot3(m[3])) return true;
    }
  }
  return false;
}

/** A variable's value: assigned in the script, else from the repository's gradle.properties. */
function variableValue(run: GradleRun, name: string): string | undefined {
  return findAssignment(run.tokens, name)?.value ?? run.variables?.value?.(name.replace(OWNER, ''));
}

// ---- helpers ------------------------------------------------------------------------------

function setString(run: GradleRun, t: BuildToken, value: string, rule: string): void {
  if (t.value !== value) run.out.replace(t.contentStart!, t.contentEnd!, value, rule);
}

/** Raises a version to its target; a Boot version below 2.7 also gets the guide's advice. */
function raise(run: GradleRun, at: BuildToken, current: string, target: VersionTarget, start: number, end: number): void {
  if (!target.applies(current)) return;
  run.out.replace(start, end, target.version, target.rule);
  if (target.rule === 'build/boot-version' && isLower(current, '2.7.0')) {
    run.out.report('build/boot-version', 'warning', at.start, `Spring Boot was ${current}: the guide asks to upgrade to the latest 2.7.x first, then to 3.0`);
  }
}

/** The string a call or assignment gives: 'x' | ('x') | = 'x' | = ("x") — index of the string token or -1. */
function argString(tokens: BuildToken[], i: number): number {
  let j = i;
  if (tokens[j]?.type === 'op' && tokens[j]!.value === '=') j++;
  if (tokens[j]?.type === 'open' && tokens[j]!.value === '(') j++;
  return tokens[j]?.type === 'string' ? j : -1;
}

/** The plugin id before `version`: id 'x' | id("x") | kotlin("jvm"). */
function pluginIdBefore(tokens: BuildToken[], i: number): string | undefined {
  let j = i - 1;
  if (tokens[j]?.type === 'close' && tokens[j]!.value === ')') j--;
  const id = tokens[j];
  if (id?.type !== 'string' || id.templated) return undefined;
  let k = j - 1;
  if (tokens[k]?.type === 'open' && tokens[k]!.value === '(') k--;
  const fn = tokens[k];
  if (fn?.type !== 'symbol') return undefined;
  if (fn.value === 'id') return id.value;
  if (fn.value === 'kotlin') return `org.jetbrains.kotlin.${id.value}`;
  return undefined;
}

export interface VersionTarget {
  version: string;
  rule: string;
  /** Only raise when the current version is lower (Boot: when it is not 3.x yet). */
  applies(current: string): boolean;
  /** build/imported-bom: the BOM (group:artifact) the variable versions. */
  bom?: string;
}

export function targetForPlugin(facts: BuildFacts, id: string): VersionTarget | undefined {
  const boot = facts.section.boot;
  if (id === boot.gradlePlugin.id) return { version: facts.target.version, rule: 'build/boot-version', applies: isBoot2 };
  if (id === boot.dependencyManagementPlugin.id) {
    const v = facts.target.dependencyManagementPlugin;
    return { version: v, rule: 'build/dependency-management-plugin', applies: (c) => isLower(c, v) };
  }
  if (id.startsWith(boot.kotlin.pluginIdPrefix)) return { version: facts.target.kotlin, rule: 'build/kotlin-version', applies: (c) => isLower(c, facts.target.kotlin) };
  return undefined;
}

export function targetForCoordinate(facts: BuildFacts, g: string, a: string): VersionTarget | undefined {
  const boot = facts.section.boot;
  if (g === boot.groupId) return { version: facts.target.version, rule: 'build/boot-version', applies: isBoot2 };
  if (g === boot.dependencyManagementPlugin.groupId && a === boot.dependencyManagementPlugin.artifactId) {
    const v = facts.target.dependencyManagementPlugin;
    return { version: v, rule: 'build/dependency-management-plugin', applies: (c) => isLower(c, v) };
  }
  if (g === boot.kotlin.groupId) return { version: facts.target.kotlin, rule: 'build/kotlin-version', applies: (c) => isLower(c, facts.target.kotlin) };
  return undefined;
}

const OWNER = /^(?:(?:project|rootProject|settings|ext|extra)\.)+/;

/**
 * A version given by a variable (`"${springBootVersion}"`): raise the variable where this file
 * assigns it; one defined in a gradle.properties is left to that file's pass; else report
 * (unless `quiet`: a Java level read from an unknown variable was never reported).
 */
function versionVariable(run: GradleRun, at: BuildToken, name: string, target: VersionTarget, quiet = false): void {
  const assigned = findAssignment(run.tokens, name);
  if (assigned) {
    raise(run, assigned, assigned.value, target, assigned.contentStart!, assigned.contentEnd!);
    return;
  }
  const short = name.replace(OWNER, '');
  if (run.variables?.defined(short)) {
    run.variables.use?.(short, target);
    return;
  }
  if (!quiet) run.out.report(target.rule, 'warning', at.start, `the version comes from ${name}, which is defined neither in this file nor in a gradle.properties of the repository: set it to ${target.version}`);
}

const NOT_VARIABLES = new Set(['true', 'false', 'null', 'it', 'this', 'version', 'id', 'kotlin']);
const CONVERSIONS = new Set(['toInteger', 'toInt', 'toString', 'get']);

/**
 * The project property read at tokens[j], if that is all the value is: `"${x}"` / `"$x"`, `x`,
 * `project.x`, `x.toInteger()`, `property("x")`, `findProperty("x")`, `providers.gradleProperty("x")`,
 * `extra["x"]` / `ext["x"]` (owners `project.`, `rootProject.`, `settings.` allowed).
 */
export function variableAt(text: string, tokens: BuildToken[], j: number): string | undefined {
  let t = tokens[j];
  if (t?.type === 'open' && t.value === '(') t = tokens[++j];
  if (!t) return undefined;
  if (t.type === 'string') {
    if (!t.templated) return undefined;
    const m = /^\$\{?\s*([A-Za-z_][\w.]*)\s*\}?$/.exec(text.slice(t.contentStart!, t.contentEnd!));
    return m?.[1];
  }
  if (t.type !== 'symbol') return undefined;
  let k = j;
  while (['project', 'rootProject', 'settings', 'providers'].includes(tokens[k]!.value) && tokens[k + 1]?.value === '.' && tokens[k + 2]?.type === 'symbol') k += 2;
  const head = tokens[k]!;
  const arg = tokens[k + 2];
  const keyed = arg?.type === 'string' && !arg.templated ? arg.value : undefined;
  if (['property', 'findProperty', 'gradleProperty'].includes(head.value) && tokens[k + 1]?.value === '(' && tokens[k + 3]?.value === ')') return keyed;
  if ((head.value === 'extra' || head.value === 'ext') && tokens[k + 1]?.value === '[' && tokens[k + 3]?.value === ']') return keyed;
  if (!/^[a-z_][\w]*$/.test(head.value) || NOT_VARIABLES.has(head.value)) return undefined;
  const next = tokens[k + 1];
  if (next?.value === '(' || next?.value === '[') return undefined;
  if (next?.value === '.' && !CONVERSIONS.has(tokens[k + 2]?.value ?? '')) return undefined;
  return head.value;
}

/** `name = 'v'`, `ext.name = 'v'`, `val name = "v"`, `set('name', 'v')`, `extra["name"] = "v"`. */
function findAssignment(tokens: BuildToken[], name: string): BuildToken | undefined {
  const short = name.replace(/^(project\.|rootProject\.|ext\.|extra\.)/, '');
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const qualified = tokens[i - 1]?.value === '.';
    const owner = tokens[i - 2]?.value ?? '';
    if (t.type === 'symbol' && t.value === short && tokens[i + 1]?.value === '=' && (!qualified || ['ext', 'extra', 'project', 'rootProject'].includes(owner))) {
      const s = tokens[i + 2];
      if (s?.type === 'string' && !s.templated) return s;
    }
    if (t.type === 'string' && t.value === short && (tokens[i - 1]?.value === '[' || tokens[i - 1]?.value === '(')) {
      const j = tokens[i + 1]?.value === ']' && tokens[i + 2]?.value === '=' ? i + 3 : tokens[i + 1]?.value === ',' ? i + 2 : -1;
      const s = j >= 0 ? tokens[j] : undefined;
      if (s?.type === 'string' && !s.templated) return s;
    }
  }
  return undefined;
}

// ---- plugins ------------------------------------------------------------------------------

function pluginVersion(run: GradleRun, i: number): void {
  if (run.boot3) return;
  const id = pluginIdBefore(run.tokens, i);
  if (!id) return;
  const target = targetForPlugin(run.facts, id);
  if (!target) return;
  const j = argString(run.tokens, i + 1);
  if (j < 0) {
    const name = variableAt(run.text, run.tokens, i + 1);
    if (name) versionVariable(run, run.tokens[i]!, name, target);
    return;
  }
  const v = run.tokens[j]!;
  if (v.templated) {
    if (v.vars?.length === 1) versionVariable(run, v, v.vars[0]!, target);
    return;
  }
  raise(run, v, v.value, target, v.contentStart!, v.contentEnd!);
}

// ---- coordinates --------------------------------------------------------------------------

function coordinateString(run: GradleRun, t: BuildToken, i: number): void {
  const m = COORDINATE.exec(t.value);
  if (!m) return;
  const [, g, a, version, classifier] = m as unknown as [string, string, string, string | undefined, string | undefined];
  const base = t.contentStart!;
  const versionStart = base + g.length + 1 + a.length + 1;
  const target = run.boot3 ? undefined : targetForCoordinate(run.facts, g, a);
  if (target && version) raise(run, t, version, target, versionStart, versionStart + version.length);
  if (version && !run.boot3) importedBom(run, t, `${g}:${a}`, version, versionStart);
  const row = rowFor(run.facts, g, a);
  if (!row) return;
  const key = `${g}:${a}`;
  switch (row.action) {
    case 'rename': {
      const to = row.to!;
      if (g !== to.groupId || a !== to.artifactId) run.out.replace(base, base + g.length + 1 + a.length, `${to.groupId}:${to.artifactId}`, 'build/coordinates');
      renameVersion(run, t, row, version, versionStart, classifier);
      return;
    }
    case 'needs-version':
      if (run.boot3) return;
      return needsVersion(run, t, row, key, version, versionStart);
    case 'manual':
      run.out.report('build/removed-integration', 'warning', t.start, rowMessage(row));
      return;
    case 'remove': {
      const line = wholeLineStatement(run, i);
      if (!line) return run.out.report('build/removed-dependency', 'warning', t.start, `remove this dependency: ${rowMessage(row)}`);
      run.out.replace(line.start, line.end, '', 'build/removed-dependency');
      run.out.report('build/removed-dependency', 'warning', t.start, `removed ${rowMessage(row)}`);
    }
  }
}

/**
 * The line to delete when the dependency at tokens[i] is provably one whole statement on its own
 * line inside `dependencies { }`: `conf 'g:a:v'` or `conf('g:a:v')` / `conf("g:a")`, nothing else
 * on the line (no trailing block, comment or second argument), not the continuation of the line
 * before. Anything else is only reported: its extent is not certain.
 */
function wholeLineStatement(run: GradleRun, i: number): { start: number; end: number } | undefined {
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
  if (!insideDependencies(tokens, confAt)) return undefined;
  const start = text.lastIndexOf('\n', conf.start - 1) + 1;
  const eol = /\r?\n|\r|$/.exec(text.slice(last.end))!;
  const end = last.end + eol.index + eol[0].length;
  // Only blanks around the statement on its line (a trailing comment is the user's: keep reporting).
  if (text.slice(start, conf.start).trim() !== '' || text.slice(last.end, last.end + eol.index).trim() !== '') return undefined;
  return { start, end };
}

/** True when tokens[k] stands directly in a `dependencies { }` block. */
function insideDependencies(tokens: BuildToken[], k: number): boolean {
  const depth = tokens[k]!.depth;
  for (let j = k - 1; j >= 0; j--) {
    const t = tokens[j]!;
    if (t.depth < depth - 1) return false;
    if (t.type === 'open' && t.depth === depth - 1) return t.value === '{' && tokens[j - 1]?.value === 'dependencies';
  }
  return false;
}

function renameVersion(run: GradleRun, t: BuildToken, row: CoordinateRow, version: string | undefined, versionStart: number, classifier: string | undefined): void {
  const to = row.to!;
  const managed = run.facts.managedTarget.get(`${to.groupId}:${to.artifactId}`);
  if (version && !run.boot3) {
    if (managed && version !== managed) run.out.replace(versionStart, versionStart + version.length, managed, 'build/coordinates');
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
  const known = row.boot27?.version ? ` (Boot 2.7 managed ${row.boot27.version}; an explicit version is needed)` : '';
  run.out.report('build/needs-version', row.boot27?.version || version ? 'warning' : 'error', t.start, `${key} is no longer managed by Spring Boot 3.0${known}. ${row.note}`);
}

/**
 * `"org.springframework.boot:spring-boot-gradle-plugin:${springBootVersion}"`, and any `"g:a:$v"`
 * whose group and artifact are plain text: a table row applies to them like to a literal one
 * (the constant g:a is renamed in place); the version expression is the user's, so what it must
 * become is reported, never rewritten.
 */
function templatedCoordinate(run: GradleRun, t: BuildToken): void {
  const raw = run.text.slice(t.contentStart!, t.contentEnd!);
  const m = /^([A-Za-z0-9_.-]+):([A-Za-z0-9_.-]+):(\$.*)$/.exec(raw);
  if (!m) return;
  const [, g, a, rest] = m as unknown as [string, string, string, string];
  // One variable, optionally followed by a classifier: `${v}` / `$v` / `${v}:jakarta`.
  const single = /^(\$(?:\{\s*([A-Za-z_][\w.]*)\s*\}|([A-Za-z_]\w*)))(?::([A-Za-z0-9_.-]+))?$/.exec(rest);
  const expr = single?.[1] ?? rest;
  const bom = run.boot3 ? undefined : run.facts.boms.get(`${g}:${a}`);
  const target = run.boot3 ? undefined : (targetForCoordinate(run.facts, g, a) ?? (bom && bootManagedScript(run) ? bomTarget(`${g}:${a}`, bom.version) : undefined));
  if (target?.rule === 'build/imported-bom' && single && !single[4]) bomVariable(run, t, `${g}:${a}`, target.version, (single[2] ?? single[3])!);
  else if (target && single && !single[4]) versionVariable(run, t, (single[2] ?? single[3])!, target);
  else if (bom && target && !single) run.out.report('build/imported-bom', 'warning', t.start, `${g}:${a} is imported with version ${expr}, which overrides the versions Spring Boot ${run.facts.target.version} manages; Boot 3.0 imports ${bom.version}: set it there`);
  const row = rowFor(run.facts, g, a);
  if (!row) return;
  switch (row.action) {
    case 'rename':
      return templatedRename(run, t, row, g, a, expr, single ? (single[4] ?? null) : undefined);
    case 'needs-version':
      if (!run.boot3 && !run.facts.managedTarget.has(`${g}:${a}`)) run.out.report('build/needs-version', 'warning', t.start, `${g}:${a} is no longer managed by Spring Boot 3.0; its version comes from ${expr}: check it. ${row.note}`);
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
  const managed = run.facts.managedTarget.get(`${to.groupId}:${to.artifactId}`);
  const advice = managed ? `Boot 3.0 manages ${managed}: drop the version or set it there` : `Boot 3.0 does not manage the new one; choose a version that exists`;
  const needsClassifier = !!to.classifier && classifier !== to.classifier;
  if (g !== to.groupId || a !== to.artifactId) {
    const base = t.contentStart!;
    run.out.replace(base, base + g.length + 1 + a.length, `${to.groupId}:${to.artifactId}`, 'build/coordinates');
    if (!run.boot3) run.out.report('build/coordinates', 'warning', t.start, `${coordinateText(row.from)} was renamed to ${coordinateText(to)}: its version comes from ${expr}, which held the old artifact's version; ${advice} (${row.note})`);
  } else if (needsClassifier) {
    run.out.report('build/coordinates', 'warning', t.start, `${coordinateText(to)}: Boot 3.0 needs classifier ${to.classifier}${classifier === null ? ' (added)' : ''}; its version comes from ${expr}: the classifier exists from the version Boot 3.0 manages${managed ? ` (${managed})` : ''} (${row.note})`);
  }
  if (needsClassifier && classifier === null) run.out.insert(t.contentEnd!, `:${to.classifier}`, 'build/coordinates');
}

/** group: 'g', name: 'a', version: 'v' (Groovy) / group = "g", name = "a", version = "v" (Kotlin). */
function mapNotation(run: GradleRun, i: number): void {
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
  if (!row) return;
  if (row.action === 'rename' && row.to) {
    setString(run, group, row.to.groupId, 'build/coordinates');
    setString(run, name, row.to.artifactId, 'build/coordinates');
    const managed = run.facts.managedTarget.get(`${row.to.groupId}:${row.to.artifactId}`);
    if (run.boot3) { /* the version is the 3.x build's own */ }
    else if (version && managed) setString(run, version, managed, 'build/coordinates');
    else if (version) run.out.report('build/coordinates', 'warning', group.start, `${coordinateText(row.from)} was renamed to ${coordinateText(row.to)}: version ${version.value} belonged to the old artifact; choose a version that exists (${row.note})`);
    if (row.to.classifier && fields.get('classifier')?.value !== row.to.classifier) run.out.report('build/coordinates', 'warning', group.start, `${coordinateText(row.to)}: add classifier '${row.to.classifier}'`);
  } else if (row.action === 'manual') run.out.report('build/removed-integration', 'warning', group.start, rowMessage(row));
  else if (row.action === 'remove') run.out.report('build/removed-dependency', 'warning', group.start, `remove this dependency: ${rowMessage(row)}`);
  else if (row.action === 'needs-version' && !run.boot3) {
    const managed = run.facts.managedTarget.get(`${group.value}:${name.value}`);
    if (managed && version && isLower(version.value, managed)) setString(run, version, managed, 'build/needs-version');
    else if (!managed) run.out.report('build/needs-version', 'warning', group.start, `${group.value}:${name.value} is no longer managed by Spring Boot 3.0${row.boot27?.version ? ` (Boot 2.7 managed ${row.boot27.version}; an explicit version is needed)` : ''}. ${row.note}`);
  }
}

// ---- imported BOMs ------------------------------------------------------------------------

/** A Gradle build that uses Boot: its plugin, a Boot coordinate or Boot's BOM. */
function bootManagedScript(run: GradleRun): boolean {
  return run.text.includes(run.facts.section.boot.groupId) || run.text.includes(run.facts.section.boot.bom);
}

function bomTarget(key: string, version: string): VersionTarget {
  return { version, rule: 'build/imported-bom', applies: (c) => isLower(c, version), bom: key };
}

/** `"g:bom:${v}"` / `"g:bom:$v"` of a BOM Boot imports: the BOM's key, else undefined. */
function bomImportOf(facts: BuildFacts, raw: string, name: string): string | undefined {
  const m = /^([A-Za-z0-9_.-]+:[A-Za-z0-9_.-]+):\$(?:\{\s*([A-Za-z_][\w.]*)\s*\}|([A-Za-z_]\w*))$/.exec(raw);
  if (!m || (m[2] ?? m[3])!.replace(OWNER, '') !== name || !facts.boms.has(m[1]!)) return undefined;
  return m[1];
}

/**
 * The version Boot imports for the BOMs that variable `name` versions, when every reference to it in
 * this script is such a BOM import (`"g:bom:${name}"`) and they agree on that version; undefined when
 * anything else reads it (another coordinate, a plugin, property("name"), an expression): raising it
 * would change those too. Its declarations (`name = …`, `ext.name = …`, `val name…`, `set("name", …)`,
 * `extra["name"] = …`) are not references.
 */
export function bomOnlyVersion(text: string, tokens: BuildToken[], facts: BuildFacts, name: string): string | undefined {
  const word = new RegExp(`(?<![\\w.])${escapeRegExp(name)}(?!\\w)`);
  const versions = new Set<string>();
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type === 'string' && t.templated) {
      const raw = text.slice(t.contentStart!, t.contentEnd!);
      if (!word.test(raw.replace(/(?:project|rootProject|ext|extra)\./g, ''))) continue;
      const key = bomImportOf(facts, raw, name);
      if (!key) return undefined;
      versions.add(facts.boms.get(key)!.version);
    } else if (t.type === 'symbol' && t.value === name) {
      const declared = tokens[i + 1]?.value === '=' || ['val', 'var'].includes(tokens[i - 1]?.value ?? '');
      if (!declared) return undefined;
    } else if (t.type === 'string' && t.value === name) {
      const declared = (tokens[i + 1]?.value === ']' && tokens[i + 2]?.value === '=') || tokens[i + 1]?.value === ',';
      if (!declared) return undefined;
    }
  }
  return versions.size === 1 ? [...versions][0] : undefined;
}

/**
 * A BOM import versioned by a variable: raised where the script assigns it, like a literal version,
 * when only imports of BOMs Boot imports use it; reported otherwise. A variable from gradle.properties
 * is left to that file's pass (which checks the other scripts' uses); one defined nowhere is reported.
 */
function bomVariable(run: GradleRun, t: BuildToken, key: string, version: string, name: string): void {
  const target = bomTarget(key, version);
  const assigned = findAssignment(run.tokens, name);
  if (!assigned) return versionVariable(run, t, name, target);
  const current = assigned.value;
  if (!target.applies(current)) return;
  const library = run.facts.boms.get(key)!.row.library;
  const boot = run.facts.target.version;
  if (bomOnlyVersion(run.text, run.tokens, run.facts, name.replace(OWNER, '')) !== version) {
    run.out.report('build/imported-bom', 'warning', t.start, `${key} ${current} (${library}, from ${name}) overrides the versions Spring Boot ${boot} manages; Boot imports ${version}: ${name} versions more than this import, so it was not changed — raise the import or remove it`);
    return;
  }
  raise(run, assigned, current, target, assigned.contentStart!, assigned.contentEnd!);
  run.out.report('build/imported-bom', 'warning', t.start, `${key} ${current} (${library}, from ${name}) overrode the versions Spring Boot ${boot} manages; ${name} raised to ${version}, the version Boot imports (remove the import to follow Boot)`);
}

/**
 * `mavenBom "g:bom:v"` / `platform("g:bom:v")` of a BOM Boot 3.0 imports itself, at a lower version:
 * its versions override Boot's (the dependency-management plugin and Gradle platforms apply the
 * user's imports over Boot's), so it is raised to the version the target release imports.
 */
function importedBom(run: GradleRun, t: BuildToken, key: string, version: string, versionStart: number): void {
  const bom = run.facts.boms.get(key);
  if (!bom || !isLower(version, bom.version) || !bootManagedScript(run)) return;
  run.out.replace(versionStart, versionStart + version.length, bom.version, 'build/imported-bom');
  run.out.report('build/imported-bom', 'warning', t.start, `${key} ${version} (${bom.row.library}) overrode the versions Spring Boot ${run.facts.target.version} manages; raised to ${bom.version}, the version Boot imports (remove the import to follow Boot)`);
}

// ---- Java level ---------------------------------------------------------------------------

/** sourceCompatibility = '11' | 1.8 | JavaVersion.VERSION_11; jvmTarget = "11"; release = 11 / release.set(11). */
function compatibility(run: GradleRun, i: number): void {
  const { tokens } = run;
  // `release` only as the compiler option (options.release), never another task's property.
  if (tokens[i]!.value === 'release' && !(tokens[i - 1]?.value === '.' && tokens[i - 2]?.value === 'options')) return;
  let j = i + 1;
  if (tokens[j]?.value === '=') j++;
  else if (tokens[j]?.value === '.' && tokens[j + 1]?.value === 'set' && tokens[j + 2]?.value === '(') j += 3;
  else if (tokens[i]!.value === 'release') return;
  else if (tokens[j]?.type !== 'string' && tokens[j]?.type !== 'number' && !variableAt(run.text, tokens, j)) return;
  raiseJavaValue(run, j);
}

/** JavaVersion.VERSION_1_8 / JavaVersion.toVersion(11) / JavaLanguageVersion.of(11) / jvmToolchain(11). */
function javaCall(run: GradleRun, i: number): void {
  const { tokens } = run;
  const t = tokens[i]!;
  if (t.value === 'jvmToolchain') {
    if (tokens[i + 1]?.value === '(') raiseJavaValue(run, i + 2);
    return;
  }
  if (tokens[i + 1]?.value !== '.') return;
  const member = tokens[i + 2];
  if (member?.type !== 'symbol') return;
  const v = /^VERSION_(?:1_)?(\d+)$/.exec(member.value);
  if (t.value === 'JavaVersion' && v) {
    if (Number(v[1]) < run.facts.java) run.out.replace(member.start, member.end, `VERSION_${run.facts.java}`, 'build/java-version');
    return;
  }
  if ((member.value === 'of' || member.value === 'toVersion') && tokens[i + 3]?.value === '(') raiseJavaValue(run, i + 4);
}

function javaTarget(run: GradleRun): VersionTarget {
  const java = run.facts.java;
  return { version: String(java), rule: 'build/java-version', applies: (c) => (javaLevel(c) ?? java) < java };
}

function raiseJavaValue(run: GradleRun, j: number): void {
  const v = run.tokens[j];
  const name = v ? variableAt(run.text, run.tokens, j) : undefined;
  if (v && name) return versionVariable(run, v, name, javaTarget(run), true);
  if (!v || (v.type !== 'string' && v.type !== 'number') || v.templated) return;
  const level = javaLevel(v.value);
  if (level === undefined || level >= run.facts.java) return;
  const to = String(run.facts.java);
  if (v.type === 'string') setString(run, v, to, 'build/java-version');
  else run.out.replace(v.start, v.end, to, 'build/java-version');
}

// ---- ext['x.version'] overrides -----------------------------------------------------------

interface ExtEntry {
  name: string;
  value: BuildToken;
}

/** ext['x.version'] = 'v' | ext.set('x.version', 'v') | extra["x.version"] = "v" | set("x.version", "v"). */
function extEntryAt(tokens: BuildToken[], i: number): ExtEntry | undefined {
  const t = tokens[i]!;
  if ((t.value === 'ext' || t.value === 'extra') && tokens[i + 1]?.value === '[') {
    const k = tokens[i + 2];
    const v = tokens[i + 3]?.value === ']' && tokens[i + 4]?.value === '=' ? tokens[i + 5] : undefined;
    if (k?.type === 'string' && !k.templated && v?.type === 'string' && !v.templated) return { name: k.value, value: v };
  }
  if (t.value === 'set' && tokens[i + 1]?.value === '(') {
    const k = tokens[i + 2];
    const v = tokens[i + 3]?.value === ',' ? tokens[i + 4] : undefined;
    if (k?.type === 'string' && !k.templated && v?.type === 'string' && !v.templated) return { name: k.value, value: v };
  }
  return undefined;
}

function extProperty(run: GradleRun, i: number): void {
  if (run.boot3) return;
  const entry = extEntryAt(run.tokens, i);
  if (!entry) return;
  const { facts } = run;
  const { name, value } = entry;
  if (name === facts.section.jetty.property && hasJetty(run)) return setString(run, value, facts.section.jetty.value, 'build/jetty-servlet');
  if (name === facts.section.boot.kotlin.versionProperty) {
    if (isLower(value.value, facts.target.kotlin)) setString(run, value, facts.target.kotlin, 'build/kotlin-version');
    return;
  }
  const decision = decideVersionProperty(facts, name, value.value);
  if (decision?.kind === 'update') {
    setString(run, value, decision.to, 'build/version-property');
    run.out.report('build/version-property', 'info', value.start, `${decision.message}: override updated; remove it to follow Boot`);
  }
  else if (decision) run.out.report('build/version-property', 'warning', value.start, decision.message);
}

// ---- Boot 3.0 DSL changes -----------------------------------------------------------------

/** mainClassName was removed from Boot's tasks and springBoot {}: mainClass (a Property). */
function mainClassName(run: GradleRun, i: number): void {
  const { tokens, text } = run;
  const t = tokens[i]!;
  if (tokens[i - 1]?.value === '.' || tokens[i + 1]?.value !== '=') return;
  const value = tokens[i + 2];
  if (run.dsl === 'groovy') {
    run.out.replace(t.start, t.end, 'mainClass', 'build/gradle-main-class');
    return;
  }
  // Kotlin DSL cannot assign a Property: mainClass.set(<value>) when the value is one token ending the line.
  const next = tokens[i + 3];
  if (value && (value.type === 'string' || value.type === 'symbol') && (!next || next.lineStart || next.type === 'close')) {
    run.out.replace(t.start, value.end, `mainClass.set(${text.slice(value.start, value.end)})`, 'build/gradle-main-class');
  } else {
    run.out.report('build/gradle-main-class', 'warning', t.start, 'mainClassName was removed in Boot 3.0: use mainClass.set(...)');
  }
}

/** The tokens of the block that follows tokens[i] on the same statement ({ ... }), as [open, close) indexes. */
function blockAfter(tokens: BuildToken[], i: number): [number, number] | undefined {
  for (let j = i + 1; j < Math.min(tokens.length, i + 12); j++) {
    const t = tokens[j]!;
    if (t.type === 'open' && t.value === '{') {
      for (let k = j + 1; k < tokens.length; k++) if (tokens[k]!.type === 'close' && tokens[k]!.depth === t.depth) return [j, k];
      return undefined;
    }
    if (j > i + 1 && t.lineStart) return undefined;
  }
  return undefined;
}

/** buildInfo { properties { x = null } } and Kotlin bootBuildImage { x = ... }. */
function taskBlock(run: GradleRun, i: number): void {
  const { tokens } = run;
  const block = blockAfter(tokens, i);
  if (!block) return;
  const [open, close] = block;
  const isBuildInfo = tokens[i]!.value === 'buildInfo';
  for (let k = open + 1; k < close; k++) {
    const t = tokens[k]!;
    if (t.type !== 'symbol' || tokens[k + 1]?.value !== '=' || tokens[k - 1]?.value === '.') continue;
    const value = tokens[k + 2];
    if (isBuildInfo) {
      if (value?.type === 'symbol' && value.value === 'null') {
        run.out.report('build/gradle-build-info', 'warning', t.start, `buildInfo: "${t.value} = null" no longer excludes the entry in Boot 3.0; exclude it by name: excludes = ['${t.value}'] (Kotlin: excludes.set(setOf("${t.value}")))`);
      }
      continue;
    }
    if (run.dsl !== 'kotlin' || t.depth !== tokens[open]!.depth + 1) continue;
    const next = tokens[k + 3];
    if (value?.type === 'string' && !value.templated && (!next || next.lineStart || next.type === 'close')) {
      run.out.replace(t.end, value.end, `.set(${run.text.slice(value.start, value.end)})`, 'build/gradle-task-property');
    } else {
      run.out.report('build/gradle-task-property', 'warning', t.start, `bootBuildImage.${t.value}: the task's settings are Gradle Properties in Boot 3.0 (set with .set(...), read with .get()); not rewritten because the value is not a plain string — check the property name and type in the Boot 3.0 Gradle plugin reference`);
    }
  }
}

// ---- Jetty and the properties migrator ----------------------------------------------------

function stringsOf(run: GradleRun): BuildToken[] {
  return run.tokens.filter((t) => t.type === 'string' && !t.templated);
}

function hasCoordinate(run: GradleRun, g: string, a: string): boolean {
  return stringsOf(run).some((t) => t.value === `${g}:${a}` || t.value.startsWith(`${g}:${a}:`));
}

function hasJetty(run: GradleRun): boolean {
  const s = run.facts.section.jetty.starter;
  return hasCoordinate(run, s.groupId, s.artifactId);
}

function topLevelBlock(run: GradleRun, name: string): [number, number] | undefined {
  const i = run.tokens.findIndex((t) => t.type === 'symbol' && t.value === name && t.depth === 0 && t.lineStart);
  return i < 0 ? undefined : blockAfter(run.tokens, i);
}

function jetty(run: GradleRun): void {
  const j = run.facts.section.jetty;
  if (!hasJetty(run)) return;
  if (run.tokens.some((t, i) => extEntryAt(run.tokens, i)?.name === j.property)) return;
  const deps = run.tokens.findIndex((t) => t.type === 'symbol' && t.value === 'dependencies' && t.depth === 0 && t.lineStart);
  if (deps < 0) return;
  const at = run.tokens[deps]!.start;
  const eol = detectEol(run.text);
  const line = run.dsl === 'kotlin' ? `extra["${j.property}"] = "${j.value}"` : `ext['${j.property}'] = '${j.value}'`;
  run.out.insert(at, `${line}${eol}${eol}${lineIndent(run.text, at)}`, 'build/jetty-servlet');
}

function propertiesMigrator(run: GradleRun): void {
  if (!run.options.addPropertiesMigrator) return;
  const { boot } = run.facts.section;
  const m = boot.propertiesMigrator;
  if (!stringsOf(run).some((t) => t.value.startsWith(`${boot.groupId}:${boot.starterPrefix}`))) return;
  const block = topLevelBlock(run, 'dependencies');
  if (!block) return;
  const message = `${m.groupId}:${m.artifactId} (runtimeOnly) reports and temporarily maps renamed properties at start-up: remove it once the migration is done`;
  const existing = stringsOf(run).find((t) => t.value === `${m.groupId}:${m.artifactId}` || t.value.startsWith(`${m.groupId}:${m.artifactId}:`));
  if (existing) {
    run.out.report('build/properties-migrator', 'info', existing.start, message);
    return;
  }
  const [open, close] = block;
  const first = run.tokens[open + 1];
  const closeTok = run.tokens[close]!;
  const eol = detectEol(run.text);
  const indent = first && first !== closeTok ? lineIndent(run.text, first.start) : '    ';
  const line = run.dsl === 'kotlin' ? `runtimeOnly("${m.groupId}:${m.artifactId}")` : `runtimeOnly '${m.groupId}:${m.artifactId}'`;
  const lineStart = run.text.lastIndexOf('\n', closeTok.start - 1) + 1;
  const closeOnOwnLine = run.text.slice(lineStart, closeTok.start).trim() === '';
  if (closeOnOwnLine) run.out.insert(lineStart, `${indent}${line}${eol}`, 'build/properties-migrator');
  else run.out.insert(closeTok.start, `${eol}${indent}${line}${eol}`, 'build/properties-migrator');
  run.out.report('build/properties-migrator', 'info', closeTok.start, message);
}
