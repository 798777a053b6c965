// What the table says about one configuration key, with Spring's relaxed binding: a key written
// `spring.redis.clientName`, `spring.redis.client_name` or `spring.redis.client-name` is the same
// key. Every transform that meets a property key (config files, @Value in code, environment
// variables) asks here, so the rules live in one place.
import type { PropertyConversion, PropertyPrefixRename, PropertyRemoval, PropertyRename, PropertyValueChange } from '../table/sections/properties.js';
import { rememberedPerTable, tableIndex } from '../table/load.js';
import type { MigrationTable } from '../table/types.js';

export const RULES = {
  rename: 'properties/rename',
  renamePrefix: 'properties/rename-prefix',
  removed: 'properties/removed',
  convert: 'properties/convert',
  value: 'properties/value',
} as const;

export type KeyRule =
  | { kind: 'rename'; to: string; rule: string; level: 'error' | 'warning'; source: string; row: PropertyRename | PropertyPrefixRename }
  | { kind: 'remove'; rule: string; row: PropertyRemoval }
  | { kind: 'convert'; rule: string; row: PropertyConversion };

/**
 * How a removal reads: 'is removed in Spring Boot 3.0', or for a key a later minor deprecated but
 * still binds, 'is deprecated in Spring Boot 3.4 (still read)'.
 */
export function removalWords(row: PropertyRemoval): string {
  const line = `Spring Boot ${row.since ?? '3.0'}`;
  return row.since && row.level === 'warning' ? `is deprecated in ${line} (still read)` : `is removed in ${line}`;
}

/** One segment of a key: `nodes[0]` has name `nodes` and index `[0]`. */
interface Segment {
  raw: string;
  canonical: string;
}

/** Spring's uniform form of a name element: lower case, without '-' and '_', without [index]. */
export function canonicalSegment(raw: string): string {
  const bracket = raw.indexOf('[');
  const name = bracket >= 0 ? raw.slice(0, bracket) : raw;
  return name.toLowerCase().replace(/[-_]/g, '');
}

/** Splits at dots outside brackets (`a[x.y].b` has two segments). */
export function splitKey(key: string): string[] {
  if (!key.includes('[')) return key.split('.'); // most keys: no brackets, the native split
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < key.length; i++) {
    const ch = key[i];
    if (ch === '[') depth++;
    else if (ch === ']') depth = Math.max(0, depth - 1);
    else if (ch === '.' && depth === 0) {
      out.push(key.slice(start, i));
      start = i + 1;
    }
  }
  out.push(key.slice(start));
  return out;
}

function segments(key: string): Segment[] {
  return splitKey(key).map((raw) => ({ raw, canonical: canonicalSegment(raw) }));
}

/** The uniform form of a whole key: `spring.redis.clientName` and `spring.redis.client-name` agree. */
export function canonicalKey(key: string): string {
  return splitKey(key).map(canonicalSegment).join('.');
}

interface PrefixRule {
  pattern: string[]; // canonical segments, '*' for any one segment
  target: string[]; // segments of the target, '*' filled from the match
  except: string[]; // canonical keys or prefixes (ending '.')
  row: PropertyPrefixRename;
}

interface Index {
  exact: Map<string, KeyRule>;
  prefixes: PrefixRule[]; // longest first
  removedPrefixes: { canonical: string; row: PropertyRemoval }[];
  values: Map<string, PropertyValueChange[]>;
  /** Canonical keys of exact rows that a prefix rule would not produce by itself (special cases). */
  specialKeys: string[];
}

function buildIndex(table: MigrationTable): Index {
  const p = table.properties;
  const exact = new Map<string, KeyRule>();
  for (const row of p.rename) exact.set(canonicalKey(row.from), { kind: 'rename', to: row.to, rule: RULES.rename, level: row.level, source: row.source, row });
  for (const row of p.remove) if (!row.prefix) exact.set(canonicalKey(row.key), { kind: 'remove', rule: RULES.removed, row });
  for (const row of p.convert) for (const from of row.from) exact.set(canonicalKey(from), { kind: 'convert', rule: RULES.convert, row });
  const prefixes: PrefixRule[] = p.renamePrefix
    .map((row) => ({
      pattern: splitKey(row.from.slice(0, -1)).map((s) => (s === '*' ? '*' : canonicalSegment(s))),
      target: splitKey(row.to.slice(0, -1)),
      except: (row.except ?? []).map((e) => (e.endsWith('.') ? canonicalKey(e.slice(0, -1)) + '.' : canonicalKey(e))),
      row,
    }))
    .sort((a, b) => b.pattern.length - a.pattern.length);
  const removedPrefixes = p.remove.filter((r) => r.prefix).map((row) => ({ canonical: canonicalKey(row.key), row }));
  const values = new Map<string, PropertyValueChange[]>();
  for (const v of p.values) for (const k of v.keys) values.set(canonicalKey(k), [...(values.get(canonicalKey(k)) ?? []), v]);
  // computed on first use: only YAML block moves ask, and it is most of this index's cost
  let specialKeys: string[] | undefined;
  return {
    exact,
    prefixes,
    removedPrefixes,
    values,
    get specialKeys() {
      return (specialKeys ??= [...exact.entries()].filter(([key, rule]) => !agreesWithPrefix(prefixes, key, rule)).map(([key]) => key).sort());
    },
  };
}

