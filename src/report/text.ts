import type { Finding, RunResult } from '../engine/types.js';
import { visible } from './escape.js';
import type { FormatOptions } from './index.js';
import { ruleDocsUrl } from './links.js';
import { verifyStatusLine } from './verify-status.js';
import { verdictLines, verdictOf } from './verdict.js';

const COLORS = { error: '\x1b[31m', warning: '\x1b[33m', info: '\x1b[36m', reset: '\x1b[0m', dim: '\x1b[2m' };

/** `path:line:col: severity [rule] message <documentation> <the rule's entry in the shipped docs>`. */
export function findingLine(f: Finding, color: boolean, ruleLink = true): string {
  const sev = color ? `${COLORS[f.severity]}${f.severity}${COLORS.reset}` : f.severity;
  const links = [f.docs, ruleLink ? ruleDocsUrl(f.rule) : undefined].filter(Boolean).join(' ');
  const docs = links ? (color ? ` ${COLORS.dim}${links}${COLORS.reset}` : ` ${links}`) : '';
  return `${visible(f.path)}:${f.line}:${f.column}: ${sev} [${f.rule}] ${visible(f.message)}${docs}`;
}

/** One line per finding (path:line:col: severity [rule] message, documentation and rule links), then a count. */
export function formatText(result: RunResult, options: FormatOptions): string {
  // a finding that stands for several (one per application) lists each occurrence below it
  const lines = [...verdictLines(verdictOf(result, options.verdictMode ?? 'planned')), ...result.findings.flatMap((f) => [findingLine(f, options.color), ...(f.related ?? []).map((r) => `    ${visible(r.path)}:${r.line}:${r.column}: ${visible(r.message)}`)])];
  const errors = result.findings.filter((f) => f.severity === 'error').length;
  const warnings = result.findings.filter((f) => f.severity === 'warning').length;
  lines.push(`${result.findings.length} finding(s): ${errors} error(s), ${warnings} warning(s), ${result.findings.length - errors - warnings} info`);
  if (options.verify) lines.push(verifyStatusLine(options.verify));
  return lines.join('\n') + '\n';
}
