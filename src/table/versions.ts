// The one order of version strings, for the passes (is a declared version lower than the one the
// target needs?), the target composition (which steps and rows a release takes) and the scripts
// that build the table (sorting releases read from Maven Central).
//
// Numbers compare segment by segment (2.7 = 2.7.0 < 2.7.18 < 2.10); on equal numbers the
// qualifier decides, in Maven's order: alpha < beta < milestone (M) < RC (CR) < SNAPSHOT <
// release < service pack (SP, SR), each with its number (M1 < M2 < RC1 < 3.2.0). Any other
// qualifier (`.Final`, `.RELEASE`, `-jre`, `.v20221201`, a build number) counts as the release:
// it names a variant, not a step towards the release.

const ORDER: Record<string, number> = { alpha: 1, a: 1, beta: 2, b: 2, milestone: 3, m: 3, rc: 4, cr: 4, snapshot: 5, sp: 7, sr: 7 };
const RELEASE = 6;
const QUALIFIER = /^[.\-_]?(alpha|beta|milestone|rc|cr|snapshot|sp|sr|a(?=\d)|b(?=\d)|m(?=\d))(?![a-z])[.\-_]?(\d*)/i;

interface Parsed {
  numbers: number[];
  rank: number;
  step: number;
}

function parse(version: string): Parsed | undefined {
  const v = version.trim();
  const m = /^v?(\d+(?:\.\d+)*)/.exec(v);
  if (!m) return undefined;
  const q = QUALIFIER.exec(v.slice(m[0].length));
  return { numbers: m[1]!.split('.').map(Number), rank: q ? ORDER[q[1]!.toLowerCase()]! : RELEASE, step: q?.[2] ? Number(q[2]) : 0 };
}

/**
 * -1, 0 or 1 as `a` comes before, with or after `b`; undefined when either has no leading number
 * (a release-train name such as Borca-SR2, a `${property}`): those cannot be ordered.
 */
export function compareVersions(a: string, b: string): number | undefined {
  const pa = parse(a);
  const pb = parse(b);
  if (!pa || !pb) return undefined;
  for (let i = 0; i < Math.max(pa.numbers.length, pb.numbers.length); i++) {
    const x = pa.numbers[i] ?? 0;
    const y = pb.numbers[i] ?? 0;
    if (x !== y) return x < y ? -1 : 1;
  }
  if (pa.rank !== pb.rank) return pa.rank < pb.rank ? -1 : 1;
  if (pa.step !== pb.step) return pa.step < pb.step ? -1 : 1;
  return 0;
}

/**
 * The release a version belongs to: its numbers without the qualifier (3.0.0-M4 -> 3.0.0), the
 * version itself when it has none. For questions of line (is a build on Boot 3.0?), where a
 * milestone of 3.0.0 is on the 3.0 line although it sorts before 3.0.0.
 */
export function releaseOf(version: string): string {
  return /^v?\d+(?:\.\d+)*/.exec(version.trim())?.[0] ?? version;
}

export function isLower(version: string, than: string): boolean {
  return compareVersions(version, than) === -1;
}

/** A total order for sorting: compareVersions, and versions it cannot order by their text after the others. */
export function versionOrder(a: string, b: string): number {
  const c = compareVersions(a, b);
  if (c !== undefined) return c;
  const na = parse(a) === undefined;
  const nb = parse(b) === undefined;
  if (na !== nb) return na ? 1 : -1;
  return a < b ? -1 : a > b ? 1 : 0;
}
