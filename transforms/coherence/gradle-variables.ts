// Where a Gradle build defines a variable that a script reads as a version: the script itself
// (`springBootVersion = '2.7.5'` in ext {}, `ext.x = ...`, `extra["x"] = ...`, `set("x", ...)`,
// `val x = "..."`), a gradle.properties in the script's folder or above (the closest wins, as in
// Gradle), or a root script that sets it for every project. Answers with the value and the place
// to change, or nothing when the value is not a plain string.
import path from 'node:path/posix';
import type { ProjectView } from '../../src/engine/types.js';
import type { BuildToken } from '../../src/formats/groovy.js';
import { parseProperties } from '../../src/formats/properties.js';

export interface Definition {
  value: string;
  path: string;
  offset: number;
}

export interface Script {
  path: string;
  text: string;
  tokens: BuildToken[];
}

/** A string token's content as written: templated strings keep their `${...}` parts. */
export function rawString(script: Script, t: BuildToken): string {
  return t.templated && t.contentStart !== undefined ? script.text.slice(t.contentStart, t.contentEnd) : t.value;
}

/** A plain string right after `name =` / `name:` / `["name"] =` / `("name",` in the script. */
export function definedInScript(script: Script, name: string): Definition | undefined {
  const t = script.tokens;
  for (let i = 0; i < t.length - 2; i++) {
    const tok = t[i]!;
    const named = (tok.type === 'symbol' && tok.value === name) || (tok.type === 'string' && tok.value === name && (t[i - 1]?.value === '[' || t[i - 1]?.value === '('));
    if (!named) continue;
    let j = i + 1;
    if (t[j]?.value === ']') j++;
    if (t[j]?.value !== '=' && t[j]?.value !== ',') continue;
    const value = t[j + 1];
    if (value?.type === 'string' && !value.templated) return { value: value.value, path: script.path, offset: value.start };
  }
  return undefined;
}

const propertiesCache = new WeakMap<ProjectView, Map<string, Map<string, Definition>>>();

function propertiesIn(project: ProjectView, dir: string): Map<string, Definition> | undefined {
  let byDir = propertiesCache.get(project);
  if (!byDir) propertiesCache.set(project, (byDir = new Map()));
  if (!byDir.has(dir)) {
    const file = project.byPath.get(dir ? `${dir}/gradle.properties` : 'gradle.properties');
    const defs = new Map<string, Definition>();
    if (file?.text !== undefined) {
      try {
        for (const e of parseProperties(file.text).entries) defs.set(e.key, { value: e.value.trim(), path: file.path, offset: e.keyStart });
      } catch {
        // an unparseable gradle.properties is reported by its own pass
      }
    }
    byDir.set(dir, defs);
  }
  return byDir.get(dir);
}

const dirOf = (p: string) => (path.dirname(p) === '.' ? '' : path.dirname(p));

/** The closest definition of `name` for `script`: itself, gradle.properties upwards, then root scripts upwards. */
export function resolveVariable(project: ProjectView, script: Script, name: string, scriptsByPath: Map<string, Script>): Definition | undefined {
  const own = definedInScript(script, name);
  if (own) return own;
  for (let dir = dirOf(script.path); ; dir = dirOf(dir)) {
    const def = propertiesIn(project, dir)?.get(name);
    if (def) return def;
    for (const base of ['build.gradle', 'build.gradle.kts']) {
      const parent = scriptsByPath.get(dir ? `${dir}/${base}` : base);
      if (parent && parent !== script) {
        const found = definedInScript(parent, name);
        if (found) return found;
      }
    }
    if (dir === '') return undefined;
  }
}
