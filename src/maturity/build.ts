// What the graded folder's build puts on the classpath, read as Maven and Gradle read it: the
// module's own build file, its parents up to the build root (Maven <parent> through
// <relativePath>, Gradle allprojects/subprojects blocks of the settings root) and the sibling
// modules it depends on. A Spring Data REST starter declared in `rest/pom.xml` exports the
// repositories of `rest/starbucks` although the folder's own pom never names it.
// Files outside the graded folder are read only along these links, never through a symlink.
import { lstat, readFile } from 'node:fs/promises';
import path from 'node:path';
import { buildPomModel, type PomModel } from '../formats/pom.js';
import { child, childrenNamed, textValue, type XmlElement } from '../formats/xml.js';

export interface BuildView {
  /** Dependency coordinates (Maven `group:artifact`) and dependency text (Gradle) the folder sees. */
  declared: string[];
  /** The build files read, relative to the graded folder (`../pom.xml`). */
  files: string[];
  /** Whether any build file was found for the folder. */
  found: boolean;
  /** What the folder cannot see of its build (a parent pom missing at its relativePath). */
  notes: string[];
}

/** Parents that live in public repositories and declare no dependencies of their own. */
const PUBLIC_PARENTS = /^(org\.springframework\.(boot|cloud)|io\.spring\.|org\.sonatype\.oss)/;
const MAX_UP = 12;
const GRADLE_FILES = ['build.gradle', 'build.gradle.kts'];
const MAX_MODULES = 400;

interface Pom {
  file: string;
  groupId?: string;
  artifactId?: string;
  parent?: { groupId?: string; artifactId?: string; relativePath?: string };
  modules: string[];
  deps: string[];
}

