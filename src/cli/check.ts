// `check [dir | files...]`: for pre-commit hooks and CI. Fails (1) when a file would change,
// an error finding remains, or more than --max-warnings warnings remain. Every pending change
// is named at file:line with its replacement, warnings are shown grouped by rule, and the last
// line is a fix command for exactly the files that would change.
import { planMigration } from '../api.js';
import { CHECK_OPTIONS, MIGRATION_OPTIONS } from './options.js';
import { colorFlags, commonInput, parse, progress, targets, tellInterruptedWrite, version, baselineEntries, withBaseline, withProjectConfig } from './common.js';
import { colorFor } from './color.js';
import { EXIT, UsageError } from './exit.js';
import { countBySeverity, groupedErrorLines, verboseSkipped, warningBlocks, type HumanOptions } from './human.js';
import { verdictLines, verdictOf } from '../report/verdict.js';
import { describeBase, pathBase, rebase } from './paths.js';
import { fixCommand, pendingMessage } from '../report/pending.js';
import { HELP } from './help.js';

function maxWarnings(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(String(value))) throw new UsageError(`--max-warnings takes a number, not '${value}'`);
  return Number(value);
}

export async function check(argv: string[]): Promise<number> {
  const parsed = parse(argv, { ...CHECK_OPTIONS, ...MIGRATION_OPTIONS });
  if (parsed.values.help) {
    process.stdout.write(HELP.check() + '\n');
    return EXIT.ok;
  }
  const { root, only } = targets(parsed.positionals);
  const { values, table } = withProjectConfig(parsed.values, root);
  const limit = maxWarnings(values['max-warnings']);
  const quiet = values.quiet === true;
  // a tree a killed write left half-done (a file moved aside, missing) is never passed
  const halfWritten = tellInterruptedWrite(root);
  const base = pathBase(root);
  const baseline = baselineEntries(values, base.dir);
  const result = withBaseline(rebase(await planMigration({ ...commonInput(values, root, table), only, onProgress: quiet ? undefined : progress('checking') }), base), baseline);
  const human: HumanOptions = { color: colorFor(process.stderr, colorFlags(values)), verbose: values.verbose === true, base, version: version() };
  const out: string[] = [];
  if (human.verbose) out.push(...verboseSkipped(result));
  for (const c of result.changes) out.push(...pendingMessage(c));
  out.push(...groupedErrorLines(result.findings.filter((f) => f.severity === 'error'), human));
  const warnings = result.findings.filter((f) => f.severity === 'warning');
  const n = countBySeverity(result.findings);
  const tooManyWarnings = limit !== undefined && n.warning > limit;
  const failed = result.changes.length > 0 || n.error > 0 || tooManyWarnings || halfWritten;
  // --quiet: what fails the check and nothing else (warnings only when they are too many)
  if (warnings.length && (!quiet || tooManyWarnings)) out.push(`warning(s) (${warnings.length}) by rule:`, ...warningBlocks(warnings, human));
  if (!quiet && (failed || warnings.length)) {
    const parts = [`${result.changes.length} file(s) would change`, `${n.error} error(s)`, `${n.warning} warning(s)${limit !== undefined ? ` (at most ${limit} allowed)` : ''}`];
    out.push(`boot-upgrade check: ${parts.join(', ')}; ${describeBase(base)}`);
  }
  if (!quiet && result.changes.length) out.push(`fix: ${fixCommand(result.changes, base.dir)}`);
  // the verdict first, whenever there is something to say (a repository this tool does not migrate says so)
  const verdict = verdictOf(result, 'planned');
  if (!quiet && (out.length || verdict.kind === 'not-spring-boot-2')) out.unshift(...verdictLines(verdict));
  if (out.length) process.stderr.write(out.join('\n') + '\n');
  return failed ? EXIT.failed : EXIT.ok;
}
