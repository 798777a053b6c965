// What several passes ask of the project's build files: which kinds they are, and their text
// joined once per run (a cheap "does any build file name X" without parsing each build).
import type { FileKind, ProjectView } from './types.js';

/** The kinds of build files (Maven, both Gradle DSLs, version catalogs). */
export const BUILD_KINDS = ['pom', 'gradle', 'gradle-kts', 'version-catalog'] as const satisfies readonly FileKind[];

const texts = new WeakMap<ProjectView, string>();

/** The text of every build file the run read (none when only source passes were selected). */
export function buildFilesText(project: ProjectView): string {
  let text = texts.get(project);
  if (text === undefined) {
    text = project.ofKind(...BUILD_KINDS).map((f) => f.text ?? '').join('\n');
    texts.set(project, text);
  }
  return text;
}

const matches = new WeakMap<ProjectView, Map<string, boolean>>();

/**
 * Whether the joined build text matches `pattern`, answered once per run and pattern. Passes ask
 * it for every file they read (a configuration file's prefilter, each Java file using a library):
 * testing the whole build text each time made a run quadratic in the repository's size (50,000
 * files: 64,000 prefilter calls each scanning 1.5 MB of poms).
 */
export function buildFilesMatch(project: ProjectView, pattern: RegExp): boolean {
  let byPattern = matches.get(project);
  if (!byPattern) matches.set(project, (byPattern = new Map()));
  const key = `${pattern.flags}/${pattern.source}`;
  let hit = byPattern.get(key);
  if (hit === undefined) {
    pattern.lastIndex = 0;
    byPattern.set(key, (hit = pattern.test(buildFilesText(project))));
  }
  return hit;
}
