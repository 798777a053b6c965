// build/gradle-properties: versions that build scripts read from gradle.properties
// (`springBootVersion=2.7.18` used as "${springBootVersion}", `version springBootVersion` with
// `val springBootVersion: String by project`, property("x"), extra["x"], providers.gradleProperty("x")).
//
// A FilePass on gradle.properties, not a ProjectPass: a FilePass may only edit its own file, and
// this file is the one that changes. It asks the scripts in its folder and below (ctx.project:
// the texts as read, so every file sees the same scripts whatever the order) which of its keys
// they use as which version, by running the same Gradle rules on them with a collector — the
// forms are recognised once, in gradle-rules.ts. The script passes look the same definitions up
// to stay silent about a variable that this pass updates. A ProjectPass would have to re-tokenize
// every script after the file passes and could not use the engine's per-file parse-error and
// fixed-point handling for gradle.properties.
import path from 'node:path';
import type { FilePass, PassContext, PassResult, ProjectFile, ProjectView, SourceFile } from '../../src/engine/types.js';
import { groovyTokens } from '../../src/formats/groovy.js';
import { parseProperties, setValueEdit, type PropertyEntry } from '../../src/formats/properties.js';
import { loadGrammar } from '../../src/formats/tree-sitter.js';
import { buildFacts, isLower, keptVersionSeverity, targetRelease, type BuildFacts } from './facts.js';
import { trainKept, trainRaised } from './spring-cloud.js';
import { bomOnlyVersion, migrateGradle, type ExternalVariables, type VersionTarget } from './gradle-rules.js';
import type { BuildToken } from '../../src/formats/groovy.js';
import { inheritedDefinition } from './gradle-inherited.js';
import { kotlinTokens } from '../../src/formats/kotlin-dsl.js';
import { PassOutput } from './out.js';
import { escapeRegExp } from '../../src/engine/text.js';

const SCRIPT_KINDS = ['gradle', 'gradle-kts'] as const;

interface PropertiesDefinitions {
  path: string;
  /** Key -> its last entry (java.util.Properties keeps the last of duplicate keys). */
  entries: Map<string, PropertyEntry>;
}

interface ViewIndex {
  /** Folder ('' for the root) -> the gradle.properties in it (undefined: none or unparseable). */
  byDir: Map<string, PropertiesDefinitions | undefined>;
  /** Script path -> the variables it reads from outside itself, with the version each one is. */
  uses: Map<string, ScriptUses>;
}

interface ScriptUses {
  uses: VariableUse[];
  /** The script's tokens (undefined: it does not parse), kept to ask who else reads a variable. */
  tokens?: BuildToken[];
}

interface VariableUse {
  name: string;
  target: VersionTarget;
}

const indexes = new WeakMap<ProjectView, ViewIndex>();

function dirOf(p: string): string {
  const d = path.posix.dirname(p);
  return d === '.' ? '' : d;
}

function viewIndex(project: ProjectView): ViewIndex {
  let index = indexes.get(project);
  if (index) return index;
  const byDir = new Map<string, PropertiesDefinitions | undefined>();
  for (const f of project.ofKind('gradle-properties')) byDir.set(dirOf(f.path), definitionsOf(f));
  index = { byDir, uses: new Map() };
  indexes.set(project, index);
  return index;
}

function definitionsOf(f: ProjectFile): PropertiesDefinitions | undefined {
  if (f.text === undefined) return undefined;
  try {
    const entries = new Map<string, PropertyEntry>();
    for (const e of parseProperties(f.text).entries) entries.set(e.key, e);
    return { path: f.path, entries };
  } catch {
    return undefined; // its own pass reports the parse error
  }
}

/**
 * The gradle.properties that gives `name` to a script: the nearest one in the script's folder or
 * a folder above it (a module's gradle.properties overrides the root's, as Gradle's project
 * property lookup does).
 */
export function definingProperties(project: ProjectView, scriptPath: string, name: string): string | undefined {
  return definingEntry(project, scriptPath, name)?.path;
}

