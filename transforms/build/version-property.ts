// Version-override properties (Maven <properties>, Gradle ext['x.version']): what a Boot 2.7
// override means under the target release. Shared by the Maven and Gradle passes.
import { bootLine, compareVersions, type BuildFacts } from './facts.js';

export type PropertyDecision =
  | { kind: 'update'; to: string; message: string }
  | { kind: 'report'; message: string }
  | undefined;

export function decideVersionProperty(facts: BuildFacts, property: string, value: string): PropertyDecision {
  const row = facts.props.get(property);
  if (!row) return undefined;
  const boot = facts.target.version;
  if (!row.version30) {
    if (row.successors?.length) {
      return { kind: 'report', message: `${property} no longer exists in Spring Boot ${boot}: the override is ignored. ${row.library} has no BOM any more; override per module with ${row.successors.join(', ')}` };
    }
    const successor = row.successor ? `; successor: ${row.successor}` : `; ${bootLine(facts)} no longer manages this library`;
    return { kind: 'report', message: `${property} no longer exists in Spring Boot ${boot}: the override (${value}) is ignored${successor}` };
  }
  const unserved = row.unserved?.[boot];
  if (unserved && (compareVersions(value, unserved) ?? -1) < 0) {
    // the BOM's version cannot be resolved: writing it would break the build, so the override stays
    return { kind: 'report', message: `${property} = ${value} is left as it is: Spring Boot ${boot} manages ${row.library} ${unserved}, which Maven Central does not serve; set the newest ${row.library} release your repository resolves` };
  }
  const target = row.version30[boot];
  if (!target || !row.version27) return undefined;
  const vsTarget = compareVersions(value, target);
  if (vsTarget === undefined) return { kind: 'report', message: `${property} = ${value} cannot be compared with ${target} (what Spring Boot ${boot} manages); check the override` };
  if (vsTarget >= 0) return undefined;
  const vs27 = compareVersions(value, row.version27);
  if (vs27 !== undefined && vs27 <= 0) {
    return { kind: 'update', to: target, message: `${property} pinned ${row.library} ${value} (the Boot 2.7 line); Spring Boot ${boot} manages ${target}` };
  }
  return { kind: 'report', message: `${property} = ${value} pins ${row.library} below ${target}, the version Spring Boot ${boot} manages; check that it works with ${bootLine(facts)} or remove the override` };
}
