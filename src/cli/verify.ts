// `verify [dir]` and `migrate --verify`: run the repository's own build in compile mode and
// report what fails. Everything a bad call can get wrong (no build, no Maven, a Gradle build
// without its wrapper, a bad time limit) is found before anything runs or is written: exit 2.
import type { Finding, RunResult } from '../engine/types.js';
import type { MigrationTable } from '../table/types.js';
import { VERIFY_COMMAND_OPTIONS } from './options.js';
import { parse, resolveDir, version, withProjectConfig, type Values } from './common.js';
import { formatterFor, writeReport } from './report-output.js';
import { EXIT, UsageError } from './exit.js';
import { pathBase, type PathBase } from './paths.js';
import { HELP } from './help.js';
import { gitTopLevel } from '../engine/git.js';
import { DEFAULT_VERIFY_TIMEOUT_MS, NoBuild, formatDuration, parseDuration, planBuilds, verifyBuilds, type BuildPlan, type VerifySummary } from '../verify/index.js';

export interface VerifySetup {
  plans: BuildPlan[];
  timeoutMs: number;
  logFile?: string;
}

/** The builds to run and their limit; a UsageError for anything that would keep them from running. */
export function prepareVerify(values: Values, root: string): VerifySetup {
  if (process.platform === 'win32') throw new UsageError('verify runs the POSIX build wrappers (mvnw, gradlew) and mvn; on Windows, run the build yourself');
  const given = values['verify-timeout'];
  const timeoutMs = given === undefined ? DEFAULT_VERIFY_TIMEOUT_MS : parseDuration(String(given));
  if (timeoutMs === undefined) throw new UsageError(`--verify-timeout takes a duration (90s, 20m, 1h, or seconds), not '${given}'`);
  try {
    return { plans: planBuilds(root, gitTopLevel(root)), timeoutMs, logFile: typeof values['verify-log'] === 'string' ? values['verify-log'] : undefined };
  } catch (e) {
    if (e instanceof NoBuild) throw new UsageError(e.message);
    throw e;
  }
}

/** Runs the builds, telling stderr what runs where; findings relative to `base`. */
export async function runVerify(setup: VerifySetup, base: PathBase, table: MigrationTable): Promise<{ summary: VerifySummary; findings: Finding[] }> {
  return verifyBuilds(setup.plans, {
    table,
    base: base.dir,
    timeoutMs: setup.timeoutMs,
    logFile: setup.logFile,
    onBuild: (plan) => process.stderr.write(`verify: running \`${plan.display}\` in ${plan.dir} (time limit ${formatDuration(setup.timeoutMs)}; this runs the repository's build code)\n`),
  });
}

export const verifyExit = (summary: VerifySummary) => (summary.passed ? EXIT.ok : EXIT.buildFailed);

export async function verify(argv: string[]): Promise<number> {
  const parsed = parse(argv, VERIFY_COMMAND_OPTIONS);
  if (parsed.values.help) {
    process.stdout.write(HELP.verify() + '\n');
    return EXIT.ok;
  }
  if (parsed.positionals.length > 1) throw new UsageError('verify takes one directory');
  const { format, formatter } = formatterFor(parsed.values);
  const root = resolveDir(parsed.positionals[0]);
  const { values, table } = withProjectConfig(parsed.values, root);
  const setup = prepareVerify(values, root);
  const base = pathBase(root);
  const { summary, findings } = await runVerify(setup, base, table);
  const result: RunResult = { root, changes: [], findings, errors: [], stats: { scanned: 0, read: 0, skipped: [] } };
  writeReport(values, format, (color) => formatter(result, { color, toolVersion: version(), base, verify: summary }));
  return verifyExit(summary);
}
