// The build half of springfox -> springdoc (transforms/sources/springdoc/springfox-switch.ts
// decides for the whole run): in each build file, the first springfox dependency of the main
// code becomes the springdoc starter at the table's version, and every other springfox
// declaration goes (its modules are all replaced by the one starter). Only reached when the
// decision is on, which requires every springfox declaration to be a plain dependency this
// module can edit.
import type { BuildToken } from '../../src/formats/groovy.js';
import { elementLineSpan, lineIndent, textValue } from '../../src/formats/xml.js';
import type { LibraryRow } from '../../src/table/sections/build.js';
import type { PassContext } from '../../src/engine/types.js';
import { decidedSpringfox, type SpringfoxSwitch } from '../sources/springdoc/springfox-switch.js';
import { wholeLineStatement } from './gradle-coordinates.js';
import type { GradleRun } from './gradle-run.js';
import { LIBRARY_RULE } from './libraries.js';
import { setValue, type PomRun } from './maven.js';
import type { DepRef } from './pom-model.js';

/** The run's decision when this row is springfox's and the switch is on. */
export function springfoxSwitchOn(ctx: PassContext, row: LibraryRow): SpringfoxSwitch | undefined {
  if (!row.successor) return undefined;
  const d = decidedSpringfox(ctx);
  return d.on ? d : undefined;
}

/** Why springfox stays, for its finding. */
export function springfoxKeptNote(ctx: PassContext, row: LibraryRow): string {
  return row.successor ? `; not replaced by springdoc in this run: ${decidedSpringfox(ctx).why}` : '';
}

const MAIN_SCOPES = new Set(['compile', 'provided']);
const MAIN_CONFIGURATIONS = new Set(['implementation', 'api', 'compile', 'compileOnly']);

function message(d: SpringfoxSwitch, what: string): string {
  const s = d.starter!;
  return `springfox ${what}: springfox has no Boot 3 release (Boot 3 does not load it); springdoc ${s.groupId}:${s.artifactId}:${s.version} replaces it, and every source using springfox was rewritten to the swagger 3 annotations in this run`;
}

/** Maven: `dep` is a springfox <dependency> or managed dependency of this pom. */
export function switchMavenSpringfox(run: PomRun, dep: DepRef, d: SpringfoxSwitch): void {
  if (dep.kind !== 'dependency' && dep.kind !== 'managed-dependency') return;
  const springfox = run.model.deps.filter((x) => x.kind === 'dependency' && textValue(run.text, x.groupId) === d.row!.from.groupId);
  const main = springfox.find((x) => MAIN_SCOPES.has(textValue(run.text, x.scope) ?? 'compile')) ?? springfox[0];
  if (dep !== main) {
    const span = elementLineSpan(run.text, dep.el);
    run.out.replace(span.start, span.end, '', LIBRARY_RULE);
    run.out.report(LIBRARY_RULE, 'info', dep.el.start, message(d, `${textValue(run.text, dep.artifactId)} removed`));
    return;
  }
  const s = d.starter!;
  setValue(run, dep.groupId!, s.groupId, LIBRARY_RULE, 'groupId');
  setValue(run, dep.artifactId!, s.artifactId, LIBRARY_RULE, 'artifactId');
  if (dep.version) setValue(run, dep.version, s.version, LIBRARY_RULE, 'version');
  else {
    // Boot does not manage springdoc: the starter needs its version here.
    const a = dep.artifactId!;
    const ownLine = /^[ \t]*$/.test(run.text.slice(run.text.lastIndexOf('\n', a.start - 1) + 1, a.start));
    run.out.insert(a.end, ownLine ? `${run.eol}${lineIndent(run.text, a.start)}<version>${s.version}</version>` : `<version>${s.version}</version>`, LIBRARY_RULE);
  }
  run.out.report(LIBRARY_RULE, 'info', dep.el.start, message(d, 'replaced'));
}

/** The configuration a string coordinate is declared in (`implementation 'g:a'`, `api("g:a")`). */
function configurationOf(tokens: readonly BuildToken[], i: number): string | undefined {
  const before = tokens[i - 1]?.value === '(' ? tokens[i - 2] : tokens[i - 1];
  return before?.type === 'symbol' ? before.value : undefined;
}

/** Gradle (both DSLs): `t` is a `"io.springfox:..."` string of this script. */
export function switchGradleSpringfox(run: GradleRun, t: BuildToken, d: SpringfoxSwitch): void {
  const { tokens } = run;
  const springfox = tokens.map((x, k) => ({ x, k })).filter(({ x }) => x.type === 'string' && x.value.startsWith(`${d.row!.from.groupId}:`));
  const main = springfox.find(({ k }) => MAIN_CONFIGURATIONS.has(configurationOf(tokens, k) ?? '')) ?? springfox[0];
  const i = tokens.indexOf(t);
  const s = d.starter!;
  if (main?.x === t) {
    run.out.replace(t.contentStart!, t.contentEnd!, `${s.groupId}:${s.artifactId}:${s.version}`, LIBRARY_RULE);
    run.out.report(LIBRARY_RULE, 'info', t.start, message(d, 'replaced'));
    return;
  }
  const line = wholeLineStatement(run, i);
  if (!line) return run.out.report(LIBRARY_RULE, 'error', t.start, message(d, 'left here: remove this declaration by hand'));
  run.out.replace(line.start, line.end, '', LIBRARY_RULE);
  run.out.report(LIBRARY_RULE, 'info', t.start, message(d, `${t.value} removed`));
}
