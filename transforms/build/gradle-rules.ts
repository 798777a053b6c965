// The Gradle rules, written once over the token stream both DSLs share (Groovy: good-enough-parser,
// Kotlin: tree-sitter-kotlin) and its block model (src/formats/gradle-model.ts). Each rule looks
// for a short token pattern, asks the model which block it stands in, and replaces a string's
// content, a number or a symbol at its offsets. By concern: gradle-run.ts (shared run, versions
// and variables), gradle-coordinates.ts, gradle-boms.ts, gradle-java.ts, gradle-dsl.ts.
import { gradleModel, type GradleModel } from '../../src/formats/gradle-model.js';
import { compareVersions, isBoot2 } from './facts.js';
import { DEPENDENCY_RULES } from './out.js';
import { coordinateString, mapNotation, templatedCoordinate } from './gradle-coordinates.js';
import { bootTaskBlocks, dependencyLocking, extProperty, jetty, mainClassName, propertiesMigrator } from './gradle-dsl.js';
import { compatibility, javaCall } from './gradle-java.js';
import { gradleFlywayModules } from './flyway-modules.js';
import { gradleParameters } from './parameters.js';
import { argString, COORDINATE, pluginIdBefore, raise, targetForPlugin, unservedPlugin, variableAt, variableValue, versionVariable, type GradleRun } from './gradle-run.js';

export { bomOnlyVersion } from './gradle-boms.js';
import { CODE_GENERATOR_RULE, openApiGeneratorGradle } from './code-generators.js';
import { appliedPlugins } from './modules.js';
export { targetForCoordinate, targetForPlugin, variableAt, type Dsl, type ExternalVariables, type GradleRun, type VersionTarget } from './gradle-run.js';

export const GRADLE_RULES = [
  ...DEPENDENCY_RULES,
  'build/dependency-management-plugin',
  'build/gradle-main-class',
  'build/gradle-task-property',
  'build/gradle-build-info',
  'build/imported-bom',
  'build/gradle-lockfile',
  'build/class-names',
  'build/kotlin-jvm-target',
  CODE_GENERATOR_RULE,
];

/** A script to migrate: the run without its block model (built here when not given). */
export type GradleInput = Omit<GradleRun, 'model'> & { model?: GradleModel };

export function migrateGradle(input: GradleInput): void {
  const run: GradleRun = { ...input, model: input.model ?? gradleModel(input.tokens) };
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
    } else if (t.type === 'string' && !t.templated) coordinateString(run, t, i);
    else if (t.type === 'string' && t.templated) templatedCoordinate(run, t);
  }
  bootTaskBlocks(run);
  openApiGeneratorGradle(run.text, appliedPlugins(run.tokens).find((p) => p.id === 'org.openapi.generator')?.at, run.out);
  dependencyLocking(run);
  if (!run.boot3) jetty(run);
  gradleFlywayModules(run);
  gradleParameters(run);
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
      const name = j < 0 || tokens[j]!.templated ? variableAt(run.text, tokens, j < 0 ? i + 1 : j) : undefined;
      if (isBoot3(v ?? (name ? variableValue(run, name) : undefined))) return true;
    } else if (t.type === 'string' && !t.templated) {
      const m = COORDINATE.exec(t.value);
      if (m && m[1] === boot.groupId && isBoot3(m[3])) return true;
    }
  }
  return false;
}

/** A variable's value: assigned in the script, else from the repository's gradle.properties. */
// ---- plugins ------------------------------------------------------------------------------

function pluginVersion(run: GradleRun, i: number): void {
  if (run.boot3) return;
  const id = pluginIdBefore(run.tokens, i);
  if (!id) return;
  const target = targetForPlugin(run.facts, id);
  if (!target) return;
  const unserved = unservedPlugin(run.facts, id);
  if (unserved) return run.out.report('build/kotlin-version', 'warning', run.tokens[i]!.start, unserved);
  const j = argString(run.tokens, i + 1);
  if (j < 0) {
    const name = variableAt(run.text, run.tokens, i + 1);
    if (name) versionVariable(run, run.tokens[i]!, name, target);
    return;
  }
  const v = run.tokens[j]!;
  if (v.templated) {
    const name = variableAt(run.text, run.tokens, j);
    if (name) versionVariable(run, v, name, target);
    return;
  }
  raise(run, v, v.value, target, v.contentStart!, v.contentEnd!);
}

