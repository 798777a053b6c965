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
