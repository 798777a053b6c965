// HttpClient 4 -> 5 as one change. Spring 6's HttpComponentsClientHttpRequestFactory is written
// against HttpClient 5 only; Boot 3.0 still manages HttpClient 4, so a build that declares
// org.apache.httpcomponents:httpclient compiles its own HttpClient 4 code but hands the factory
// the wrong client. The build takes httpclient5 in place of httpclient exactly when every source
// that imports HttpClient 4 moves one to one in the same run (httpclient5.ts planHttpClient5);
// otherwise neither side moves and both stay reported. A run decision (src/engine/types.ts
// RunDecision), read by the sources pass and the build passes.
import type { PassContext, ProjectFile, RunDecision } from '../../../src/engine/types.js';
import { escapeRegExp } from '../../../src/engine/text.js';
import { textValue } from '../../../src/formats/xml.js';
import { groovyTokens } from '../../../src/formats/groovy.js';
import { kotlinTokens } from '../../../src/formats/kotlin-dsl.js';
import type { LibrariesSection } from '../../../src/table/sections/libraries.js';
import { buildPomModel } from '../../build/pom-model.js';
import { FACTORY, HTTPCLIENT_RULES, planHttpClient5 } from './httpclient5.js';
import { BUILD_KINDS } from '../../../src/engine/project-text.js';
import { blockerOf, migratedFiles, partialRun, projectModel } from '../run-decision.js';

export interface HttpClientSwitch {
  on: boolean;
  why: string;
  from?: { groupId: string; artifactId: string };
  to?: { groupId: string; artifactId: string };
  /** A source builds the factory: HttpClient 4 in the build then does not compile against it. */
  factory?: boolean;
}

export const HTTPCLIENT_DECISION = 'httpclient5-switch';

/** The run's decision, as the engine made it (off when the run made none: a pass run alone). */
export function httpClientSwitch(ctx: PassContext): HttpClientSwitch {
  return (ctx.decisions?.[HTTPCLIENT_DECISION] as HttpClientSwitch | undefined) ?? { on: false, why: 'no HttpClient decision in this run' };
}

export const httpClientRunDecision: RunDecision = { id: HTTPCLIENT_DECISION, decide };

/** The HttpClient 4 coordinate as a Gradle string: `g:a` or `g:a:<literal version>`. */
export function httpClient4String(value: string, from: { groupId: string; artifactId: string }): boolean {
  return new RegExp(`^${escapeRegExp(from.groupId)}:${escapeRegExp(from.artifactId)}(:[\\w.-]+)?$`).test(value);
}

function decide(ctx: PassContext): HttpClientSwitch {
  const libs = ctx.table.libraries;
  if (!libs) return { on: false, why: 'the table has no library rows' };
  const { from, to } = libs.httpclient.oneToOne;
  const off = (why: string): HttpClientSwitch => ({ on: false, why, from, to });
  const builds = migratedFiles(ctx, ...BUILD_KINDS, 'gradle-properties');
  const named = builds.filter((f) => declares(f.text ?? '', from.artifactId) && f.text!.includes(from.groupId));
  if (!named.length) return off('no build file declares HttpClient 4');
  if (builds.some((f) => declares(f.text ?? '', to.artifactId))) return off('a build file already declares httpclient5');
  const jvm = migratedFiles(ctx, 'java', 'kotlin');
  if (!jvm.some((f) => f.text?.includes(FACTORY))) return off(`no source builds a ${FACTORY}`);
  const blocked = (why: string): HttpClientSwitch => ({ on: false, why, from, to, factory: true });
  const partial = partialRun(ctx, [HTTPCLIENT_RULES.types], 'build/library');
  if (partial) return blocked(partial);
  for (const f of named) {
    const why = blockerOf(f, (file) => buildBlocker(file, from));
    if (why) return blocked(`${f.path}: ${why}`);
  }
  for (const f of jvm) {
    if (!f.text?.includes('org.apache.http.')) continue;
    const why = sourceBlocker(f, libs);
    if (why) return blocked(`${f.path}: ${why}`);
  }
  return { on: true, why: 'every HttpClient 4 use in the sources moves one to one in this run', from, to, factory: true };
}

const declares = (text: string, artifactId: string) => new RegExp(`(?<![\\w.-])${escapeRegExp(artifactId)}(?![\\w.-])`).test(text);

function buildBlocker(f: ProjectFile, from: { groupId: string; artifactId: string }): string | undefined {
  const text = f.text!;
  if (f.kind === 'pom') {
    const deps = buildPomModel(f.path, text).deps.filter((d) => textValue(text, d.groupId) === from.groupId && textValue(text, d.artifactId) === from.artifactId);
    for (const d of deps) {
      if (d.kind === 'exclusion') return 'HttpClient 4 is excluded somewhere';
      const v = d.version ? textValue(text, d.version) : undefined;
      if (d.version && (v === undefined || v.includes('${'))) return 'its HttpClient 4 version comes from a property, which may version other artifacts';
    }
    return deps.length ? undefined : 'HttpClient 4 is named other than as a dependency';
  }
  if (f.kind === 'gradle' || f.kind === 'gradle-kts') {
    const tokens = f.kind === 'gradle' ? groovyTokens(text) : kotlinTokens(text);
    const mentions = tokens.filter((t) => t.type === 'string' && t.value.startsWith(`${from.groupId}:${from.artifactId}`) && declares(t.value, from.artifactId));
    if (!mentions.length) return 'HttpClient 4 is declared other than as a "group:artifact[:version]" string';
    return mentions.every((t) => !t.templated && httpClient4String(t.value, from)) ? undefined : 'an HttpClient 4 declaration has a variable version';
  }
  return 'HttpClient 4 is declared in a version catalog or gradle.properties';
}

function sourceBlocker(f: ProjectFile, libs: LibrariesSection): string | undefined {
  const model = projectModel(f);
  if (!model) return 'it does not scan';
  const plan = planHttpClient5({ model, lang: f.kind === 'kotlin' ? 'kotlin' : 'java', eol: '\n', libs, project: { root: '', files: [], byPath: new Map(), ofKind: () => [] } });
  return 'blockers' in plan ? plan.blockers[0]!.message : undefined;
}