/** An exact rename that says the same as the family's prefix rule is no special case. */
function agreesWithPrefix(prefixes: PrefixRule[], key: string, rule: KeyRule): boolean {
  if (rule.kind !== 'rename') return false;
  const segs = segments(key);
  const prefix = prefixes.find((r) => matchPrefix(r, segs));
  return prefix !== undefined && canonicalKey(applyPrefix(prefix, segs)) === canonicalKey(rule.to);
}

function index(table: MigrationTable): Index {
  return tableIndex(table, 'properties/resolve', buildIndex);
}

function matchPrefix(rule: PrefixRule, segs: Segment[]): boolean {
  if (segs.length <= rule.pattern.length) return false;
  return rule.pattern.every((p, i) => p === '*' || p === segs[i]!.canonical);
}

function excepted(rule: PrefixRule, canonical: string): boolean {
  return rule.except.some((e) => (e.endsWith('.') ? canonical.startsWith(e) : canonical === e || canonical.startsWith(e + '.')));
}

/** The target key text for a prefix match: the target's segments, then the rest as written. */
function applyPrefix(rule: PrefixRule, segs: Segment[]): string {
  let star = 0;
  const stars = rule.pattern.map((p, i) => (p === '*' ? segs[i]!.raw : undefined)).filter((s): s is string => s !== undefined);
  const head = rule.target.map((t) => (t === '*' ? stars[star++]! : t));
  return [...head, ...segs.slice(rule.pattern.length).map((s) => s.raw)].join('.');
}

/** Carries an index written on the last segment (`spring.profiles[0]`) over to the new key. */
function withIndex(to: string, segs: Segment[]): string {
  const last = segs[segs.length - 1]!.raw;
  const bracket = last.indexOf('[');
  return bracket >= 0 ? to + last.slice(bracket) : to;
}

/**
 * The rule for a full key as written in a file, or undefined when the key is fine in 3.0.
 * For renames, `to` is the complete new key, keeping the user's spelling of the parts that
 * do not change (map keys, list indexes, the rest below a moved prefix).
 */
export function resolveKey(table: MigrationTable, key: string): KeyRule | undefined {
  return rememberedPerTable(table, 'properties/resolve-memo', key, computeKeyRule);
}

function computeKeyRule(table: MigrationTable, key: string): KeyRule | undefined {
  const idx = index(table);
  const segs = segments(key);
  const canonical = segs.map((s) => s.canonical).join('.');
  const hit = idx.exact.get(canonical);
  if (hit) return hit.kind === 'rename' ? { ...hit, to: withIndex(hit.to, segs) } : hit;
  let best: { length: number; rule: KeyRule } | undefined;
  for (const r of idx.removedPrefixes) {
    if (canonical === r.canonical || canonical.startsWith(r.canonical + '.')) {
      const length = r.canonical.split('.').length;
      if (!best || length > best.length) best = { length, rule: { kind: 'remove', rule: RULES.removed, row: r.row } };
    }
  }
  for (const rule of idx.prefixes) {
    if (!matchPrefix(rule, segs) || excepted(rule, canonical)) continue;
    if (!best || rule.pattern.length > best.length) {
      best = { length: rule.pattern.length, rule: { kind: 'rename', to: applyPrefix(rule, segs), rule: RULES.renamePrefix, level: 'error', source: rule.row.source, row: rule.row } };
    }
    break; // prefixes are sorted longest first
  }
  return best?.rule;
}

/**
 * For a mapping node at `path` (a YAML map, say `spring.redis`): the prefix rule that moves the
 * whole subtree as one block, or undefined when some key below it has a rule of its own
 * (an exact rename, an exception, a removal) and the keys must move one by one.
 */
export function subtreeMove(table: MigrationTable, path: string): { to: string; rule: string } | undefined {
  return rememberedPerTable(table, 'properties/subtree-memo', path, computeSubtreeMove);
}

