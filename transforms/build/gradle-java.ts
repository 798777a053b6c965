// build/java-version in Gradle: sourceCompatibility, targetCompatibility, jvmTarget, options.release,
// JavaVersion.VERSION_x, JavaVersion.toVersion(x), JavaLanguageVersion.of(x), jvmToolchain(x).
import { javaLevel } from './facts.js';
import { setString, variableAt, versionVariable, type GradleRun, type VersionTarget } from './gradle-run.js';

// ---- Java level ---------------------------------------------------------------------------

/** sourceCompatibility = '11' | 1.8 | JavaVersion.VERSION_11; jvmTarget = "11"; release = 11 / release.set(11). */
export function compatibility(run: GradleRun, i: number): void {
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
export function javaCall(run: GradleRun, i: number): void {
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

