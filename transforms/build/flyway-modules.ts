// build/flyway-database: from Flyway 10 (Boot 3.3) most databases' support left flyway-core for a
// module of its own (flyway-database-postgresql, ...; MySQL's was already flyway-mysql). A build
// with flyway-core and a JDBC driver whose database is not in flyway-core at the target's Flyway
// version fails at start-up ("Unsupported Database"). Which module holds which database, and which
// drivers talk to it, is table data (targets, data/boot-3x/flyway-databases-3x.json): the build
// decides from the drivers it declares. The module is added beside flyway-core without a version
// (Boot manages it) when flyway-core has none; otherwise the line to add is reported.
import { child, lineIndent, textValue } from '../../src/formats/xml.js';
import { detectEol } from '../../src/engine/text.js';
import type { FlywayModuleRow } from '../../src/table/sections/targets.js';
import { wholeLineStatement } from './gradle-coordinates.js';
import type { GradleRun } from './gradle-run.js';
import type { PomRun } from './maven.js';

export const FLYWAY_RULE = 'build/flyway-database';
const FLYWAY = 'org.flywaydb';
const CORE = 'flyway-core';

function message(module: string, driver: string, flyway: string, added: boolean): string {
  const what = `${driver} talks to a database whose Flyway support is not in flyway-core at Flyway ${flyway} (what this Spring Boot manages): ${FLYWAY}:${module} holds it, and without it the application fails at start-up ("Unsupported Database")`;
  return added ? `${what}; added beside flyway-core (its version is Boot's)` : `${what}; add ${FLYWAY}:${module} beside flyway-core at flyway-core's version`;
}

/** The modules the build needs and lacks: for each row, the first driver the build declares. */
function needed(rows: FlywayModuleRow[] | undefined, declared: (coordinate: string) => boolean): { row: FlywayModuleRow; driver: string }[] {
  const out: { row: FlywayModuleRow; driver: string }[] = [];
  for (const row of rows ?? []) {
    if (declared(`${FLYWAY}:${row.module}`)) continue;
    const driver = row.drivers.find(declared);
    if (driver) out.push({ row, driver });
  }
  return out;
}

export function mavenFlywayModules(run: PomRun): void {
  const rows = run.facts.section.flywayModules;
  if (!rows?.length) return;
  const coordinateOf = (m: PomRun['model'], d: PomRun['model']['deps'][number]) => `${textValue(m.text, d.groupId) ?? ''}:${textValue(m.text, d.artifactId) ?? ''}`;
  const core = run.model.deps.find((d) => d.kind === 'dependency' && coordinateOf(run.model, d) === `${FLYWAY}:${CORE}`);
  if (!core) return;
  // the module's pom and its parents in the repository declare what it runs with
  const declared = (c: string) => run.models.some((m) => m.deps.some((d) => (d.kind === 'dependency' || d.kind === 'managed-dependency') && coordinateOf(m, d) === c));
  for (const { row, driver } of needed(rows, declared)) {
    if (core.version || !run.bootManaged) {
      run.out.report(FLYWAY_RULE, 'error', core.el.start, message(row.module, driver, row.flyway, false));
      continue;
    }
    const indent = lineIndent(run.text, core.el.start);
    const first = child(core.el, 'groupId') ?? core.el.children[0];
    const inner = first ? lineIndent(run.text, first.start) : indent + '  ';
    const scope = child(core.el, 'scope');
    const scopeLine = scope ? `${run.eol}${inner}<scope>${textValue(run.text, scope) ?? ''}</scope>` : '';
    const markup = `<dependency>${run.eol}${inner}<groupId>${FLYWAY}</groupId>${run.eol}${inner}<artifactId>${row.module}</artifactId>${scopeLine}${run.eol}${indent}</dependency>`;
    run.out.insert(core.el.end, `${run.eol}${indent}${markup}`, FLYWAY_RULE);
    run.out.report(FLYWAY_RULE, 'info', core.el.start, message(row.module, driver, row.flyway, true));
  }
}

export function gradleFlywayModules(run: GradleRun): void {
  const rows = run.facts.section.flywayModules;
  if (!rows?.length) return;
  const strings = run.tokens.map((t, i) => ({ t, i })).filter(({ t }) => t.type === 'string' && !t.templated);
  const declared = (c: string) => strings.some(({ t }) => t.value === c || t.value.startsWith(`${c}:`));
  const core = strings.find(({ t }) => t.value === `${FLYWAY}:${CORE}` || t.value.startsWith(`${FLYWAY}:${CORE}:`));
  if (!core) return;
  for (const { row, driver } of needed(rows, declared)) {
    const versioned = core.t.value !== `${FLYWAY}:${CORE}`;
    const line = versioned ? undefined : wholeLineStatement(run, core.i);
    if (!line) {
      run.out.report(FLYWAY_RULE, 'error', core.t.start, message(row.module, driver, row.flyway, false));
      continue;
    }
    // the same statement (configuration, quotes, indentation) with the module's coordinates
    const statement = run.text.slice(line.start, core.t.contentStart!) + `${FLYWAY}:${row.module}` + run.text.slice(core.t.contentEnd!, line.end);
    run.out.insert(line.end, /\r?\n$/.test(statement) ? statement : `${detectEol(run.text)}${statement}`, FLYWAY_RULE);
    run.out.report(FLYWAY_RULE, 'info', core.t.start, message(row.module, driver, row.flyway, true));
  }
}
