// Gradle side of build/sleuth-tracing (sleuth.ts): a Sleuth row is not applied while sources use
// Sleuth's API, and a script that gets a Micrometer Tracing bridge gets spring-boot-starter-actuator
// on the line after it (same configuration, quotes, indentation and line ending) when that line is
// provably one whole `dependencies { }` statement; otherwise the line to add is reported.
import { detectEol } from '../../src/engine/text.js';
import type { BuildToken } from '../../src/formats/groovy.js';
import type { CoordinateRow } from '../../src/table/sections/build.js';
import { wholeLineStatement } from './gradle-coordinates.js';
import type { GradleRun } from './gradle-run.js';
import { ACTUATOR, actuatorAddedMessage, actuatorMissingMessage, blockedMessage, isSleuthRow, SLEUTH_RULE } from './sleuth.js';

/** True (and reported) when `row` is a Sleuth row and sources use Sleuth's API. */
export function sleuthBlocked(run: GradleRun, row: CoordinateRow, at: BuildToken): boolean {
  if (!run.sleuthUsers?.length || !isSleuthRow(run.facts, row)) return false;
  run.out.report(SLEUTH_RULE, 'error', at.start, blockedMessage(row, run.sleuthUsers));
  return true;
}

/** The Sleuth starter at tokens[i] becomes a Micrometer Tracing bridge: the script needs the actuator starter. */
export function gradleActuator(run: GradleRun, t: BuildToken, i: number): void {
  const boot = run.facts.section.boot.groupId;
  const coordinate = `${boot}:${ACTUATOR}`;
  if (run.text.includes(ACTUATOR)) return;
  // without a version the starter needs Boot's dependency management in this script
  const managed = run.text.includes(run.facts.section.boot.dependencyManagementPlugin.id) || run.text.includes(run.facts.section.boot.bom);
  const line = managed ? wholeLineStatement(run, i) : undefined;
  if (!line) {
    const form = run.dsl === 'kotlin' ? `implementation("${coordinate}")` : `implementation '${coordinate}'`;
    run.out.report(SLEUTH_RULE, 'warning', t.start, actuatorMissingMessage(boot, form));
    return;
  }
  // the same statement with the actuator's coordinates in place of the Sleuth string
  const statement = run.text.slice(line.start, t.contentStart!) + coordinate + run.text.slice(t.contentEnd!, line.end);
  const ends = /\r?\n$/.test(statement);
  run.out.insert(line.end, ends ? statement : `${detectEol(run.text)}${statement}`, SLEUTH_RULE);
  run.out.report(SLEUTH_RULE, 'info', t.start, actuatorAddedMessage(boot));
}
