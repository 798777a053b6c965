// The coherence facts (table section `coherence`) indexed for look-up, and the one question every
// check asks: is this version below what Boot 3.0 needs?
import { tableIndex } from '../../src/table/load.js';
import type { PassContext } from '../../src/engine/types.js';
import type { CoherenceLibrary, CoherenceSection } from '../../src/table/sections/coherence.js';
import { compareVersions } from '../build/facts.js';
import { releaseOf } from '../../src/table/versions.js';

export const DOCS = 'https://github.com/spring-projects/spring-boot/wiki/Spring-Boot-3.0-Migration-Guide';

export interface CoherenceFacts {
  section: CoherenceSection;
  /** 'groupId:artifactId' -> library. */
  byCoordinate: Map<string, CoherenceLibrary>;
  /** Boot version property ('spring-framework.version') -> library. */
  byProperty: Map<string, CoherenceLibrary>;
  /** groupId -> the one library whose coordinates all use it and that no other library shares. */
  byOwnGroup: Map<string, CoherenceLibrary>;
}

/** The library of a coordinate: listed, or by a group only that library publishes in (org.springframework, org.springframework.boot). */
export function libraryOf(facts: CoherenceFacts, groupId: string, artifactId: string): CoherenceLibrary | undefined {
  return facts.byCoordinate.get(`${groupId}:${artifactId}`) ?? facts.byOwnGroup.get(groupId);
}

/**
 * A release train (Spring Data 2022.0.12, Reactor 2022.0.13, Spring Cloud) is a BOM whose version
 * is not its modules' versions (spring-data-jdbc 3.0.x): only its exact coordinates are its own.
 */
const isReleaseTrain = (lib: CoherenceLibrary) => Number(/^(\d+)/.exec(lib.boot30)?.[1] ?? 0) >= 1000;

/**
 * A group is a library's own only when the library aligns it: Boot itself, or a library Boot
 * manages through its BOM (spring-framework-bom versions every org.springframework artifact).
 * GraphQL Java lists graphql-java alone; java-dataloader in the same group has its own line.
 */
const alignsItsGroup = (lib: CoherenceLibrary) => lib.library === BOOT || lib.coordinates.some((c) => /:[\w.-]*-(bom|dependencies)$/.test(c));

function ownGroups(libraries: readonly CoherenceLibrary[]): Map<string, CoherenceLibrary> {
  const owners = new Map<string, Set<CoherenceLibrary>>();
  for (const lib of libraries.filter((l) => !isReleaseTrain(l) && alignsItsGroup(l))) for (const c of lib.coordinates) {
    const g = c.slice(0, c.indexOf(':'));
    owners.set(g, (owners.get(g) ?? new Set()).add(lib));
  }
  const out = new Map<string, CoherenceLibrary>();
  for (const [g, libs] of owners) if (libs.size === 1) out.set(g, [...libs][0]!);
  return out;
}

export function coherenceFacts(ctx: PassContext): CoherenceFacts | undefined {
  if (!ctx.table.coherence) return undefined;
  return tableIndex(ctx.table, 'coherence-facts', (table) => {
    const section = table.coherence!;
    const byCoordinate = new Map<string, CoherenceLibrary>();
    const byProperty = new Map<string, CoherenceLibrary>();
    for (const lib of section.libraries) {
      for (const c of lib.coordinates) byCoordinate.set(c, lib);
      if (lib.versionProperty) byProperty.set(lib.versionProperty, lib);
    }
    return { section, byCoordinate, byProperty, byOwnGroup: ownGroups(section.libraries) };
  });
}

/**
 * True when `version` is a release below the library's minimum for Boot 3.0. Unknown shapes
 * (a variable left unresolved, `latest.release`, a range) are never called old: the check only
 * speaks when it can prove the build is incoherent.
 */
export function belowMinimum(lib: CoherenceLibrary, version: string): boolean {
  const v = version.trim();
  const order = compareVersions(releaseOf(v), lib.minimum); // a question of line: a milestone of the minimum is on it
  if (order !== undefined) return order < 0;
  return lib.namedReleasesAreOlder === true && /^[A-Z][a-z]+(\.(RELEASE|BUILD-SNAPSHOT|M\d+|RC\d+|SR\d+))?$/.test(v);
}

export const BOOT = 'Spring Boot';

/** The rule id of a library's finding: the Boot version, the Cloud train, or another library's major. */
export function ruleFor(lib: CoherenceLibrary): string {
  if (lib.library === BOOT) return 'coherence/boot-version';
  if (lib.library === 'Spring Cloud') return 'coherence/spring-cloud-train';
  return 'coherence/library-major';
}

/**
 * "<spring.version> still resolves Spring Framework 5.3.20, below 6.0.0, ...; set 6.0.14". In a
 * module that does not use Boot the pin is only a risk for the Boot modules that depend on it.
 */
export function staleMessage(lib: CoherenceLibrary, version: string, where: string, bootModule: boolean): string {
  const stale = `${where} still resolves ${lib.library} ${version}, below ${lib.minimum}, the line Boot 3.0 needs`;
  if (!bootModule) return `${stale}; this module does not use Spring Boot: if a Boot 3.0 module depends on it, set ${lib.boot30} here too`;
  const fix = lib.versionProperty || lib.library === BOOT || lib.library === 'Spring Cloud' ? `set ${lib.boot30}` : `set ${lib.boot30} or drop the version so that Boot manages it`;
  return `${stale}: the build will not compile or start; ${fix}`;
}
