// Report formatters: one function per format, all reading the same RunResult. New formats
// (markdown, sarif) are one more entry in FORMATTERS.
import type { RunResult } from '../engine/types.js';
import { formatJson } from './json.js';
import { formatMarkdown } from './markdown.js';
import { formatSarif } from './sarif.js';
import { formatText } from './text.js';
import type { VerifyResult } from './verify-status.js';
import type { VerdictMode } from './verdict.js';

export interface FormatOptions {
  color: boolean;
  /** Version string of the tool, for formats that record it. */
  toolVersion: string;
  /** The folder every path is relative to, and why (the git top level or the directory given). */
  base?: { dir: string; kind: string; prefix?: string };
  /** The build verify ran, for `verify` and `migrate --verify` (report and check run none). */
  verify?: VerifyResult;
  /** The run wrote its changes (migrate) or only planned them (a dry run, check, report): the verdict's tense. */
  verdictMode?: VerdictMode;
}

export type Formatter = (result: RunResult, options: FormatOptions) => string;

export const FORMATTERS: Record<string, Formatter> = {
  text: formatText,
  json: formatJson,
  markdown: formatMarkdown,
  sarif: formatSarif,
};

export function formatNames(): string[] {
  return Object.keys(FORMATTERS);
}
