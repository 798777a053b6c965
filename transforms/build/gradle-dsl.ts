// Boot's Gradle DSL and build-wide settings: ext['x.version'] overrides, mainClassName -> mainClass,
// bootBuildImage properties, buildInfo exclusions, Jetty's servlet version, the properties migrator.
import { detectEol } from '../../src/engine/text.js';
import type { BuildToken } from '../../src/formats/groovy.js';
import type { GradleBlock } from '../../src/formats/gradle-model.js';
import { lineIndent } from '../../src/formats/xml.js';
import { isLower } from './facts.js';
import { setString, type GradleRun } from './gradle-run.js';
import { decideVersionProperty } from './version-property.js';

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

export function extProperty(run: GradleRun, i: number): void {
  if (run.boot3) return;
  const entry = extEntryAt(run.tokens, i);
  if (!entry) return;
  const { facts } = run;
  const { name, value } = entry;
  const jettyRow = facts.section.jetty;
  if (jettyRow && name === jettyRow.property && hasJetty(run)) return setString(run, value, jettyRow.value, 'build/jetty-servlet');
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

/** Blocks that configure Boot's own extension and tasks: the only places Boot 3.0 renamed mainClassName. */
const BOOT_MAIN_CLASS_BLOCKS = ['springBoot', 'bootJar', 'bootWar', 'bootRun', 'BootJar', 'BootWar', 'BootRun'];

/**
 * mainClassName was removed from Boot's tasks and springBoot {}: mainClass (a Property). Only
 * there: a top-level `mainClassName = 'x'` is the application plugin's convention property (it
 * sets application.mainClass, which Boot 3.0 reads), and `mainClass` at top level is no property
 * at all (Gradle rejects it); it stays, with a note. `application { mainClassName }` is Gradle's,
 * not Boot's: left as it is.
 */
export function mainClassName(run: GradleRun, i: number): void {
  const { tokens, text, model } = run;
  const t = tokens[i]!;
  if (tokens[i + 1]?.value !== '=' || ['def', 'val', 'var'].includes(tokens[i - 1]?.value ?? '')) return; // a local variable
  // springBoot.mainClassName = / bootJar.mainClassName = (a qualified assignment on Boot's object).
  const owner = tokens[i - 1]?.value === '.' ? tokens[i - 2] : undefined;
  if (tokens[i - 1]?.value === '.' && (owner?.type !== 'symbol' || !BOOT_MAIN_CLASS_BLOCKS.includes(owner.value) || tokens[i - 3]?.value === '.' && tokens[i - 4]?.value !== 'tasks')) return;
  if (!owner && !model.directlyIn(i, ...BOOT_MAIN_CLASS_BLOCKS)) {
    if (!model.blockAt(i)) {
      const example = run.dsl === 'kotlin' ? 'application { mainClass.set(...) }' : 'application { mainClass = ... }';
      run.out.report('build/gradle-main-class', 'info', t.start, `top-level mainClassName is the application plugin's convention (it sets application.mainClass, which Boot 3.0 reads): left as it is; Gradle deprecates it in favour of ${example}`);
    }
    return;
  }
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
    run.out.report('build/gradle-main-class', 'error', t.start, 'mainClassName was removed in Boot 3.0: use mainClass.set(...) (the script does not evaluate as it is)');
  }
}

/** buildInfo { properties { x = null } } and Kotlin bootBuildImage { x = ... } (any form that configures the task). */
export function bootTaskBlocks(run: GradleRun): void {
  for (const block of run.model.blocksNamed('buildInfo')) buildInfoBlock(run, block);
  if (run.dsl === 'kotlin') for (const block of run.model.blocksNamed('bootBuildImage', 'BootBuildImage')) bootBuildImageBlock(run, block);
}

function buildInfoBlock(run: GradleRun, block: GradleBlock): void {
  const { tokens } = run;
  for (let k = block.open + 1; k < block.close; k++) {
    const t = tokens[k]!;
    if (t.type !== 'symbol' || tokens[k + 1]?.value !== '=' || tokens[k - 1]?.value === '.') continue;
    const value = tokens[k + 2];
    if (value?.type === 'symbol' && value.value === 'null') {
      run.out.report('build/gradle-build-info', 'warning', t.start, `buildInfo: "${t.value} = null" no longer excludes the entry in Boot 3.0; exclude it by name: excludes = ['${t.value}'] (Kotlin: excludes.set(setOf("${t.value}")))`);
    }
  }
}

function bootBuildImageBlock(run: GradleRun, block: GradleBlock): void {
  const { tokens } = run;
  for (let k = block.open + 1; k < block.close; k++) {
    const t = tokens[k]!;
    if (t.type !== 'symbol' || tokens[k + 1]?.value !== '=' || tokens[k - 1]?.value === '.' || run.model.blockAt(k) !== block) continue;
    const value = tokens[k + 2];
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
  const s = run.facts.section.jetty?.starter;
  return s !== undefined && hasCoordinate(run, s.groupId, s.artifactId);
}

/** The project's own `dependencies { }` (top level, not buildscript's). */
function projectDependencies(run: GradleRun): GradleBlock | undefined {
  return run.model.blocks.find((b) => b.name === 'dependencies' && !b.parent);
}

export function jetty(run: GradleRun): void {
  const j = run.facts.section.jetty;
  if (!j || !hasJetty(run)) return;
  if (run.tokens.some((t, i) => extEntryAt(run.tokens, i)?.name === j.property)) return;
  const deps = projectDependencies(run);
  if (!deps) return;
  const at = run.tokens[deps.head]!.start;
  const eol = detectEol(run.text);
  const line = run.dsl === 'kotlin' ? `extra["${j.property}"] = "${j.value}"` : `ext['${j.property}'] = '${j.value}'`;
  run.out.insert(at, `${line}${eol}${eol}${lineIndent(run.text, at)}`, 'build/jetty-servlet');
}

export function propertiesMigrator(run: GradleRun): void {
  if (!run.options.addPropertiesMigrator) return;
  const { boot } = run.facts.section;
  const m = boot.propertiesMigrator;
  if (!stringsOf(run).some((t) => t.value.startsWith(`${boot.groupId}:${boot.starterPrefix}`))) return;
  const block = projectDependencies(run);
  if (!block) return;
  const message = `${m.groupId}:${m.artifactId} (runtimeOnly) reports and temporarily maps renamed properties at start-up: remove it once the migration is done`;
  const existing = stringsOf(run).find((t) => t.value === `${m.groupId}:${m.artifactId}` || t.value.startsWith(`${m.groupId}:${m.artifactId}:`));
  if (existing) {
    run.out.report('build/properties-migrator', 'info', existing.start, message);
    return;
  }
  const { open, close } = block;
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


/**
 * `dependencyLocking { }` in a Boot 2 script: the locks it writes pin Boot 2 versions, which Gradle
 * enforces against the 3.0 versions the script now asks for. The lockfiles in the repository are
 * reported by build/gradle-lockfile; this says it for locks kept elsewhere (CI, not committed).
 */
export function dependencyLocking(run: GradleRun): void {
  if (run.boot3 || !run.text.includes(run.facts.section.boot.groupId)) return;
  for (const block of run.model.blocksNamed('dependencyLocking')) {
    run.out.report('build/gradle-lockfile', 'info', run.tokens[block.head]!.start, 'this build locks its dependencies: after the migration regenerate every lock (./gradlew dependencies --write-locks, and buildEnvironment --write-locks for buildscript locks), or Gradle rejects the new versions');
  }
}
