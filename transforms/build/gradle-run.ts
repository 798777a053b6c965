// What every Gradle rule shares: the run (script, tokens, facts, output), version targets, and
// how a version given by a variable is found (in the script, else gradle.properties) and raised.
import type { BuildToken } from '../../src/formats/groovy.js';
import type { GradleModel } from '../../src/formats/gradle-model.js';
import { isBoot2, isLower, keptVersionSeverity, type BuildFacts } from './facts.js';
import type { PassOutput } from './out.js';

import type { SpringfoxSwitch } from '../sources/springdoc/springfox-switch.js';
import type { HttpClientSwitch } from '../sources/httpclient5/httpclient5-switch.js';

export type Dsl = 'groovy' | 'kotlin';

export interface GradleRun {
  dsl: Dsl;
  text: string;
  tokens: BuildToken[];
  facts: BuildFacts;
  out: PassOutput;
  options: { addPropertiesMigrator?: unknown };
  /** The script's block structure: which block every token stands in. */
  model: GradleModel;
  /** Variables defined outside the script (gradle.properties); absent: none are known. */
  variables?: ExternalVariables;
  /** Set by migrateGradle: the script's Boot version is already 3.x (the 2.7 -> 3.0 version rules stay silent). */
  boot3?: boolean;
  /** Sources of the repository that use Sleuth's API (sleuth.ts); absent: not known, Sleuth rows apply. */
  sleuthUsers?: string[];
  /** The run's springfox -> springdoc decision, when the script names springfox. */
  springfox?: SpringfoxSwitch;
  /** The run's HttpClient 4 -> 5 decision, when the script names HttpClient 4. */
  httpclient?: HttpClientSwitch;
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

export const COORDINATE = /^([A-Za-z0-9_.-]+):([A-Za-z0-9_.-]+)(?::([^:@\s]*))?(?::([A-Za-z0-9_.-]+))?(@[A-Za-z0-9]+)?$/;

export function variableValue(run: GradleRun, name: string): string | undefined {
  return findAssignment(run.tokens, name)?.value ?? run.variables?.value?.(name.replace(OWNER, ''));
}

// ---- helpers ------------------------------------------------------------------------------

export function setString(run: GradleRun, t: BuildToken, value: string, rule: string): void {
  if (t.value !== value) run.out.replace(t.contentStart!, t.contentEnd!, value, rule);
}

/** Raises a version to its target; a Boot version below 2.7 also gets the guide's advice. */
export function raise(run: GradleRun, at: BuildToken, current: string, target: VersionTarget, start: number, end: number): void {
  if (!target.applies(current)) return;
  run.out.replace(start, end, target.version, target.rule);
  if (target.rule === 'build/boot-version' && isLower(current, '2.7.0')) {
    run.out.report('build/boot-version', 'info', at.start, `Spring Boot was ${current}: the guide asks to upgrade to the latest 2.7.x first, then to 3.0`);
  }
}

/** The string a call or assignment gives: 'x' | ('x') | = 'x' | = ("x") — index of the string token or -1. */
export function argString(tokens: BuildToken[], i: number): number {
  let j = i;
  if (tokens[j]?.type === 'op' && tokens[j]!.value === '=') j++;
  if (tokens[j]?.type === 'open' && tokens[j]!.value === '(') j++;
  return tokens[j]?.type === 'string' ? j : -1;
}

/** The plugin id before `version`: id 'x' | id("x") | kotlin("jvm"), infix or called (`id("x").version("v")`). */
export function pluginIdBefore(tokens: BuildToken[], i: number): string | undefined {
  let j = i - 1;
  if (tokens[j]?.value === '.' && tokens[i + 1]?.value === '(') j--;
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
  if (id.startsWith(boot.kotlin.pluginIdPrefix)) return { version: facts.target.kotlin, rule: 'build/kotlin-version', applies: (c) => isLower(c, facts.target.kotlin) && !unservedPlugin(facts, id) };
  return undefined;
}

/** A Kotlin plugin whose marker at the target's Kotlin version Maven Central does not serve: the finding that says it is left. */
export function unservedPlugin(facts: BuildFacts, id: string): string | undefined {
  if (!facts.target.unservedPlugins?.includes(id)) return undefined;
  return `${id}: Spring Boot ${facts.target.version} manages Kotlin ${facts.target.kotlin}, whose Gradle plugin marker for this id Maven Central does not serve: its version is left as it is; set the Kotlin version your repository resolves for every Kotlin plugin`;
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

export const OWNER = /^(?:(?:project|rootProject|settings|ext|extra)\.)+/;

/**
 * A version given by a variable (`"${springBootVersion}"`): raise the variable where this file
 * assigns it; one defined in a gradle.properties is left to that file's pass; else report
 * (unless `quiet`: a Java level read from an unknown variable was never reported).
 */
export function versionVariable(run: GradleRun, at: BuildToken, name: string, target: VersionTarget, quiet = false): void {
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
  if (!quiet) run.out.report(target.rule, keptVersionSeverity(target.rule), at.start, `the version comes from ${name}, which is defined neither in this file nor in a gradle.properties or a parent build script of the repository: set it to ${target.version}`);
}

/**
 * One property reference inside a string template, as a regex source with one name group per form:
 * `$x`, `${x}`, `${project.x}`, `${rootProject.ext.x}`, `${extra["x"]}`, `${project.extra["x"]}`,
 * `${rootProject.ext["x"]}`, `${property("x")}`, `${findProperty("x")}`, `${project.property("x")}`.
 */
export const TEMPLATE_REF = String.raw`\$(?:\{\s*([A-Za-z_][\w.]*)\s*\}|([A-Za-z_]\w*)|\{\s*(?:(?:project|rootProject)\.)?(?:extra|ext|properties)\[\s*["']([\w.-]+)["']\s*\]\s*\}|\{\s*(?:(?:project|rootProject)\.)?(?:property|findProperty)\(\s*["']([\w.-]+)["']\s*\)\s*\})`;

/** The property a template that is nothing but one reference reads (`"${springBootVersion}"`), else undefined. */
export function templateName(raw: string): string | undefined {
  const m = new RegExp(`^${TEMPLATE_REF}$`).exec(raw.trim());
  return m ? (m[1] ?? m[2] ?? m[3] ?? m[4]) : undefined;
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
    return templateName(text.slice(t.contentStart!, t.contentEnd!));
  }
  if (t.type !== 'symbol') return undefined;
  let k = j;
  while (['project', 'rootProject', 'settings', 'providers'].includes(tokens[k]!.value) && tokens[k + 1]?.value === '.' && tokens[k + 2]?.type === 'symbol') k += 2;
  const head = tokens[k]!;
  const arg = tokens[k + 2];
  const keyed = arg?.type === 'string' && !arg.templated ? arg.value : undefined;
  if (['property', 'findProperty', 'gradleProperty'].includes(head.value) && tokens[k + 1]?.value === '(' && tokens[k + 3]?.value === ')') return keyed;
  if ((head.value === 'extra' || head.value === 'ext') && tokens[k + 1]?.value === '[' && tokens[k + 3]?.value === ']') return keyed;
  // rootProject.ext.x / project.extra.x (not ext.set(...), ext.has(...)).
  if ((head.value === 'extra' || head.value === 'ext') && tokens[k + 1]?.value === '.' && tokens[k + 2]?.type === 'symbol' && tokens[k + 3]?.value !== '(') return tokens[k + 2]!.value;
  if (!/^[a-z_][\w]*$/.test(head.value) || NOT_VARIABLES.has(head.value)) return undefined;
  const next = tokens[k + 1];
  if (next?.value === '(' || next?.value === '[') return undefined;
  if (next?.value === '.' && !CONVERSIONS.has(tokens[k + 2]?.value ?? '')) return undefined;
  return head.value;
}

export interface Assignment {
  name: string;
  /** The string assigned (a constant). */
  value: BuildToken;
  /** Index of the token that names it. */
  at: number;
}

/**
 * Every constant assignment of a property in the script: `name = 'v'`, `ext.name = 'v'`,
 * `project.ext.name = 'v'`, `val name = "v"`, `set('name', 'v')`, `extra["name"] = "v"`,
 * `ext['name'] = 'v'`, `val name by extra("v")`.
 */
export function assignmentsOf(tokens: BuildToken[]): Assignment[] {
  const out: Assignment[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const qualified = tokens[i - 1]?.value === '.';
    const owner = tokens[i - 2]?.value ?? '';
    if (t.type === 'symbol' && tokens[i + 1]?.value === '=' && (!qualified || ['ext', 'extra', 'project', 'rootProject'].includes(owner))) {
      const s = tokens[i + 2];
      if (s?.type === 'string' && !s.templated) out.push({ name: t.value, value: s, at: i });
    } else if (t.type === 'string' && !t.templated && (tokens[i - 1]?.value === '[' || tokens[i - 1]?.value === '(')) {
      const j = tokens[i + 1]?.value === ']' && tokens[i + 2]?.value === '=' ? i + 3 : tokens[i + 1]?.value === ',' ? i + 2 : -1;
      const s = j >= 0 ? tokens[j] : undefined;
      if (s?.type === 'string' && !s.templated) out.push({ name: t.value, value: s, at: i });
    } else if (t.type === 'symbol' && tokens[i - 1]?.value === 'val' && tokens[i + 1]?.value === 'by' && tokens[i + 2]?.value === 'extra' && tokens[i + 3]?.value === '(') {
      const s = tokens[i + 4];
      if (s?.type === 'string' && !s.templated && tokens[i + 5]?.value === ')') out.push({ name: t.value, value: s, at: i });
    }
  }
  return out;
}

/** The first constant assignment of `name` (owner prefixes `project.`, `ext.`, ... ignored). */
export function findAssignment(tokens: BuildToken[], name: string): BuildToken | undefined {
  const short = name.replace(/^(project\.|rootProject\.|ext\.|extra\.)/, '');
  return assignmentsOf(tokens).find((a) => a.name === short)?.value;
}

