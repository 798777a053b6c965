// Which modules of the repository are not Spring Boot modules, decided from each module's build
// and its ancestry, so that their build files and sources are left exactly as they are:
//
// - an Android module: its script applies a `com.android.*` plugin (an Android app cannot run on
//   Boot, and its Kotlin/Gradle versions follow the Android Gradle plugin, not Boot);
// - a Gradle plugin module: it applies `java-gradle-plugin` or configures `gradlePlugin {}` (the
//   Gradle API injects with `javax.inject.Inject`: moving it to jakarta breaks the plugin);
// - a platform/BOM-only module: Gradle `java-platform`, or a Maven `<packaging>pom</packaging>`
//   with only `<dependencyManagement>` (no dependencies, no modules), when neither it nor an
//   in-repository parent pom mentions Spring Boot (a child of a Boot parent is a Boot module);
// - a separate Gradle build (its own settings file) in which no file mentions Spring Boot, in a
//   repository where another part does (restbucks' Android client, a BOM-consumer sample build):
//   nothing in it is a Boot module;
// - a module of another application framework: Quarkus or Micronaut (its build names the
//   framework's group, plugin or parent), or a plain Java EE war (war packaging or the Gradle war
//   plugin, a Java EE API dependency), when the module itself uses no Spring Boot artifact or
//   plugin: also inside a Boot reactor and below a parent that imports Boot's BOM (a parent's
//   dependency management does not make a module a Boot application).
//
// A module is the folder of a build file; a file belongs to the deepest module folder above it.
// The engine skips every file of these modules (file passes and project-pass edits) and reports
// each module once (`build/non-boot-module`, info) on its build file.
import path from 'node:path';
import { ParseError, type FileKind, type LeftAlone, type ProjectFile, type ProjectView } from '../../src/engine/types.js';
import type { BuildToken } from '../../src/formats/groovy.js';
import { gradleModel } from '../../src/formats/gradle-model.js';
import { gradleTokens } from '../../src/formats/gradle-tokens.js';
import { loadGrammar } from '../../src/formats/tree-sitter.js';
import { child, childrenNamed, parseXml, textValue } from '../../src/formats/xml.js';
import { tableIndex } from '../../src/table/load.js';
import type { MigrationTable } from '../../src/table/types.js';
import { chain, projectPom, resolveValue, type PomModel } from './pom-model.js';

export const NON_BOOT_RULE = 'build/non-boot-module';

/** Any spelling of Spring Boot in a build, catalog or source: coordinates, plugin ids, catalog aliases, imports. */
export const BOOT_MENTION = /org\.springframework\.boot|spring-boot|springframework\.boot|spring\.boot|springBoot/;

function dirOf(p: string): string {
  const d = path.posix.dirname(p);
  return d === '.' ? '' : d;
}

function under(p: string, dir: string): boolean {
  return dir === '' || p.startsWith(dir + '/');
}

const isScript = (f: ProjectFile) => /(^|\/)build\.gradle(\.kts)?$/.test(f.path);
const isSettings = (f: ProjectFile) => /(^|\/)settings\.gradle(\.kts)?$/.test(f.path) && !/(^|\/)buildSrc\//.test(f.path);

export async function nonBootModules(project: ProjectView, table: MigrationTable): Promise<LeftAlone[]> {
  const builds = project.files.filter((f) => isScript(f) || f.kind === 'pom' && path.posix.basename(f.path) === 'pom.xml');
  if (builds.length === 0) return [];
  if (builds.some((f) => f.kind === 'gradle-kts')) await loadGrammar('kotlin');
  const out: LeftAlone[] = [...separateBuildsWithoutBoot(project)];
  const fw = frameworksOf(table);
  for (const f of builds) {
    if (out.some((m) => under(f.path, m.dir))) continue;
    const found = f.kind === 'pom' ? (platformPom(project, f) ?? otherFrameworkPom(project, f, fw)) : gradleModule(f, fw);
    if (found) out.push(found);
  }
  return out;
}

