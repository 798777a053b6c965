// Reads a Maven build log (`mvn -B`) and returns its errors, each with a normalized cause ("class")
// so that the same break on many files and many repositories counts as one thing to fix.
// Compiler errors (javac, kotlinc, groovyc) carry file:line; resolution and plugin errors carry the
// artifact or the goal. Messages are normalized by dropping what varies between occurrences of the
// same cause: argument lists, generic parameters, the user's own class on the left of a message.
// Compiler lines are read by the CLI's readers (src/verify/parse, built into dist/ by npm run build,
// which the corpus needs anyway for the CLI it runs).
import { JavacParser } from '../../dist/src/verify/parse/javac.js';
import { KotlincParser } from '../../dist/src/verify/parse/kotlinc.js';

// maven-enforcer-plugin names the rule on a warning line and says why on the next one
const ENFORCER = /^\[WARNING\] Rule \d+: (?:\S+\.)?(\w+) failed with message:$/;
// gmavenplus / groovyc: "/p/F.groovy: 12: msg @ line 12, column 5."
const GROOVY = /^\[ERROR\] (\/.+?\.groovy): (\d+): (.*?)(?: @ line \d+, column (\d+)\.)?$/;
// maven-checkstyle-plugin: "/p/F.java:24:1: msg [Rule]", or with spring-javaformat's extension
// "src/p/F.java:[24,1] (extension) Rule: msg"
const CHECKSTYLE = /^\[(?:ERROR|WARNING)\] (\/\S+?\.java):(\d+)(?::(\d+))?: (.*) \[(\w+)\]$/;
const CHECKSTYLE_EXT = /^\[(?:ERROR|WARNING)\] (\S+?\.java):\[(\d+),(\d+)\] \([\w ]+\) (\w+): (.*)$/;
// the javac continuation lines classifyCompile reads, first of each kind, up to the first other line
const DETAIL = /^(symbol|location|required|found|reason):\s*(.*)$/;

/** @typedef {{kind: 'compile'|'resolve'|'build', file?: string, line?: number, column?: number,
 *   message: string, detail?: Record<string,string>, cls: string}} BuildError */

/**
 * @param {string} log the whole log text
 * @returns {BuildError[]} deduplicated errors in log order
 */