function computeSubtreeMove(table: MigrationTable, path: string): { to: string; rule: string } | undefined {
  const idx = index(table);
  const segs = segments(path);
  const canonical = segs.map((s) => s.canonical).join('.');
  const rule = idx.prefixes.find((r) => r.pattern.length <= segs.length && r.pattern.every((p, i) => p === '*' || p === segs[i]!.canonical));
  if (!rule) return undefined;
  if (rule.except.some((e) => e.startsWith(canonical + '.') || canonical.startsWith(e.replace(/\.$/, '')))) return undefined;
  const below = canonical + '.';
  if (idx.specialKeys.some((k) => k === canonical || k.startsWith(below))) return undefined;
  if (idx.removedPrefixes.some((r) => r.canonical.startsWith(below) || canonical.startsWith(r.canonical + '.') || r.canonical === canonical)) return undefined;
  // A longer family inside this one blocks the block move only when it sends its keys elsewhere
  // (map-valued families such as ...prometheus.pushgateway.grouping-key. say the same as the outer rule).
  const disagrees = (r: PrefixRule) => canonicalKey(applyPrefix(rule, r.pattern.map((p) => ({ raw: p, canonical: p })))) !== canonicalKey(r.target.join('.'));
  if (idx.prefixes.some((r) => r !== rule && r.pattern.length > segs.length && r.pattern.slice(0, segs.length).every((p, i) => p === '*' || p === segs[i]!.canonical) && disagrees(r))) return undefined;
  const head = applyPrefix(rule, [...segs, { raw: '', canonical: '' }]);
  return { to: head.slice(0, -1), rule: RULES.renamePrefix };
}

/**
 * A cheap test for a configuration file: does it name the first segment of any key the table
 * knows (spring, management, server, logging, ...)? One that names none has nothing to change.
 * Case-insensitive, since relaxed binding accepts SPRING.redis too.
 */
export function mentionsTableKeys(table: MigrationTable, text: string): boolean {
  const pattern = tableIndex(table, 'properties/first-segments', (t) => {
    const p = t.properties;
    const keys = [
      ...p.rename.map((r) => r.from),
      ...p.renamePrefix.map((r) => r.from),
      ...p.remove.map((r) => r.key),
      ...p.convert.flatMap((r) => r.from),
      ...p.values.flatMap((v) => v.keys),
      ...p.profileSpecificForbidden,
    ];
    const heads = [...new Set(keys.map((k) => splitKey(k)[0]!.replace(/[^a-z0-9]/gi, '')))].filter(Boolean);
    return new RegExp(heads.join('|'), 'i');
  });
  return pattern.test(text);
}

/** Value changes (endpoint ids) that apply to a list-valued key. */
export function valueChanges(table: MigrationTable, key: string): PropertyValueChange[] {
  return index(table).values.get(canonicalKey(key)) ?? [];
}

/** Keys that 3.0 rejects in a profile-specific document. */
export function isProfileSpecificForbidden(table: MigrationTable, key: string): boolean {
  const forbidden = tableIndex(table, 'properties/profile-forbidden', (t) => new Set(t.properties.profileSpecificForbidden.map(canonicalKey)));
  return forbidden.has(canonicalKey(key));
}

/** SPRING_DATA_REDIS_HOST for spring.data.redis.host (Spring's environment-variable mapping). */
export function envName(key: string): string {
  return splitKey(key)
    .map((s) => s.replace(/\[(\d+)\]/g, '_$1_').replace(/[-]/g, '').toUpperCase())
    .join('_')
    .replace(/_+$/, '');
}

/**
 * The rule for an environment variable name (SPRING_REDIS_HOST), with the new variable name.
 * Underscores are ambiguous (a dot, or part of a name), so only names that the table's own keys
 * spell out are matched: exact rows by their env form, prefix rows by their env prefix.
 */
export function resolveEnvVar(table: MigrationTable, name: string): { to: string | null; rule: KeyRule } | undefined {
  const env = tableIndex(table, 'properties/env', (t) => {
    const exact = new Map<string, { key: string; rule: KeyRule }>();
    for (const row of t.properties.rename) exact.set(envName(row.from), { key: row.from, rule: resolveKey(t, row.from)! });
    for (const row of t.properties.remove) if (!row.prefix) exact.set(envName(row.key), { key: row.key, rule: resolveKey(t, row.key)! });
    const prefixes = t.properties.renamePrefix
      .filter((r) => !r.from.includes('*'))
      .map((r) => ({ from: envName(r.from.slice(0, -1)) + '_', to: envName(r.to.slice(0, -1)) + '_', row: r }))
      .sort((a, b) => b.from.length - a.from.length);
    return { exact, prefixes };
  });
  const upper = name.toUpperCase();
  const hit = env.exact.get(upper);
  if (hit) return { to: hit.rule.kind === 'rename' ? envName(hit.rule.to) : null, rule: hit.rule };
  const prefix = env.prefixes.find((p) => upper.startsWith(p.from));
  if (!prefix) return undefined;
  const rule = resolveKey(table, prefix.row.from + upper.slice(prefix.from.length).toLowerCase().replace(/_/g, '.'));
  if (rule?.kind !== 'rename' || rule.rule !== RULES.renamePrefix) return undefined;
  return { to: prefix.to + upper.slice(prefix.from.length), rule };
}

/**
 * The impact of a key the run leaves in place (removed, or not converted): Spring Boot 3.0
 * ignores a key it no longer binds, so the application starts and the setting no longer applies
 * (`warning`); a key the metadata only deprecates (level `warning`) is still bound (`info`).
 */
export function keptKeySeverity(level: 'error' | 'warning'): 'warning' | 'info' {
  return level === 'error' ? 'warning' : 'info';
}
