// The report formats' two options, shared by `report` and `verify`: --format (one of the
// formatters, or a usage error naming the nearest) and -o FILE (never coloured).
import { writeFileAtomically } from '../engine/temp-file.js';
import { FORMATTERS, formatNames, type Formatter } from '../report/index.js';
import { colorFlags, type Values } from './common.js';
import { colorFor } from './color.js';
import { UsageError } from './exit.js';
import { didYouMean } from './suggest.js';

export function formatterFor(values: Values): { format: string; formatter: Formatter } {
  const format = (values.format as string | undefined) ?? 'text';
  const formatter = FORMATTERS[format];
  if (!formatter) throw new UsageError(`unknown --format '${format}'${didYouMean(format, formatNames())} (choose ${formatNames().join(', ')})`);
  return { format, formatter };
}

/** Writes the report to -o FILE or stdout; `render` is told whether to colour (text to a terminal only). */
export function writeReport(values: Values, format: string, render: (color: boolean) => string): void {
  const toFile = typeof values.output === 'string';
  const text = render(format === 'text' && !toFile && colorFor(process.stdout, colorFlags(values)));
  // whole or not at all, never through a link (a usage error)
  if (toFile) writeFileAtomically(values.output as string, text, 'the report');
  else process.stdout.write(text);
}
