// One Markdown document a team can paste into a pull request: what boot-upgrade changed by
// itself (per rule: explanation, edit count, files) and what needs a human (per rule: the
// explanation once, a link to each page that documents it, one checkbox per finding). Readers of
// a pull request do not have the tool: no link points into the machine that made the report. GitHub
// rejects bodies over 65,536 characters, so long lists fold into <details> and are capped with
// "and N more"; if the document is still too long the caps shrink until it fits.
import type { Finding, RunResult } from '../engine/types.js';
import { visible } from './escape.js';
import type { FormatOptions } from './index.js';
import { markdownDocs } from './links.js';
import { applicationOf, isPerApplication, ruleSummary, RULES } from './rules.js';
import { verifyStatusLine } from './verify-status.js';
import { verdictOf } from './verdict.js';

/** GitHub's limit for a pull-request or issue body. */
export const MARKDOWN_LIMIT = 65_536;
/** Items of a list shown before folding it into <details>. */
const OPEN_ITEMS = 10;
/** Caps tried in turn (items listed per rule) until the document fits. */
const CAPS = [100, 40, 15, 5, 0];

/** Text safe inside a Markdown list item (no line breaks, no HTML). */
function md(text: string): string {
  return visible(text.replace(/\r?\n/g, ' ')).replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/\r?\n/g, ' ');
}

function code(raw: string): string {
  const text = visible(raw);
  const ticks = text.includes('`') ? '``' : '`';
  return `${ticks}${ticks.length > 1 ? ' ' : ''}${text}${ticks.length > 1 ? ' ' : ''}${ticks}`;
}

/** A list, capped at `cap` items ("and N more"), folded into <details> when longer than OPEN_ITEMS. */
function foldedList(items: string[], cap: number, noun: string): string[] {
  const shown = items.slice(0, cap);
  const rest = items.length - shown.length;
  const lines = [...shown];
  if (rest > 0) lines.push(`- and ${rest} more${cap === 0 ? ` ${noun}` : ''} (\`boot-upgrade report --format json\` lists every one)`);
  if (items.length <= OPEN_ITEMS) return [...lines, ''];
  return [`<details><summary>${items.length} ${noun}</summary>`, '', ...lines, '', '</details>', ''];
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

function changedSection(result: RunResult, cap: number): string[] {
  const byRule = changesByRule(result);
  const lines = ['## Changed automatically', ''];
  if (byRule.size === 0) return [...lines, 'Nothing was changed.', ''];
  for (const [rule, entry] of byRule) {
    const summary = ruleSummary(rule);
    lines.push(`### ${code(rule)}: ${entry.edits} edit(s) in ${entry.files.length} file(s)`, '');
    if (summary) lines.push(md(summary), '');
    const files = entry.files.map((f) => `- ${code(f.path)}${f.status === 'modified' ? '' : ` (${f.status})`}`);
    lines.push(...foldedList(files, cap, 'files'));
  }
  return lines;
}

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const;

function findingsByRule(findings: Finding[]): [string, Finding[]][] {
  const byRule = new Map<string, Finding[]>();
  for (const f of findings) byRule.set(f.rule, [...(byRule.get(f.rule) ?? []), f]);
  const worst = (list: Finding[]) => Math.min(...list.map((f) => SEVERITY_ORDER[f.severity]));
  return [...byRule.entries()].sort(([a, la], [b, lb]) => worst(la) - worst(lb) || (a < b ? -1 : 1));
}

function humanSection(result: RunResult, cap: number): string[] {
  const lines = ['## Needs a human', ''];
  if (result.findings.length === 0) return [...lines, 'Nothing: every change was carried out automatically.', ''];
  for (const [rule, list] of findingsByRule(result.findings)) {
    const severities = [...new Set(list.map((f) => f.severity))].join(', ');
    const summary = ruleSummary(rule);
    lines.push(`### ${code(rule)} (${list.length} · ${severities})`, '');
    // each page once, even when several findings of the rule name it
    const docs = [...new Set(list.map((f) => f.docs).filter((d): d is string => !!d))];
    const first = [summary ? md(summary) : '', docs[0] ? markdownDocs(docs[0], md) : ''].filter(Boolean).join(' ');
    if (first) lines.push(first, '');
    for (const d of docs.slice(1)) lines.push(`Also: ${markdownDocs(d, md)}`, '');
    if (isPerApplication(rule)) {
      lines.push(...applicationItems(list, cap));
      continue;
    }
    const items = list.map((f) => `- [ ] **${f.severity}** ${code(`${f.path}:${f.line}:${f.column}`)}: ${md(f.message)}`);
    lines.push(...foldedList(items, cap, 'findings'));
  }
  return lines;
}

/** One checkbox per application; its occurrences (one sentence each) folded below it. */
function applicationItems(list: Finding[], cap: number): string[] {
  const lines: string[] = [];
  for (const f of list) {
    const found = f.related ?? [f];
    lines.push(`- [ ] **${f.severity}** application ${code(f.application ?? applicationOf(f.path))}, ${found.length} ${RULES[f.rule]?.perApplication?.noun ?? 'finding'}(s)`, '');
    const items = found.map((r) => `- ${code(`${r.path}:${r.line}:${r.column}`)}: ${md(firstSentence(r.message))}`);
    lines.push(...foldedList(items, cap, 'findings').map((l) => (l ? '  ' + l : l)));
  }
  return lines;
}

function firstSentence(message: string): string {
  const end = /[.!?](?=\s)/.exec(message);
  return end ? message.slice(0, end.index + 1) : message;
}

function skippedSection(result: RunResult, cap: number): string[] {
  if (!result.stats.skipped.length) return [];
  const items = result.stats.skipped.map((s) => `- ${code(s.path)}: ${md(s.reason)}`);
  return ['## Not read', '', ...foldedList(items, cap, 'files or folders')];
}

function render(result: RunResult, options: FormatOptions, cap: number): string {
  const errors = result.findings.filter((f) => f.severity === 'error').length;
  const base = options.base ? ` Paths are relative to the ${options.base.kind}.` : '';
  return [
    '# Spring Boot 2.7 → 3.0 migration report',
    '',
    `**Verdict:** ${md(verdictOf(result, options.verdictMode ?? 'planned').message)}.`,
    '',
    `boot-upgrade ${options.toolVersion}: ${result.stats.scanned} files scanned, ${result.changes.length} changed automatically, ${result.findings.length} findings need a human (${errors} errors).${base} Every rule is explained in the rule index of boot-upgrade (docs/rules.md in its package).`,
    '',
    ...(options.verify ? [md(verifyStatusLine(options.verify)), ''] : []),
    ...changedSection(result, cap),
    ...humanSection(result, cap),
    ...skippedSection(result, cap),
  ].join('\n');
}

export function formatMarkdown(result: RunResult, options: FormatOptions): string {
  let text = '';
  for (const cap of CAPS) {
    text = render(result, options, cap);
    if (text.length <= MARKDOWN_LIMIT) return text;
  }
  // Even with every list folded to a count the rule headers do not fit: cut, and say so.
  const note = '\n\n…cut to fit a pull-request body; `boot-upgrade report --format json` has everything.\n';
  return text.slice(0, MARKDOWN_LIMIT - note.length) + note;
}
