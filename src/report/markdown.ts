// One Markdown document a team can work from: what boot-upgrade changed by itself (per rule,
// with counts and files) and what needs a human (per finding: where, why and what to do, and
// the Migration Guide section).
import type { Finding, RunResult } from '../engine/types.js';
import { visible } from './escape.js';
import type { FormatOptions } from './index.js';

/** Text safe inside a Markdown table cell or list item (no pipes, no line breaks, no HTML). */
function md(text: string): string {
  return visible(text.replace(/\r?\n/g, ' ')).replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/\r?\n/g, ' ');
}

function code(raw: string): string {
  const text = visible(raw);
  const ticks = text.includes('`') ? '``' : '`';
  return `${ticks}${ticks.length > 1 ? ' ' : ''}${text}${ticks.length > 1 ? ' ' : ''}${ticks}`;
}

interface RuleChanges {
  edits: number;
  files: { path: string; status: string }[];
}

function changesByRule(result: RunResult): Map<string, RuleChanges> {
  const byRule = new Map<string, RuleChanges>();
  for (const change of result.changes) {
    for (const [rule, count] of Object.entries(change.rules)) {
      const entry = byRule.get(rule) ?? { edits: 0, files: [] };
      entry.edits += count;
      entry.files.push({ path: change.path, status: change.status });
      byRule.set(rule, entry);
    }
  }
  return new Map([...byRule.entries()].sort(([a], [b]) => (a < b ? -1 : 1)));
}

function changedSection(result: RunResult): string[] {
  const byRule = changesByRule(result);
  const lines = ['## Changed automatically', ''];
  if (byRule.size === 0) return [...lines, 'Nothing was changed.', ''];
  lines.push('| Rule | Edits | Files |', '| --- | ---: | --- |');
  for (const [rule, entry] of byRule) {
    const files = entry.files.map((f) => (f.status === 'modified' ? code(f.path) : `${code(f.path)} (${f.status})`)).join(', ');
    lines.push(`| ${code(rule)} | ${entry.edits} | ${md(files)} |`);
  }
  return [...lines, ''];
}

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const;

function findingsByRule(findings: Finding[]): [string, Finding[]][] {
  const byRule = new Map<string, Finding[]>();
  for (const f of findings) byRule.set(f.rule, [...(byRule.get(f.rule) ?? []), f]);
  const worst = (list: Finding[]) => Math.min(...list.map((f) => SEVERITY_ORDER[f.severity]));
  return [...byRule.entries()].sort(([a, la], [b, lb]) => worst(la) - worst(lb) || (a < b ? -1 : 1));
}

function humanSection(result: RunResult): string[] {
  const lines = ['## Needs a human', ''];
  if (result.findings.length === 0) return [...lines, 'Nothing: every change was carried out automatically.', ''];
  for (const [rule, list] of findingsByRule(result.findings)) {
    const severities = [...new Set(list.map((f) => f.severity))].join(', ');
    lines.push(`### ${code(rule)} (${list.length} · ${severities})`, '');
    const docs = [...new Set(list.map((f) => f.docs).filter((d): d is string => !!d))];
    for (const d of docs) lines.push(`Migration Guide: <${d}>`, '');
    for (const f of list) lines.push(`- [ ] **${f.severity}** ${code(`${f.path}:${f.line}:${f.column}`)}: ${md(f.message)}`);
    lines.push('');
  }
  return lines;
}

export function formatMarkdown(result: RunResult, options: FormatOptions): string {
  const errors = result.findings.filter((f) => f.severity === 'error').length;
  const lines = [
    '# Spring Boot 2.7 → 3.0 migration report',
    '',
    `boot-upgrade ${options.toolVersion}: ${result.stats.scanned} files scanned, ${result.changes.length} changed automatically, ${result.findings.length} findings need a human (${errors} errors).`,
    '',
    ...changedSection(result),
    ...humanSection(result),
  ];
  if (result.stats.skipped.length) {
    lines.push('## Skipped files', '');
    for (const s of result.stats.skipped) lines.push(`- ${code(s.path)}: ${md(s.reason)}`);
    lines.push('');
  }
  return lines.join('\n');
}