export function parseMavenLog(log) {
  // Maven prints a colour reset before its first line even in batch mode.
  const lines = log.replace(/\x1b\[[0-9;]*m/g, '').split(/\r?\n/);
  // Compiler errors are read by the CLI's own readers (--verify's), in their built form: javac's
  // Maven layout with its continuation lines, and kotlinc's (kotlin-maven-plugin prints the
  // compiler's `e: ` lines behind [ERROR]). Their details are complete only after the lines that
  // follow, so each error takes its place in log order and is classified at the end.
  const javac = new JavacParser();
  const kotlinc = new KotlincParser();
  /** @type {Array<BuildError & {compilation?: boolean, checks?: boolean} | {compiled: import('../../dist/src/verify/parse/problems.js').CompileProblem}>} */
  const found = [];
  let compilerErrorsSeen = false;
  let checksSeen = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const javacBefore = javac.problems().length;
    const kotlincBefore = kotlinc.problems().length;
    javac.line(line);
    kotlinc.line(line);
    const added = [...javac.problems().slice(javacBefore), ...kotlinc.problems().slice(kotlincBefore)];
    // a compiler prints absolute paths: a relative one is a checker's line in javac's layout
    const compiled = added.find((p) => p.file.startsWith('/'));
    if (compiled) {
      compilerErrorsSeen = true;
      found.push({ compiled });
      continue;
    }
    const cs = line.startsWith('[ERROR]') ? CHECKSTYLE.exec(line) : null;
    const cx = !cs && line.startsWith('[ERROR]') ? CHECKSTYLE_EXT.exec(line) : null;
    if (cs || cx) {
      const [file, ln, col, message, rule] = cs ? [cs[1], cs[2], cs[3], cs[4], cs[5]] : [cx[1], cx[2], cx[3], cx[5], cx[4]];
      checksSeen = true;
      found.push({ kind: 'check', file, line: +ln, column: col ? +col : 1, message: `${rule}: ${message}`,
        cls: `checkstyle ${rule}: ${message.replace(/'[^']*'/g, "'…'").replace(/\.$/, '')}` });
      continue;
    }
    const enf = ENFORCER.exec(line);
    if (enf) {
      const why = (lines[i + 1] ?? '').trim();
      found.push({ kind: 'build', message: `${enf[1]}: ${why}`, cls: `enforcer ${enf[1]}: ${why.replace(/\d+(\.\d+)+(_\d+)?/g, 'N')}` });
      continue;
    }
    const g = GROOVY.exec(line);
    if (g) {
      compilerErrorsSeen = true;
      found.push({ kind: 'compile', file: g[1], line: +g[2], column: g[4] ? +g[4] : 1, message: g[3].trim(),
        cls: classifyCompile(g[3].trim(), {}) });
      continue;
    }
    found.push(...resolutionProblems(line));
  }
  /** @type {BuildError[]} */
  const out = [];
  const seen = new Set();
  for (const f of found) {
    const e = 'compiled' in f ? compileError(f.compiled) : f;
    const key = `${e.kind}|${e.file ?? ''}|${e.line ?? ''}|${e.column ?? ''}|${e.cls}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(e);
  }
  // A goal failure only adds information when no compiler message explains it.
  return out.filter((e) => !(e.kind === 'build' && ((e.compilation && compilerErrorsSeen) || (e.checks && checksSeen))))
    .map(({ compilation, checks, ...e }) => e);
}

/** A compiler error as the corpus counts it: its details by kind, its cause without what varies. */
function compileError(p) {
  const detail = {};
  for (const d of p.details.slice(0, 7)) {
    const m = DETAIL.exec(d);
    if (!m) break;
    if (!(m[1] in detail)) detail[m[1]] = m[2].trim();
  }
  // A forked javac (or plexus-compiler-eclipse) puts "error: " before the message.
  const message = p.message.replace(/^error: /, '');
  return { kind: 'compile', file: p.file, line: p.line, column: p.column, message, detail, cls: classifyCompile(message, detail) };
}

/** Strips generic parameters: "Map<String, List<X>>" -> "Map". */
export function stripGenerics(s) {
  let prev;
  do { prev = s; s = s.replace(/<[^<>]*>/g, ''); } while (s !== prev);
  return s;
}

const simpleName = (qualified) => stripGenerics(qualified).replace(/.*\./, '');

/** The type a `location:` line points at, as a simple name ("variable http of type a.b.C" -> "C"). */
function locationType(location) {
  if (!location) return '';
  const ofType = /of type (\S+)/.exec(location);
  if (ofType) return simpleName(ofType[1]);
  const cls = /^(?:class|interface|enum|record|@interface) (\S+)/.exec(location);
  return cls ? simpleName(cls[1]) : '';
}

/**
 * The cause of one compiler message, without what varies between its occurrences.
 * @param {string} message
 * @param {Record<string,string>} detail symbol/location lines that followed it
 */
export function classifyCompile(message, detail) {
  let m;
  if (message === 'cannot find symbol' || message.startsWith('cannot find symbol')) {
    const symbol = detail.symbol ?? message.replace(/^cannot find symbol:?\s*/, '');
    const sm = /^(class|method|variable|constructor|interface|enum|static) ?(\S*)/.exec(symbol);
    if (!sm) return 'cannot find symbol';
    const kind = sm[1];
    const name = stripGenerics(sm[2]).replace(/\(.*$/, '');
    if (kind === 'class' || kind === 'interface' || kind === 'enum') return `cannot find symbol: class ${name}`;
    const where = locationType(detail.location);
    return `cannot find symbol: ${kind} ${name}${where ? ` in ${where}` : ''}`;
  }
  if ((m = /^package (\S+) does not exist$/.exec(message))) return `package ${m[1]} does not exist`;
  if ((m = /^cannot access (\S+)$/.exec(message))) return `cannot access ${simpleName(m[1])}`;
  if ((m = /^(?:\S+) is not abstract and does not override abstract method (\w+)\(.*\) in (\S+)$/.exec(message))) {
    return `does not override abstract method ${m[1]} in ${simpleName(m[2])}`;
  }
  if ((m = /^(?:method|constructor) (\S+) in (?:class|interface|enum) (\S+) cannot be applied to given types/.exec(message))) {
    return `${simpleName(m[1])} in ${simpleName(m[2])} cannot be applied to given types`;
  }
  if ((m = /^no suitable (method|constructor) found for (\w+)/.exec(message))) return `no suitable ${m[1]} found for ${m[2]}`;
  if ((m = /^(\w+)\(.*\) in (\S+) cannot (implement|override) (\w+)\(.*\) in (\S+)/.exec(message))) {
    return `${m[1]} cannot ${m[3]} ${m[4]} in ${simpleName(m[5])}`;
  }
  if ((m = /^incompatible types: (.*)$/.exec(message))) {
    return `incompatible types: ${stripGenerics(m[1]).replace(/\b(?:[a-z]\w*\.)+([A-Z]\w*)/g, '$1')}`;
  }
  if ((m = /^(\S+) has private access in (\S+)$/.exec(message))) return `${simpleName(m[1])} has private access in ${simpleName(m[2])}`;
  if ((m = /^Unresolved reference: (\S+)/.exec(message))) return `Unresolved reference: ${m[1]}`;
  if ((m = /^Type mismatch: inferred type is (.+) but (.+) was expected/.exec(message))) {
    return `Type mismatch: ${simpleName(m[1].replace(/[?!]$/, ''))} but ${simpleName(m[2].replace(/[?!]$/, ''))} expected`;
  }
  if ((m = /^unable to resolve class (\S+)/.exec(message))) return `unable to resolve class ${m[1]}`;
  if ((m = /^'(.+)' overrides nothing/.exec(message))) return `overrides nothing: ${m[1].replace(/\(.*$/, '')}`;
  // Anything else: drop argument lists and generics, keep the words.
  return stripGenerics(message).replace(/\([^()]*\)/g, '()');
}

const ARTIFACT = /Could not (find|transfer) artifact (\S+?):(\S+?):(?:\S+?:)*?(\S+?)(?= |$)/g;

/**
 * Resolution, model and plugin problems on one log line.
 * @returns {Array<BuildError & {compilation?: boolean}>}
 */
function resolutionProblems(line) {
  if (!/^\[(?:ERROR|FATAL)\]/.test(line)) return [];
  const found = [];
  let m;
  ARTIFACT.lastIndex = 0;
  while ((m = ARTIFACT.exec(line))) {
    const what = m[1] === 'find' ? 'Could not find artifact' : 'Could not transfer artifact';
    const prefix = /Non-resolvable parent POM/.test(line) ? ' (parent POM)'
      : /Non-resolvable import POM/.test(line) ? ' (import POM)'
      : /Plugin \S+ or one of its dependencies/.test(line) ? ' (plugin)' : '';
    found.push({ kind: 'resolve', message: m[0], cls: `${what} ${m[2]}:${m[3]}${prefix}`,
      version: m[4] });
  }
  if (found.length) return found;
  if ((m = /'(dependencies\.dependency|build\.plugins\.plugin|dependencyManagement\.dependencies\.dependency)\.version' for (\S+?):(\S+?)(?::\w+)? is missing/.exec(line))) {
    return [{ kind: 'resolve', message: line.replace(/^\[\w+\]\s*/, ''), cls: `version missing for ${m[2]}:${m[3]}` }];
  }
  if ((m = /Plugin (\S+?):(\S+?):\S+ or one of its dependencies could not be resolved/.exec(line))) {
    return [{ kind: 'resolve', message: line.replace(/^\[\w+\]\s*/, ''), cls: `plugin could not be resolved ${m[1]}:${m[2]}` }];
  }
  if ((m = /^\[ERROR\] Failed to execute goal (\S+?):(\S+?):\S+?:(\S+) \([^)]*\) on project \S+?: (.*)$/.exec(line))) {
    const plugin = m[2];
    const rest = m[4];
    const compilation = /Compilation failure|compilation failure|Compilation error/.test(rest);
    const first = rest.replace(/\s*->\s*\[Help.*$/, '').split(/[.:](?:\s|$)/)[0].slice(0, 160);
    const checks = plugin === 'maven-checkstyle-plugin';
    return [{ kind: 'build', message: rest.slice(0, 400), cls: `${plugin}:${m[3]}: ${stripGenerics(first)}`, compilation, checks }];
  }
  if ((m = /^\[ERROR\] Failed to execute goal on project \S+?: (.*)$/.exec(line))) {
    return [{ kind: 'resolve', message: m[1].slice(0, 400), cls: m[1].split(/:/)[0].slice(0, 160) }];
  }
  return [];
}
