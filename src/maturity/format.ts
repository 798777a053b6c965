// Output formats of `boot-upgrade maturity`: text (terminal), json (the Report object as is,
// top-level `level`), markdown (for a pull request or a wiki page).
import type { Report } from './model.js';

export type Format = 'text' | 'json' | 'markdown';
export const FORMATS: Format[] = ['text', 'json', 'markdown'];

export function formatReport(r: Report, format: Format): string {
  if (format === 'json') return JSON.stringify(r, null, 2) + '\n';
  if (format === 'markdown') return markdown(r);
  return text(r);
}

function text(r: Report): string {
  const out: string[] = [];
  out.push(`Maturity level ${r.level} (${r.derivation})`);
  out.push(`${r.summary.operations} operation(s) in ${r.summary.resources} resource(s) from ${r.input.kind} ${r.input.path}${r.input.url ? `, probed ${r.input.url}` : ''}; ${r.summary.excluded} excluded`);
  for (const e of r.evidence) out.push(`  * ${e.message}`);
  for (const res of r.resources) {
    out.push('');
    out.push(`${res.path}  level ${res.level}  [${res.methods.join(', ')}]`);
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
  if (r.excluded.length) {
    out.push('');
    out.push('Excluded:');
    for (const x of r.excluded) out.push(`  ${x.operation}  (${x.reason})  ${x.location}`);
  }
  for (const n of r.notes) out.push(`note: ${n}`);
  return out.join('\n') + '\n';
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function markdown(r: Report): string {
  const out: string[] = [];
  out.push(`# API maturity: level ${r.level}`);
  out.push('');
  out.push(`${r.derivation}. ${r.summary.operations} operation(s), ${r.summary.resources} resource(s), ${r.summary.excluded} excluded. Input: ${r.input.kind} \`${r.input.path}\`${r.input.url ? `, probed ${r.input.url}` : ''}.`);
  for (const e of r.evidence) out.push(`- ${e.message}`);
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