/** The text of a regular file (a symlink is not followed), or undefined. */
async function readPlain(file: string): Promise<string | undefined> {
  try {
    if (!(await lstat(file)).isFile()) return undefined;
    return await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
}

async function readPom(file: string): Promise<Pom | undefined> {
  const text = await readPlain(file);
  if (text === undefined) return undefined;
  let model: PomModel;
  try {
    model = buildPomModel(file, text);
  } catch {
    return undefined; // an unreadable pom declares nothing here; the migrate command reports it
  }
  const v = (el: XmlElement | undefined) => textValue(text, el);
  // the project's own <dependencies>: not a profile's, which only an active profile adds
  const deps = model.deps.filter((d) => d.kind === 'dependency' && d.el.parent?.parent === model.project).map((d) => `${v(d.groupId) ?? ''}:${v(d.artifactId) ?? ''}`);
  return {
    file,
    groupId: model.groupId,
    artifactId: model.artifactId,
    parent: model.parent ? { groupId: model.parent.groupId, artifactId: model.parent.artifactId, relativePath: model.parent.relativePath } : undefined,
    modules: childrenNamed(child(model.project, 'modules'), 'module').map((m) => v(m) ?? '').filter(Boolean),
    deps,
  };
}

/** The nearest folder at or above `dir` (bounded) that holds one of `names`. */
async function nearest(dir: string, names: string[]): Promise<string | undefined> {
  let cur = dir;
  for (let i = 0; i < MAX_UP; i++) {
    for (const n of names) if ((await readPlain(path.join(cur, n))) !== undefined) return path.join(cur, n);
    const up = path.dirname(cur);
    if (up === cur) return undefined;
    cur = up;
  }
  return undefined;
}

async function mavenView(root: string, moduleDir: string, out: BuildView): Promise<void> {
  const first = await readPom(path.join(moduleDir, 'pom.xml'));
  if (!first) return;
  const chain = [first];
  for (let cur = first; cur.parent && chain.length < 32; ) {
    const p = cur.parent;
    if (p.relativePath === '') break; // <relativePath/>: resolved from a repository by intent
    let rel = p.relativePath ?? '../pom.xml';
    if (!rel.endsWith('.xml')) rel = path.join(rel, 'pom.xml');
    const parent = await readPom(path.resolve(path.dirname(cur.file), rel));
    if (!parent || parent.artifactId !== p.artifactId || (p.groupId && parent.groupId !== p.groupId) || chain.some((c) => c.file === parent.file)) {
      if (!PUBLIC_PARENTS.test(p.groupId ?? '')) {
        out.notes.push(`${display(root, cur.file)}: parent ${p.groupId}:${p.artifactId} is not at ${rel} (the graded folder cannot see its whole build): dependencies declared there, such as Spring Data REST, are not seen`);
      }
      break;
    }
    chain.push(parent);
    cur = parent;
  }
  // the build root's modules, by artifactId, for the sibling modules the chain depends on
  const modules = new Map<string, Pom>();
  const queue = [chain[chain.length - 1]!];
  while (queue.length && modules.size < MAX_MODULES) {
    const pom = queue.shift()!;
    if (pom.artifactId && !modules.has(pom.artifactId)) modules.set(pom.artifactId, pom);
    for (const m of pom.modules) {
      const sub = await readPom(path.resolve(path.dirname(pom.file), m.endsWith('.xml') ? m : path.join(m, 'pom.xml')));
      if (sub && !(sub.artifactId && modules.has(sub.artifactId))) queue.push(sub);
    }
  }
  const seen = new Set(chain.map((c) => c.file));
  const deps = chain.flatMap((c) => c.deps);
  for (let i = 0; i < deps.length; i++) {
    const sibling = modules.get(deps[i]!.split(':')[1] ?? '');
    if (!sibling || seen.has(sibling.file)) continue;
    seen.add(sibling.file);
    deps.push(...sibling.deps);
  }
  out.declared.push(...deps);
  out.files.push(...[...seen].map((f) => display(root, f)));
}

/** The text of every `allprojects { }` / `subprojects { }` block: what a settings root gives each project. */
function inheritedBlocks(text: string): string {
  const out: string[] = [];
  for (const m of text.matchAll(/\b(allprojects|subprojects)\s*\{/g)) {
    let depth = 0;
    for (let i = m.index + m[0].length - 1; i < text.length; i++) {
      if (text[i] === '{') depth++;
      else if (text[i] === '}' && --depth === 0) {
        out.push(text.slice(m.index, i + 1));
        break;
      }
    }
  }
  return out.join('\n');
}

async function gradleBuild(dir: string): Promise<{ file: string; text: string } | undefined> {
  for (const n of GRADLE_FILES) {
    const text = await readPlain(path.join(dir, n));
    if (text !== undefined) return { file: path.join(dir, n), text };
  }
  return undefined;
}

async function gradleView(root: string, moduleDir: string, out: BuildView): Promise<void> {
  const own = await gradleBuild(moduleDir);
  if (!own) return;
  const settings = await nearest(moduleDir, ['settings.gradle', 'settings.gradle.kts']);
  const texts = [own];
  const buildRoot = settings ? path.dirname(settings) : undefined;
  if (buildRoot && buildRoot !== moduleDir) {
    const top = await gradleBuild(buildRoot);
    if (top) texts.push({ file: top.file, text: inheritedBlocks(top.text) });
  }
  // sibling projects this one depends on: project(':lib') -> <root>/lib (the default project folder)
  const seen = new Set(texts.map((t) => t.file));
  for (let i = 0; buildRoot && i < texts.length && seen.size < MAX_MODULES; i++) {
    for (const m of texts[i]!.text.matchAll(/\bproject\s*\(\s*(?:path\s*[:=]\s*)?["']:([\w.:-]+)["']/g)) {
      const sibling = await gradleBuild(path.join(buildRoot, ...m[1]!.split(':')));
      if (sibling && !seen.has(sibling.file)) {
        seen.add(sibling.file);
        texts.push(sibling);
      }
    }
  }
  out.declared.push(...texts.map((t) => t.text));
  out.files.push(...texts.map((t) => display(root, t.file)));
}

const display = (root: string, file: string) => path.relative(root, file).split(path.sep).join('/') || '.';

/** The build the graded folder sees (Maven and Gradle): that of the nearest module folder at or above it. */
export async function buildView(root: string): Promise<BuildView> {
  const out: BuildView = { declared: [], files: [], found: false, notes: [] };
  const abs = path.resolve(root);
  const first = await nearest(abs, ['pom.xml', ...GRADLE_FILES]);
  if (first) {
    await mavenView(abs, path.dirname(first), out);
    await gradleView(abs, path.dirname(first), out);
  }
  out.found = out.files.length > 0;
  return out;
}

/** The build declares a dependency matching `pattern` (a Spring Data REST starter, a GraphQL starter). */
export function declares(view: BuildView, pattern: RegExp): boolean {
  return view.declared.some((d) => pattern.test(d));
}
