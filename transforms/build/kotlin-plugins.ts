// Kotlin compiler-plugin settings in build files that must follow the sources:
//
// build/class-names — class names the Kotlin compiler plugins read from the build follow the
//   package table (javax -> jakarta moves of migration-table.json `code.packages`), like the
//   sources do: Gradle `allOpen { annotation("javax.persistence.Entity") }`, `noArg { ... }`,
//   `annotations(...)`, strings inside `kapt { }` / `allOpen { }` / `noArg { }`, and the
//   kotlin-maven-plugin's `<option>all-open:annotation=javax.persistence.Entity</option>`
//   (also no-arg:). Otherwise the plugin keeps looking for the javax annotation the sources no
//   longer carry, and JPA entities lose their no-arg constructor or stay final. A class name of
//   a moved package anywhere else in a Gradle script is reported, not edited (a string outside
//   these blocks may mean anything).
//
// build/kotlin-jvm-target — a Gradle Kotlin compile block (`tasks.withType<KotlinCompile>`,
//   `compileKotlin`, `compileTestKotlin`) that sets no jvmTarget, in a script whose Java level this
//   run raises to 17 and that configures no toolchain, gets `jvmTarget = "17"` in its
//   `kotlinOptions { }` (or `kotlinOptions.jvmTarget = "17"` at the top of the block): Kotlin 1.7
//   compiles for JVM 1.8 by default, cannot inline Spring Framework 6's Kotlin extensions (built
//   for 17) into 1.8 bytecode, and Gradle's Kotlin plugin flags the Java/Kotlin target mismatch.
//   A `compilerOptions { }` block is reported instead (its jvmTarget is a JvmTarget enum that
//   needs an import).
import { pluginConfigurations } from '../../src/formats/pom.js';
import { detectEol } from '../../src/engine/text.js';
import type { BuildToken } from '../../src/formats/groovy.js';
import type { GradleBlock } from '../../src/formats/gradle-model.js';
import { child, childrenNamed, lineIndent, localName, textValue, type XmlElement } from '../../src/formats/xml.js';
import type { MigrationTable } from '../../src/table/types.js';
import { codeIndex, movedJavaxName, splitQualified } from '../sources/model.js';
import type { GradleRun } from './gradle-run.js';
import type { PassOutput } from './out.js';

export const CLASS_NAMES_RULE = 'build/class-names';
export const JVM_TARGET_RULE = 'build/kotlin-jvm-target';

/** Blocks whose strings are class names for the Kotlin compiler plugins (annotation processors). */
const PLUGIN_BLOCKS = ['allOpen', 'noArg', 'kapt', 'allopen', 'noarg'];

/** The jakarta spelling of a javax *class* name the table moves (a package or property key is not a class name). */
function movedClassName(table: MigrationTable, name: string): string | undefined {
  if (!name.startsWith('javax.') || splitQualified(name.split('.')).cls === undefined) return undefined;
  return table.code ? movedJavaxName(codeIndex(table), name) : undefined;
}

export function gradleClassNames(run: GradleRun, table: MigrationTable): void {
  const { tokens, model } = run;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type !== 'string' || t.templated || !t.value.startsWith('javax.')) continue;
    const to = movedClassName(table, t.value);
    if (!to) continue;
    if (model.within(i, ...PLUGIN_BLOCKS) || annotationArgument(tokens, i)) {
      run.out.replace(t.contentStart!, t.contentEnd!, to, CLASS_NAMES_RULE);
    } else {
      run.out.report(CLASS_NAMES_RULE, 'warning', t.start, `"${t.value}" names a class whose package moved to jakarta: Boot 3.0 code carries ${to}; not changed here because this string is not a Kotlin compiler-plugin setting — change it if it names that class`);
    }
  }
}

