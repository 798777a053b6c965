// build/imported-bom in Gradle: `mavenBom "g:bom:v"` / `platform("g:bom:v")` of a BOM Boot 3.0
// imports itself, literal or through a variable.
import { escapeRegExp } from '../../src/engine/text.js';
import type { BuildToken } from '../../src/formats/groovy.js';
import { type BomTarget, type BuildFacts } from './facts.js';
import { trainKept, trainRaised } from './spring-cloud.js';
import { findAssignment, OWNER, raise, versionVariable, type GradleRun, type VersionTarget } from './gradle-run.js';

// ---- imported BOMs ------------------------------------------------------------------------

/** A Gradle build that uses Boot: its plugin, a Boot coordinate or Boot's BOM. */
export function bootManagedScript(run: GradleRun): boolean {
  return run.text.includes(run.facts.section.boot.groupId) || run.text.includes(run.facts.section.boot.bom);
}

export function bomTarget(key: string, bom: BomTarget): VersionTarget {
  return { version: bom.version, rule: bom.rule, applies: bom.below, bom: key };
}

/** A BOM import whose version moves in this script: Boot's imports in a Boot build, Spring Cloud's in any. */
export function movingBom(run: GradleRun, key: string): BomTarget | undefined {
  const bom = run.boot3 ? undefined : run.facts.boms.get(key);
  return bom && (bom.cloud || bootManagedScript(run)) ? bom : undefined;
}

/** `"g:bom:${v}"` / `"g:bom:$v"` of a BOM Boot imports: the BOM's key, else undefined. */
function bomImportOf(facts: BuildFacts, raw: string, name: string): string | undefined {
  const m = /^([A-Za-z0-9_.-]+:[A-Za-z0-9_.-]+):\$(?:\{\s*([A-Za-z_][\w.]*)\s*\}|([A-Za-z_]\w*))$/.exec(raw);
  if (!m || (m[2] ?? m[3])!.replace(OWNER, '') !== name || !facts.boms.has(m[1]!)) return undefined;
  return m[1];
}

/**
 * The version Boot imports for the BOMs that variable `name` versions, when every reference to it in
 * this script is such a BOM import (`"g:bom:${name}"`) and they agree on that version; undefined when
 * anything else reads it (another coordinate, a plugin, property("name"), an expression): raising it
 * would change those too. Its declarations (`name = …`, `ext.name = …`, `val name…`, `set("name", …)`,
 * `extra["name"] = …`) are not references.
 */
export function bomOnlyVersion(text: string, tokens: BuildToken[], facts: BuildFacts, name: string): string | undefined {
  const word = new RegExp(`(?<![\\w.])${escapeRegExp(name)}(?!\\w)`);
  const versions = new Set<string>();
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type === 'string' && t.templated) {
      const raw = text.slice(t.contentStart!, t.contentEnd!);
      if (!word.test(raw.replace(/(?:project|rootProject|ext|extra)\./g, ''))) continue;
      const key = bomImportOf(facts, raw, name);
      if (!key) return undefined;
      versions.add(facts.boms.get(key)!.version);
    } else if (t.type === 'symbol' && t.value === name) {
      const declared = tokens[i + 1]?.value === '=' || ['val', 'var'].includes(tokens[i - 1]?.value ?? '');
      if (!declared) return undefined;
    } else if (t.type === 'string' && t.value === name) {
      const declared = (tokens[i + 1]?.value === ']' && tokens[i + 2]?.value === '=') || tokens[i + 1]?.value === ',';
      if (!declared) return undefined;
    }
  }
  return versions.size === 1 ? [...versions][0] : undefined;
}

/**
 * A BOM import versioned by a variable: raised where the script assigns it, like a literal version,
 * when only imports of BOMs Boot imports use it; reported otherwise. A variable from gradle.properties
 * is left to that file's pass (which checks the other scripts' uses); one defined nowhere is reported.
 */
export function bomVariable(run: GradleRun, t: BuildToken, key: string, bom: BomTarget, name: string): void {
  const target = bomTarget(key, bom);
  const version = bom.version;
  const assigned = findAssignment(run.tokens, name);
  if (!assigned) return versionVariable(run, t, name, target);
  const current = assigned.value;
  if (!target.applies(current)) return;
  if (bom.cloud) return cloudVariable(run, t, assigned, bom, name);
  const library = run.facts.boms.get(key)!.row.library;
  const boot = run.facts.target.version;
  if (bomOnlyVersion(run.text, run.tokens, run.facts, name.replace(OWNER, '')) !== version) {
    run.out.report('build/imported-bom', 'warning', t.start, `${key} ${current} (${library}, from ${name}) overrides the versions Spring Boot ${boot} manages; Boot imports ${version}: ${name} versions more than this import, so it was not changed — raise the import or remove it`);
    return;
  }
  raise(run, assigned, current, target, assigned.contentStart!, assigned.contentEnd!);
  run.out.report('build/imported-bom', 'info', t.start, `${key} ${current} (${library}, from ${name}) overrode the versions Spring Boot ${boot} manages; ${name} raised to ${version}, the version Boot imports (remove the import to follow Boot)`);
}

/** `${property("v")}`-like train expressions: silent when a name in it is assigned a train that already fits in this script. */
export function trainAlreadyAssigned(run: GradleRun, bom: BomTarget, expr: string): boolean {
  return [...expr.matchAll(/[A-Za-z_]\w*/g)].some((m) => {
    const value = findAssignment(run.tokens, m[0])?.value;
    return value !== undefined && !bom.below(value);
  });
}

/** Spring Cloud's train in a script variable: raised where assigned when only its BOM imports read it. */
function cloudVariable(run: GradleRun, t: BuildToken, assigned: BuildToken, bom: BomTarget, name: string): void {
  if (bomOnlyVersion(run.text, run.tokens, run.facts, name.replace(OWNER, '')) !== bom.version) {
    run.out.report(bom.rule, 'warning', t.start, trainKept(run.facts, assigned.value, name, `${name} versions more than this import`, bom));
    return;
  }
  run.out.replace(assigned.contentStart!, assigned.contentEnd!, bom.version, bom.rule);
  run.out.report(bom.rule, 'info', t.start, trainRaised(run.facts, assigned.value, name, bom));
}

/**
 * `mavenBom "g:bom:v"` / `platform("g:bom:v")` of a BOM Boot 3.0 imports itself, at a lower version:
 * its versions override Boot's (the dependency-management plugin and Gradle platforms apply the
 * user's imports over Boot's), so it is raised to the version the target release imports.
 */
export function importedBom(run: GradleRun, t: BuildToken, key: string, version: string, versionStart: number): void {
  const bom = movingBom(run, key);
  if (!bom || !bom.below(version)) return;
  run.out.replace(versionStart, versionStart + version.length, bom.version, bom.rule);
  if (bom.cloud) return run.out.report(bom.rule, 'info', t.start, trainRaised(run.facts, version, undefined, bom));
  run.out.report('build/imported-bom', 'info', t.start, `${key} ${version} (${bom.row.library}) overrode the versions Spring Boot ${run.facts.target.version} manages; raised to ${bom.version}, the version Boot imports (remove the import to follow Boot)`);
}

