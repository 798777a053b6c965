// `report [dir]`: every finding in one format. A report that was produced exits by what it
// found (0, or 1 when an error finding remains); only a usage error is 2.
import { planMigration } from '../api.js';
import { MIGRATION_OPTIONS, REPORT_OPTIONS } from './options.js';
import { commonInput, parse, progress, resolveDir, tellInterruptedWrite, version, baselineEntries, withBaseline, withProjectConfig } from './common.js';
import path from 'node:path';
import { BASELINE_FILE, BaselineError, writeBaseline } from '../report/baseline.js';
import { EXIT, UsageError } from './exit.js';
import { formatterFor, writeReport } from './report-output.js';
import { pathBase, rebase } from './paths.js';
import { HELP } from './help.js';

export async function report(argv: string[]): Promise<number> {
  const parsed = parse(argv, { ...REPORT_OPTIONS, ...MIGRATION_OPTIONS });
  if (parsed.values.help) {
    process.stdout.write(HELP.report() + '\n');
    return EXIT.ok;
  }
  if (parsed.positionals.length > 1) throw new UsageError('report takes one directory');
  const { format, formatter } = formatterFor(parsed.values);
  const root = resolveDir(parsed.positionals[0]);
  const { values, table } = withProjectConfig(parsed.values, root);
  const base = pathBase(root);
  tellInterruptedWrite(root);
  const baseline = values['write-baseline'] ? undefined : baselineEntries(values, base.dir);
  const planned = rebase(await planMigration({ ...commonInput(values, root, table), onProgress: values.quiet ? undefined : progress('reading') }), base);
  if (values['write-baseline']) {
    // every finding of this run is acknowledged: check, report and migrate leave them out from now on
    const file = path.resolve(typeof values.baseline === 'string' ? values.baseline : path.join(base.dir, BASELINE_FILE));
    let n: number;
    try {
      n = writeBaseline(file, planned.findings, version());
    } catch (e) {
      if (e instanceof BaselineError) throw new UsageError(e.message);
      throw e;
    }
    if (!values.quiet) process.stderr.write(`boot-upgrade: wrote ${n} finding(s) to the baseline ${file}\n`);
  }
  const result = withBaseline(planned, baseline);
  // Colour only for text going to a terminal: never into a file, whatever stderr is.
  writeReport(values, format, (color) => formatter(result, { color, toolVersion: version(), base }));
  return result.findings.some((f) => f.severity === 'error') ? EXIT.failed : EXIT.ok;
}
