// Which Spring Boot line each build resolves, read from the build files as they are before the
// run: a Maven parent (spring-boot-starter-parent, spring-boot-dependencies), an imported Boot
// BOM, the Boot Maven plugin or a Boot artifact with a version, through the in-repository parent
// chain and its properties; a Gradle script's Boot plugin or Boot coordinate version, literal or
// through a variable (the script's own, a gradle.properties above it), else its build's:
// settings' pluginManagement, buildSrc, a version catalog. `undefined` version with
// `mentions`: the build names Spring Boot but its version comes from outside the repository
// (a company parent, a convention plugin published elsewhere).
import path from 'node:path/posix';
import type { ProjectFile, ProjectView } from '../../src/engine/types.js';
import type { BuildToken } from '../../src/formats/groovy.js';
import { scanToml } from '../../src/formats/toml.js';
import { textValue } from '../../src/formats/xml.js';
import type { BuildSection } from '../../src/table/sections/build.js';
import { compareVersions } from './facts.js';
import { releaseOf } from '../../src/table/versions.js';
import { argString, COORDINATE, findAssignment, pluginIdBefore, variableAt } from './gradle-run.js';
import { chain, projectPom, resolveValue, type PomModel } from './pom-model.js';

/**
 * The Boot line of a build: 2.x (to migrate), the target's line (3.0.x by default, 3.5.x for
 * --boot-version 3.5: past the 2.x step, finished with the rest), another 3.x line (left alone:
 * the run raises no 3.x version, so a 3.2 build moved to 3.5's keys would not match its Boot).
 */
export type BootLine = 'boot2' | 'boot3' | 'later';

export interface BootVersion {
  version: string;
  line: BootLine;
}

type Boot = BuildSection['boot'];

/** The line the run migrates to (`3.0`, `3.5`): the newest release the table's view lists. */
export function targetLine(boot: Pick<Boot, 'releases'>): string {
  const newest = boot.releases.map((r) => r.version).reduce((a, b) => (compareVersions(b, a) === 1 ? b : a), '3.0.0');
  return newest.split('.').slice(0, 2).join('.');
}

/** `target`: the line the run migrates to (3.0 when unsaid). */
export function lineOf(version: string, target = '3.0'): BootLine | undefined {
  if (compareVersions(version, '1') === undefined) return undefined; // a variable left unresolved, a range
  const v = releaseOf(version); // the line of a pre-release is its release's: 3.0.0-M4 is on 3.0
  if (compareVersions(v, '3.0.0') === -1) return 'boot2';
  const [major, minor] = target.split('.').map(Number);
  return compareVersions(v, `${major}.${minor}.0`) !== -1 && compareVersions(v, `${major}.${minor! + 1}.0`) === -1 ? 'boot3' : 'later';
}

const knownOn =
  (target: string) =>
  (version: string | undefined): BootVersion | undefined => {
    const line = version === undefined ? undefined : lineOf(version.trim(), target);
    return line && version ? { version: version.trim(), line } : undefined;
  };

// ---- Maven ----------------------------------------------------------------------------------

/** The Boot version one pom's own declarations give, its properties resolved along `models`. */
function pomOwnVersion(m: PomModel, models: PomModel[], boot: Boot): string | undefined {
  const raw = (el: Parameters<typeof textValue>[1]) => resolveValue(models, textValue(m.text, el));
  if (m.parent?.groupId === boot.groupId && boot.parents.includes(m.parent.artifactId ?? '')) return raw(m.parent.version);
  const versions: (string | undefined)[] = [];
  for (const d of m.deps) {
    if (!d.version || d.kind === 'exclusion') continue;
    const g = resolveValue(models, textValue(m.text, d.groupId));
    const a = resolveValue(models, textValue(m.text, d.artifactId));
    if (g !== boot.groupId || !a) continue;
    // the BOM import and the plugin decide; any Boot artifact with a version tells the line too
    if ((d.kind === 'managed-dependency' && a === boot.bom) || (d.kind === 'plugin' && a === boot.mavenPlugin)) return raw(d.version);
    versions.push(raw(d.version));
  }
  return versions.find((v) => v !== undefined);
}

