// Variables a parent script defines for the projects below it, followed across scripts like
// gradle.properties entries are (gradle-properties.ts):
//
//   root build.gradle:      ext.springBootVersion = '2.7.5'       | ext { springBootVersion = '2.7.5' }
//   root build.gradle.kts:  subprojects { extra["springBootVersion"] = "2.7.5" } | val v by extra("2.7.5")
//   app/build.gradle(.kts): id 'org.springframework.boot' version "${springBootVersion}"
//                           "org.springframework.boot:spring-boot-gradle-plugin:${project.extra["springBootVersion"]}"
//                           version(rootProject.ext.springBootVersion)
//
// Only assignments that every project below sees count: at top level or inside `ext {}`,
// `extra`, `subprojects {}`, `allprojects {}`, `buildscript {}` (not inside a task, a
// `project(':x') {}` block or an `if`). The child script stays silent about such a variable (as
// about a gradle.properties one); the parent's own pass raises the assignment when every child
// that reads it uses it as the same version, and reports it otherwise.
import path from 'node:path';
import type { PassContext, ProjectFile, ProjectView } from '../../src/engine/types.js';
import { groovyTokens } from '../../src/formats/groovy.js';
import { gradleModel } from '../../src/formats/gradle-model.js';
import { kotlinTokens } from '../../src/formats/kotlin-dsl.js';
import { isLower, keptVersionSeverity } from './facts.js';
import { assignmentsOf, type Assignment, type GradleRun, type VersionTarget } from './gradle-run.js';

const SHARED_BLOCKS = new Set(['ext', 'extra', 'subprojects', 'allprojects', 'buildscript']);

const cache = new WeakMap<ProjectView, Map<string, Map<string, Assignment> | null>>();

function dirOf(p: string): string {
  const d = path.posix.dirname(p);
  return d === '.' ? '' : d;
}

/** The assignments of a script that every project below it sees (first of each name wins). */
export function sharedAssignments(run: Pick<GradleRun, 'tokens' | 'model'>): Map<string, Assignment> {
  const out = new Map<string, Assignment>();
  for (const a of assignmentsOf(run.tokens)) {
    let shared = true;
    for (let b = run.model.blockAt(a.at); b; b = b.parent) if (!SHARED_BLOCKS.has(b.name)) shared = false;
    if (shared && !out.has(a.name)) out.set(a.name, a);
  }
  return out;
}

function sharedOf(project: ProjectView, script: ProjectFile): Map<string, Assignment> | undefined {
  let byPath = cache.get(project);
  if (!byPath) cache.set(project, (byPath = new Map()));
  if (!byPath.has(script.path)) {
    let found: Map<string, Assignment> | null = null;
    try {
      const text = script.text ?? '';
      const tokens = script.kind === 'gradle-kts' ? kotlinTokens(text) : groovyTokens(text);
      found = sharedAssignments({ tokens, model: gradleModel(tokens) });
    } catch {
      found = null; // its own pass reports the parse error
    }
    byPath.set(script.path, found);
  }
  return byPath.get(script.path) ?? undefined;
}

const BUILD_SCRIPTS = ['build.gradle', 'build.gradle.kts'];

/** The build scripts of the folders above `scriptPath`, nearest first, up to the build's root (its settings file). */
function ancestorScripts(project: ProjectView, scriptPath: string): ProjectFile[] {
  const out: ProjectFile[] = [];
  let dir = dirOf(scriptPath);
  const isRoot = (d: string) => ['settings.gradle', 'settings.gradle.kts'].some((s) => project.byPath.has(d ? `${d}/${s}` : s));
  while (dir !== '' && !isRoot(dir)) {
    dir = dirOf(dir);
    for (const name of BUILD_SCRIPTS) {
      const f = project.byPath.get(dir ? `${dir}/${name}` : name);
      if (f) out.push(f);
    }
  }
  return out;
}

/** The nearest script above `scriptPath` that shares `name` with it, and the assignment. */
export function inheritedDefinition(project: ProjectView, scriptPath: string, name: string): { path: string; assignment: Assignment } | undefined {
  for (const script of ancestorScripts(project, scriptPath)) {
    if (!script.text?.includes(name)) continue;
    const a = sharedOf(project, script)?.get(name);
    if (a) return { path: script.path, assignment: a };
  }
  return undefined;
}

/** Collects, for this script's shared variables, what the scripts below it use them as. */
type UsesOf = (ctx: PassContext, script: ProjectFile) => { uses: { name: string; target: VersionTarget }[] };

/**
 * Raises (or reports) the shared assignments of this script that scripts below read as a version.
 * A variable the script itself reads as a version was already handled by its own rules.
 */
export function raiseInheritedVariables(run: GradleRun, ctx: PassContext, scriptPath: string, usesOf: UsesOf): void {
  const shared = sharedAssignments(run);
  if (shared.size === 0) return;
  const dir = dirOf(scriptPath);
  const below = ctx.project.ofKind('gradle', 'gradle-kts').filter((f) => f.path !== scriptPath && BUILD_SCRIPTS.includes(path.posix.basename(f.path)) && (dir === '' || f.path.startsWith(dir + '/')));
  for (const [name, assignment] of shared) {
    if (run.out.touches(assignment.value.contentStart!, assignment.value.contentEnd!)) continue;
    const targets: VersionTarget[] = [];
    const readers: string[] = [];
    for (const child of below) {
      if (!child.text?.includes(name) || inheritedDefinition(ctx.project, child.path, name)?.path !== scriptPath) continue;
      const uses = usesOf(ctx, child).uses.filter((u) => u.name === name);
      if (uses.length) readers.push(child.path);
      targets.push(...uses.map((u) => u.target));
    }
    if (targets.length) decide(run, assignment, name, targets, readers);
  }
}

function decide(run: GradleRun, assignment: Assignment, name: string, targets: VersionTarget[], readers: string[]): void {
  const value = assignment.value;
  const distinct = new Map(targets.map((t) => [`${t.rule}=${t.version}`, t]));
  const target = targets[0]!;
  if (distinct.size > 1) {
    const what = [...distinct.values()].map((t) => `${t.rule} ${t.version}`).join(', ');
    run.out.report(target.rule, keptVersionSeverity(target.rule), value.start, `${name} is used as more than one version by ${readers.join(', ')} (${what}): not changed; give each use its own variable`);
    return;
  }
  if (!target.applies(value.value)) return;
  if (target.rule === 'build/imported-bom') {
    run.out.report(target.rule, 'warning', value.start, `${name} = ${value.value} versions ${target.bom} in ${readers.join(', ')}, a BOM whose versions override the ones Spring Boot manages; Boot imports ${target.version}: raise it or remove the import`);
    return;
  }
  run.out.replace(value.contentStart!, value.contentEnd!, target.version, target.rule);
  if (target.rule === 'build/boot-version' && isLower(value.value, '2.7.0')) {
    run.out.report('build/boot-version', 'info', value.start, `Spring Boot was ${value.value}: the guide asks to upgrade to the latest 2.7.x first, then to 3.0`);
  }
}
