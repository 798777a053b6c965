// What the run decisions that move a library in the build and the sources together
// (springdoc/springfox-switch.ts, httpclient5/httpclient5-switch.ts) share: which files count,
// whether the run sees enough to decide, and the token model of a source read from the project.
import { ParseError, type FileKind, type PassContext, type ProjectFile } from '../../src/engine/types.js';
import { ScanError, scanJvm } from '../../src/formats/jvm-tokens.js';
import { buildModel, type FileModel } from './model.js';

/** Files the run migrates (not in a module left alone) of these kinds. */
export function migratedFiles(ctx: PassContext, ...kinds: FileKind[]): ProjectFile[] {
  return ctx.project.ofKind(...kinds).filter((f) => !ctx.isLeftAlone?.(f.path));
}

const SOURCE_PASSES = ['sources/java', 'sources/kotlin'];
const BUILD_PASSES = ['build/maven', 'build/gradle', 'build/gradle-kts'];

/**
 * Why this run cannot decide for every source, if so: a list of files was given (or a source
 * skipped), or --only/--skip leave out one side of the change.
 */
export function partialRun(ctx: PassContext, sourceRules: readonly string[], buildRule: string): string | undefined {
  if (ctx.wholeRepository === false) return 'the run was given a list of files (or skipped a source), so not every source that uses it is in it';
  const sources = SOURCE_PASSES.every((p) => sourceRules.every((r) => ctx.ruleSelected(p, r)));
  const builds = BUILD_PASSES.every((p) => ctx.ruleSelected(p, buildRule));
  return sources && builds ? undefined : `--only/--skip leave out ${[...sourceRules, buildRule].join(', ')}`;
}

/** The token model of a Java/Kotlin file of the project; undefined when it does not scan. */
export function projectModel(f: ProjectFile): FileModel | undefined {
  try {
    return buildModel(f.text ?? '', scanJvm(f.text ?? '', f.kind === 'kotlin' ? 'kotlin' : 'java'));
  } catch (e) {
    if (e instanceof ScanError) return undefined;
    throw e;
  }
}

/** Offsets of every occurrence of `needle` in `text`. */
export function occurrences(text: string, needle: string): number[] {
  const out: number[] = [];
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) out.push(at);
  return out;
}

/**
 * A build file's blocker, or why it cannot be read: a file that does not parse blocks the change
 * (its own pass reports it as unparseable), it must never end the run.
 */
export function blockerOf(f: ProjectFile, blocker: (f: ProjectFile) => string | undefined): string | undefined {
  try {
    return blocker(f);
  } catch (e) {
    if (e instanceof ParseError) return `it does not parse (${e.message})`;
    throw e;
  }
}
