// The Gradle block model: which block every token stands in, for both DSLs.
import { describe, expect, it } from 'vitest';
import { setupOnce } from './helpers/setup.js';
import { groovyTokens } from '../src/formats/groovy.js';
import { gradleModel } from '../src/formats/gradle-model.js';
import { kotlinTokens } from '../src/formats/kotlin-dsl.js';
import { loadGrammar } from '../src/formats/tree-sitter.js';

function pathOf(tokens: ReturnType<typeof groovyTokens>, symbol: string): string[] {
  const i = tokens.findIndex((t) => t.value === symbol);
  expect(i, symbol).toBeGreaterThanOrEqual(0);
  return gradleModel(tokens).blockPath(i);
}

describe('gradle block model', () => {
  setupOnce(async () => {
    await loadGrammar('kotlin');
  });

  it('names Groovy blocks by their call, through task lookups and configureEach', () => {
    const tokens = groovyTokens(`buildscript {\n  dependencies { classpath 'a:b:1' }\n}\nsubprojects {\n  dependencies { implementation 'c:d' }\n}\ntasks.named('bootJar') { mainA = 'x' }\ntasks.withType(JavaCompile).configureEach { optB = 1 }\nif (x > 1) { optC = 2 }\n`);
    expect(pathOf(tokens, 'classpath')).toEqual(['buildscript', 'dependencies']);
    expect(pathOf(tokens, 'implementation')).toEqual(['subprojects', 'dependencies']);
    const model = gradleModel(tokens);
    const main = tokens.findIndex((t) => t.value === 'mainA');
    expect(model.directlyIn(main, 'bootJar')).toBe(true);
    expect(model.blockAt(main)?.name).toBe('named');
    const opt = tokens.findIndex((t) => t.value === 'optB');
    expect(model.blockAt(opt)).toMatchObject({ name: 'withType', subject: 'JavaCompile' });
    expect(pathOf(tokens, 'optC')).toEqual(['if']);
  });

  it('reads Kotlin DSL type arguments and nested blocks', () => {
    const tokens = kotlinTokens(`tasks.withType<org.jetbrains.kotlin.gradle.tasks.KotlinCompile> {\n    kotlinOptions {\n        freeCompilerArgs = listOf("-Xjsr305=strict")\n    }\n}\ntasks.named<BootJar>("bootJar") {\n    launchScript()\n}\nval top = 1\n`);
    expect(pathOf(tokens, 'freeCompilerArgs')).toEqual(['withType', 'kotlinOptions']);
    const model = gradleModel(tokens);
    expect(model.blocksNamed('KotlinCompile')).toHaveLength(1);
    expect(model.blocksNamed('bootJar', 'BootJar')).toHaveLength(1);
    expect(pathOf(tokens, 'top')).toEqual([]);
  });
});
