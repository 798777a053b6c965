import type { RunResult } from '../engine/types.js';
import type { FormatOptions } from './index.js';
import { ruleDocsUrl } from './links.js';
import { applicationOf, isPerApplication } from './rules.js';
import { verdictOf } from './verdict.js';

/**
 * The JSON summary's shape version: raised when a field changes meaning or goes away (new fields
 * are added without raising it), so a runner over many repositories can check what it reads.
 */
export const SCHEMA_VERSION = 1;

/** The body shared by `report --format json` and `migrate --json`: stable field names, documented in docs/cli.md. */
export function jsonBody(result: RunResult, options: FormatOptions) {
  return {
    schemaVersion: SCHEMA_VERSION,
    tool: { name: 'boot-upgrade', version: options.toolVersion },
    ...(options.base ? { base: { path: options.base.dir, kind: options.base.kind } } : {}),
    verdict: verdictOf(result, options.verdictMode ?? 'planned'),
    summary: {
      filesScanned: result.stats.scanned,
      filesRead: result.stats.read,
      filesChanged: result.changes.length,
      findings: result.findings.length,
      errors: result.findings.filter((f) => f.severity === 'error').length,
      warnings: result.findings.filter((f) => f.severity === 'warning').length,
      unparsed: result.errors.length,
      ...(result.stats.excluded ? { excluded: result.stats.excluded } : {}),
      ...(result.stats.suppressed ? { suppressed: result.stats.suppressed } : {}),
      ...(result.stats.baselined ? { baselined: result.stats.baselined } : {}),
    },
    changes: result.changes.map((c) => ({ path: c.path, status: c.status, rules: c.rules })),
    created: result.changes.filter((c) => c.status === 'created').map((c) => c.path),
    deleted: result.changes.filter((c) => c.status === 'deleted').map((c) => c.path),
    findings: result.findings.map((f) => ({ ...f, ruleDocs: ruleDocsUrl(f.rule), ...(isPerApplication(f.rule) ? { application: f.application ?? applicationOf(f.path) } : {}) })),
    skipped: result.stats.skipped,
    ...(options.verify ? { verify: options.verify } : {}),
  };
}

export function formatJson(result: RunResult, options: FormatOptions): string {
  return JSON.stringify(jsonBody(result, options), null, 2) + '\n';
}
