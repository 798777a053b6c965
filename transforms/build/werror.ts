// Does the Maven build that compiles a source file turn warnings into errors, deprecation warnings
// included (`-Werror` with `-Xlint:deprecation` or `-Xlint:all`, or `<failOnWarning>` with
// `<showDeprecation>`)? Such a build fails on a use of anything Spring Framework 6 deprecated, so
// the sources pass rewrites the deprecated calls it can prove and reports the rest as errors.
// The pom that builds the file is the nearest one above it; its in-repository parents count too
// (a compiler configuration in a parent's <pluginManagement> or <plugins>).
import { pluginConfigurations } from '../../src/formats/pom.js';
import path from 'node:path/posix';
import type { ProjectView } from '../../src/engine/types.js';
import { child, childrenNamed, localName, textValue, type XmlElement } from '../../src/formats/xml.js';
import { chain, projectPom, type PomModel } from './pom-model.js';

const cache = new WeakMap<ProjectView, Map<string, boolean>>();

export function compilesWithWerror(project: ProjectView, filePath: string): boolean {
  let byPom = cache.get(project);
  if (!byPom) cache.set(project, (byPom = new Map()));
  const pom = nearestPom(project, filePath);
  if (!pom) return false;
  let hit = byPom.get(pom);
  if (hit === undefined) {
    const model = projectPom(project, pom);
    hit = model ? strict(chain(project, model)) : false;
    byPom.set(pom, hit);
  }
  return hit;
}

function nearestPom(project: ProjectView, filePath: string): string | undefined {
  for (let dir = path.dirname(filePath); ; dir = path.dirname(dir)) {
    const candidate = dir === '.' || dir === '' ? 'pom.xml' : `${dir}/pom.xml`;
    if (project.byPath.has(candidate)) return candidate;
    if (dir === '.' || dir === '' || dir === '/') return undefined;
  }
}

function strict(models: PomModel[]): boolean {
  let werror = false;
  let deprecation = false;
  for (const m of models) {
    for (const d of m.deps) {
      if (d.kind !== 'plugin' || textValue(m.text, d.artifactId) !== 'maven-compiler-plugin') continue;
      for (const c of pluginConfigurations(d.el)) {
        for (const arg of compilerArguments(m.text, c)) {
          if (arg === '-Werror') werror = true;
          if (arg === '-deprecation' || lintsDeprecation(arg)) deprecation = true;
        }
        if (textValue(m.text, child(c, 'failOnWarning'))?.trim() === 'true') werror = true;
        if (textValue(m.text, child(c, 'showDeprecation'))?.trim() === 'true') deprecation = true;
      }
    }
  }
  return werror && deprecation;
}


/** <compilerArgs><arg>..</arg></compilerArgs>, <compilerArgument>, and the <compilerArg> form some builds use. */
function compilerArguments(text: string, config: XmlElement): string[] {
  const out: string[] = [];
  for (const el of config.children) {
    const name = localName(el.name);
    if (name === 'compilerArgs') for (const a of el.children) out.push(...(textValue(text, a) ?? '').trim().split(/\s+/));
    else if (name === 'compilerArgument' || name === 'compilerArg') out.push(...(textValue(text, el) ?? '').trim().split(/\s+/));
  }
  return out.filter(Boolean);
}

/** -Xlint, -Xlint:all or a list naming deprecation, and not taking it out again. */
function lintsDeprecation(arg: string): boolean {
  if (arg === '-Xlint') return true;
  if (!arg.startsWith('-Xlint:')) return false;
  const keys = arg.slice('-Xlint:'.length).split(',');
  return !keys.includes('-deprecation') && (keys.includes('all') || keys.includes('deprecation'));
}
