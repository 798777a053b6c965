// Builds the `properties` section from spring-boot-3.0-properties.json and
// spring-boot-3.0-property-families.json. Every deprecated key lands in exactly one of:
// rename (target known), convert (value changes or several keys meet), remove (no successor).
import type {
  PropertiesSection,
  PropertyConversion,
  PropertyPrefixRename,
  PropertyRemoval,
  PropertyRename,
  PropertyValueChange,
} from '../../src/table/sections/properties.js';
import type { DataDir, RemovedApi } from './data.js';
import { guide } from './data.js';
import { sleuthRows } from './properties-sleuth.js';
import { requestMetricRows } from './properties-request-metrics.js';

interface PropertyEntry {
  name: string;
  replacement: string | null;
  suggestedReplacement?: string | null;
  level: 'error' | 'warning';
  reason: string | null;
  type: string;
  note?: string;
  family: string | null;
  mapValued: boolean;
}

interface Family {
  id: string;
  from: string;
  to: string | null;
  products?: string[];
  exceptions: string[];
  mapping?: { from: string; to: string | null }[];
}

interface Removed {
  name: string;
  replacement: string | null;
  action: 'remove' | 'rename' | 'manual';
  note?: string;
}

interface FamiliesFile {
  families: Family[];
  mapValued: { name: string; replacement: string | null; level: 'error' | 'warning' }[];
  removedWithoutMetadata: Removed[];
  vanishedFromMetadata: { name: string; deprecation27: { replacement?: string; level: string; reason?: string }; note: string }[];
  endpointIdChanges: { from: string; to: string | null; affects: string[]; source: string }[];
}

const METADATA = 'spring-boot 3.0.13 configuration metadata';
const FAMILIES = 'spring-boot-3.0-property-families.json';

/**
 * Value rules for keys whose 3.0 target takes a different value, chosen by the facts: the old
 * key's type (Boolean) against the target's documented values. Keys not listed here that share a
 * target with another key get 'same-value' (rename when only one of them is set, else report).
 */
const VALUE_RULES: Record<string, PropertyConversion['convert']> = {
  'spring.sql.init.enabled': 'boolean-to-init-mode',
  'server.use-forward-headers': 'boolean-to-forward-headers-strategy',
  'spring.artemis.host': 'host-port-to-url',
  'spring.artemis.port': 'host-port-to-url',
  'spring.flyway.ignore-future-migrations': 'flyway-ignore-to-pattern',
  'spring.flyway.ignore-ignored-migrations': 'flyway-ignore-to-pattern',
  'spring.flyway.ignore-missing-migrations': 'flyway-ignore-to-pattern',
  'spring.flyway.ignore-pending-migrations': 'flyway-ignore-to-pattern',
  // Jetty access-log fields fold into one custom format string: no certain rule.
  'server.jetty.accesslog.date-format': 'report',
  'server.jetty.accesslog.locale': 'report',
  'server.jetty.accesslog.log-cookies': 'report',
  'server.jetty.accesslog.log-latency': 'report',
  'server.jetty.accesslog.log-server': 'report',
  'server.jetty.accesslog.time-zone': 'report',
  // A Boolean switch meets an enum of initialization modes: which mode "true" meant depends on the database.
  'spring.batch.initializer.enabled': 'report',
};

function targetOf(e: PropertyEntry): string | null {
  return e.suggestedReplacement ?? e.replacement;
}

/** Follows A -> B -> C while B is itself deprecated; null when the chain ends without a successor. */
function finalTarget(e: PropertyEntry, byName: Map<string, PropertyEntry>): { to: string | null; via: string[] } {
  const via: string[] = [];
  let to = targetOf(e);
  while (to && byName.has(to) && !via.includes(to)) {
    via.push(to);
    to = targetOf(byName.get(to)!);
  }
  return { to, via };
}

function reasonOf(e: PropertyEntry): string {
  return e.reason ?? e.note ?? 'removed in Spring Boot 3.0 without a replacement';
}

function expandFamily(f: Family): PropertyPrefixRename[] {
  if (!f.to || f.from.includes('{uri')) return []; // removed families, and neo4j's three exact keys
  if (f.id === 'metrics-export-wavefront') return []; // not uniform: exact rows only
  const except = f.exceptions
    .map((x) => x.split(' ')[0]!)
    .filter((k) => k.startsWith(f.from))
    .filter((k) => !f.exceptions.some((x) => x.startsWith(k) && x.includes(' -> '))); // '->' exceptions are exact renames
  const row = (from: string, to: string): PropertyPrefixRename => ({
    from,
    to,
    ...(except.length ? { except } : {}),
    family: f.id,
    source: `${FAMILIES} families[${f.id}]`,
  });
  if (f.products) return f.products.map((p) => row(f.from.replace('{product}', p), f.to!.replace('{product}', p)));
  return [row(f.from, f.to)];
}

