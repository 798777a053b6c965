// The properties pass: renames keys, converts values where the rule is certain, and reports what
// a human must decide. Works one document at a time (`#---` / `!---` split a file), because a
// key set in one document says nothing about another. Every edit touches only the text that
// changes: a key's own characters, one value, or a whole line that is deleted.
import { decidedSpringfox } from '../sources/springdoc/springfox-switch.js';
import type { Edit, FindingInput, PassContext, PassResult, Severity, SourceFile } from '../../src/engine/types.js';
import {
  deleteLineEdit,
  parseProperties,
  renameKeyEdit,
  setValueEdit,
  type PropertiesDocument,
  type PropertyEntry,
  type TextEdit,
} from '../../src/formats/properties.js';
import { convertValue, type PresentKey } from '../../src/properties/conversions.js';
import { profileOfFile } from '../../src/properties/profile-files.js';
import { isProfileSpecificForbidden, keptKeySeverity, removalWords, resolveKey, valueChanges, type KeyRule } from '../../src/properties/resolve.js';
import type { PropertyConversion, PropertyRemoval } from '../../src/table/sections/properties.js';
import type { MigrationTable } from '../../src/table/types.js';
import { keyFamily, keyIdentity } from './keys.js';
import { RULES } from './rules.js';
import { appendAll } from '../../src/engine/edits.js';
import { libraryConfigContext, meterNameConflict, type LibraryConfigContext } from '../../src/properties/library-config.js';
import { migrateLibraryValues, openfeignRule, springfoxRule } from './library-config.js';

const ON_PROFILE = keyFamily('spring.config.activate.on-profile');

/** A line that holds (or, after this pass, will hold) a key: its value, and how to name it. */
interface Occupant {
  entry: PropertyEntry;
  value: string;
  display: string;
}

/** What one document's migration produces, and which entries are already spoken for. */
export class DocumentWork {
  readonly edits: Edit[] = [];
  readonly findings: FindingInput[] = [];
  /** Entries whose line is deleted or rewritten: no other rule may edit them. */
  readonly claimed = new Set<PropertyEntry>();
  readonly byIdentity = new Map<string, PropertyEntry[]>();
  /** New keys that an earlier conversion or rename of this document writes (two rows may meet in one key). */
  private readonly produced = new Map<string, Occupant[]>();

  constructor(
    readonly text: string,
    readonly table: MigrationTable,
    readonly doc: PropertiesDocument,
  ) {
    for (const entry of doc.entries) {
      appendTo(this.byIdentity, keyIdentity(entry.key), entry);
    }
  }

  /** Lines that already set the key `id`, or will after this pass, other than `exclude`. */
  occupants(id: string, exclude: readonly PropertyEntry[]): Occupant[] {
    const excluded = new Set(exclude); // a Set: a key written 100k times must not cost 100k x 100k
    const present = (this.byIdentity.get(id) ?? [])
      .filter((e) => !excluded.has(e) && !this.claimed.has(e))
      .map((e) => ({ entry: e, value: e.value.trim(), display: this.quote(e) }));
    return [...present, ...(this.produced.get(id) ?? [])];
  }

  produce(key: string, entry: PropertyEntry, value: string): void {
    appendTo(this.produced, keyIdentity(key), { entry, value, display: display(key, value) });
  }

  edit(edit: TextEdit | undefined, rule: string): void {
    if (edit) this.edits.push({ ...edit, rule });
  }

  report(entry: PropertyEntry, rule: string, severity: Severity, message: string, docs = this.table.docs.guide): void {
    this.findings.push({ rule, severity, message, offset: entry.keyStart, docs });
  }

  /**
   * Names a line as `'key=value'` (unescaped, value trimmed). Not the raw text: findings are
   * de-duplicated by message across the engine's rounds, and a line a rename already rewrote
   * must be named the same way as before.
   */
  quote(entry: PropertyEntry): string {
    return display(entry.key, entry.value.trim());
  }
}

/** Appends in place (a copy per append made a file with one key on every line quadratic). */
function appendTo<T>(map: Map<string, T[]>, key: string, item: T): void {
  const list = map.get(key);
  if (list) list.push(item);
  else map.set(key, [item]);
}

function display(key: string, value: string): string {
  const line = `${key}=${value}`;
  return `'${line.length > 100 ? line.slice(0, 97) + '...' : line}'`;
}

export function migrateProperties(file: SourceFile, ctx: PassContext): PassResult {
  const parsed = parseProperties(file.text);
  // application-<profile>.properties as Boot loads it: every document in it is profile-specific
  const profile = profileOfFile(file.path, ctx);
  const result: Required<Pick<PassResult, 'edits' | 'findings'>> = { edits: [], findings: [] };
  const found = libraryConfigContext(ctx.project);
  const libs = { ...found, springdocInBuild: found.springdocInBuild || decidedSpringfox(ctx).on };
  for (const doc of parsed.documents) {
    const work = migrateDocument(file.text, ctx.table, doc, profile, libs);
    appendAll(result.edits, work.edits);
    appendAll(result.findings, work.findings);
  }
  return result;
}

