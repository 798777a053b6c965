// Reading a Maven build's output: why it failed, and the lines that say where. The example apps'
// harness (scripts/test-apps.mjs) prints these under its table so a failing "after" build can be
// read without opening the log. Compiler lines are read by the CLI's readers (src/verify/parse, built
// into dist/ by npm run build, which the harness needs anyway for the CLI it runs).
import { JavacParser } from '../../dist/src/verify/parse/javac.js';
import { KotlincParser } from '../../dist/src/verify/parse/kotlinc.js';

/** The first reason a build failed, from its log: timeout, pom, resolve, compile, tests or build. */
export function failureKind(log, timedOut) {
  if (timedOut) return 'timeout';
  if (/Some problems were encountered while processing the POMs|The build could not read \d+ project/.test(log)) return 'pom';
  if (/Could not resolve dependencies|Could not find artifact|Non-resolvable (parent|import) POM|Could not transfer artifact|Plugin .* or one of its dependencies could not be resolved/.test(log)) return 'resolve';
  if (/COMPILATION ERROR|Compilation failure|kotlin-maven-plugin[^\n]*:(test-)?compile[^\n]*failed/.test(log)) return 'compile';
  if (/There are test failures|Tests run: \d+, Failures: [1-9]|Tests run: \d+, Failures: \d+, Errors: [1-9]|The forked VM terminated/.test(log)) return 'tests';
  return 'build';
}

const TEST = /^\[ERROR\]   (\S+?)[.:](\S+?)(?::(\d+))? (.*)$/;
const RESOLVE = /^\[ERROR\] .*(Could not resolve dependencies|Could not find artifact|Non-resolvable|Could not transfer artifact|could not be resolved)/;
// a POM Maven cannot read: "[ERROR] 'dependencies.dependency.version' for g:a:jar is missing. @ line 30, column 21"
const POM = /^\[ERROR\] +('[^']+' for .*|.* @ line \d+, column \d+)$/;

/**
 * The lines that say what broke, each once: compiler errors as path:line:column message (the
 * path relative to `tree`), failed tests as Class.method:line message, POM errors, unresolved
 * artifacts.
 */
export function failureLines(log, tree) {
  const seen = new Set();
  const out = [];
  const add = (line) => {
    if (!seen.has(line)) {
      seen.add(line);
      out.push(line);
    }
  };
  let inTests = false;
  // javac through Maven: "[ERROR] /abs/File.java:[12,5] message"; kotlinc 1.6: "[ERROR] /abs/File.kt: (12, 5) message";
  // kotlinc 1.7+: "[ERROR] file:///abs/File.kt:12:5 message"
  const javac = new JavacParser();
  const kotlinc = new KotlincParser();
  for (const raw of log.split('\n')) {
    const line = raw.replace(/\r$/, '');
    const javacBefore = javac.problems().length;
    const kotlincBefore = kotlinc.problems().length;
    javac.line(line);
    kotlinc.line(line);
    // a compiler prints absolute paths
    const compiled = [...javac.problems().slice(javacBefore), ...kotlinc.problems().slice(kotlincBefore)].find((p) => p.file.startsWith('/'));
    if (compiled) {
      const relative = tree && compiled.file.startsWith(tree + '/') ? compiled.file.slice(tree.length + 1) : compiled.file;
      add(`${relative}:${compiled.line}:${compiled.column} ${compiled.message}`);
      continue;
    }
    if (/^\[ERROR\] (Failures|Errors): ?$/.test(line)) {
      inTests = true;
      continue;
    }
    if (inTests) {
      const test = TEST.exec(line);
      if (test) {
        const [, cls, method, at, message] = test;
        add(`test ${cls}.${method}${at ? ':' + at : ''} ${message.trim()}`);
        continue;
      }
      if (!/^\[ERROR\]   /.test(line)) inTests = false;
    }
    const pom = POM.exec(line);
    if (pom) {
      add(`pom ${pom[1].trim()}`);
      continue;
    }
    if (RESOLVE.test(line)) add(line.replace(/^\[ERROR\] /, '').replace(/ -> \[Help \d+\]$/, ''));
  }
  return out;
}
