// SARIF 2.1.0 for GitHub code scanning and other SARIF viewers: one run, one reporting
// descriptor per rule that has findings, one result per finding with a relative location.
import type { Finding, RunResult } from '../engine/types.js';
import type { FormatOptions } from './index.js';

export const SARIF_SCHEMA = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';
const INFORMATION_URI = 'https://github.com/spring-projects/spring-boot/wiki/Spring-Boot-3.0-Migration-Guide';

const LEVEL = { error: 'error', warning: 'warning', info: 'note' } as const;

/** A relative URI reference for a repository path (each segment percent-encoded). */
export function pathUri(p: string): string {
  return p.split('/').map(encodeURIComponent).join('/');
}

function ruleDescriptor(rule: string, findings: Finding[]) {
  const first = findings[0]!;
  const docs = findings.find((f) => f.docs)?.docs;
  return {
    id: rule,
    name: rule.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : '')),
    shortDescription: { text: `boot-upgrade ${rule}` },
    ...(docs ? { helpUri: docs, help: { text: `See ${docs}` } } : {}),
    defaultConfiguration: { level: LEVEL[first.severity] },
  };
}

export function formatSarif(result: RunResult, options: FormatOptions): string {
  const rules = [...new Set(result.findings.map((f) => f.rule))].sort();
  const index = new Map(rules.map((r, i) => [r, i]));
  const log = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'boot-upgrade',
            version: options.toolVersion,
            informationUri: INFORMATION_URI,
            rules: rules.map((r) => ruleDescriptor(r, result.findings.filter((f) => f.rule === r))),
          },
        },
        originalUriBaseIds: { SRCROOT: { description: { text: 'The scanned repository root.' } } },
        results: result.findings.map((f) => ({
          ruleId: f.rule,
          ruleIndex: index.get(f.rule)!,
          level: LEVEL[f.severity],
          message: { text: f.docs ? `${f.message} (${f.docs})` : f.message },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: pathUri(f.path), uriBaseId: 'SRCROOT' },
                region: { startLine: Math.max(1, f.line), startColumn: Math.max(1, f.column) },
              },
            },
          ],
        })),
        columnKind: 'utf16CodeUnits',
      },
    ],
  };
  return JSON.stringify(log, null, 2) + '\n';
}