export type Resolved = { entry: PropertyEntry; rule: KeyRule | undefined };

function migrateDocument(text: string, table: MigrationTable, doc: PropertiesDocument, profile: string | undefined, libs: LibraryConfigContext): DocumentWork {
  const work = new DocumentWork(text, table, doc);
  const resolved: Resolved[] = doc.entries.map((entry) => ({ entry, rule: meterNamed(work, entry, resolveKey(table, entry.key), libs) ?? springfoxRule(work, entry, libs) ?? openfeignRule(work, entry, libs) }));
  convertValues(work, resolved);
  renameKeys(work, resolved);
  migrateLibraryValues(work, resolved.map((r) => ({ entry: r.entry, key: keyAfter(r) })), libs);
  reportRemovals(work, resolved);
  changeListValues(work, resolved);
  checkProfileSpecific(work, resolved, profile);
  return work;
}

/** A rename to a meter's default name, in a project that names the meter otherwise: reported, not made. */
function meterNamed(work: DocumentWork, entry: PropertyEntry, rule: KeyRule | undefined, libs: LibraryConfigContext): KeyRule | undefined {
  if (rule?.kind !== 'rename' || !('meter' in rule.row)) return rule;
  const conflict = meterNameConflict(rule.row, entry.key, libs);
  if (!conflict) return rule;
  work.report(entry, RULES.removed, 'warning', conflict);
  work.claimed.add(entry);
  return undefined;
}

/** The key an entry will have after this pass (its rename target, or itself). */
function keyAfter({ entry, rule }: Resolved): string {
  return rule?.kind === 'rename' ? rule.to : entry.key;
}

// ---------------------------------------------------------------- conversions

function convertValues(work: DocumentWork, resolved: Resolved[]): void {
  const byRow = new Map<PropertyConversion, PropertyEntry[]>();
  for (const { entry, rule } of resolved) {
    if (rule?.kind === 'convert') byRow.set(rule.row, [...(byRow.get(rule.row) ?? []), entry]);
  }
  for (const [row, entries] of byRow) convertRow(work, row, entries);
}

/** The row's key (as the table spells it) that an entry's key stands for. */
function tableKeyOf(row: PropertyConversion, entry: PropertyEntry): string {
  return row.from.find((f) => keyFamily(f) === keyFamily(entry.key)) ?? entry.key;
}

/**
 * The value Spring binds for each of the row's keys in this document: the last line wins, and
 * indexed lines (`names[0]`, `names[1]`) form a comma list.
 */
function presentKeys(row: PropertyConversion, entries: PropertyEntry[]): PresentKey[] {
  const byKey = new Map<string, PropertyEntry[]>();
  for (const e of entries) byKey.set(tableKeyOf(row, e), [...(byKey.get(tableKeyOf(row, e)) ?? []), e]);
  return [...byKey].map(([key, list]) => {
    const indexed = list.filter((e) => keyIdentity(e.key) !== keyFamily(e.key));
    const value = indexed.length > 0 ? indexed.map((e) => e.value.trim()).join(',') : list[list.length - 1]!.value;
    return { key, value };
  });
}

function convertRow(work: DocumentWork, row: PropertyConversion, entries: PropertyEntry[]): void {
  const outcome = convertValue(row, presentKeys(row, entries));
  const first = entries[0]!;
  if (outcome.kind === 'report') {
    work.report(first, RULES.convert, keptKeySeverity(row.level), outcome.message);
    return;
  }
  const consumed = entries.filter((e) => outcome.consumed.includes(tableKeyOf(row, e)));
  const existing = work.occupants(keyIdentity(outcome.key), consumed);
  if (existing.length > 0) {
    if (existing.every((o) => o.value === outcome.value)) {
      for (const e of consumed) work.edit(deleteLineEdit(e), RULES.duplicate);
      work.report(consumed[0]!, RULES.duplicate, 'info', `${consumed.map((e) => work.quote(e)).join(' and ')} deleted: ${outcome.key} is already set to '${outcome.value}' in this document`);
    } else {
      const others = existing.map((o) => o.display).join(' and ');
      work.report(consumed[0]!, RULES.duplicate, 'warning', `${consumed.map((e) => work.quote(e)).join(' and ')} would become '${outcome.key}=${outcome.value}', but this document also has ${others}: left unchanged, keep one of them`);
    }
    consumed.forEach((e) => work.claimed.add(e));
    return;
  }
  const [head, ...rest] = consumed;
  work.edit(renameKeyEdit(work.text, head!, outcome.key), RULES.convert);
  if (head!.value.trim() !== outcome.value) work.edit(setValueEdit(work.text, head!, outcome.value), RULES.convert);
  for (const e of rest) work.edit(deleteLineEdit(e), RULES.convert);
  consumed.forEach((e) => work.claimed.add(e));
  work.produce(outcome.key, head!, outcome.value);
}

// ---------------------------------------------------------------- renames

