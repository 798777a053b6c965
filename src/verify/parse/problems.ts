// What the parsers read out of a build's output: compiler errors at a place in a file, and
// dependencies (or build-file entries) the build could not resolve. The parsers only read
// lines; turning a problem into a finding (paths, the table's explanation) is explain.ts's job.

/** A compiler error (javac or kotlinc) at file:line:column. */
export interface CompileProblem {
  kind: 'compile';
  compiler: 'javac' | 'kotlinc';
  /** The file as the compiler printed it (absolute, or relative to the build's folder); a file: URI is decoded. */
  file: string;
  line: number;
  /** 1-based; 0 when the output gives none. */
  column: number;
  /** The compiler's message, first line. */
  message: string;
  /** javac's continuation lines (`symbol: class Foo`, `location: package a.b`), trimmed. */
  details: string[];
}

/** A coordinate the build could not resolve (a dependency, a parent or imported POM, a plugin). */
export interface DependencyProblem {
  kind: 'dependency';
  groupId: string;
  artifactId: string;
  /** Absent when the build names none (a Gradle `Could not find g:a:.`: no version at all). */
  version?: string;
  /** What the coordinate was to the build. */
  role: 'dependency' | 'parent' | 'import' | 'plugin';
  /** The line of the build's output it was read from, trimmed. */
  message: string;
}

/** A build file the build refused (a dependency without a version, a POM that does not parse). */
export interface BuildFileProblem {
  kind: 'build-file';
  /** The build file, when the output names it. */
  file?: string;
  line: number;
  column: number;
  message: string;
  /** The coordinate the entry is about, when the message names one (`'dependencies.dependency.version' for g:a:jar is missing`). */
  groupId?: string;
  artifactId?: string;
}

export type BuildProblem = CompileProblem | DependencyProblem | BuildFileProblem;

/**
 * A parser for one output format: fed every line (ANSI colours and the trailing newline already
 * removed), in order, for one stream; `problems()` after the last line.
 */
export interface OutputParser {
  line(text: string): void;
  problems(): BuildProblem[];
}

/** `[ERROR] text` -> `text` (Maven's level prefix); other lines as they are. */
export function withoutMavenLevel(text: string): { level?: string; rest: string } {
  const m = /^\[(ERROR|WARNING|WARN|INFO|DEBUG|FATAL)\] ?/.exec(text);
  return m ? { level: m[1], rest: text.slice(m[0].length) } : { rest: text };
}

/** `file:///a/b%20c/X.kt` -> `/a/b c/X.kt`; a plain path as it is. */
export function decodeFileUri(file: string): string {
  if (!file.startsWith('file:')) return file;
  try {
    return decodeURIComponent(file.replace(/^file:(\/\/)?/, '').replace(/^\/([A-Za-z]:)/, '$1'));
  } catch {
    return file.replace(/^file:(\/\/)?/, '');
  }
}
