// springfox -> springdoc as one change. Springfox has no Boot 3 release (it fails at start-up),
// and the swagger 3 annotations the sources pass writes exist only with springdoc on the
// classpath. So the build drops springfox and takes the springdoc starter exactly when every
// source that uses springfox or the swagger 2 annotations is rewritten in the same run; then both
// halves happen, else neither (and both stay reported). One decision per run, read by the sources
// pass (springdoc.ts) and the build passes (maven.ts, gradle-libraries.ts).
import type { Edit, PassContext, ProjectFile } from '../../src/engine/types.js';
import type { LibraryRow } from '../../src/table/sections/build.js';
import { ScanError, scanJvm, type JvmLang } from '../../src/formats/jvm-tokens.js';
import { textValue } from '../../src/formats/xml.js';
import { groovyTokens } from '../../src/formats/groovy.js';
import { kotlinTokens } from '../../src/formats/kotlin-dsl.js';
import { gradleModel } from '../../src/formats/gradle-model.js';
import { buildPomModel } from '../build/pom-model.js';
import { wholeLineStatement } from '../build/gradle-coordinates.js';
import type { GradleRun } from '../build/gradle-run.js';
import { buildModel } from './model.js';
import type { LibContext } from './lib-edits.js';

export const SPRINGFOX = 'io.springfox';

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

const decisions = new WeakMap<object, SpringfoxSwitch>();

export function springfoxSwitch(ctx: PassContext, dryRun: DryRun, lib: Omit<LibContext, 'model' | 'lang' | 'eol'>): SpringfoxSwitch {
  let d = decisions.get(ctx.project);
  if (!d) {
    d = decide(ctx, dryRun, lib);
    decisions.set(ctx.project, d);
  }
  return d;
}


const off = (why: string, row?: LibraryRow): SpringfoxSwitch => ({ on: false, why, ...(row ? { row } : {}) });

const BUILD_KINDS = ['pom', 'gradle', 'gradle-kts', 'version-catalog', 'gradle-properties'] as const;
const JVM_PASSES = ['sources/java', 'sources/kotlin'];
const BUILD_PASSES = ['build/maven', 'build/gradle', 'build/gradle-kts'];

function decide(ctx: PassContext, dryRun: DryRun, lib: Omit<LibContext, 'model' | 'lang' | 'eol'>): SpringfoxSwitch {
  const row = ctx.table.build?.libraries.find((r) => r.from.groupId === SPRINGFOX && r.successor);
  if (!row?.successor) return off('the table has no springfox successor');
  const builds = ctx.project.ofKind(...BUILD_KINDS);
  const springfoxBuilds = builds.filter((f) => f.text?.includes(SPRINGFOX));
  if (!springfoxBuilds.length) return off('no build file names springfox');
  if (builds.some((f) => f.text?.includes('org.springdoc'))) return off('a build file already names springdoc', row);
  if (ctx.wholeRepository === false) return off('the run was given a list of files, so not every source that uses springfox is in it', row);
  const sourceRules = ['springdoc/annotations', 'springdoc/docket', 'springdoc/springfox'];
  if (!JVM_PASSES.every((p) => sourceRules.every((r) => ctx.ruleSelected(p, r))) || !BUILD_PASSES.every((p) => ctx.ruleSelected(p, 'build/library')))
    return off('--only/--skip leave out the springdoc source rules or build/library', row);
  for (const f of springfoxBuilds) {
    const why = buildBlocker(f);
    if (why) return off(`${f.path}: ${why}`, row);
  }
  for (const f of ctx.project.ofKind('java', 'kotlin')) {
    if (!f.text || !(f.text.includes('springfox') || f.text.includes('io.swagger.annotations'))) continue;
    if (!sourceConverts(f, dryRun, lib)) return off(`${f.path} uses springfox or swagger 2 in a way that is not rewritten (see its findings)`, row);
  }
  const texts = builds.map((f) => f.text ?? '').join('\n');
  const reactive = /spring-boot-starter-webflux/.test(texts) && !/spring-boot-starter-web(?![\w-])/.test(texts);
  const s = row.successor;
  return { on: true, why: 'every springfox use in the sources is rewritten in this run', row, starter: { groupId: s.groupId, artifactId: reactive ? s.reactiveArtifactId : s.artifactId, version: s.version } };
}

/** Why a build file's springfox declarations cannot all be replaced or removed, if so. */
function buildBlocker(f: ProjectFile): string | undefined {
  const text = f.text!;
  if (f.kind === 'pom') {
    const model = buildPomModel(f.path, text);
    const groups = model.deps.filter((d) => (d.kind === 'dependency' || d.kind === 'managed-dependency') && textValue(text, d.groupId) === SPRINGFOX).map((d) => d.groupId!);
    const mentions = occurrences(text, SPRINGFOX);
    return mentions.every((at) => groups.some((g) => at >= g.start && at < g.end)) ? undefined : 'springfox is named other than as a dependency groupId';
  }
  if (f.kind === 'gradle' || f.kind === 'gradle-kts') {
    const tokens = f.kind === 'gradle' ? groovyTokens(text) : kotlinTokens(text);
    const run = { tokens, text, model: gradleModel(tokens) } as unknown as GradleRun;
    for (const at of occurrences(text, SPRINGFOX)) {
      const i = tokens.findIndex((t) => t.type === 'string' && at >= t.start && at < t.end);
      if (i < 0 || !tokens[i]!.value.startsWith(`${SPRINGFOX}:`)) return 'springfox is named other than in a "group:artifact[:version]" string';
      if (!wholeLineStatement(run, i)) return 'a springfox dependency is not a statement of its own line';
    }
    return undefined;
  }
  return 'springfox is declared in a version catalog or gradle.properties';
}

function occurrences(text: string, needle: string): number[] {
  const out: number[] = [];
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) out.push(at);
  return out;
}

/** Does the dry rewrite leave no springfox or swagger 2 name in the file's code? */
function sourceConverts(f: ProjectFile, dryRun: DryRun, lib: Omit<LibContext, 'model' | 'lang' | 'eol'>): boolean {
  const lang: JvmLang = f.kind === 'kotlin' ? 'kotlin' : 'java';
  let tokens;
  try {
    tokens = scanJvm(f.text!, lang);
  } catch (e) {
    if (e instanceof ScanError) return false;
    throw e;
  }
  const model = buildModel(f.text!, tokens);
  const { edits, blocked } = dryRun({ ...lib, model, lang, eol: '\n' });
  if (blocked) return false;
  const covered = (start: number) => edits.some((e) => start >= e.start && start < e.end);
  return model.chains.every((c) => {
    const head = c.tokens.map((t) => t.value).join('.');
    const old = head.startsWith('springfox.') || head.startsWith('io.swagger.annotations');
    return !old || covered(c.tokens[0]!.start);
  });
}