/** Gradle builds (a settings file's folder) with no Boot anywhere in them, when the repository has Boot elsewhere. */
function separateBuildsWithoutBoot(project: ProjectView): LeftAlone[] {
  const roots = project.files.filter(isSettings).map((f) => ({ dir: dirOf(f.path), file: f }));
  if (roots.length === 0) return [];
  const mentions = (f: ProjectFile) => f.text !== undefined && BOOT_MENTION.test(f.text);
  const out: LeftAlone[] = [];
  for (const root of roots) {
    // Everything under its folder, nested builds included: the whole folder is left alone, so a
    // Boot build nested in it (an aggregator's included builds) makes it a Boot build.
    const own = (p: string) => under(p, root.dir);
    const inside = project.files.filter((f) => own(f.path));
    if (inside.some(mentions)) continue;
    if (!project.files.some((f) => !own(f.path) && mentions(f))) continue;
    const script = inside.find(isScript) ?? root.file;
    const android = inside.some((f) => isScript(f) && f.text !== undefined && /com\.android\./.test(f.text));
    // The same folder may also be a module of the repository's Maven reactor (a pom beside the
    // scripts, listed in a parent's <modules>): then only the Gradle build's own files stay.
    const reactor = reactorModule(project, root.dir);
    out.push({
      dir: root.dir,
      ...(reactor ? { kinds: GRADLE_KINDS } : {}),
      path: script.path,
      message: reactor
        ? `${root.dir || '.'} is a separate Gradle build that does not use Spring Boot: its Gradle files are left as they are (the folder is also a module of ${reactor}, which is migrated)`
        : `${root.dir || '.'} is a separate Gradle build${android ? ' for Android' : ''} that does not use Spring Boot: its build files and sources are left as they are`,
    });
  }
  // Only the outermost of nested Boot-free builds.
  return out.filter((m) => !out.some((o) => o !== m && under(m.dir, o.dir) && o.dir !== m.dir));
}

const GRADLE_KINDS: FileKind[] = ['gradle', 'gradle-kts', 'gradle-properties', 'gradle-wrapper', 'gradle-lockfile', 'version-catalog'];

/** The pom outside `dir` whose <modules> lists `dir` (the folder belongs to its Maven reactor), if any. */
function reactorModule(project: ProjectView, dir: string): string | undefined {
  for (const f of project.ofKind('pom')) {
    const pomDir = dirOf(f.path);
    if (under(pomDir, dir)) continue;
    const model = projectPom(project, f.path);
    for (const m of childrenNamed(child(model?.project, 'modules'), 'module')) {
      const rel = textValue(model!.text, m);
      if (rel && path.posix.normalize(path.posix.join(pomDir, rel.replace(/\/pom\.xml$/, ''))) === dir) return f.path;
    }
  }
  return undefined;
}

/** A Gradle script's tokens; undefined when it does not parse (unreadableBuild reports it). */
export function buildTokens(f: ProjectFile): BuildToken[] | undefined {
  if (f.text === undefined) return undefined;
  try {
    return gradleTokens(f.kind === 'gradle-kts' ? 'kotlin' : 'groovy', f.text);
  } catch {
    return undefined;
  }
}
const tokensOf = buildTokens;

/**
 * A build file that cannot be parsed: its Boot and Java versions cannot be raised, so nothing
 * of its module is changed (its sources moved to jakarta against a Boot 2 build would not
 * compile). The error names the parser's reason; the finding is `parse-error` on the file.
 */
export function unreadableBuild(project: ProjectView, f: ProjectFile, dir = dirOf(f.path)): LeftAlone | undefined {
  if (f.text === undefined) return undefined;
  let problem: ParseError | undefined;
  try {
    if (f.kind === 'pom') {
      if (!projectPom(project, f.path)) parseXml(f.text);
    } else gradleTokens(f.kind === 'gradle-kts' ? 'kotlin' : 'groovy', f.text);
  } catch (e) {
    if (!(e instanceof ParseError)) throw e; // NotReady: the engine loads the grammar and decides again
    problem = e;
  }
  if (!problem) return undefined;
  return {
    dir,
    path: f.path,
    offset: problem.offset,
    rule: 'parse-error',
    severity: 'error',
    message: `cannot parse: ${problem.message}; left unchanged, and so is every other file of ${dir || 'the root module'} (its sources moved to jakarta would not compile against a build still on Spring Boot 2): fix the syntax and run again`,
  };
}

