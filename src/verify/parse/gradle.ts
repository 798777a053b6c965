// Gradle's own errors: what it could not resolve, and a build script it could not evaluate.
//   > Could not find g:a:v.            (`g:a:.` when no version was given: nothing manages it)
//   > Could not resolve g:a:v.         (followed by the reason: no network, a bad repository)
//   Plugin [id: 'org.springframework.boot', version: '3.0.99'] was not found in any of the following sources:
//   * Where:
//   Build file '/p/build.gradle' line: 12
//   * What went wrong:
//   A problem occurred evaluating root project 'x'.
//   > Could not find method compile() for arguments [...]
// Compiler errors in Gradle's output are javac's or kotlinc's own layouts (their parsers).
import { parseCoordinate } from './coordinates.js';
import type { BuildProblem, OutputParser } from './problems.js';

const MISSING = /^\s*(?:> )?Could not (find|resolve) ([^\s:'"()]+:[^\s:'"()]+:[^\s'"()]*)\.\s*$/;
const PLUGIN = /Plugin \[id: '([^']+)'(?:, version: '([^']+)')?[^\]]*\] was not found/;
const WHERE = /^(?:Build|Settings|Script) file '(.+)' line: (\d+)$/;

export class GradleParser implements OutputParser {
  private readonly found: BuildProblem[] = [];
  private section?: 'where' | 'wrong';
  private where?: { file: string; line: number };
  private wrong: string[] = [];

  line(text: string): void {
    if (text.startsWith('* ')) {
      this.endSection();
      this.section = text === '* Where:' ? 'where' : text === '* What went wrong:' ? 'wrong' : undefined;
      return;
    }
    if (this.section === 'where') {
      const m = WHERE.exec(text.trim());
      if (m) this.where = { file: m[1]!, line: Number(m[2]) };
    } else if (this.section === 'wrong' && text.trim()) this.wrong.push(text.trim().replace(/^> /, ''));
    const missing = MISSING.exec(text);
    if (missing) {
      const c = parseCoordinate(missing[2]!);
      if (c) this.found.push({ kind: 'dependency', ...c, role: 'dependency', message: text.trim().replace(/^> /, '') });
      return;
    }
    const plugin = PLUGIN.exec(text);
    if (plugin) this.found.push({ kind: 'dependency', groupId: plugin[1]!, artifactId: `${plugin[1]}.gradle.plugin`, ...(plugin[2] ? { version: plugin[2] } : {}), role: 'plugin', message: text.trim() });
  }

  /** A "What went wrong" with a "Where" in a build script: the script could not be evaluated. */
  private endSection(): void {
    if (this.section === 'wrong' && this.where && this.wrong.length) {
      this.found.push({ kind: 'build-file', file: this.where.file, line: this.where.line, column: 1, message: this.wrong.slice(0, 3).join(' ') });
      this.where = undefined;
    }
    if (this.section === 'wrong') this.wrong = [];
  }

  problems(): BuildProblem[] {
    this.endSection();
    this.section = undefined;
    return this.found;
  }
}
