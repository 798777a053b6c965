// Gradle side of build/library (libraries.ts) and build/spring-cloud-module (spring-cloud.ts): the
// coordinates no Boot row names, in string notation ("g:a:v", "g:a:${v}") and map notation.
// On a script already on Boot 3.x only the findings stay (the versions in the rows are Boot 3.0's).
import type { BuildToken } from '../../src/formats/groovy.js';
import type { LibraryRow } from '../../src/table/sections/build.js';
import { libraryFor } from './facts.js';
import type { GradleRun } from './gradle-run.js';
import { LIBRARY_RULE, libraryMessage, libraryVariableMessage, manualApplies, libraryVersion } from './libraries.js';
import { CLOUD_MODULE_RULE, cloudModuleMessage } from './spring-cloud.js';
import { handVersionedGroupTarget, PINNED_LINE_RULE, pinnedLineMessage } from './hand-versioned.js';
import { switchGradleSpringfox } from './springfox-build.js';

/** `"g:a"` / `"g:a:v"`: `version` and `versionStart` locate the literal version when there is one. */
export function otherCoordinate(run: GradleRun, t: BuildToken, g: string, a: string, version: string | undefined, versionStart: number): void {
  const row = usable(run, g, a, t, version);
  if (!row) return pinnedLine(run, t, g, a, version, versionStart);
  // new coordinates without the version that goes with them would not resolve: report instead
  if (!version) return unversioned(run, row, `${g}:${a}`, t);
  const base = t.contentStart!;
  if (row.action === 'rename' && row.to) run.out.replace(base, base + g.length + 1 + a.length, `${row.to.groupId}:${row.to.artifactId}`, LIBRARY_RULE);
  const to = libraryVersion(row, version);
  if (to && version) run.out.replace(versionStart, versionStart + version.length, to, LIBRARY_RULE);
  if (to || row.action === 'rename') run.out.report(LIBRARY_RULE, 'info', t.start, libraryMessage(row, `${g}:${a}`, version));
}

/** `"g:a:${v}"`: the variable is the user's (it may version other things): reported, coordinates and all. */
export function otherTemplated(run: GradleRun, t: BuildToken, g: string, a: string, expr: string): void {
  const row = usable(run, g, a, t, expr);
  if (row) run.out.report(LIBRARY_RULE, row.action === 'rename' ? 'error' : 'warning', t.start, libraryVariableMessage(row, `${g}:${a}`, expr));
}

function unversioned(run: GradleRun, row: LibraryRow, key: string, at: BuildToken): void {
  if (row.action === 'rename') run.out.report(LIBRARY_RULE, 'error', at.start, libraryVariableMessage(row, key, 'outside this script (no version here)'));
}

/** group: 'g', name: 'a', version: 'v' (either DSL). */
export function otherMap(run: GradleRun, group: BuildToken, name: BuildToken, version: BuildToken | undefined): void {
  const row = usable(run, group.value, name.value, group, version && !version.templated ? version.value : undefined);
  if (!row) return;
  if (!version || version.templated) return unversioned(run, row, `${group.value}:${name.value}`, group);
  const set = (tok: BuildToken, value: string) => {
    if (tok.value !== value) run.out.replace(tok.contentStart!, tok.contentEnd!, value, LIBRARY_RULE);
  };
  if (row.action === 'rename' && row.to) {
    set(group, row.to.groupId);
    set(name, row.to.artifactId);
  }
  const to = version && !version.templated ? libraryVersion(row, version.value) : undefined;
  if (to && version) set(version, to);
  if (to || row.action === 'rename') run.out.report(LIBRARY_RULE, 'info', group.start, libraryMessage(row, `${group.value}:${name.value}`, version?.value));
}

/**
 * build/pinned-line: a literal version, in a script that uses Boot, on the Boot 2 line of a library
 * Boot 3.0 manages at a new line (a direct version wins over Boot's dependency management).
 */
function pinnedLine(run: GradleRun, t: BuildToken, g: string, a: string, version: string | undefined, versionStart: number): void {
  const boot = run.facts.section.boot;
  if (!version || run.boot3 || cloudModuleMessage(run.facts, g, a) || !run.text.includes(boot.groupId)) return;
  if (g === boot.groupId || g === boot.kotlin.groupId || g === boot.dependencyManagementPlugin.groupId || run.facts.boms.has(`${g}:${a}`)) return;
  // a build-script classpath (a Gradle plugin of that library) has its own version line
  if (/\bclasspath\b/.test(run.text.slice(run.text.lastIndexOf('\n', t.start) + 1, t.start))) return;
  const target = handVersionedGroupTarget(run.facts, [{ groupId: g, artifactId: a }], version);
  if (!target) return;
  run.out.replace(versionStart, versionStart + version.length, target.version, PINNED_LINE_RULE);
  run.out.report(PINNED_LINE_RULE, 'info', t.start, pinnedLineMessage(run.facts, `${g}:${a} version`, version, target));
}

/** The row to apply, after reporting what is only reported (manual rows, Cloud modules, any row on Boot 3.x). */
function usable(run: GradleRun, g: string, a: string, at: BuildToken, version: string | undefined): LibraryRow | undefined {
  const row = libraryFor(run.facts, g, a);
  if (!row) {
    const cloud = cloudModuleMessage(run.facts, g, a);
    if (cloud) run.out.report(CLOUD_MODULE_RULE, 'error', at.start, cloud);
    return undefined;
  }
  if (row.action === 'manual' && run.springfox?.on && row.successor && at.type === 'string') {
    switchGradleSpringfox(run, at, run.springfox);
    return undefined;
  }
  if (row.action === 'manual' && manualApplies(row, version)) run.out.report(LIBRARY_RULE, row.kept ?? 'warning', at.start, libraryMessage(row, `${g}:${a}`) + (row.successor && run.springfox ? `; not replaced by springdoc in this run: ${run.springfox.why}` : ''));
  return row.action === 'manual' || run.boot3 ? undefined : row;
}