/** The plugin ids a script applies (`apply false` excluded): plugins {} ids, backticked ids, apply plugin:. */
export function appliedPlugins(tokens: BuildToken[]): { id: string; at: number }[] {
  const model = gradleModel(tokens);
  const out: { id: string; at: number }[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    let id: string | undefined;
    if (t.type === 'symbol' && t.value === 'id' && model.directlyIn(i, 'plugins')) {
      const s = tokens[i + 1]?.value === '(' ? tokens[i + 2] : tokens[i + 1];
      if (s?.type === 'string' && !s.templated) id = s.value;
    } else if (t.type === 'symbol' && /^`[\w.-]+`$/.test(t.value) && model.directlyIn(i, 'plugins')) {
      id = t.value.slice(1, -1);
    } else if (t.type === 'symbol' && t.value === 'plugin' && [':', '='].includes(tokens[i + 1]?.value ?? '') && (tokens[i - 1]?.value === 'apply' || (tokens[i - 1]?.value === '(' && tokens[i - 2]?.value === 'apply'))) {
      // apply plugin: 'x' (Groovy) / apply(plugin = "x") (Kotlin)
      const s = tokens[i + 2];
      if (s?.type === 'string' && !s.templated) id = s.value;
    }
    if (id === undefined) continue;
    if (appliedFalse(tokens, i)) continue;
    out.push({ id, at: tokens[i]!.start });
  }
  return out;
}

/** `id 'x' version 'v' apply false` / `id("x") version "v" apply false`: declared, not applied. */
function appliedFalse(tokens: BuildToken[], i: number): boolean {
  for (let k = i + 1; k < Math.min(tokens.length, i + 10); k++) {
    const t = tokens[k]!;
    if (t.lineStart) return false;
    if (t.value === 'apply' && tokens[k + 1]?.value === 'false') return true;
    if (t.value === 'apply' && tokens[k + 1]?.value === '(' && tokens[k + 2]?.value === 'false') return true;
  }
  return false;
}

function gradleModule(f: ProjectFile, fw: Frameworks): LeftAlone | undefined {
  const tokens = tokensOf(f);
  if (!tokens) return undefined;
  const dir = dirOf(f.path);
  const plugins = appliedPlugins(tokens);
  const android = plugins.find((p) => p.id.startsWith('com.android.'));
  if (android) return { dir, path: f.path, offset: android.at, message: `${dir || '.'} is an Android module (plugin ${android.id}), not a Spring Boot module: its build files and sources are left as they are` };
  const model = gradleModel(tokens);
  const gradlePlugin = plugins.find((p) => p.id === 'java-gradle-plugin') ?? model.blocks.filter((b) => b.name === 'gradlePlugin' && !b.parent).map((b) => ({ id: 'gradlePlugin {}', at: tokens[b.head]!.start }))[0];
  if (gradlePlugin) return { dir, path: f.path, offset: gradlePlugin.at, message: `${dir || '.'} is a Gradle plugin module (${gradlePlugin.id}), not a Spring Boot module: the Gradle API injects with javax.inject, so its build files and sources are left as they are` };
  const framework = otherFramework(fw, plugins.map((p) => p.id), f.text ?? '');
  if (framework) return { dir, path: f.path, offset: plugins.find((p) => p.id === framework.plugin)?.at ?? 0, message: `${dir || '.'} is ${framework.what}, not a Spring Boot module: its build files and sources are left as they are` };
  const platform = plugins.find((p) => p.id === 'java-platform');
  if (platform && !BOOT_MENTION.test(f.text ?? '')) return { dir, path: f.path, offset: platform.at, message: `${dir || '.'} is a platform (java-platform) that does not use Spring Boot: left as it is` };
  return undefined;
}

/** `<packaging>pom</packaging>` with only `<dependencyManagement>`, and no Boot in it or its in-repository parents. */
function platformPom(project: ProjectView, f: ProjectFile): LeftAlone | undefined {
  const model = projectPom(project, f.path);
  if (!model) return undefined;
  const packaging = child(model.project, 'packaging');
  const text = model.text;
  if (!packaging || text.slice(packaging.openEnd, packaging.closeStart).trim() !== 'pom') return undefined;
  if (!child(model.project, 'dependencyManagement') || child(model.project, 'dependencies') || child(model.project, 'modules') || child(model.project, 'build')) return undefined;
  if (chain(project, model).some((m) => BOOT_MENTION.test(m.text))) return undefined;
  const dir = dirOf(f.path);
  return { dir, path: f.path, offset: packaging.start, message: `${dir || '.'} is a BOM-only module (packaging pom with only dependencyManagement) outside any Spring Boot parent: left as it is` };
}

