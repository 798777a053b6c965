// kotlinc's errors, in the layouts the Kotlin compiler has printed them:
//   e: file:///p/A.kt:12:8 Unresolved reference 'Foo'.      (Kotlin 1.8 and later)
//   e: /p/A.kt: (12, 8): Unresolved reference: Foo           (up to Kotlin 1.7)
// and, under Maven's kotlin-maven-plugin, the same after `[ERROR] ` instead of `e: `
// (`[ERROR] /p/A.kt: (12, 8) Unresolved reference: Foo`), or after both (`[ERROR] e: /p/A.kt: ...`,
// as recent plugins print it). Warnings (`w:`) are not read.
import { decodeFileUri, withoutMavenLevel, type BuildProblem, type CompileProblem, type OutputParser } from './problems.js';

const ERROR = /^(file:\S+?\.kts?|.+?\.kts?)(?::(\d+):(\d+)|: \((\d+), ?(\d+)\):?) (.*)$/;

export class KotlincParser implements OutputParser {
  private readonly found: CompileProblem[] = [];

  line(text: string): void {
    const { level, rest } = withoutMavenLevel(text);
    let body: string;
    if (level === 'ERROR') body = rest.startsWith('e: ') ? rest.slice(3) : rest;
    else if (!level && text.startsWith('e: ')) body = text.slice(3);
    else return;
    const m = ERROR.exec(body);
    if (!m) return;
    this.found.push({
      kind: 'compile',
      compiler: 'kotlinc',
      file: decodeFileUri(m[1]!),
      line: Number(m[2] ?? m[4]),
      column: Number(m[3] ?? m[5]),
      message: m[6]!.trim(),
      details: [],
    });
  }

  problems(): BuildProblem[] {
    return this.found;
  }
}