function definingEntry(project: ProjectView, scriptPath: string, name: string): { path: string; entry: PropertyEntry } | undefined {
  const { byDir } = viewIndex(project);
  if (byDir.size === 0) return undefined;
  let dir = dirOf(scriptPath);
  for (;;) {
    const defs = byDir.get(dir);
    const entry = defs?.entries.get(name);
    if (entry) return { path: defs!.path, entry };
    if (dir === '') return undefined;
    dir = dirOf(dir);
  }
}

/** What the script passes ask: is this variable defined in a gradle.properties of the repository, with which value? */
export function scriptVariables(project: ProjectView, scriptPath: string): ExternalVariables {
  return {
    defined: (name) => definingProperties(project, scriptPath, name) !== undefined || inheritedDefinition(project, scriptPath, name) !== undefined,
    value: (name) => definingEntry(project, scriptPath, name)?.entry.value.trim() ?? inheritedDefinition(project, scriptPath, name)?.assignment.value.value,
  };
}

/** The variables a script reads from outside itself, with their version targets (cached per run). */
export function usesOf(ctx: PassContext, script: ProjectFile): ScriptUses {
  const { uses } = viewIndex(ctx.project);
  let found = uses.get(script.path);
  if (found) return found;
  const collected: VariableUse[] = [];
  found = { uses: collected };
  try {
    const dsl = script.kind === 'gradle' ? 'groovy' : 'kotlin';
    const text = script.text ?? '';
    const tokens = dsl === 'groovy' ? groovyTokens(text) : kotlinTokens(text);
    const known = scriptVariables(ctx.project, script.path);
    const variables: ExternalVariables = { defined: () => true, value: known.value, use: (name, target) => collected.push({ name, target }) };
    migrateGradle({ dsl, text, tokens, facts: buildFacts(ctx), out: new PassOutput(), options: {}, variables });
    found.tokens = tokens;
  } catch {
    // A script that does not parse is reported by its own pass; it uses nothing we can see.
  }
  uses.set(script.path, found);
  return found;
}

function inFolder(p: string, dir: string): boolean {
  return dir === '' || p.startsWith(dir + '/');
}

function migrateGradleProperties(file: SourceFile, ctx: PassContext): PassResult {
  const out = new PassOutput();
  const entries = new Map<string, PropertyEntry>();
  for (const e of parseProperties(file.text).entries) entries.set(e.key, e);
  if (entries.size === 0) return out.result();
  const dir = dirOf(file.path);
  const keys = [...entries.keys()];
  const wanted = new Map<string, VersionTarget[]>();
  const readers = ctx.project.ofKind(...SCRIPT_KINDS).filter((s) => inFolder(s.path, dir) && keys.some((k) => s.text?.includes(k)));
  // Cheap test before tokenizing (above): the script must spell one of this file's keys.
  for (const script of readers) {
    for (const use of usesOf(ctx, script).uses) {
      if (!entries.has(use.name) || definingProperties(ctx.project, script.path, use.name) !== file.path) continue;
      wanted.set(use.name, [...(wanted.get(use.name) ?? []), use.target]);
    }
  }
  for (const [name, targets] of wanted) {
    const entry = entries.get(name)!;
    if (targets.every((t) => t.bom !== undefined)) bomEntry(ctx, file, readers, entry, name, targets, out);
    else updateEntry(file.text, entry, name, targets, out);
  }
  return out.result();
}

/**
 * A key that versions BOM imports: raised (and reported, like a literal import) only when every
 * script this file gives it to reads it in nothing but imports of BOMs Boot imports, at one version.
 */