interface Framework {
  what: string;
  group(groupId: string): boolean;
  plugin(id: string): boolean;
}

/** The table's other application frameworks (a module built on one is not a Boot module) and Java EE API artifacts, as tests made once per table. */
interface Frameworks {
  frameworks: Framework[];
  javaEeApis: Set<string>;
}

function frameworksOf(table: MigrationTable): Frameworks {
  return tableIndex(table, 'other-frameworks', (t) => ({
    frameworks: (t.build?.otherFrameworks ?? []).map((row) => ({
      what: row.what,
      group: (g: string) => row.groups.includes(g) || row.groupPrefixes.some((p) => g.length > p.length && g.startsWith(p)),
      plugin: (id: string) => row.pluginIds.includes(id) || row.pluginIdPrefixes.some((p) => id.startsWith(p)),
    })),
    javaEeApis: new Set((t.build?.javaEeApis.coordinates ?? []).map((c) => `${c.groupId}:${c.artifactId}`)),
  }));
}

const GRADLE_COORDINATE = /['"]([\w.-]+):([\w.-]+)(?::[^'"]*)?['"]/g;

/** The other framework a Gradle script's plugins and dependencies name, when it uses no Boot itself. */
function otherFramework(fw: Frameworks, plugins: string[], text: string): { what: string; plugin?: string } | undefined {
  if (BOOT_MENTION.test(text)) return undefined;
  const coordinates = [...text.matchAll(GRADLE_COORDINATE)].map((m) => ({ g: m[1]!, a: m[2]! }));
  for (const framework of fw.frameworks) {
    const plugin = plugins.find((id) => framework.plugin(id));
    if (plugin || coordinates.some((c) => framework.group(c.g))) return { what: framework.what, plugin };
  }
  if (plugins.includes('war') && coordinates.some((c) => fw.javaEeApis.has(`${c.g}:${c.a}`))) return { what: 'a Java EE web application (war)', plugin: 'war' };
  return undefined;
}

/** Coordinates a pom uses itself and inherits (<dependencies> and <build><plugins> are inherited; <dependencyManagement> is not a use). */
function usedCoordinates(models: PomModel[]): string[] {
  const out: string[] = [];
  for (const m of models) {
    for (const d of m.deps) {
      if (d.kind === 'managed-dependency' || d.kind === 'exclusion') continue;
      out.push(`${resolveValue(models, textValue(m.text, d.groupId)) ?? (d.kind === 'plugin' ? 'org.apache.maven.plugins' : '')}:${resolveValue(models, textValue(m.text, d.artifactId)) ?? ''}`);
    }
  }
  return out;
}

/** A Quarkus or Micronaut module, or a plain Java EE war, that uses no Boot artifact or plugin (also below a Boot-importing parent). */
function otherFrameworkPom(project: ProjectView, f: ProjectFile, fw: Frameworks): LeftAlone | undefined {
  const model = projectPom(project, f.path);
  if (!model) return undefined;
  const models = chain(project, model);
  const used = usedCoordinates(models);
  if (used.some((c) => c.startsWith('org.springframework.boot:')) || models.some((m) => m.parent?.groupId === 'org.springframework.boot')) return undefined;
  const dir = dirOf(f.path);
  const groups = [...used.map((c) => c.slice(0, c.indexOf(':'))), ...models.map((m) => m.parent?.groupId ?? ''), ...model.deps.map((d) => textValue(model.text, d.groupId) ?? '')];
  const at = model.project.start;
  for (const framework of fw.frameworks) {
    if (groups.some((g) => framework.group(g))) return { dir, path: f.path, offset: at, message: `${dir || '.'} is ${framework.what}, not a Spring Boot module: its build files and sources are left as they are` };
  }
  const packaging = textValue(model.text, child(model.project, 'packaging'))?.trim();
  if (packaging === 'war' && used.some((c) => fw.javaEeApis.has(c))) {
    return { dir, path: f.path, offset: at, message: `${dir || '.'} is a Java EE web application (war packaging, a Java EE API dependency, no Spring Boot), not a Spring Boot module: its build files and sources are left as they are` };
  }
  return undefined;
}
