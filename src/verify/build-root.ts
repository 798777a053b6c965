// Which build to run for a target folder, where, and with what: the repository's own build in
// compile mode. Maven: ./mvnw when the build has an executable wrapper, else mvn from PATH,
// `-B -DskipTests --fail-at-end test-compile`. Gradle: the wrapper only (never a gradle from
// PATH: the build's own Gradle version is part of what is verified), `--console=plain
// --continue --no-daemon testClasses`. Each runs at the build root: the top pom that lists the
// target as a module (transitively), or the folder of the nearest settings.gradle(.kts). A target
// with no build file of its own is searched below for the builds it holds.
import { accessSync, constants, existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { childrenNamed, child, parseXml, textValue, type XmlElement } from '../formats/xml.js';

export interface BuildPlan {
  tool: 'maven' | 'gradle';
  /** The build root: where the command runs. */
  dir: string;
  /** The build file at the root (pom.xml, settings.gradle(.kts) or build.gradle(.kts)). */
  buildFile: string;
  /** The program and its arguments (never through a shell). */
  program: string;
  args: string[];
  /** The command as a person would type it in `dir`. */
  display: string;
}

/** No build can be run for the target: a usage error (nothing was written). */
export class NoBuild extends Error {}

const MAVEN_ARGS = ['-B', '-DskipTests', '--fail-at-end', 'test-compile'];
const GRADLE_ARGS = ['--console=plain', '--continue', '--no-daemon', 'testClasses'];
const GRADLE_FILES = ['settings.gradle.kts', 'settings.gradle', 'build.gradle.kts', 'build.gradle'];
/** Folders never searched for builds: tools' own folders and build output. */
const NOT_SEARCHED = new Set(['node_modules', 'target', 'build', 'out', 'bin', 'dist']);
const SEARCH_DEPTH = 6;

const isFile = (p: string) => existsSync(p) && statSync(p).isFile();
const gradleFile = (dir: string) => GRADLE_FILES.map((f) => path.join(dir, f)).find(isFile);

function executable(p: string): boolean {
  try {
    accessSync(p, constants.X_OK);
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/** `name` in a folder of PATH, executable. */
export function onPath(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  for (const dir of (env.PATH ?? '').split(path.delimiter)) if (dir && executable(path.join(dir, name))) return path.join(dir, name);
  return undefined;
}

/** Folders from `dir` up to `limit` (inclusive; the file system root without one). */
function upward(dir: string, limit: string | undefined): string[] {
  const out: string[] = [];
  for (let d = dir; ; d = path.dirname(d)) {
    out.push(d);
    if ((limit && d === limit) || path.dirname(d) === d) return out;
  }
}

/** The module folders a pom lists (its own and its profiles'), absolute. */
function mavenModules(pomDir: string): string[] {
  let text: string;
  let root: XmlElement;
  try {
    text = readFileSync(path.join(pomDir, 'pom.xml'), 'utf8');
    root = parseXml(text).root;
  } catch {
    return [];
  }
  const lists = [child(root, 'modules'), ...childrenNamed(child(root, 'profiles'), 'profile').map((p) => child(p, 'modules'))];
  return lists.flatMap((list) => childrenNamed(list, 'module')).flatMap((m) => {
    const value = textValue(text, m);
    if (!value) return [];
    const target = path.resolve(pomDir, value);
    return [target.endsWith('.xml') ? path.dirname(target) : target];
  });
}

/** The top pom that lists `dir` as a module, transitively (`dir` itself when none does). */
function mavenRoot(dir: string, limit: string | undefined): string {
  let root = dir;
  search: while (root !== limit && path.dirname(root) !== root) {
    for (const above of upward(path.dirname(root), limit)) {
      if (isFile(path.join(above, 'pom.xml')) && mavenModules(above).includes(root)) {
        root = above;
        continue search;
      }
    }
    break;
  }
  return root;
}

function mavenPlan(dir: string, limit: string | undefined, env: NodeJS.ProcessEnv): BuildPlan {
  const root = mavenRoot(dir, limit);
  const wrapper = upward(root, limit).map((d) => path.join(d, 'mvnw')).find(isFile);
  if (wrapper && executable(wrapper)) return { tool: 'maven', dir: root, buildFile: path.join(root, 'pom.xml'), program: wrapper, args: MAVEN_ARGS, display: `${path.relative(root, wrapper).startsWith('..') ? wrapper : './' + path.relative(root, wrapper)} ${MAVEN_ARGS.join(' ')}` };
  const mvn = onPath('mvn', env);
  if (!mvn) throw new NoBuild(`${root}: a Maven build${wrapper ? ` whose ${wrapper} is not executable` : ' without ./mvnw'}, and no mvn on PATH: install Maven${wrapper ? ` or chmod +x ${wrapper}` : ''} to verify it`);
  return { tool: 'maven', dir: root, buildFile: path.join(root, 'pom.xml'), program: mvn, args: MAVEN_ARGS, display: `mvn ${MAVEN_ARGS.join(' ')}` };
}

function gradlePlan(dir: string, limit: string | undefined): BuildPlan {
  const settings = upward(dir, limit).find((d) => isFile(path.join(d, 'settings.gradle')) || isFile(path.join(d, 'settings.gradle.kts')));
  const root = settings ?? dir;
  const wrapper = upward(root, limit).map((d) => path.join(d, 'gradlew')).find(isFile);
  if (!wrapper) throw new NoBuild(`${root}: a Gradle build without a Gradle wrapper (gradlew): verify runs the build's own wrapper only, never a gradle from PATH; add one with \`gradle wrapper\``);
  const shown = path.relative(root, wrapper).startsWith('..') ? wrapper : './' + path.relative(root, wrapper);
  // A wrapper committed without its executable bit (from Windows) is a POSIX sh script all the same.
  const direct = executable(wrapper);
  return { tool: 'gradle', dir: root, buildFile: gradleFile(root) ?? wrapper, program: direct ? wrapper : 'sh', args: direct ? GRADLE_ARGS : [wrapper, ...GRADLE_ARGS], display: `${direct ? shown : `sh ${shown}`} ${GRADLE_ARGS.join(' ')}` };
}

/** The plan for a folder that holds a build file itself; undefined when it holds none. */
function planFor(dir: string, limit: string | undefined, env: NodeJS.ProcessEnv): BuildPlan | undefined {
  // A folder with both is taken for a Maven build (a Gradle build being tried beside it, or the reverse, is rare).
  if (isFile(path.join(dir, 'pom.xml'))) return mavenPlan(dir, limit, env);
  if (gradleFile(dir)) return gradlePlan(dir, limit);
  return undefined;
}

/** The top-most build folders below `dir` (a build's own modules are its business). */
function buildsBelow(dir: string, depth: number): string[] {
  if (depth > SEARCH_DEPTH) return [];
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const found: string[] = [];
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (!e.isDirectory() || e.name.startsWith('.') || NOT_SEARCHED.has(e.name)) continue; // never a linked folder
    const sub = path.join(dir, e.name);
    if (isFile(path.join(sub, 'pom.xml')) || gradleFile(sub)) found.push(sub);
    else found.push(...buildsBelow(sub, depth + 1));
  }
  return found;
}

/**
 * The builds that verify `target`: its own (run at its build root), or, for a folder with no
 * build file, each build found below it. `limit` (the git top level) bounds the search upward.
 */
export function planBuilds(target: string, limit?: string, env: NodeJS.ProcessEnv = process.env): BuildPlan[] {
  const dir = realpathSync(path.resolve(target));
  limit = limit === undefined ? undefined : realpathSync(limit);
  const own = planFor(dir, limit, env);
  if (own) return [own];
  const plans = buildsBelow(dir, 1).map((d) => planFor(d, limit, env)!);
  if (!plans.length) throw new NoBuild(`${target}: no Maven or Gradle build here or below (pom.xml, build.gradle(.kts) or settings.gradle(.kts))`);
  // two modules of one build lead to the same root: run it once
  return [...new Map(plans.map((p) => [p.dir, p])).values()];
}
