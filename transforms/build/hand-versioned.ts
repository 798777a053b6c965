// build/hand-versioned: builds that version Boot by hand (no Boot parent, no Boot BOM import, Boot
// artifacts versioned one by one, `${spring-boot.version}`) pin the libraries Boot manages
// themselves. Where such a pin is still on the line Boot 2.7 used and Boot 3.0 manages a new line
// of that library (spring-framework-bom 5.3 -> 6.0, SLF4J 1.7 -> 2.0, Logback 1.2 -> 1.4,
// Spring Security 5 -> 6, Hibernate 5 -> 6.1), the pin moves to the version Boot 3.0 manages
// (spring-boot-dependencies-3.0.json, through the table): the old line does not work with
// Spring Framework 6 / Jakarta EE 10. A pin already on Boot 3.0's line is the user's choice and stays.
import { compareVersions, type BuildFacts } from './facts.js';

export const HAND_VERSIONED_RULE = 'build/hand-versioned';
/** The same decision in a Boot-managed build: an explicit pin that overrides Boot's version with a Boot 2 line. */
export const PINNED_LINE_RULE = 'build/pinned-line';

function line(v: string): number[] | undefined {
  const m = /^(\d+)(?:\.(\d+))?/.exec(v.trim());
  return m ? [Number(m[1]), Number(m[2] ?? 0)] : undefined;
}

/**
 * True when `target` is a new line of the library against `current`: another major, or for 0.x/1.x
 * libraries (Logback, SLF4J) another minor; and `current` is lower.
 */
export function isNewLine(current: string, target: string): boolean {
  const a = line(current);
  const b = line(target);
  if (!a || !b || compareVersions(current, target) !== -1) return false;
  return a[0] !== b[0] || (a[0]! <= 1 && a[1] !== b[1]);
}

/** The version Boot 3.0 manages for a property named like one of its version properties, when `value` is on an older line. */
export function handVersionedTarget(facts: BuildFacts, property: string, value: string): string | undefined {
  const target = facts.propertyVersion(property);
  return target && isNewLine(value, target) ? target : undefined;
}

/** A plain release (`6.0.8`, `5.6.15.Final`, `2.3.4.RELEASE`): not a pre-release or a build's own qualifier (`1.17.0-alpha`). */
const PLAIN_RELEASE = /^\d+(?:\.\d+)*(?:[.-](?:RELEASE|Final))?$/;

/**
 * The one Boot 3.0 library every use belongs to (by groupId, and by artifact where Boot lists the
 * group's modules or manages one project of it: java-dataloader is not GraphQL Java, kotlinx-benchmark
 * not Kotlin Coroutines), when `value` pins an older major of it.
 * By groupId only a new major counts (an artifact of the group may have its own minor line), only
 * plain releases move, and libraries versioned as release trains (Spring Data 2022.0.x, whose
 * artifacts are 3.0.x) are not in `facts.groups` at all.
 */
export function handVersionedGroupTarget(facts: BuildFacts, uses: { groupId: string; artifactId: string }[], value: string): { library: string; version: string } | undefined {
  const libs = new Set(uses.map((u) => facts.groups.get(u.groupId)).map((g, i) => (g?.has(uses[i]!.artifactId) ? g : undefined)));
  const [only] = [...libs];
  if (libs.size !== 1 || !only || !PLAIN_RELEASE.test(value.trim())) return undefined;
  const [a, b] = [line(value), line(only.version)];
  if (!a || !b || a[0] === b[0] || compareVersions(value, only.version) !== -1) return undefined;
  return only;
}

export function handVersionedMessage(facts: BuildFacts, what: string, value: string, target: string, library: string): string {
  return `${what} = ${value} pins ${library} on the line Boot 2.x used; this build versions Spring Boot by hand, and Spring Boot ${facts.target.version} needs ${library} ${target} (the version it manages): raised`;
}

export function pinnedLineMessage(facts: BuildFacts, what: string, value: string, target: { library: string; version: string }): string {
  return `${what} = ${value} overrides Spring Boot's version of ${target.library} with the line Boot 2.x used, which does not work with Spring Boot ${facts.target.version}; raised to ${target.version}, the version Boot manages (remove the pin to follow Boot)`;
}
