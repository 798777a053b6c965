// Coherence of Gradle builds (Groovy and Kotlin DSL, on the shared build token stream): the Boot
// plugin version, coordinate strings ("g:a:v", platform/mavenBom imports), Groovy map notation
// (group: 'g', name: 'a', version: 'v') and Boot version properties set through ext/extra —
// versions read from variables are followed to where they are defined.
import type { ProjectView } from '../../src/engine/types.js';
import type { BuildToken } from '../../src/formats/groovy.js';
import { BOOT, libraryOf, type CoherenceFacts } from './facts.js';
import type { StalePins } from './stale.js';
import { usesAccessor as usesText } from '../build/catalog-uses.js';
import { rawString, scriptCoordinates, versionDefinition, type Script } from './gradle-variables.js';

const BOOT_ID = 'org.springframework.boot';

export interface GradleContext {
  project: ProjectView;
  facts: CoherenceFacts;
  scripts: Map<string, Script>;
  out: StalePins;
  /** Catalog accessors that stand for Boot (`libs.plugins.spring.boot`, `libs.spring.boot.starter.web`). */
  bootAccessors: ReadonlySet<string>;
  /** The engine's decision: the path is in a module that is not a Boot module (Android, a Gradle plugin, ...). */
  leftAlone: (path: string) => boolean;
  /** Script -> whether it names Boot itself, computed once per script. */
  namesBootCache?: Map<Script, boolean>;
}

interface ScriptCheck extends GradleContext {
  script: Script;
  /** The script or a script in a folder above it names Boot (its plugin id or an artifact). */
  boot: boolean;
}

const folderOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/') + 1) : '');

/** The scripts at or above `script`'s folder (its own first). */
function lineage(ctx: GradleContext, script: Script): Script[] {
  return [...ctx.scripts.values()].filter((s) => s === script || script.path.startsWith(folderOf(s.path)));
}

/** The scripts in `script`'s folder and below: a root script's versions are its subprojects' versions. */
function descendants(ctx: GradleContext, script: Script): Script[] {
  const dir = folderOf(script.path);
  return [...ctx.scripts.values()].filter((s) => s.path.startsWith(dir));
}

const names = (s: Script, test: (v: string) => boolean) => s.tokens.some((t) => t.type === 'string' && test(t.value));

/** `libs.a.b` as written in a script (not a prefix of `libs.a.b.c`): the build pass's reading of catalog uses. */
export const usesAccessor = (script: Script, accessor: string): boolean => usesText(script.text, accessor);

/** The script names Boot itself: its plugin id, an org.springframework.boot artifact, or a catalog accessor for either. */
function namesBoot(ctx: GradleContext, s: Script): boolean {
  const cache = (ctx.namesBootCache ??= new Map());
  let named = cache.get(s);
  if (named === undefined) {
    named = !ctx.leftAlone(s.path) && (names(s, (v) => v === BOOT_ID || v.startsWith(`${BOOT_ID}:`)) || [...ctx.bootAccessors].some((a) => usesAccessor(s, a)));
    cache.set(s, named);
  }
  return named;
}

/** The script builds a Boot module: it, a script above it or a script below it names Boot (a root script decides its subprojects' versions). */
export function isBootScript(ctx: GradleContext, script: Script): boolean {
  return lineage(ctx, script).some((s) => namesBoot(ctx, s)) || descendants(ctx, script).some((s) => namesBoot(ctx, s));
}


/** A version as written: a literal, or one variable (`$v`, `${v}`) followed to its definition. */
function versionAt(c: ScriptCheck, tok: BuildToken, text: string): { value: string; path: string; offset: number; where: string } | undefined {
  const def = versionDefinition(c.project, c.script, text, tok.start, c.scripts);
  return def ? { ...def, where: def.variable ? `${def.variable} (read by ${c.script.path})` : 'this version' } : undefined;
}

function checkCoordinate(c: ScriptCheck, tok: BuildToken, g: string, a: string, version: string): void {
  const lib = libraryOf(c.facts, g, a);
  const at = lib ? versionAt(c, tok, version) : undefined;
  if (lib && at) c.out.check(lib, at.value, at.path, at.offset, `${at.where} (${g}:${a})`, c.boot);
}

/** `id 'org.springframework.boot' version 'x'`, `id("...") version "x"`, `id("...").version("x")`. */
function pluginVersion(c: ScriptCheck, i: number): void {
  const t = c.script.tokens;
  for (let j = i + 1; j < Math.min(i + 6, t.length) && !t[j]!.lineStart; j++) {
    if (t[j]!.type !== 'symbol' || t[j]!.value !== 'version') continue;
    const v = [t[j + 1], t[j + 2]].find((x) => x?.type === 'string');
    const boot = c.facts.section.libraries.find((l) => l.library === BOOT);
    const at = v && boot ? versionAt(c, v, rawString(c.script, v)) : undefined;
    if (boot && at) c.out.check(boot, at.value, at.path, at.offset, `${at.where} (plugin ${BOOT_ID})`, true);
    return;
  }
}

/** `ext['spring-framework.version'] = '5.3.9'`, `extra["..."] = "..."`, `set('...', '...')`. */
function versionProperty(c: ScriptCheck, i: number): void {
  const t = c.script.tokens;
  const lib = c.facts.byProperty.get(t[i]!.value);
  if (!lib || lib.library === BOOT || (t[i - 1]?.value !== '[' && t[i - 1]?.value !== '(')) return;
  const value = t[i + 1]?.value === ']' ? t[i + 3] : t[i + 2];
  if (value?.type === 'string' && !value.templated) c.out.check(lib, value.value, c.script.path, value.start, t[i]!.value, c.boot);
}

export function checkScript(ctx: GradleContext, script: Script): void {
  // A module the engine leaves alone (an Android client, a Gradle plugin, a Boot-free build) keeps its own libraries.
  if (ctx.leftAlone(script.path)) return;
  const c: ScriptCheck = { ...ctx, script, boot: isBootScript(ctx, script) };
  const t = script.tokens;
  for (let i = 0; i < t.length; i++) {
    const tok = t[i]!;
    if (tok.type !== 'string') continue;
    if (tok.value === BOOT_ID && (t[i - 1]?.value === 'id' || (t[i - 1]?.value === '(' && t[i - 2]?.value === 'id'))) pluginVersion(c, i);
    versionProperty(c, i);
  }
  for (const co of scriptCoordinates(script)) if (co.version) checkCoordinate(c, co.token, co.groupId, co.artifactId, co.version);
}
