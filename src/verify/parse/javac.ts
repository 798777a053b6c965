// javac's errors, in the two layouts builds print them:
//   Maven (maven-compiler-plugin):  [ERROR] /p/A.java:[12,8] cannot find symbol
//                                     symbol:   class Foo            (continuation lines)
//   plain javac (Gradle, Ant):      /p/A.java:12: error: cannot find symbol
//                                   <the source line>
//                                          ^                         (the column is the caret's)
//                                     symbol:   class Foo
// Maven prints each error twice (the compiler's block, then the goal's failure summary): the
// caller removes repeats. Warnings are not read.
import { withoutMavenLevel, type BuildProblem, type CompileProblem, type OutputParser } from './problems.js';

const MAVEN = /^(.+\.java):\[(\d+)(?:,(\d+))?\] (.*)$/;
const PLAIN = /^(.+\.java):(\d+): error: (.*)$/;
const CARET = /^(\s*)\^\s*$/;

export class JavacParser implements OutputParser {
  private readonly found: CompileProblem[] = [];
  private current?: CompileProblem;
  /** Plain layout: the source line and the caret come before the details. */
  private awaiting: 'source' | 'caret' | 'details' = 'details';

  line(text: string): void {
    const { level, rest } = withoutMavenLevel(text);
    const maven = level ? MAVEN.exec(rest) : undefined;
    if (maven) {
      this.current = level === 'ERROR' ? this.add(maven[1]!, Number(maven[2]), Number(maven[3] ?? 0), maven[4]!) : undefined;
      this.awaiting = 'details';
      return;
    }
    const plain = level ? undefined : PLAIN.exec(text);
    if (plain) {
      this.current = this.add(plain[1]!, Number(plain[2]), 0, plain[3]!);
      this.awaiting = 'source';
      return;
    }
    if (!this.current) return;
    if (this.awaiting === 'source') {
      this.awaiting = 'caret';
      return;
    }
    if (this.awaiting === 'caret') {
      this.awaiting = 'details';
      const caret = CARET.exec(text);
      if (caret) {
        this.current.column = caret[1]!.length + 1;
        return;
      }
    }
    // details are indented (`  symbol:   class Foo`); anything else ends the error
    if (/^\s+\S/.test(rest) && (!level || level === 'ERROR')) this.current.details.push(rest.trim().replace(/\s+/g, ' '));
    else this.current = undefined;
  }

  private add(file: string, line: number, column: number, message: string): CompileProblem {
    const problem: CompileProblem = { kind: 'compile', compiler: 'javac', file, line, column, message: message.trim(), details: [] };
    this.found.push(problem);
    return problem;
  }

  problems(): BuildProblem[] {
    return this.found;
  }
}
