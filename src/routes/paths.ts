// Joining path templates the way the frameworks do: a class-level prefix and a method-level
// path are joined with exactly one '/', a missing leading '/' is added.
import type { RoutePath } from './types.js';
import type { Evaluated } from './values.js';

export function joinTemplate(...parts: string[]): string {
  let out = '';
  for (const p of parts) {
    if (!p) continue;
    if (!out) out = p.startsWith('/') ? p : '/' + p;
    else out = out.replace(/\/+$/, '') + (p.startsWith('/') ? p : '/' + p);
  }
  return out || '/';
}

/** Every combination of prefixes × paths (an empty list on either side means "no path there"). */
export function combine(prefixes: Evaluated[], paths: Evaluated[]): RoutePath[] {
  const pre = prefixes.length ? prefixes : [{ text: '', literals: [], resolved: true }];
  const post = paths.length ? paths : [{ text: '', literals: [], resolved: true }];
  const out: RoutePath[] = [];
  for (const a of pre) {
    for (const b of post) {
      out.push({ template: joinTemplate(a.text, b.text), literals: [...a.literals, ...b.literals], resolved: a.resolved && b.resolved });
    }
  }
  return out;
}
