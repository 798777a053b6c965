// build/gradle and build/gradle-kts: the Gradle rules (gradle-rules.ts) on Groovy DSL files
// (good-enough-parser tokens) and Kotlin DSL files (tree-sitter-kotlin tokens).
import type { FilePass, PassContext, PassResult, SourceFile } from '../../src/engine/types.js';
import { groovyTokens } from '../../src/formats/groovy.js';
import { loadGrammar } from '../../src/formats/tree-sitter.js';
import { buildFacts, targetRelease } from './facts.js';
import { GRADLE_RULES, migrateGradle, type Dsl } from './gradle-rules.js';
import { scriptVariables, usesOf } from './gradle-properties.js';
import { raiseInheritedVariables } from './gradle-inherited.js';
import { gradleClassNames, gradleJvmTarget } from './kotlin-plugins.js';
import { gradleModel } from '../../src/formats/gradle-model.js';
import { kotlinTokens } from '../../src/formats/kotlin-dsl.js';
import { sleuthUsers } from './sleuth.js';
import { PassOutput } from './out.js';
import { decidedSpringfox } from '../sources/springdoc/springfox-switch.js';
import { httpClientSwitch } from '../sources/httpclient5/httpclient5-switch.js';

/** Cheap test: a Gradle file that mentions none of these has nothing for the build rules. */
const GRADLE_HINT = /springframework|dependencyLocking|Version|dependency-management|kotlin|Compatibility|JavaVersion|JavaLanguageVersion|jvmT|mainClassName|buildInfo|bootBuildImage|\.version|javax|hibernate|mysql|:|release/;

function run(dsl: Dsl, file: SourceFile, ctx: PassContext): PassResult {
  const facts = buildFacts(ctx);
  const tokens = dsl === 'groovy' ? groovyTokens(file.text) : kotlinTokens(file.text);
  const out = new PassOutput();
  const model = gradleModel(tokens);
  const springfox = decidedSpringfox(ctx);
  const httpclient = httpClientSwitch(ctx);
  const run = { dsl, model, text: file.text, tokens, facts, out, options: ctx.options, variables: scriptVariables(ctx.project, file.path), sleuthUsers: sleuthUsers(ctx.project), springfox, httpclient };
  migrateGradle(run);
  raiseInheritedVariables(run, ctx, file.path, usesOf);
  gradleClassNames(run, ctx.table);
  gradleJvmTarget(run);
  return out.result();
}

export const gradlePass: FilePass = {
  id: 'build/gradle',
  description: 'build.gradle / settings.gradle (Groovy DSL): plugins, versions, Java 17, coordinates, ext overrides, Boot 3.0 DSL',
  kinds: ['gradle'],
  rules: GRADLE_RULES,
  async init(ctx) {
    targetRelease(ctx.table, ctx.options.bootVersion);
  },
  prefilter: (text) => GRADLE_HINT.test(text),
  run: (file, ctx) => run('groovy', file, ctx),
};

export const gradleKtsPass: FilePass = {
  id: 'build/gradle-kts',
  description: '*.gradle.kts (Kotlin DSL): plugins, versions, Java 17, coordinates, extra overrides, Boot 3.0 DSL',
  kinds: ['gradle-kts'],
  rules: GRADLE_RULES,
  async init(ctx) {
    targetRelease(ctx.table, ctx.options.bootVersion);
    await loadGrammar('kotlin');
  },
  prefilter: (text) => GRADLE_HINT.test(text),
  run: (file, ctx) => run('kotlin', file, ctx),
};