/** Whether a pom names a Boot artifact or parent at all. */
export function pomMentionsBoot(m: PomModel, boot: Boot): boolean {
  return m.parent?.groupId === boot.groupId || m.deps.some((d) => textValue(m.text, d.groupId) === boot.groupId);
}

/** The Boot version a pom resolves through its in-repository parents (closest first); mentions: it or a parent names Boot. */
export function pomBootVersion(project: ProjectView, pomPath: string, boot: Boot): { found?: BootVersion; mentions: boolean } {
  const model = projectPom(project, pomPath);
  if (!model) return { mentions: false };
  const models = chain(project, model);
  const known = knownOn(targetLine(boot));
  for (let i = 0; i < models.length; i++) {
    const v = pomOwnVersion(models[i]!, models, boot);
    const found = known(v);
    if (found) return { found, mentions: true };
  }
  return { mentions: models.some((m) => pomMentionsBoot(m, boot)) };
}

// ---- Gradle ---------------------------------------------------------------------------------

const dirOf = (p: string) => (path.dirname(p) === '.' ? '' : path.dirname(p));

/** `name=value` of every gradle.properties from `dir` up to the root, nearest first. */
function gradleProperties(project: ProjectView, dir: string): (name: string) => string | undefined {
  const files: ProjectFile[] = [];
  for (let d = dir; ; d = dirOf(d)) {
    const f = project.byPath.get(d ? `${d}/gradle.properties` : 'gradle.properties');
    if (f) files.push(f);
    if (d === '') break;
  }
  return (name) => {
    for (const f of files) {
      const m = new RegExp(`^[ \\t]*${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[ \\t]*[=:][ \\t]*(\\S+)[ \\t]*$`, 'm').exec(f.text ?? '');
      if (m) return m[1];
    }
    return undefined;
  };
}

/** The Boot version a script's own declarations give (plugin version, Boot coordinate), variables resolved. */
export function scriptBootVersion(tokens: BuildToken[], text: string, boot: Boot, outside: (name: string) => string | undefined): string | undefined {
  const valueOf = (name: string) => {
    const short = name.replace(/^(?:(?:project|rootProject|settings|ext|extra)\.)+/, '');
    const assigned = findAssignment(tokens, short);
    if (assigned?.type === 'string' && !assigned.templated) return assigned.value;
    return outside(short);
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type === 'symbol' && t.value === 'version' && pluginIdBefore(tokens, i) === boot.gradlePlugin.id) {
      const j = argString(tokens, i + 1);
      if (j >= 0 && !tokens[j]!.templated) return tokens[j]!.value;
      const name = variableAt(text, tokens, j < 0 ? i + 1 : j);
      const v = name ? valueOf(name) : undefined;
      if (v) return v;
    } else if (t.type === 'string') {
      const content = t.templated ? text.slice(t.contentStart!, t.contentEnd!) : t.value;
      const m = COORDINATE.exec(content.replace(/\$\{?([\w.]+)\}?/g, (_, n: string) => valueOf(n) ?? '?'));
      if (m && m[1] === boot.groupId && m[3] && !m[3].includes('?')) return m[3];
    }
  }
  return undefined;
}

