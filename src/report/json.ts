import type { RunResult } from '../engine/types.js';
import type { FormatOptions } from './index.js';

/** `{ tool, root, summary, changes, findings }`: stable field names, documented in the README. */
export function formatJson(result: RunResult, options: FormatOptions): string {
  const body = {
    tool: { name: 'boot-upgrade', version: options.toolVersion },
    summary: {
      filesScanned: result.stats.scanned,
      filesRead: result.stats.read,
      filesChanged: result.changes.length,
      findings: result.findings.length,
      errors: result.findings.filter((f) => f.severity === 'error').length,
    },
    changes: result.changes.map((c) => ({ path: c.path, status: c.status, rules: c.rules })),
    findings: result.findings,
    skipped: result.stats.skipped,
  };
  return JSON.stringify(body, null, 2) + '\n';
}
