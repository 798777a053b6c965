// The properties pass's part of the library upgrades: springfox keys that springdoc 2 replaces
// become ordinary renames (so the duplicate checks of renameKeys apply to them), and Hibernate
// dialect class names that Hibernate 6.1 lacks are rewritten in the value or reported.
import { setValueEdit, type PropertyEntry } from '../../src/formats/properties.js';
import {
  dialectOutcome,
  isDialectKey,
  LIBRARY_CONFIG_RULES,
  openfeignOutcome,
  rewrittenValue,
  springfoxOutcome,
  type LibraryConfigContext,
} from '../../src/properties/library-config.js';
import type { KeyRule } from '../../src/properties/resolve.js';
import type { DocumentWork } from './migrate.js';

/** A springfox key as a rename rule (springdoc in the build), or undefined after reporting it. */
export function springfoxRule(work: DocumentWork, entry: PropertyEntry, libs: LibraryConfigContext): KeyRule | undefined {
  const outcome = springfoxOutcome(work.table, entry.key, libs.springdocInBuild);
  if (!outcome) return undefined;
  if (outcome.kind === 'report') {
    work.report(entry, LIBRARY_CONFIG_RULES.springfox, 'warning', outcome.message, work.table.libraryConfig!.springfox.source);
    return undefined;
  }
  const { row } = outcome;
  return { kind: 'rename', to: outcome.to, rule: LIBRARY_CONFIG_RULES.springfox, level: 'warning', source: row.source, row: { from: row.from, to: outcome.to, level: 'warning', source: row.source } };
}

/** A Spring Cloud OpenFeign 3.1 key as a rename rule (OpenFeign in the build), or undefined after reporting it. */
export function openfeignRule(work: DocumentWork, entry: PropertyEntry, libs: LibraryConfigContext): KeyRule | undefined {
  const outcome = openfeignOutcome(work.table, entry.key, libs.openfeignInBuild, entry.value);
  if (!outcome) return undefined;
  const { row } = outcome;
  if (outcome.kind === 'report') {
    work.report(entry, LIBRARY_CONFIG_RULES.openfeign, 'warning', outcome.message, row.source.split(/[ ;]/)[0]);
    return undefined;
  }
  if (outcome.warning) work.report(entry, LIBRARY_CONFIG_RULES.openfeign, 'warning', outcome.warning, row.source.split(/[ ;]/)[0]);
  return { kind: 'rename', to: outcome.to, rule: LIBRARY_CONFIG_RULES.openfeign, level: 'error', source: row.source, row: { from: row.from, to: outcome.to, level: 'error', source: row.source } };
}

/** Dialect class names in the lines whose key (after this pass's renames) is a dialect key. */
export function migrateLibraryValues(work: DocumentWork, entries: { entry: PropertyEntry; key: string }[], libs: LibraryConfigContext): void {
  for (const { entry, key } of entries) {
    if (work.claimed.has(entry) || !isDialectKey(work.table, key)) continue;
    const outcome = dialectOutcome(work.table, entry.value.trim(), libs.communityInBuild);
    if (!outcome) continue;
    const docs = outcome.row.source.split(/[ ;]/)[0];
    if (outcome.kind === 'report') {
      work.report(entry, LIBRARY_CONFIG_RULES.dialect, outcome.severity, outcome.message, docs);
      continue;
    }
    work.edit(setValueEdit(work.text, entry, rewrittenValue(entry.value, outcome.to)), LIBRARY_CONFIG_RULES.dialect);
    work.report(entry, LIBRARY_CONFIG_RULES.dialect, 'info', outcome.message, docs);
  }
}