function renameKeys(work: DocumentWork, resolved: Resolved[]): void {
  const byTarget = new Map<string, { entry: PropertyEntry; to: string; rule: string }[]>();
  for (const { entry, rule } of resolved) {
    if (rule?.kind !== 'rename' || work.claimed.has(entry)) continue;
    appendTo(byTarget, keyIdentity(rule.to), { entry, to: rule.to, rule: rule.rule });
  }
  for (const [targetId, sources] of byTarget) renameGroup(work, targetId, sources);
}

/** Every line of one document whose key becomes the same new key. */
function renameGroup(work: DocumentWork, targetId: string, sources: { entry: PropertyEntry; to: string; rule: string }[]): void {
  const sourceEntries = sources.map((s) => s.entry);
  const existing = work.occupants(targetId, sourceEntries);
  const oneOldKey = new Set(sourceEntries.map((e) => keyIdentity(e.key))).size === 1;
  if (existing.length === 0 && oneOldKey) {
    // The common case. A key written twice stays written twice: the last line still wins.
    for (const s of sources) work.edit(renameKeyEdit(work.text, s.entry, s.to), s.rule);
    return;
  }
  const to = sources[0]!.to;
  const values = new Set([...existing.map((o) => o.value), ...sourceEntries.map((e) => e.value.trim())]);
  if (values.size === 1) {
    const keep = existing.length === 0 ? sources[0]! : undefined;
    if (keep) work.edit(renameKeyEdit(work.text, keep.entry, keep.to), keep.rule);
    for (const s of sources) {
      if (s === keep) continue;
      work.edit(deleteLineEdit(s.entry), RULES.duplicate);
      work.report(s.entry, RULES.duplicate, 'info', `${work.quote(s.entry)} deleted: it would become ${to}, which this document already sets to the same value`);
    }
  } else {
    // each line names the others, at most three of them: a message stays one line whatever the file
    const quoted = [...existing.map((o) => o.display), ...sourceEntries.map((e) => work.quote(e))];
    sources.forEach((s, i) => {
      const self = existing.length + i;
      const others = (quoted.length <= 5 ? quoted : quoted.slice(0, 4)).filter((_, j) => j !== self).slice(0, quoted.length <= 5 ? undefined : 3);
      const names = quoted.length <= 5 ? others.join(' and ') : `${others.join(', ')} and ${quoted.length - 4} more`;
      work.report(s.entry, RULES.duplicate, 'warning', `${work.quote(s.entry)} not renamed to ${to}: this document also has ${names} with a different value; keep one of them`);
    });
  }
  sourceEntries.forEach((e) => work.claimed.add(e));
}

// ---------------------------------------------------------------- removals, values, profiles

function removalMessage(key: string, row: PropertyRemoval): string {
  const hint = row.hint ? ` Consider ${row.hint}.` : '';
  return row.since ? `${key} ${removalWords(row)} (left unchanged): ${row.reason}${hint}` : `${key} is no longer supported by Spring Boot 3.0 (left unchanged): ${row.reason}${hint}`;
}

function reportRemovals(work: DocumentWork, resolved: Resolved[]): void {
  for (const { entry, rule } of resolved) {
    if (rule?.kind === 'remove') work.report(entry, rule.rule, keptKeySeverity(rule.row.level), removalMessage(entry.key, rule.row), rule.row.docs);
  }
}

/** Endpoint ids in exposure include/exclude lists (`httptrace` -> `httpexchanges`). */
function changeListValues(work: DocumentWork, resolved: Resolved[]): void {
  for (const r of resolved) {
    if (work.claimed.has(r.entry)) continue;
    const key = keyAfter(r);
    const changes = valueChanges(work.table, key);
    if (changes.length === 0) continue;
    let changed = false;
    const items = r.entry.value.split(',').map((item) => {
      const id = item.trim();
      const change = changes.find((c) => c.from.toLowerCase() === id.toLowerCase());
      if (!change) return item;
      if (change.to === null) {
        work.report(r.entry, RULES.value, 'warning', `${key}: endpoint '${id}' no longer exists in Spring Boot 3.0; remove it from the list`);
        return item;
      }
      changed = true;
      return item.replace(id, change.to);
    });
    if (changed) work.edit(setValueEdit(work.text, r.entry, items.join(',')), RULES.value);
  }
}

function checkProfileSpecific(work: DocumentWork, resolved: Resolved[], profile: string | undefined): void {
  const activated = resolved.some((r) => keyFamily(keyAfter(r)) === ON_PROFILE);
  if (profile === undefined && !activated) return;
  const why = profile !== undefined ? `this file is specific to profile '${profile}'` : 'this document is activated by spring.config.activate.on-profile';
  for (const { entry } of resolved) {
    if (!isProfileSpecificForbidden(work.table, entry.key)) continue;
    work.report(
      entry,
      RULES.profileSpecific,
      'error',
      `${entry.key} is not allowed in a profile-specific document (${why}); Spring Boot 3.0 fails at startup. Move it to a document that is not profile-specific, or use spring.profiles.group`,
    );
  }
}
