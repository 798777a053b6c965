// The YAML pass's part of the library upgrades (see src/properties/library-config.ts): the
// value edit for a Hibernate dialect class name, and springfox keys as rename rules that the
// planner moves like any other renamed key.
import type { Scalar } from 'yaml';
import { isScalar } from '../../src/formats/yaml-lib.js';
import type { YamlPair } from '../../src/formats/yaml.js';
import {
  dialectOutcome,
  isDialectKey,
  LIBRARY_CONFIG_RULES,
  openfeignOutcome,
  springfoxOutcome,
  type LibraryConfigContext,
} from '../../src/properties/library-config.js';
import type { KeyRule } from '../../src/properties/resolve.js';
import type { MigrationTable } from '../../src/table/types.js';
import { scalarItems, type ValueItem } from './values.js';

export interface DialectChange {
  /** The value edit, absent when the class is only reported (or its layout is not certain). */
  edit?: ValueItem;
  severity: 'error' | 'warning' | 'info';
  message: string;
  docs: string | undefined;
}

/** The change a dialect key's scalar value needs, or undefined when its class is fine in Hibernate 6.1. */
export function dialectValue(table: MigrationTable, text: string, pair: YamlPair, key: string, libs: LibraryConfigContext): DialectChange | undefined {
  if (!isDialectKey(table, key) || !isScalar(pair.value)) return undefined;
  const value = String((pair.value as Scalar).value ?? '').trim();
  const outcome = dialectOutcome(table, value, libs.communityInBuild);
  if (!outcome) return undefined;
  const docs = outcome.row.source.split(/[ ;]/)[0];
  if (outcome.kind === 'report') return { severity: outcome.severity, message: outcome.message, docs };
  // the class name's own characters: quotes, comments and blanks around it stay as written
  const items = scalarItems(text, pair.value as Scalar);
  const edit = items?.length === 1 && items[0]!.text === value ? { ...items[0]!, text: outcome.to } : undefined;
  if (!edit) {
    const hibernate = table.libraryConfig!.hibernateDialects.hibernate;
    return { severity: 'error', message: `${value} does not exist in Hibernate ${hibernate} (Spring Boot 3.0): write ${outcome.to} (this value's layout is not rewritten automatically)`, docs };
  }
  return { edit, severity: 'info', message: outcome.message, docs };
}

/** A springfox key as a rename rule (springdoc in the build), and the report when it is not one. */
export function springfoxKeyRule(table: MigrationTable, key: string, libs: LibraryConfigContext): { rule?: KeyRule; report?: string } {
  const outcome = springfoxOutcome(table, key, libs.springdocInBuild);
  if (!outcome) return {};
  if (outcome.kind === 'report') return { report: outcome.message };
  const { row } = outcome;
  return {
    rule: { kind: 'rename', to: outcome.to, rule: LIBRARY_CONFIG_RULES.springfox, level: 'warning', source: row.source, row: { from: row.from, to: outcome.to, level: 'warning', source: row.source } },
  };
}

/** A Spring Cloud OpenFeign 3.1 key as a rename rule (OpenFeign in the build), and what to report about it. */
export function openfeignKeyRule(table: MigrationTable, key: string, libs: LibraryConfigContext, pair?: YamlPair): { rule?: KeyRule; report?: string; docs?: string } {
  const value = pair && isScalar(pair.value) ? String((pair.value as Scalar).value ?? '') : undefined;
  const outcome = openfeignOutcome(table, key, libs.openfeignInBuild, value);
  if (!outcome) return {};
  const docs = outcome.row.source.split(/[ ;]/)[0];
  if (outcome.kind === 'report') return { report: outcome.message, docs };
  const { row } = outcome;
  return {
    rule: { kind: 'rename', to: outcome.to, rule: LIBRARY_CONFIG_RULES.openfeign, level: 'error', source: row.source, row: { from: row.from, to: outcome.to, level: 'error', source: row.source } },
    report: outcome.warning,
    docs,
  };
}