export function buildProperties(data: DataDir): PropertiesSection {
  const entries = data.read<PropertyEntry[]>('spring-boot-3.0-properties.json');
  const fam = data.read<FamiliesFile>(FAMILIES);
  const apis = data.read<RemovedApi[] | { entries: RemovedApi[] }>('boot-3.0-removed-apis.json');
  const apiList = Array.isArray(apis) ? apis : apis.entries;
  const byName = new Map(entries.map((e) => [e.name, e]));

  const rename: PropertyRename[] = [];
  const remove: PropertyRemoval[] = [];
  const convertByTarget = new Map<string, { rows: PropertyEntry[]; to: string }>();
  const renamePrefix: PropertyPrefixRename[] = fam.families.flatMap(expandFamily);

  // Targets that several old keys share: the value may need merging.
  const targetCount = new Map<string, number>();
  for (const e of entries) {
    const { to } = finalTarget(e, byName);
    if (to) targetCount.set(to, (targetCount.get(to) ?? 0) + 1);
  }

  for (const e of entries) {
    const { to, via } = finalTarget(e, byName);
    if (e.mapValued) continue; // map-valued keys are handled below, as prefixes
    if (!to) {
      remove.push({ key: e.name, level: e.level, reason: reasonOf(e), source: `${METADATA}${via.length ? ` (via ${via.join(' -> ')})` : ''}` });
      continue;
    }
    const rule = VALUE_RULES[e.name];
    if (rule || (targetCount.get(to) ?? 0) > 1) {
      const group = convertByTarget.get(to) ?? { rows: [], to };
      group.rows.push(e);
      convertByTarget.set(to, group);
      continue;
    }
    rename.push({
      from: e.name,
      to,
      level: e.level,
      source: e.suggestedReplacement ? `${METADATA}; suggestedReplacement` : via.length ? `${METADATA} (chain via ${via.join(' -> ')})` : METADATA,
      ...(e.note ? { note: e.note } : {}),
    });
  }

  const convert: PropertyConversion[] = [];
  for (const { rows, to } of convertByTarget.values()) {
    // Several keys with distinct value rules meet in one target: one row per rule.
    const byRule = new Map<PropertyConversion['convert'], PropertyEntry[]>();
    for (const r of rows) {
      const rule = VALUE_RULES[r.name] ?? 'same-value';
      byRule.set(rule, [...(byRule.get(rule) ?? []), r]);
    }
    for (const [rule, group] of byRule) {
      convert.push({
        from: group.map((r) => r.name).sort(),
        to,
        convert: rule,
        level: group.some((r) => r.level === 'error') ? 'error' : 'warning',
        reason: [...new Set(group.map((r) => r.reason).filter(Boolean))].join(' ') || `${group.map((r) => r.name).join(', ')} -> ${to}`,
        source: METADATA,
      });
    }
  }

  for (const m of fam.mapValued) {
    if (m.replacement) {
      renamePrefix.push({ from: `${m.name}.`, to: `${m.replacement}.`, family: 'map-valued', source: `${FAMILIES} mapValued` });
      rename.push({ from: m.name, to: m.replacement, level: m.level, source: `${FAMILIES} mapValued` });
    } else {
      remove.push({ key: m.name, prefix: true, level: m.level, reason: reasonOf(byName.get(m.name)!), source: `${FAMILIES} mapValued` });
    }
  }

  // Keys 3.0 dropped with no metadata at all: the properties-migrator cannot see them.
  for (const r of fam.removedWithoutMetadata) {
    if (byName.has(r.name)) continue;
    if (r.name === 'spring.batch.job.names' && r.replacement) {
      convert.push({ from: [r.name], to: r.replacement, convert: 'single-item', level: 'error', reason: r.note ?? '', source: `${FAMILIES} removedWithoutMetadata` });
    } else if (r.action === 'rename' && r.replacement) {
      rename.push({ from: r.name, to: r.replacement, level: 'error', source: `${FAMILIES} removedWithoutMetadata`, ...(r.note ? { note: r.note } : {}) });
    } else {
      remove.push({ key: r.name, level: 'error', reason: r.note ?? 'removed in Spring Boot 3.0', source: `${FAMILIES} removedWithoutMetadata (${r.action})` });
    }
  }
  // Whole families that 3.0 removed: any key below them, listed or not.
  for (const f of fam.families) {
    if (f.to === null && !f.from.includes('{')) {
      const sample = fam.removedWithoutMetadata.find((r) => r.name.startsWith(f.from));
      remove.push({ key: f.from.slice(0, -1), prefix: true, level: 'error', reason: sample?.note ?? `${f.from}* removed in Spring Boot 3.0`, source: `${FAMILIES} families[${f.id}]` });
    }
  }
  // A rename into a family 3.0 removed whole (ActiveMQ's pool keys) would land on a dead key.
  const removedFamilies = fam.families.filter((f) => f.to === null && !f.from.includes('{'));
  for (let i = rename.length - 1; i >= 0; i--) {
    const family = removedFamilies.find((f) => rename[i]!.to.startsWith(f.from));
    if (!family) continue;
    const [row] = rename.splice(i, 1);
    const sample = fam.removedWithoutMetadata.find((r) => r.name.startsWith(family.from));
    remove.push({ key: row!.from, level: 'error', reason: `its 2.7 successor ${row!.to} is gone too: ${sample?.note ?? `${family.from}* removed in Spring Boot 3.0`}`, source: `${row!.source}; ${FAMILIES} families[${family.id}]` });
  }
  for (const w of fam.families.find((f) => f.id === 'metrics-export-wavefront')?.mapping ?? []) {
    if (w.to && !rename.some((r) => r.from === w.from)) rename.push({ from: w.from, to: w.to, level: 'error', source: `${FAMILIES} families[metrics-export-wavefront].mapping` });
  }

  for (const v of fam.vanishedFromMetadata) {
    if (v.deprecation27.replacement) {
      rename.push({ from: v.name, to: v.deprecation27.replacement, level: 'error', source: `${FAMILIES} vanishedFromMetadata`, note: v.note });
    } else {
      remove.push({ key: v.name, level: 'error', reason: v.deprecation27.reason ?? v.note, source: `${FAMILIES} vanishedFromMetadata` });
    }
  }

  // SAML2: identityprovider -> assertingparty below each registration id (a map key, matched by '*').
  const saml = apiList.find((a) => a.fqcn.endsWith('Saml2RelyingPartyProperties#getIdentityprovider()'));
  if (saml) {
    renamePrefix.push({
      from: 'spring.security.saml2.relyingparty.registration.*.identityprovider.',
      to: 'spring.security.saml2.relyingparty.registration.*.assertingparty.',
      family: 'saml2-asserting-party',
      source: `boot-3.0-removed-apis.json ${saml.fqcn}`,
    });
  }

  // spring.jpa.properties.javax.persistence.* are handed to Hibernate 6, which reads jakarta.persistence.*.
  renamePrefix.push({
    from: 'spring.jpa.properties.javax.persistence.',
    to: 'spring.jpa.properties.jakarta.persistence.',
    family: 'jakarta-persistence',
    source: 'jakarta-packages.json nonJavaOccurrences[application.properties / application.yml]',
  });

  // request-metric keys with an exact per-meter form in 3.0: renamed, no longer removals
  const requestMetrics = requestMetricRows();
  rename.push(...requestMetrics);
  const moved = new Set(requestMetrics.map((r) => r.from));
  remove.splice(0, remove.length, ...remove.filter((r) => !moved.has(r.key)));

  const sleuth = sleuthRows(data);
  rename.push(...sleuth.rename);
  remove.push(...sleuth.remove);
  convert.push(...sleuth.convert);

  const values: PropertyValueChange[] = fam.endpointIdChanges.map((c) => ({
    keys: [
      'management.endpoints.web.exposure.include',
      'management.endpoints.web.exposure.exclude',
      'management.endpoints.jmx.exposure.include',
      'management.endpoints.jmx.exposure.exclude',
    ],
    from: c.from,
    to: c.to,
    source: `${FAMILIES} endpointIdChanges (${c.source})`,
  }));

  const profiles = fam.vanishedFromMetadata.find((v) => v.name === 'spring.profiles');
  const forbidden = profiles ? [...profiles.note.matchAll(/spring\.profiles\.(active|default|include)/g)].map((m) => m[0]) : [];

  const sortBy = <T>(rows: T[], key: (r: T) => string) => rows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  return {
    rename: sortBy(dedupe(rename, (r) => r.from), (r) => r.from),
    renamePrefix: sortBy(dedupe(renamePrefix, (r) => r.from), (r) => r.from),
    remove: sortBy(dedupe(remove, (r) => r.key + (r.prefix ? '.*' : '')), (r) => r.key),
    convert: sortBy(convert, (r) => r.from[0]!),
    values,
    profileSpecificForbidden: [...new Set(forbidden)].sort(),
  };
}

function dedupe<T>(rows: T[], key: (r: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const r of rows) if (!seen.has(key(r))) seen.set(key(r), r);
  return [...seen.values()];
}

export { guide };
