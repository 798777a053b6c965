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

const SEVERITY_RANK = { error: 0, warning: 1, info: 2 } as const;

/** The verdict, then one line per finding (path:line:col: severity [rule] message, documentation and rule links), errors first, then a count. */
export function formatText(result: RunResult, options: FormatOptions): string {
  // by impact: errors, then warnings, then info; in file order within each (the sort is stable)
  const ordered = [...result.findings].sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity]);
  // a finding that stands for several (one per application) lists each occurrence below it
  const lines = [...verdictLines(verdictOf(result, options.verdictMode ?? 'planned')), ...ordered.flatMap((f) => [findingLine(f, options.color), ...(f.related ?? []).map((r) => `    ${visible(r.path)}:${r.line}:${r.column}: ${visible(r.message)}`)])];
  const errors = result.findings.filter((f) => f.severity === 'error').length;
  const warnings = result.findings.filter((f) => f.severity === 'warning').length;
  lines.push(`${result.findings.length} finding(s): ${errors} error(s), ${warnings} warning(s), ${result.findings.length - errors - warnings} info`);
  if (options.verify) lines.push(verifyStatusLine(options.verify));
  return lines.join('\n') + '\n';
}
