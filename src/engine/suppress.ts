// A comment that silences one finding: the line above the finding says
//   // boot-upgrade-ignore-next-line RULE      (Java, Kotlin, Groovy and Kotlin scripts)
//   # boot-upgrade-ignore-next-line RULE       (.properties, YAML, TOML, gradle.properties, Dockerfile)
//   <!-- boot-upgrade-ignore-next-line RULE --> (XML, pom.xml)
// RULE is a rule id or a leading part of one (`properties` silences every properties/ rule);
// several may be given, separated by spaces or commas; none silences every rule on that line.
// Text after ` -- ` is the reason, for the reader. Stacked comment lines each count; above a
// declaration, the comment may stand above its annotations. Only
// findings are silenced: an automatic edit on the line still happens (skip it with --skip).
import type { Finding } from './types.js';

export const SUPPRESS_MARKER = 'boot-upgrade-ignore-next-line';

/** A line that holds only a Java/Kotlin annotation (`@GetMapping("/a")`, `@Transactional`). */
const ANNOTATION_LINE = /^\s*@[\w.]+(\(.*\))?\s*$/;

const COMMENT = /^\s*(?:\/\/|#|<!--|\/\*)\s*boot-upgrade-ignore-next-line\b(.*)$/;

/** The rules a suppression line names ([] = every rule), or undefined when the line is not one. */
export function suppressionRules(line: string): string[] | undefined {
  const m = COMMENT.exec(line);
  if (!m) return undefined;
  const body = m[1]!.replace(/(-->|\*\/)\s*$/, '').split(/\s--\s/)[0]!;
  return body.split(/[\s,]+/).filter(Boolean);
}

function covers(rules: string[], rule: string): boolean {
  return rules.length === 0 || rules.some((r) => r === rule || rule.startsWith(r.endsWith('/') ? r : r + '/'));
}

/** Lines (0-based starts) of one text, made only for files that hold the marker. */
class Lines {
  private readonly lines: string[];
  constructor(text: string) {
    this.lines = text.split(/\r?\n/);
  }
  /** Whether a suppression comment directly above 1-based `line` (or stacked above it) names `rule`. */
  silences(line: number, rule: string): boolean {
    let i = line - 2;
    // a finding on a declaration (a route's handler method) is silenced above its annotations
    while (i >= 0 && ANNOTATION_LINE.test(this.lines[i] ?? '') && suppressionRules(this.lines[i]!) === undefined) i--;
    for (; i >= 0; i--) {
      const rules = suppressionRules(this.lines[i] ?? '');
      if (rules === undefined) return false;
      if (covers(rules, rule)) return true;
    }
    return false;
  }
}

/** The findings no comment silences, and how many were silenced. `textOf` gives a file's text as read. */
export function withoutSuppressed<T extends Pick<Finding, 'path' | 'line' | 'rule'>>(findings: T[], textOf: (path: string) => string | undefined): { kept: T[]; suppressed: number } {
  const files = new Map<string, Lines | null>();
  const linesOf = (p: string): Lines | null => {
    let l = files.get(p);
    if (l === undefined) {
      const text = textOf(p);
      l = text !== undefined && text.includes(SUPPRESS_MARKER) ? new Lines(text) : null;
      files.set(p, l);
    }
    return l;
  };
  const kept: T[] = [];
  let suppressed = 0;
  for (const f of findings) {
    const lines = f.line > 1 ? linesOf(f.path) : null;
    if (lines?.silences(f.line, f.rule)) suppressed++;
    else kept.push(f);
  }
  return { kept, suppressed };
}
