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

/**
 * Spring's pattern combine (PathPattern/AntPathMatcher): a prefix ending in `/*` gives way to the
 * method path (`/hotels/*` + `/booking` -> `/hotels/booking`, `/*` + `/a` -> `/a`).
 */
function springPrefix(prefix: string, path: string): string {
  return path && prefix.endsWith('/*') ? prefix.slice(0, -2) : prefix;
}

/** Every combination of prefixes × paths (an empty list on either side means "no path there"); `spring` applies Spring's `/*` rule. */
export function combine(prefixes: Evaluated[], paths: Evaluated[], spring = false): RoutePath[] {
  const pre = prefixes.length ? prefixes : [{ text: '', literals: [], resolved: true }];
  const post = paths.length ? paths : [{ text: '', literals: [], resolved: true }];
  const out: RoutePath[] = [];
  for (const a of pre) {
    for (const b of post) {
      out.push({ template: joinTemplate(spring ? springPrefix(a.text, b.text) : a.text, b.text), literals: [...a.literals, ...b.literals], resolved: a.resolved && b.resolved });
    }
  }
  return out;
}
