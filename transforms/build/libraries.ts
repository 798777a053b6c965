// build/library: third-party libraries whose Boot 3.0 line is a new major or a new artifact (table
// `build.libraries`, each row with its public source). The Maven, Gradle and catalog passes find
// the coordinates; this module decides what they become, so the three agree.
//   rename: new coordinates; a literal version becomes the row's version (the old one does not
//           exist for the new artifact); a version in a property/variable is raised where it is
//           defined when only such rows read it, else reported;
//   raise:  a literal (or property) pin below `below` becomes the row's version;
//   manual: a warning with the row's note and source.
import type { Coordinate, CoordinateRow, LibraryRow, TargetVersionRow } from '../../src/table/sections/build.js';
import { coordinateText, isLower, libraryFor, type BuildFacts } from './facts.js';

export const LIBRARY_RULE = 'build/library';

/** The version a literal pin of this row must become, or undefined when it stays. */
export function libraryVersion(row: LibraryRow, current: string | undefined): string | undefined {
  if (!current || !row.version) return undefined;
  if (row.action === 'rename') return current === row.version ? undefined : row.version;
  if (row.action === 'raise' && row.variant) return variantVersion(row, row.variant, current);
  if (row.action === 'raise') return isLower(current, row.below ?? row.version) ? row.version : undefined;
  return undefined;
}

/** `2.2-groovy-3.0` -> `2.2-groovy-4.0` (the release has that variant), `2.1-groovy-3.0` -> the row's version; 1.x, milestones of other releases, unknown forms: unchanged. */
function variantVersion(row: LibraryRow, variant: NonNullable<LibraryRow['variant']>, current: string): string | undefined {
  const m = /^(\d+)\.(\d+)(-M\d+)?(-[a-z]+-\d+\.\d+)$/.exec(current.trim());
  if (!m || m[4] === variant.suffix || Number(m[1]) < 2) return undefined;
  const release = `${m[1]}.${m[2]}`;
  if (!m[3] && variant.releases.includes(release)) return `${release}${variant.suffix}`;
  const newest = variant.releases[variant.releases.length - 1]!;
  return isLower(release, newest) || (m[3] !== undefined && release === newest) ? row.version : undefined;
}

/** The finding text for a row (edited or not). */
/**
 * A manual row applies to this version: always, or, for a row with `below` (a library whose Boot 3
 * line is a later version of the same artifact), when the version is known and below it.
 */
export function manualApplies(row: LibraryRow, version: string | undefined): boolean {
  return !row.below || version === undefined || version.includes('$') || isLower(version, row.below);
}

export function libraryMessage(row: LibraryRow, from: string, current?: string): string {
  const version = (current ? libraryVersion(row, current) : undefined) ?? row.version;
  const to = row.to ? ` -> ${coordinateText(row.to as Coordinate)}${version ? ` ${version}` : ''}` : version ? ` -> ${version}` : '';
  return `${from}${current ? ` ${current}` : ''}${to}: ${row.note} (source: ${row.source})`;
}

/** The finding for a version held by a variable/property that cannot be raised where it is defined. */
export function libraryVariableMessage(row: LibraryRow, from: string, expr: string): string {
  return `${libraryMessage(row, from)} — its version comes from ${expr}: set it to ${row.version} (or a later release of that line)`;
}

/**
 * The one version every use of a property/variable must become, when all of them are coordinates of
 * rename/raise rows that agree; undefined when anything else reads it.
 */
export function libraryTarget(facts: BuildFacts, uses: { groupId: string; artifactId: string }[], current: string): string | undefined {
  const versions = new Set<string | undefined>();
  for (const u of uses) {
    const row = libraryFor(facts, u.groupId, u.artifactId);
    // the version this use wants (a variant row's depends on the pin), else the row's own
    versions.add(row && row.action !== 'manual' ? (libraryVersion(row, current) ?? row.version ?? undefined) : undefined);
  }
  const [only] = [...versions];
  if (versions.size !== 1 || !only) return undefined;
  const rows = uses.map((u) => libraryFor(facts, u.groupId, u.artifactId)!);
  return rows.some((r) => libraryVersion(r, current) !== undefined) ? only : undefined;
}

/** build/coordinates: a rename target Boot 3.0 does not manage got the table's version instead of the old artifact's. */
export function existsMessage(row: CoordinateRow, old: string, exists: TargetVersionRow): string {
  return `${coordinateText(row.from)} ${old} was renamed to ${coordinateText(row.to!)} ${exists.version}: ${exists.note}; Boot 3.0 does not manage it (source: ${exists.source})`;
}