function bomEntry(ctx: PassContext, file: SourceFile, readers: ProjectFile[], entry: PropertyEntry, name: string, targets: VersionTarget[], out: PassOutput): void {
  const target = targets[0]!;
  const current = entry.value.trim();
  if (!target.applies(current)) return;
  const facts = buildFacts(ctx);
  const other = readers.find((s) => {
    if (!s.text?.includes(name) || definingProperties(ctx.project, s.path, name) !== file.path) return false;
    const tokens = usesOf(ctx, s).tokens;
    const version = tokens ? bomOnlyVersion(s.text, tokens, facts, name) : undefined;
    // a script that spells the key without reading it (another word) has no version: only BOM readers count
    return tokens !== undefined && version !== target.version && (version !== undefined || readsWord(s.text, name));
  });
  const cloud = facts.boms.get(target.bom!)?.cloud;
  const what = `${name} = ${current} versions ${target.bom}, a BOM whose versions override the ones Spring Boot ${facts.target.version} manages`;
  if (cloud) return cloudEntry(file, entry, name, target, other, out, facts);
  if (other || new Set(targets.map((t) => t.version)).size > 1) {
    out.report(target.rule, 'warning', entry.valueStart, `${what}; Boot imports ${target.version}, but ${other ? `${other.path} also reads it` : `it versions BOMs Boot imports at different versions`}: not changed — give the import its own variable or remove it`);
    return;
  }
  const edit = setValueEdit(file.text, entry, target.version + entry.value.slice(entry.value.trimEnd().length));
  if (edit) out.replace(edit.start, edit.end, edit.text, target.rule);
  out.report(target.rule, 'info', entry.valueStart, `${what}; raised to ${target.version}, the version Boot imports (remove the import to follow Boot)`);
}

/** Spring Cloud's train in gradle.properties: raised when only its BOM imports read the key, else reported. */
function cloudEntry(file: SourceFile, entry: PropertyEntry, name: string, target: VersionTarget, other: ProjectFile | undefined, out: PassOutput, facts: BuildFacts): void {
  const current = entry.value.trim();
  if (other) {
    out.report(target.rule, 'warning', entry.valueStart, trainKept(facts, current, name, `${other.path} also reads ${name} as something else`, facts.boms.get(target.bom!)));
    return;
  }
  const edit = setValueEdit(file.text, entry, target.version + entry.value.slice(entry.value.trimEnd().length));
  if (edit) out.replace(edit.start, edit.end, edit.text, target.rule);
  out.report(target.rule, 'info', entry.valueStart, trainRaised(facts, current, name, facts.boms.get(target.bom!)));
}

/** The script mentions `name` as a word (not only inside a longer name). */
function readsWord(text: string, name: string): boolean {
  return new RegExp(`(?<![\\w.])${escapeRegExp(name)}(?!\\w)`).test(text);
}

function updateEntry(text: string, entry: PropertyEntry, name: string, targets: VersionTarget[], out: PassOutput): void {
  const distinct = new Map(targets.map((t) => [`${t.rule}=${t.version}`, t]));
  if (distinct.size > 1) {
    const what = [...distinct.values()].map((t) => `${t.rule} ${t.version}`).join(', ');
    out.report(targets[0]!.rule, keptVersionSeverity(targets[0]!.rule), entry.valueStart, `${name} is used as more than one version (${what}): not changed; give each use its own variable`);
    return;
  }
  const target = targets[0]!;
  const current = entry.value.trim();
  if (!target.applies(current)) return;
  const edit = setValueEdit(text, entry, target.version + entry.value.slice(entry.value.trimEnd().length));
  if (edit) out.replace(edit.start, edit.end, edit.text, target.rule);
  if (target.rule === 'build/boot-version' && isLower(current, '2.7.0')) {
    out.report('build/boot-version', 'info', entry.valueStart, `Spring Boot was ${current}: the guide asks to upgrade to the latest 2.7.x first, then to 3.0`);
  }
}

export const gradlePropertiesPass: FilePass = {
  id: 'build/gradle-properties',
  description: 'gradle.properties: the Boot, Kotlin, dependency-management, Java and imported-BOM versions that build scripts read from it',
  kinds: ['gradle-properties'],
  rules: ['build/boot-version', 'build/kotlin-version', 'build/dependency-management-plugin', 'build/java-version', 'build/imported-bom', 'build/spring-cloud-train'],
  async init(ctx) {
    targetRelease(ctx.table, ctx.options.bootVersion);
    if (ctx.project.ofKind('gradle-kts').length > 0) await loadGrammar('kotlin');
  },
  prefilter: (_text, ctx) => ctx.project.ofKind('gradle', 'gradle-kts').length > 0,
  run: migrateGradleProperties,
};
