// The build verify ran (`verify`, `migrate --verify`), in one line for people and as a field for
// machines: JSON `verify`, SARIF `runs[0].properties.verify`, a line in text and Markdown.
import type { VerifySummary } from '../verify/index.js';

/** What a migrate run without --verify says: no build was run. */
export interface NotVerified {
  ran: false;
}

export type VerifyResult = VerifySummary | NotVerified;

function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s}s` : `${Math.floor(s / 60)}m${s % 60 ? `${s % 60}s` : ''}`;
}

/** `verify: failed in 41s: mvn -B ... test-compile (in services): 3 compile error(s), 1 unresolved dependency(ies)`. */
export function verifyStatusLine(v: VerifyResult): string {
  if (!v.ran) return 'verify: not run (pass --verify to build the migrated repository)';
  const builds = v.builds.map((b) => `${b.command} (in ${b.dir}${b.status === v.status || v.builds.length === 1 ? '' : `: ${b.status}`})`).join(', ');
  const counts = v.passed ? '' : `: ${v.compileErrors} compile error(s), ${v.unresolvedDependencies} unresolved dependency(ies), ${v.errors} error finding(s) in all`;
  return `verify: ${v.status} in ${duration(v.durationMs)}: ${builds}${counts}`;
}
