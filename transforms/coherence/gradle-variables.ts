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

/** A version as written (`1.2`, `$v`, `${project.v}`), its variable followed to its definition; undefined when it is neither. */
export function versionDefinition(project: ProjectView, script: Script, text: string, at: number, scripts: Map<string, Script>): (Definition & { variable?: string }) | undefined {
  const variable = /^\$\{?([A-Za-z_][A-Za-z0-9_.]*)\}?$/.exec(text)?.[1];
  if (!variable) return text.includes('$') ? undefined : { value: text, path: script.path, offset: at };
  const name = variable.replace(/^(project|rootProject)\.(ext\.|extra\.)?/, '');
  const def = resolveVariable(project, script, name, scripts);
  return def ? { ...def, variable: name } : undefined;
}

/** A dependency coordinate written in a script: a "g:a:v" string (platform and mavenBom imports too) or Groovy map notation on one line. */
export interface ScriptCoordinate {
  groupId: string;
  artifactId: string;
  /** The version as written, if any. */
  version?: string;
  /** The token that holds the version (the coordinate string itself, or the map's version value). */
  token: BuildToken;
  /** The token that names the group (the coordinate string, or the map's group value). */
  named: BuildToken;
}

/** Every coordinate of the script, in token order. */
export function scriptCoordinates(script: Script): ScriptCoordinate[] {
  const t = script.tokens;
  const out: ScriptCoordinate[] = [];
  for (let i = 0; i < t.length; i++) {
    const tok = t[i]!;
    if (tok.type === 'symbol' && tok.value === 'group' && t[i + 1]?.value === ':') {
      const fields: Record<string, BuildToken> = {};
      for (let j = i; j < t.length && (j === i || !t[j]!.lineStart); j++) {
        if (t[j]!.type === 'symbol' && t[j + 1]?.value === ':' && t[j + 2]?.type === 'string') fields[t[j]!.value] = t[j + 2]!;
      }
      const { group, name, version } = fields;
      if (group && name) out.push({ groupId: group.value, artifactId: name.value, ...(version ? { version: rawString(script, version) } : {}), token: version ?? group, named: group });
      continue;
    }
    if (tok.type !== 'string') continue;
    const parts = rawString(script, tok).split(':');
    if (parts.length >= 2 && parts[0] && parts[1] && /^[\w.-]+$/.test(parts[0]) && /^[\w.-]+$/.test(parts[1])) {
      out.push({ groupId: parts[0], artifactId: parts[1], ...(parts[2] ? { version: parts[2].split('@')[0]! } : {}), token: tok, named: tok });
    }
  }
  return out;
}
