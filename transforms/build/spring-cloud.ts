// Spring Cloud in build files (table `build.springCloud`, from spring-cloud-trains.json).
//
// build/spring-cloud-train: Boot 3.0 needs the 2022.0 train; a 2021.0 (or older) train fails at
// start-up (Spring Cloud's compatibility verifier). The train is the version of the
// spring-cloud-dependencies BOM import, so it is one more entry of `facts.boms`: the Maven, Gradle
// and gradle.properties passes raise it exactly like a BOM Boot imports (a literal, or a
// property/variable whose only readers are imports of that BOM), in their own words (below).
//
// build/spring-cloud-module: an artifact of a module with no release in the train (Sleuth, Cloud
// Foundry, CLI) that no coordinate row replaces is reported with the data's note; on a later
// target, one that no release of the train serves with the repository's other Spring Cloud
// artifacts is reported too (facts.ts servedCloud).
import type { SpringCloudSection } from '../../src/table/sections/build.js';
import { bootLine, isLower, type BomTarget, type BuildFacts } from './facts.js';

export const CLOUD_TRAIN_RULE = 'build/spring-cloud-train';
export const CLOUD_MODULE_RULE = 'build/spring-cloud-module';

/** Release trains before 2020.0 were named (Hoxton.SR12, Greenwich.RELEASE): all are older than any numbered train. */
const NAMED_TRAIN = /^[A-Z][a-z]+(?:[.-](?:SR\d+|RELEASE|M\d+|RC\d+|BUILD-SNAPSHOT|SNAPSHOT))?$/;

export function cloudBom(cloud: SpringCloudSection): BomTarget {
  const train = cloud.train;
  return {
    row: { groupId: cloud.bom.groupId, artifactId: cloud.bom.artifactId, library: 'Spring Cloud', version30: {} },
    version: cloud.latest,
    rule: CLOUD_TRAIN_RULE,
    // Only trains older than the one Boot 3.0 needs move; a 2022.0.x already fits and stays.
    below: (current) => NAMED_TRAIN.test(current.trim()) || isLower(current, train),
    cloud: true,
  };
}

/**
 * The BOM of each module with a release in the train (`spring-cloud-stream-dependencies` 4.0.5): imported
 * by hand at an older major it overrides the train's version of that module, so it moves to the
 * train's; a release of the train's own major stays.
 */
export function cloudModuleBoms(cloud: SpringCloudSection): BomTarget[] {
  const major = (v: string) => Number(/^(\d+)/.exec(v.trim())?.[1] ?? NaN);
  return cloud.modules.map((m) => ({
    row: { groupId: cloud.groupId, artifactId: `${m.module}-dependencies`, library: m.module, version30: {} },
    version: m.version,
    rule: CLOUD_TRAIN_RULE,
    below: (current) => major(current) < major(m.version),
    cloud: true,
    module: true,
  }));
}

/** `2022.0 "Kilburn"`, or the number alone for a train whose codename the table does not hold. */
function trainName(t: { train: string; codename: string }): string {
  return t.codename ? `${t.train} "${t.codename}"` : t.train;
}

/** What the old version is: 'the 2021.0 "Jubilee" train (Boot 2.6.x, 2.7.x)' when the table knows it. */
function describeTrain(cloud: SpringCloudSection, version: string): string {
  if (NAMED_TRAIN.test(version.trim())) return 'a pre-2020.0 (named) train';
  const old = cloud.olderTrains.find((t) => version.trim().startsWith(`${t.train}.`));
  return old ? `the ${trainName(old)} train (Boot ${old.boot})` : `older than ${cloud.train}`;
}

/** The finding for a raised train. `via`: the property or variable that held it. */
export function trainRaised(facts: BuildFacts, from: string, via?: string, bom?: BomTarget): string {
  const c = facts.section.springCloud;
  if (bom?.module) return `${bom.row.artifactId} ${from}${via ? ` (${via})` : ''} overrides the ${c.train} train's ${bom.row.library} with a line for Boot 2; raised to ${bom.version}, the version Spring Cloud ${c.latest} brings (remove the import to follow the train)`;
  return `Spring Cloud ${from}${via ? ` (${via})` : ''} is ${describeTrain(c, from)}, which fails at start-up on ${bootLine(facts)}; raised to ${c.latest}, the latest ${trainName(c)} release (Boot ${c.boot}) — check the ${c.train} release notes of the Spring Cloud modules you use`;
}

/** The finding for a train that could not be raised: `why` says what stopped it. */
export function trainKept(facts: BuildFacts, from: string, via: string, why: string, bom?: BomTarget): string {
  const c = facts.section.springCloud;
  if (bom?.module) return `${bom.row.artifactId} ${from} (${via}) overrides the ${c.train} train's ${bom.row.library} with a line for Boot 2, but ${why}: not changed — set it to ${bom.version} or remove the import`;
  return `Spring Cloud ${from} (${via}) is ${describeTrain(c, from)}, which fails at start-up on ${bootLine(facts)}; it needs ${c.train} (latest ${c.latest}), but ${why}: not changed — set the train to ${c.latest} by hand`;
}

/** An artifact of a Spring Cloud module that has no release in the train Boot 3.0 needs. */
export function cloudModuleMessage(facts: BuildFacts, groupId: string, artifactId: string): string | undefined {
  const c = facts.section.springCloud;
  if (groupId !== c.groupId) return undefined;
  if (c.unserved?.includes(artifactId))
    return `${groupId}:${artifactId} of Spring Cloud ${c.latest} (the ${c.train} train ${bootLine(facts)} needs) is not served by Maven Central, and no ${c.train} release serves it together with the repository's other Spring Cloud artifacts (${c.unserved.join(', ')}): the build would not resolve; pick a ${c.train} release that serves what you use, or replace it before the upgrade`;
  for (const m of c.withoutRelease) {
    const name = m.module.replace(/^spring-cloud-/, '');
    if (artifactId === m.module || artifactId.startsWith(`${m.module}-`) || artifactId === `spring-cloud-starter-${name}` || artifactId.startsWith(`spring-cloud-starter-${name}-`)) {
      const note = m.note === `no ${c.train} release` ? '' : `: ${m.note}`;
      return `${groupId}:${artifactId} belongs to ${m.module}, which has no ${c.train} release (the train ${bootLine(facts)} needs)${note}; remove it or replace what it does before the upgrade`;
    }
  }
  return undefined;
}
