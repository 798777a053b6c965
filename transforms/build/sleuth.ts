// build/sleuth-tracing: Spring Cloud Sleuth -> Micrometer Tracing as one change (Sleuth has no
// 2022.0 release; spring-cloud-trains.json). The coordinate rows rename the Sleuth artifacts; this
// module decides when that is safe and what must come with it:
// - not when a source of the repository uses Sleuth's API (org.springframework.cloud.sleuth.*):
//   the renamed build would not compile. Reported with the classes; nothing is renamed.
// - Micrometer Tracing's auto-configuration lives in spring-boot-actuator-autoconfigure: a module
//   that gets a micrometer-tracing bridge also needs spring-boot-starter-actuator (added when the
//   build can take it at a certain place, else reported with the line to add).
// The spring.sleuth.* / spring.zipkin.base-url keys move through the properties table.
import type { ProjectPass, ProjectView } from '../../src/engine/types.js';
import type { CoordinateRow } from '../../src/table/sections/build.js';
import type { BuildFacts } from './facts.js';

export const SLEUTH_RULE = 'build/sleuth-tracing';
const SLEUTH_PACKAGE = 'org.springframework.cloud.sleuth';
export const ACTUATOR = 'spring-boot-starter-actuator';

export function isSleuthRow(facts: BuildFacts, row: CoordinateRow): boolean {
  return row.from.groupId === facts.section.springCloud.groupId && row.from.artifactId.includes('sleuth');
}

/** A Sleuth row whose target is a Micrometer Tracing artifact: that module needs the actuator starter. */
export function needsActuator(facts: BuildFacts, row: CoordinateRow): boolean {
  return isSleuthRow(facts, row) && row.action === 'rename' && !!row.to && row.to.artifactId.startsWith('micrometer-tracing');
}

const cache = new WeakMap<ProjectView, string[]>();

/** 'path (Class, Class)' for every Java/Kotlin source that names a Sleuth class (cached per run). */
export function sleuthUsers(project: ProjectView): string[] {
  let found = cache.get(project);
  if (found) return found;
  found = [];
  const names = /\borg\.springframework\.cloud\.sleuth\.(?:[a-z]\w*\.)*([A-Z]\w*|\*)/g;
  for (const f of project.ofKind('java', 'kotlin')) {
    if (!f.text?.includes(SLEUTH_PACKAGE)) continue;
    const classes = new Set([...f.text.matchAll(names)].map((m) => m[1]!));
    if (classes.size) found.push(`${f.path} (${[...classes].join(', ')})`);
  }
  cache.set(project, found);
  return found;
}

export function blockedMessage(row: CoordinateRow, users: string[]): string {
  const shown = users.slice(0, 5).join('; ') + (users.length > 5 ? `; and ${users.length - 5} more` : '');
  const to = row.to ? ` -> ${row.to.groupId}:${row.to.artifactId}` : '';
  return `${row.from.groupId}:${row.from.artifactId}${to} not changed: sources use Sleuth's API, which Micrometer Tracing replaces with other types (io.micrometer.tracing.*) — ${shown}. Sleuth has no release for Spring Boot 3.0: move that code to Micrometer Tracing, then rerun`;
}

export function actuatorAddedMessage(boot: string): string {
  return `added ${boot}:${ACTUATOR}: Micrometer Tracing is auto-configured by Spring Boot's actuator (spring-boot-actuator-autoconfigure), which Sleuth did not need`;
}

export function actuatorMissingMessage(boot: string, line: string): string {
  return `Micrometer Tracing is auto-configured by Spring Boot's actuator, which this module does not declare: add ${boot}:${ACTUATOR} (${line})`;
}

/**
 * The build passes read only build files; the Sleuth decision needs the sources too. This project
 * pass changes nothing: it declares the Java/Kotlin kinds, so a run limited to the build transform
 * (`--only build`, the fixtures) still reads the sources `sleuthUsers` looks at.
 */
export const sleuthSourcesPass: ProjectPass = {
  id: 'build/sleuth-sources',
  description: 'reads Java/Kotlin sources so build/sleuth-tracing can see Sleuth API in use (changes nothing)',
  rules: [SLEUTH_RULE],
  kinds: ['java', 'kotlin'],
  run: () => ({}),
};
