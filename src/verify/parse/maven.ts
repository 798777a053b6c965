// Maven's own errors, before or beside the compiler's: what it could not resolve and the POM
// entries it refused.
//   Could not resolve dependencies for project g:app:jar:1.0: Could not find artifact g:a:jar:v in central (...)
//   The following artifacts could not be resolved: g:a:jar:v (absent), ...        (Maven 3.9)
//   Failure to find g:a:jar:v in https://... was cached in the local repository
//   g:a:jar:v was not found in https://... during a previous attempt. This failure was cached ...  (3.8.x)
//   Could not transfer artifact g:a:pom:v from/to central (...): <reason>
//   Non-resolvable parent POM for g:app:1.0: Could not find artifact g:p:pom:v ... @ line 5, column 11
//   Non-resolvable import POM: Could not find artifact g:bom:pom:v ... @ line 30, column 19
//   Plugin g:p:v or one of its dependencies could not be resolved: ...
//   'dependencies.dependency.version' for g:a:jar is missing. @ line 20, column 17
//   Non-parseable POM /p/pom.xml: <reason> @ line 5, column 3
// POM entries are placed in the file of the `The project g:a:v (/p/pom.xml) has 1 error` line
// above them. Maven repeats each of these (the problem list, then the summary): the caller
// removes repeats.
import { parseCoordinate } from './coordinates.js';
import { withoutMavenLevel, type BuildProblem, type DependencyProblem, type OutputParser } from './problems.js';

const MISSING = [/Could not find artifact (\S+)/g, /Failure to find (\S+) in /g, /(\S+) was not found in \S+ during a previous attempt/g, /Could not transfer artifact (\S+) from\/to/g];
const LISTED = /The following artifacts could not be resolved: (.+?)(?:: (?:Could not|Failure|The following)|$)/;
const PLUGIN = /(?:Plugin|build extension: Plugin) (\S+) or one of its dependencies could not be resolved/;
const POM_ENTRY = /^'([\w.]+)' for ([\w.-]+):([\w.-]+)(?::[\w.-]+)* (.*?)(?: @ line (\d+), column (\d+))?$/;
const AT = / @ line (\d+), column (\d+)/;
const PROJECT = /^The project \S+ \((.+)\) has \d+ errors?$/;
const NON_PARSEABLE = /^(?:Non-parseable|Malformed) POM (.+?): (.*?)(?: @ line (\d+), column (\d+))?$/;

export class MavenParser implements OutputParser {
  private readonly found: BuildProblem[] = [];
  private pom?: string;

  line(text: string): void {
    const { level, rest } = withoutMavenLevel(text);
    if (level !== 'ERROR' && level !== 'FATAL') return;
    const body = withoutMavenLevel(rest.trim()).rest.replace(/ -> \[Help \d+\]$/, '').trim();
    const project = PROJECT.exec(body);
    if (project) {
      this.pom = project[1];
      return;
    }
    const broken = NON_PARSEABLE.exec(body);
    if (broken) {
      this.found.push({ kind: 'build-file', file: broken[1], line: Number(broken[3] ?? 1), column: Number(broken[4] ?? 1), message: `${broken[2]}` });
      return;
    }
    const entry = POM_ENTRY.exec(body);
    if (entry) {
      this.found.push({ kind: 'build-file', file: this.pom, line: Number(entry[5] ?? 1), column: Number(entry[6] ?? 1), groupId: entry[2], artifactId: entry[3], message: body.replace(AT, '') });
      return;
    }
    this.unresolved(body);
  }

  private unresolved(body: string): void {
    const role: DependencyProblem['role'] = /Non-resolvable parent POM/.test(body) ? 'parent' : /Non-resolvable import POM/.test(body) ? 'import' : PLUGIN.test(body) ? 'plugin' : 'dependency';
    const printed = new Set<string>();
    for (const pattern of MISSING) for (const m of body.matchAll(pattern)) printed.add(m[1]!);
    const listed = LISTED.exec(body);
    if (listed) for (const item of listed[1]!.split(', ')) printed.add(item.replace(/ \(.*\)$/, '').trim());
    if (!printed.size && role === 'plugin') printed.add(PLUGIN.exec(body)![1]!);
    for (const text of printed) {
      const c = parseCoordinate(text);
      if (c) this.found.push({ kind: 'dependency', ...c, role, message: body.replace(AT, '') });
    }
  }

  problems(): BuildProblem[] {
    return this.found;
  }
}