/** Boot versions a version catalog gives its Boot plugin and Boot libraries. */
export function catalogBootVersion(file: ProjectFile, boot: Boot): string | undefined {
  let entries;
  try {
    entries = scanToml(file.text ?? '');
  } catch {
    return undefined;
  }
  const versions = new Map(entries.filter((e) => e.table === 'versions' && e.value.kind === 'string').map((e) => [e.key, (e.value as { value: string }).value]));
  for (const e of entries) {
    if ((e.table !== 'plugins' && e.table !== 'libraries') || e.value.kind === 'other') continue;
    let id: string | undefined;
    let version: string | undefined;
    if (e.value.kind === 'string') {
      const parts = e.value.value.split(':');
      id = e.table === 'plugins' ? parts[0] : `${parts[0]}:${parts[1]}`;
      version = e.table === 'plugins' ? parts[1] : parts[2];
    } else {
      const f = e.value.fields;
      const str = (k: string) => (f.get(k)?.kind === 'string' ? (f.get(k) as { value: string }).value : undefined);
      const module = str('module');
      id = e.table === 'plugins' ? str('id') : (module ?? `${str('group')}:${str('name')}`);
      version = str('version') ?? str('version.ref');
      if (str('version.ref') !== undefined) version = versions.get(str('version.ref')!);
      const nested = f.get('version');
      if (nested?.kind === 'table') {
        const ref = nested.fields.get('ref');
        if (ref?.kind === 'string') version = versions.get(ref.value);
      }
    }
    const isBoot = e.table === 'plugins' ? id === boot.gradlePlugin.id : id?.startsWith(boot.groupId + ':');
    if (isBoot && version) return version;
  }
  return undefined;
}

export interface GradleBootFacts {
  /** The version a script's own declarations give. */
  own(script: ProjectFile, tokens: BuildToken[]): BootVersion | undefined;
  /** The version the Gradle build around `dir` gives its projects (settings, buildSrc, catalogs, the root script). */
  build(dir: string): BootVersion | undefined;
}

/**
 * The Gradle side, for one project: `tokensOf` parses a script (undefined: it does not parse).
 * A build is the folder of a settings script (or the repository root); its version comes from
 * its settings' pluginManagement, its buildSrc scripts, its catalogs, then its root script.
 */
export function gradleBootFacts(project: ProjectView, boot: Boot, tokensOf: (f: ProjectFile) => BuildToken[] | undefined): GradleBootFacts {
  const settingsDirs = project.files.filter((f) => /(^|\/)settings\.gradle(\.kts)?$/.test(f.path) && !/(^|\/)buildSrc\//.test(f.path)).map((f) => dirOf(f.path));
  const known = knownOn(targetLine(boot));
  const buildRoot = (dir: string) => settingsDirs.filter((d) => d === '' || dir === d || dir.startsWith(d + '/')).sort((a, b) => b.length - a.length)[0] ?? '';
  const ownOf = (f: ProjectFile, tokens: BuildToken[]) => known(scriptBootVersion(tokens, f.text ?? '', boot, gradleProperties(project, dirOf(f.path))));
  const cache = new Map<string, BootVersion | undefined>();
  const build = (dir: string): BootVersion | undefined => {
    const root = buildRoot(dir);
    if (cache.has(root)) return cache.get(root);
    const inBuild = (f: ProjectFile) => root === '' || f.path.startsWith(root + '/');
    const candidates: ProjectFile[] = [
      ...project.files.filter((f) => inBuild(f) && dirOf(f.path) === root && /^settings\.gradle(\.kts)?$/.test(path.basename(f.path))),
      ...project.files.filter((f) => inBuild(f) && dirOf(f.path) === (root ? `${root}/buildSrc` : 'buildSrc') && /^build\.gradle(\.kts)?$/.test(path.basename(f.path))),
      ...project.files.filter((f) => inBuild(f) && dirOf(f.path) === root && /^build\.gradle(\.kts)?$/.test(path.basename(f.path))),
    ];
    let found: BootVersion | undefined;
    for (const f of candidates) {
      const tokens = tokensOf(f);
      found = tokens ? ownOf(f, tokens) : undefined;
      if (found) break;
    }
    if (!found) for (const c of project.ofKind('version-catalog').filter(inBuild)) if ((found = known(catalogBootVersion(c, boot)))) break;
    cache.set(root, found);
    return found;
  };
  return { own: ownOf, build };
}
