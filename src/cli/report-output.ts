// The report formats' two options, shared by `report` and `verify`: --format (one of the
// formatters, or a usage error naming the nearest) and -o FILE (never coloured).
import { writeFileSync } from 'node:fs';
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
  if (toFile) writeFileSync(values.output as string, text);
  else process.stdout.write(text);
}