/** The string is an argument of `annotation(...)` / `annotations(...)` (Groovy: `annotation 'x'`). */
function annotationArgument(tokens: BuildToken[], i: number): boolean {
  let j = i - 1;
  while (tokens[j]?.type === 'string' || tokens[j]?.value === ',') j--;
  if (tokens[j]?.value === '(') j--;
  return tokens[j]?.type === 'symbol' && (tokens[j]!.value === 'annotation' || tokens[j]!.value === 'annotations');
}

/** kotlin-maven-plugin `<option>all-open:annotation=javax…</option>` / `no-arg:annotation=…`. */
export function mavenPluginOptions(text: string, plugin: XmlElement, table: MigrationTable, out: PassOutput): void {
  const configs = pluginConfigurations(plugin);
  for (const config of configs) {
    for (const option of childrenNamed(child(config, 'pluginOptions'), 'option')) {
      const value = textValue(text, option);
      const m = value ? /^([\w-]+:annotation=)(javax\.[\w.$]+)$/.exec(value.trim()) : null;
      const to = m ? movedClassName(table, m[2]!) : undefined;
      if (!m || !to) continue;
      const at = text.indexOf(m[2]!, option.openEnd);
      if (at >= 0 && at < option.closeStart) out.replace(at, at + m[2]!.length, to, CLASS_NAMES_RULE);
    }
  }
}

/** True for the element name of kotlin-maven-plugin's artifactId. */
export function isKotlinMavenPlugin(text: string, artifactId: XmlElement | undefined): boolean {
  return artifactId !== undefined && localName(artifactId.name) === 'artifactId' && textValue(text, artifactId) === 'kotlin-maven-plugin';
}

const KOTLIN_COMPILE = ['KotlinCompile', 'compileKotlin', 'compileTestKotlin', 'KotlinJvmCompile'];

export function gradleJvmTarget(run: GradleRun): void {
  const { tokens, model } = run;
  if (!run.out.edits.some((e) => e.rule === 'build/java-version')) return;
  if (tokens.some((t) => t.type === 'symbol' && ['jvmTarget', 'jvmToolchain', 'toolchain'].includes(t.value))) return;
  const target = String(run.facts.java);
  const quote = run.dsl === 'kotlin' ? '"' : "'";
  for (const block of model.blocksNamed(...KOTLIN_COMPILE)) {
    if (model.blocks.some((b) => b !== block && b.open > block.open && b.close < block.close && b.name === 'compilerOptions')) {
      run.out.report(JVM_TARGET_RULE, 'warning', tokens[block.head]!.start, `Java is now ${target} but this Kotlin compilation sets no jvmTarget (Kotlin's default is 1.8): set compilerOptions { jvmTarget.set(JvmTarget.JVM_${target}) } (import org.jetbrains.kotlin.gradle.dsl.JvmTarget)`);
      continue;
    }
    const options = model.blocks.find((b) => b.parent === block && b.name === 'kotlinOptions');
    if (options) insertFirst(run, options, `jvmTarget = ${quote}${target}${quote}`);
    else insertFirst(run, block, `kotlinOptions.jvmTarget = ${quote}${target}${quote}`);
  }
}

/** Inserts `line` as the first statement of a block, indented like the block's first statement (or one level in). */
function insertFirst(run: GradleRun, block: GradleBlock, line: string): void {
  const { tokens, text } = run;
  const open = tokens[block.open]!;
  const first = tokens[block.open + 1];
  const eol = detectEol(text);
  const ownLine = first !== undefined && block.open + 1 < block.close && first.lineStart;
  if (!ownLine) {
    // `{ }` on one line or a statement right after `{`: the edit would have to reflow the block.
    run.out.report(JVM_TARGET_RULE, 'warning', open.start, `Java is now ${run.facts.java} but this Kotlin compilation sets no jvmTarget (Kotlin's default is 1.8): add ${line}`);
    return;
  }
  const indent = lineIndent(text, first.start);
  const lineStart = text.lastIndexOf('\n', first.start - 1) + 1;
  run.out.insert(lineStart, `${indent}${line}${eol}`, JVM_TARGET_RULE);
}
