// `migrate [dir | files...]`: rewrite in place, or print the diff with --dry-run; either way,
// say on stderr what needs a human and what to do next; --json / --summary-file for runners;
// --verify then builds the written tree (verify.ts).
import { writeFileSync } from 'node:fs';
import { planMigration, writeChanges, dirtyTargets, unifiedDiff } from '../api.js';
import type { RunResult } from '../engine/types.js';
import { jsonBody } from '../report/json.js';
import { MIGRATE_OPTIONS, MIGRATION_OPTIONS, VERIFY_OPTIONS } from './options.js';
import { colorFlags, commonInput, parse, progress, targets, tellInterruptedWrite, version, baselineEntries, withBaseline, withProjectConfig, type Values } from './common.js';
import type { Entry } from '../report/baseline.js';
import { colorDiff, colorFor } from './color.js';
import { EXIT, EXIT_NAMES, UsageError } from './exit.js';
import { errorLines, migrateReport, type HumanOptions } from './human.js';
import { pathBase, rebase, type PathBase } from './paths.js';
import type { VerifyResult } from '../report/verify-status.js';
import { HELP } from './help.js';
import { timed, timedAsync } from '../engine/timing.js';
import { collectPlanningGarbage } from './memory.js';
import { visible } from '../report/escape.js';

function explainLines(result: RunResult): string {
  return result.changes
    .map((c) => `  ${c.status.padEnd(8)} ${visible(c.path)}  ${Object.entries(c.rules).map(([r, n]) => (n > 1 ? `${r}×${n}` : r)).join(', ')}`)
    .join('\n') + (result.changes.length ? '\n' : '');
}

/** 3 when some files could not be parsed (the rest was done), else 0. */
const ranExit = (result: RunResult) => (result.errors.length ? EXIT.partial : EXIT.ok);

export async function migrate(argv: string[]): Promise<number> {
  const parsed = parse(argv, { ...MIGRATE_OPTIONS, ...VERIFY_OPTIONS, ...MIGRATION_OPTIONS });
  if (parsed.values.help) return print(HELP.migrate());
  const { root, only } = targets(parsed.positionals);
  const { values, table } = withProjectConfig(parsed.values, root);
  const input = commonInput(values, root, table); // every option checked before anything is written
  const baseline = baselineEntries(values, pathBase(root).dir);
  const dryRun = values['dry-run'] === true;
  // --verify proves the tree that was written; a scratch copy of a large repository (and its
  // build output) to build a dry run would prove a tree the user does not have
  if (values.verify === true && dryRun) throw new UsageError('--verify builds the migrated tree and --dry-run writes none: migrate (on a branch or a copy) with --verify, or run boot-upgrade verify there');
  // a build that cannot be run (no build file, no mvn, no Gradle wrapper) is a usage error before anything is written
  const verifier = values.verify === true ? await import('./verify.js') : undefined;
  const setup = verifier?.prepareVerify(values, root);
  const outcome = await planAndWrite(values, input, baseline, root, only, dryRun);
  // the build runs once the write is over (its signal handlers gone): Ctrl-C then stops the build
  const verified = setup && !outcome.refused.length ? await verifier!.runVerify(setup, outcome.base, table) : undefined;
  return finish(values, outcome, verified);
}

interface Outcome {
  shown: RunResult;
  base: PathBase;
  human: HumanOptions;
  dryRun: boolean;
  patch?: Buffer;
  refused: string[];
  code: number;
}

async function planAndWrite(values: Values, input: ReturnType<typeof commonInput>, baseline: Entry[] | undefined, root: string, only: string[] | undefined, dryRun: boolean): Promise<Outcome> {
  // a write a killed run left half-done is undone by the next write; a dry run says it is there
  if (dryRun) tellInterruptedWrite(root);
  const result = await planMigration({ ...input, only, onProgress: values.quiet ? undefined : progress('reading') });
  const base = pathBase(root);
  const shown = withBaseline(rebase(result, base), baseline);
  const human: HumanOptions = { color: colorFor(process.stderr, colorFlags(values)), verbose: values.verbose === true, base, version: version() };
  // the diff only when it is printed or saved: writing never needs it
  const patch = dryRun || typeof values['diff-file'] === 'string' ? timed('diff', () => unifiedDiff(shown.changes, '')) : undefined;
  if (typeof values['diff-file'] === 'string') writeFileSync(values['diff-file'], patch!);
  let refused: string[] = [];
  let code: number = ranExit(result);
  if (!dryRun) {
    // Files named on the command line are what the user asked to fix (a hook's staged files).
    if (!values['allow-dirty'] && !only) refused = dirtyTargets(root, result.changes) ?? [];
    if (refused.length) {
      code = EXIT.refused;
      tellInterruptedWrite(root); // not undone: the dirty-tree guard comes first
    } else {
      await collectPlanningGarbage(); // large repositories: the write reuses the unchanged texts' space (memory.ts)
      await timedAsync(`write ${result.changes.length} file(s)`, () => writeChanges(root, result.changes));
    }
  }
  return { shown, base, human, dryRun, patch, refused, code };
}

/** The summary (JSON, stderr) and the diff, with the build's findings first when --verify ran it. */
function finish(values: Values, outcome: Outcome, verified: Awaited<ReturnType<typeof import('./verify.js').runVerify>> | undefined): number {
  const { base, human, dryRun, patch, refused } = outcome;
  const shown = verified ? { ...outcome.shown, findings: [...verified.findings, ...outcome.shown.findings] } : outcome.shown;
  const code = verified && !verified.summary.passed ? EXIT.buildFailed : outcome.code;
  const verify: VerifyResult = verified?.summary ?? { ran: false };
  const summary = { ...jsonBody(shown, { color: false, toolVersion: version(), base, verify, verdictMode: dryRun ? 'planned' : 'written' }), dryRun, refused: refused.map((p) => base.prefix + p), exitCode: code, exitStatus: EXIT_NAMES[code] };
  if (typeof values['summary-file'] === 'string') writeFileSync(values['summary-file'], JSON.stringify(summary, null, 2) + '\n');
  if (values.json === true) process.stdout.write(JSON.stringify(summary, null, 2) + '\n');
  else if (dryRun) process.stdout.write(colorFor(process.stdout, colorFlags(values)) ? Buffer.from(colorDiff(patch!.toString('latin1')), 'latin1') : patch!);
  if (refused.length) {
    process.stderr.write(`boot-upgrade: refusing to rewrite files with uncommitted changes (commit or stash them, or pass --allow-dirty); nothing was written: ${refused.map((p) => visible(base.prefix + p)).join(', ')}\n`);
    return code;
  }
  // --quiet: the errors alone (the build's among them, when --verify ran it)
  process.stderr.write(values.quiet ? errorLines(shown, human) : migrateReport(shown, dryRun ? 'dry-run' : 'migrate', human, verified?.summary));
  if (values.explain) process.stderr.write(explainLines(shown));
  return code;
}

function print(text: string): number {
  process.stdout.write(text + '\n');
  return EXIT.ok;
}

export { UsageError };
