// Findings that are one fact about a whole application (report/rules.ts `perApplication`: the
// trailing-slash change reaches every route of it) become one finding per application and
// severity, at its first occurrence, with the count in the message and every occurrence kept in
// `related` (JSON `related`, SARIF relatedLocations). Grouped after suppression comments, so a
// route silenced by one is not counted.
import { applicationOf, RULES } from '../report/rules.js';
import type { Finding } from './types.js';

/** The first sentence of an occurrence's message ("GET /a/ no longer reaches A#list."). */
function firstSentence(message: string): string {
  const end = /[.!?](?=\s)/.exec(message);
  return end ? message.slice(0, end.index + 1) : message;
}

export function groupPerApplication(findings: Finding[]): Finding[] {
  const groups = new Map<string, Finding[]>();
  const out: Finding[] = [];
  for (const f of findings) {
    const info = RULES[f.rule];
    // what was done (info) is said as it is; what stops working is one finding per application
    if (!info?.perApplication || f.severity === 'info') {
      out.push(f);
      continue;
    }
    const key = `${f.rule}\0${f.severity}\0${applicationOf(f.path)}`;
    const list = groups.get(key);
    if (list) list.push(f);
    else {
      groups.set(key, [f]);
      out.push(f); // placeholder, replaced below in the same position
    }
  }
  const merged = new Map<Finding, Finding>();
  for (const list of groups.values()) {
    const sorted = [...list].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line || a.column - b.column));
    const first = sorted[0]!;
    const app = applicationOf(first.path);
    const { noun, what } = RULES[first.rule]!.perApplication!;
    const shown = sorted.slice(0, 3).map((f) => firstSentence(f.message)).join(' ');
    const more = sorted.length > 3 ? ` And ${sorted.length - 3} more (every one is listed in the report's detail).` : '';
    merged.set(list[0]!, {
      ...first,
      message: `${app === '.' ? 'The application' : `Application ${app}`}: ${sorted.length} ${noun}(s) ${what}. ${shown}${more}`,
      application: app,
      related: sorted.map((f) => ({ path: f.path, line: f.line, column: f.column, message: f.message })),
    });
  }
  return out.map((f) => merged.get(f) ?? f);
}
