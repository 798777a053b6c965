// SARIF 2.1.0 for GitHub code scanning and other SARIF viewers: one run, one reporting
// descriptor per rule (full description and Markdown help from the rule catalogue), one result
// per finding, and one result per file and rule for the automatic changes still pending, so
// code scanning shows "this file still imports javax" too. partialFingerprints keep alerts
// stable when lines move; automationDetails.id tells runs over different modules apart.
import type { FileChange, Finding, RunResult } from '../engine/types.js';
import type { FormatOptions } from './index.js';
import { docUrls, markdownDocs } from './links.js';
import { applicationOf, isPerApplication, ruleAnchor, ruleSummary } from './rules.js';
import { firstChangedLine } from './pending.js';
import { verdictOf } from './verdict.js';
import { lazyModule } from '../engine/lazy.js';

// loaded by a SARIF report only (every report format is imported by check, migrate and report)
const crypto = lazyModule<typeof import('node:crypto')>('node:crypto');

export const SARIF_SCHEMA = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';

const LEVEL = { error: 'error', warning: 'warning', info: 'note' } as const;

/** A relative URI reference for a repository path (each segment percent-encoded). */
export function pathUri(p: string): string {
  return p.split('/').map(encodeURIComponent).join('/');
}

/** Markdown for a help text: the escapes SARIF viewers need in running text. */
const markdownText = (text: string) => text.replace(/\\/g, '\\\\').replace(/[<[\]]/g, (c) => `\\${c}`);

/**
 * A rule's descriptor. Code scanning shows its help where the alert is read (a pull request, the
 * repository's Security tab), far from the machine that ran the tool: the help carries the
 * explanation and the public pages that document the rule, and names the rule's entry in the
 * rule index of the package (docs/rules.md) without a link into that machine.
 */
function ruleDescriptor(rule: string, findings: Finding[]) {
  const docs = findings.find((f) => f.docs)?.docs;
  const summary = ruleSummary(rule) ?? `boot-upgrade rule ${rule}.`;
  const index = `boot-upgrade's rule index, docs/rules.md#${ruleAnchor(rule)}`;
  const level = findings.length ? LEVEL[findings.reduce((a, f) => (f.severity === 'error' || (f.severity === 'warning' && a === 'info') ? f.severity : a), 'info' as Finding['severity'])] : 'warning';
  const urls = docs ? docUrls(docs) : [];
  return {
    id: rule,
    name: rule.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : '')),
    shortDescription: { text: rule },
    fullDescription: { text: summary },
    ...(urls.length ? { helpUri: urls[0] } : {}),
    help: {
      text: `${summary}${docs ? ` See: ${docs}.` : ''} Rule: ${index}.`,
      markdown: `${markdownText(summary)}${docs ? `\n\nSee: ${markdownDocs(docs, markdownText)}` : ''}\n\nRule: ${markdownText(index)}.`,
    },
    defaultConfiguration: { level },
  };
}

const fingerprint = (...parts: (string | number)[]) => crypto().createHash('sha256').update(parts.join('\0')).digest('hex').slice(0, 32);

function location(path: string, line: number, column: number) {
  return [{ physicalLocation: { artifactLocation: { uri: pathUri(path), uriBaseId: 'SRCROOT' }, region: { startLine: Math.max(1, line), startColumn: Math.max(1, column) } } }];
}

function findingResults(findings: Finding[], index: Map<string, number>) {
  const seen = new Map<string, number>();
  return findings.map((f) => {
    // Identical messages in one file are told apart by their order, not their line.
    const key = `${f.rule}\0${f.path}\0${f.message}`;
    const nth = (seen.get(key) ?? 0) + 1;
    seen.set(key, nth);
    return {
      ruleId: f.rule,
      ruleIndex: index.get(f.rule)!,
      level: LEVEL[f.severity],
      message: { text: f.docs ? `${f.message} (${f.docs})` : f.message },
      locations: location(f.path, f.line, f.column),
      partialFingerprints: { 'bootUpgradeFinding/v1': fingerprint(key, nth) },
      // one result per application for a fact about all of it; each occurrence (a route) is a related location on its line
      ...(f.related ? { relatedLocations: f.related.map((r, id) => ({ id, ...location(r.path, r.line, r.column)[0], message: { text: r.message } })) } : {}),
      ...(isPerApplication(f.rule) ? { properties: { application: f.application ?? applicationOf(f.path) } } : {}),
    };
  });
}

function pendingResults(changes: FileChange[], index: Map<string, number>) {
  return changes.flatMap((c) =>
    Object.entries(c.rules).map(([rule, edits]) => ({
      ruleId: rule,
      ruleIndex: index.get(rule)!,
      level: 'warning' as const,
      kind: 'fail' as const,
      message: { text: c.status === 'modified' ? `Still to change automatically: ${edits} edit(s) by ${rule}; run boot-upgrade migrate.` : `Would be ${c.status} by ${rule}; run boot-upgrade migrate.` },
      locations: location(c.path, firstChangedLine(c), 1),
      partialFingerprints: { 'bootUpgradePending/v1': fingerprint(rule, c.path, c.status) },
      properties: { pendingChange: true, status: c.status, edits },
    })),
  );
}

export function formatSarif(result: RunResult, options: FormatOptions): string {
  const rules = [...new Set([...result.findings.map((f) => f.rule), ...result.changes.flatMap((c) => Object.keys(c.rules))])].sort();
  const index = new Map(rules.map((r, i) => [r, i]));
  const prefix = options.base?.prefix ?? '';
  const log = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'boot-upgrade',
            version: options.toolVersion,
            rules: rules.map((r) => ruleDescriptor(r, result.findings.filter((f) => f.rule === r))),
          },
        },
        automationDetails: { id: `boot-upgrade/${prefix || './'}` },
        properties: { verdict: verdictOf(result, options.verdictMode ?? 'planned') },
        originalUriBaseIds: { SRCROOT: { description: { text: options.base ? `The ${options.base.kind}.` : 'The scanned folder.' } } },
        results: [...findingResults(result.findings, index), ...pendingResults(result.changes, index)],
        columnKind: 'utf16CodeUnits',
        // the build verify ran: status, commands, duration and counts, for a viewer or a gate
        ...(options.verify ? { properties: { verify: options.verify } } : {}),
      },
    ],
  };
  return JSON.stringify(log, null, 2) + '\n';
}
