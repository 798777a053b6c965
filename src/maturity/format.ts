// Output formats of `boot-upgrade maturity`: text (terminal), json (the Report object as is,
// top-level `level`), markdown (for a pull request or a wiki page).
import type { Report } from './model.js';
import { paint } from '../cli/color.js';

export type Format = 'text' | 'json' | 'markdown';
export const FORMATS: Format[] = ['text', 'json', 'markdown'];

/** `color`: text only, the headline bold and each level coloured by how far it is from 3. */
export function formatReport(r: Report, format: Format, color = false): string {
  if (format === 'json') return JSON.stringify(r, null, 2) + '\n';
  if (format === 'markdown') return markdown(r);
  return text(r, color);
}

const LEVEL_COLORS = ['red', 'yellow', 'cyan', 'green'] as const;

function text(r: Report, color: boolean): string {
  const out: string[] = [];
  const level = (n: number) => paint(color, LEVEL_COLORS[n] ?? 'red', `level ${n}`);
  out.push(paint(color, 'bold', r.headline));
  out.push(`Maturity ${level(r.level)} (${r.derivation}); ${otherRule(r)}`);
  out.push(`${r.summary.operations} operation(s) in ${r.summary.resources} resource(s) from ${inputName(r)}${r.input.url ? `, probed ${r.input.url}` : ''}; ${r.summary.excluded} excluded`);
  for (const e of r.evidence) out.push(`  * ${e.message}`);
  for (const a of r.ambiguities) out.push(`  ? ${a}`);
  for (const res of r.resources) {
    out.push('');
    out.push(`${res.path}  ${level(res.level)}  [${res.methods.join(', ')}]`);
    for (const op of res.operations) {
      out.push(`  ${op.level}  ${op.method.padEnd(7)} ${op.path}  ${op.location}${op.handler ? `  ${op.handler}` : ''}`);
      for (const e of op.evidence) out.push(`       - ${e.message}`);
    }
  }
  if (r.blocking.length) {
    out.push('');
    out.push(`To reach level ${r.level + 1}:`);
    for (const b of r.blocking) out.push(`  ${b.operation ?? b.resource}: ${b.message}\n    fix: ${b.fix}${b.location ? `\n    at ${b.location}` : ''}`);
  }
  if (r.findings.length) {
    out.push('');
    out.push('Design findings:');
    for (const f of r.findings) out.push(`  ${f.rule}: ${f.message}${f.fix ? `\n    fix: ${f.fix}` : ''}${f.location ? `\n    at ${f.location}` : ''}`);
  }
  if (r.excluded.length) {
    out.push('');
    out.push('Excluded:');
    for (const x of r.excluded) out.push(`  ${x.operation}  (${x.reason})  ${x.location}`);
  }
  for (const n of r.notes) out.push(`note: ${n}`);
  return out.join('\n') + '\n';
}

/** The level under the rule not chosen, so both are always in sight. */
function otherRule(r: Report): string {
  return r.rule === 'min' ? `majority rule: ${r.levels.majority}` : `minimum rule: ${r.levels.min}`;
}

function inputName(r: Report): string {
  return r.input.documents?.length ? `openapi ${r.input.documents.join(', ')}` : `${r.input.kind} ${r.input.path}`;
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function markdown(r: Report): string {
  const out: string[] = [];
  out.push(`# API maturity: level ${r.level}`);
  out.push('');
  out.push(`**${r.headline}**`);
  out.push('');
  out.push(`${r.derivation}; ${otherRule(r)}. ${r.summary.operations} operation(s), ${r.summary.resources} resource(s), ${r.summary.excluded} excluded. Input: \`${inputName(r)}\`${r.input.url ? `, probed ${r.input.url}` : ''}.`);
  for (const e of r.evidence) out.push(`- ${e.message}`);
  if (r.ambiguities.length) {
    out.push('');
    out.push('Where the model leaves the answer open:');
    out.push('');
    for (const a of r.ambiguities) out.push(`- ${a}`);
  }
  out.push('');
  out.push('| Resource | Level | Methods |');
  out.push('|---|---|---|');
  for (const res of r.resources) out.push(`| \`${cell(res.path)}\` | ${res.level} | ${res.methods.join(', ')} |`);
  out.push('');
  out.push('## Operations');
  out.push('');
  out.push('| Level | Operation | Evidence | Where |');
  out.push('|---|---|---|---|');
  for (const res of r.resources) for (const op of res.operations) out.push(`| ${op.level} | \`${op.method} ${cell(op.path)}\` | ${cell(op.evidence.map((e) => e.message).join('; '))} | ${cell(op.location)} |`);
  if (r.blocking.length) {
    out.push('');
    out.push(`## To reach level ${r.level + 1}`);
    out.push('');
    for (const b of r.blocking) out.push(`- \`${b.operation ?? b.resource}\`: ${b.message}. Fix: \`${cell(b.fix)}\`${b.location ? ` (${b.location})` : ''}`);
  }
  if (r.findings.length) {
    out.push('');
    out.push('## Design findings');
    out.push('');
    for (const f of r.findings) out.push(`- \`${f.rule}\`: ${cell(f.message)}${f.fix ? `. Fix: ${cell(f.fix)}` : ''}${f.location ? ` (${f.location})` : ''}`);
  }
  if (r.excluded.length) {
    out.push('');
    out.push('## Excluded');
    out.push('');
    for (const x of r.excluded) out.push(`- \`${x.operation}\`: ${x.reason} (${x.location})`);
  }
  if (r.notes.length) {
    out.push('');
    for (const n of r.notes) out.push(`> ${n}`);
  }
  return out.join('\n') + '\n';
}
