// springfox -> springdoc as one change. Springfox has no Boot 3 release (it fails at start-up),
// and the swagger 3 annotations the sources pass writes exist only with springdoc on the
// classpath. So the build drops springfox and takes the springdoc starter exactly when every
// source that uses springfox or the swagger 2 annotations is rewritten in the same run; then both
// halves happen, else neither (and both stay reported). A run decision (src/engine/types.ts RunDecision,
// springdoc.ts springfoxRunDecision), read by the sources, build and configuration passes.
import type { Edit, PassContext, ProjectFile } from '../../../src/engine/types.js';
import type { LibraryRow } from '../../../src/table/sections/build.js';
import { textValue } from '../../../src/formats/xml.js';
import { groovyTokens } from '../../../src/formats/groovy.js';
import { kotlinTokens } from '../../../src/formats/kotlin-dsl.js';
import { gradleModel } from '../../../src/formats/gradle-model.js';
import { SPRINGDOC_IN_BUILD } from '../../../src/properties/library-config.js';
import { buildPomModel } from '../../build/pom-model.js';
import { wholeLineStatement } from '../../build/gradle-coordinates.js';
import { BUILD_KINDS } from '../../../src/engine/project-text.js';
import { pkgOf, type LibContext } from '../lib-edits.js';
import { blockerOf, migratedFiles, occurrences, partialRun, projectModel } from '../run-decision.js';

export const SPRINGFOX_DECISION = 'springfox-switch';

export interface SpringfoxSwitch {
  on: boolean;
  /** Why not (for the findings that stay), or what was decided. */
  why: string;
  row?: LibraryRow;
  /** The springdoc starter the build takes: servlet, or reactive for a WebFlux-only build. */
  starter?: { groupId: string; artifactId: string; version: string };
}

/** The sources' springdoc rewrite, run dry on one file: edits, and whether anything blocks it. */
export type DryRun = (lib: LibContext) => { edits: Edit[]; blocked: boolean };

/** The run's decision, as the engine made it (off when the run made none: a pass run alone). */
export function decidedSpringfox(ctx: PassContext): SpringfoxSwitch {
  return (ctx.decisions?.[SPRINGFOX_DECISION] as SpringfoxSwitch | undefined) ?? { on: false, why: 'no springfox decision in this run' };
}

const off = (why: string, row?: LibraryRow): SpringfoxSwitch => ({ on: false, why, ...(row ? { row } : {}) });

/** Package prefixes of the swagger 2 and springfox names the table's springdoc rows know. */
function swagger2Names(lib: Omit<LibContext, 'model' | 'lang' | 'eol'>): string[] {
  const s = lib.libs.springdoc;
  return [...new Set([...s.annotations.map((a) => pkgOf(a.from)), ...s.reported.map((r) => r.name.slice(0, r.name.indexOf('.') + 1))])];
}

export function decideSpringfox(ctx: PassContext, dryRun: DryRun, lib: Omit<LibContext, 'model' | 'lang' | 'eol'>, sourceRules: readonly string[]): SpringfoxSwitch {
  const row = ctx.table.build?.libraries.find((r) => r.successor);
  if (!row?.successor) return off('the table has no library with a successor');
  const group = row.from.groupId;
  const builds = migratedFiles(ctx, ...BUILD_KINDS, 'gradle-properties');
  const springfoxBuilds = builds.filter((f) => f.text?.includes(group));
  if (!springfoxBuilds.length) return off('no build file names springfox');
  if (builds.some((f) => SPRINGDOC_IN_BUILD.test(f.text ?? ''))) return off('a build file already names springdoc', row);
  const partial = partialRun(ctx, sourceRules, 'build/library');
  if (partial) return off(partial, row);
  for (const f of springfoxBuilds) {
    const why = blockerOf(f, (file) => buildBlocker(file, group));
    if (why) return off(`${f.path}: ${why}`, row);
  }
  const names = swagger2Names(lib);
  for (const f of migratedFiles(ctx, 'java', 'kotlin')) {
    if (!names.some((n) => f.text?.includes(n))) continue;
    if (!sourceConverts(f, dryRun, lib, names)) return off(`${f.path} uses springfox or swagger 2 in a way that is not rewritten (see its findings)`, row);
  }
  const texts = builds.map((f) => f.text ?? '').join('\n');
  const reactive = /spring-boot-starter-webflux/.test(texts) && !/spring-boot-starter-web(?![\w-])/.test(texts);
  const s = row.successor;
  return { on: true, why: 'every springfox use in the sources is rewritten in this run', row, starter: { groupId: s.groupId, artifactId: reactive ? s.reactiveArtifactId : s.artifactId, version: s.version } };
}

/** Why a build file's springfox declarations cannot all be replaced or removed, if so. */
function buildBlocker(f: ProjectFile, group: string): string | undefined {
  const text = f.text!;
  if (f.kind === 'pom') {
    const model = buildPomModel(f.path, text);
    const groups = model.deps.filter((d) => (d.kind === 'dependency' || d.kind === 'managed-dependency') && textValue(text, d.groupId) === group).map((d) => d.groupId!);
    const mentions = occurrences(text, group);
    return mentions.every((at) => groups.some((g) => at >= g.start && at < g.end)) ? undefined : 'springfox is named other than as a dependency groupId';
  }
  if (f.kind === 'gradle' || f.kind === 'gradle-kts') {
    const tokens = f.kind === 'gradle' ? groovyTokens(text) : kotlinTokens(text);
    const run = { tokens, text, model: gradleModel(tokens) };
    for (const at of occurrences(text, group)) {
      const i = tokens.findIndex((t) => t.type === 'string' && at >= t.start && at < t.end);
      if (i < 0 || !tokens[i]!.value.startsWith(`${group}:`)) return 'springfox is named other than in a "group:artifact[:version]" string';
      if (!wholeLineStatement(run, i)) return 'a springfox dependency is not a statement of its own line';
    }
    return undefined;
  }
  return 'springfox is declared in a version catalog or gradle.properties';
}

/** Does the dry rewrite leave no springfox or swagger 2 name in the file's code? */
function sourceConverts(f: ProjectFile, dryRun: DryRun, lib: Omit<LibContext, 'model' | 'lang' | 'eol'>, names: readonly string[]): boolean {
  const model = projectModel(f);
  if (!model) return false;
  const { edits, blocked } = dryRun({ ...lib, model, lang: f.kind === 'kotlin' ? 'kotlin' : 'java', eol: '\n' });
  if (blocked) return false;
  const covered = (start: number) => edits.some((e) => start >= e.start && start < e.end);
  return model.chains.every((c) => {
    const head = c.tokens.map((t) => t.value).join('.');
    return !names.some((n) => head.startsWith(n)) || covered(c.tokens[0]!.start);
  });
}
