// build/jakarta-line: a Jakarta artifact pinned at a release that still holds (or, for an
// implementation, uses) the javax namespace — jakarta.inject-api 1.0.5 is javax.inject,
// jakarta.xml.bind-api 2.3.3 is javax.xml.bind — while the sources now import jakarta.*. The first
// jakarta release of every artifact and the version to move to were read from the published jars
// (table `build.jakarta.artifacts`); the Maven, Gradle and catalog passes find the pins, this
// module decides what they become, so they agree.
import type { PassContext } from '../../src/engine/types.js';
import { tableIndex } from '../../src/table/load.js';
import type { JakartaArtifactRow } from '../../src/table/sections/build.js';
import { compareVersions, coordinateText } from './facts.js';

export const JAKARTA_LINE_RULE = 'build/jakarta-line';

export function jakartaArtifacts(ctx: PassContext): Map<string, JakartaArtifactRow> {
  return tableIndex(ctx.table, 'jakarta-artifacts', (table) => new Map((table.build?.jakarta.artifacts ?? []).map((r) => [`${r.coordinate.groupId}:${r.coordinate.artifactId}`, r])));
}

/** The version a pin of `groupId:artifactId` at `version` must move to: a release below the first jakarta one, with a target the data knows. */
export function javaxLineTarget(ctx: PassContext, groupId: string, artifactId: string, version: string | undefined): { row: JakartaArtifactRow; version: string } | undefined {
  const row = jakartaArtifacts(ctx).get(`${groupId}:${artifactId}`);
  if (!row?.target || version === undefined) return undefined;
  const order = compareVersions(version.trim(), row.firstJakarta);
  return order !== undefined && order < 0 ? { row, version: row.target } : undefined;
}

/** The one target every use of a property must move to, when each use is a Jakarta artifact pinned below its jakarta line by `value`. */
export function javaxLinePropertyTarget(ctx: PassContext, uses: { groupId: string; artifactId: string }[], value: string): { row: JakartaArtifactRow; version: string } | undefined {
  if (!uses.length) return undefined;
  const targets = uses.map((u) => javaxLineTarget(ctx, u.groupId, u.artifactId, value));
  const first = targets[0];
  return first && targets.every((t) => t && t.version === first.version) ? first : undefined;
}

export function javaxLineMessage(what: string, current: string, t: { row: JakartaArtifactRow; version: string }): string {
  const whose = t.row.managed ? `the version Spring Boot 3.0 manages` : `the Jakarta EE 10 version (Spring Boot 3.0 does not manage it)`;
  const holds = t.row.kind === 'api' ? `holds the javax.* packages` : `is built on the javax.* packages`;
  return `${what} = ${current}: ${coordinateText(t.row.coordinate)} below ${t.row.firstJakarta} ${holds}, while the migrated sources use jakarta.*; raised to ${t.version}, ${whose} (source: ${t.row.source.split(';')[1]?.trim() ?? t.row.source})`;
}
