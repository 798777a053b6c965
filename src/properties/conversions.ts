// Value rules for keys whose 3.0 successor takes a different value, or where several old keys
// meet in one new key. The table names the rule (PropertyConversion.convert); this module is
// the only code that interprets it. Anything not certain is reported, never guessed.
import type { PropertyConversion } from '../table/sections/properties.js';

/** One old key present in a document, with its value as plain text (unquoted scalar, or list items joined by ','). */
export interface PresentKey {
  key: string; // canonical table key (one of row.from)
  value: string;
}

export type ConversionOutcome =
  | { kind: 'set'; key: string; value: string; consumed: string[] }
  | { kind: 'report'; message: string };

const BOOLEAN = /^(true|false)$/i;

function report(row: PropertyConversion, why: string): ConversionOutcome {
  return { kind: 'report', message: `${row.from.join(', ')} -> ${row.to}: ${why}; change it by hand. ${row.reason}`.trim() };
}

function booleanRule(row: PropertyConversion, present: PresentKey[], whenTrue: string, whenFalse: string): ConversionOutcome {
  if (present.length !== 1) return report(row, 'several of these keys are set');
  const v = present[0]!.value.trim();
  if (!BOOLEAN.test(v)) return report(row, `the value '${v}' is not a plain true/false`);
  return { kind: 'set', key: row.to, value: v.toLowerCase() === 'true' ? whenTrue : whenFalse, consumed: [present[0]!.key] };
}

export function convertValue(row: PropertyConversion, present: PresentKey[]): ConversionOutcome {
  if (present.length === 0) return report(row, 'nothing to convert');
  switch (row.convert) {
    case 'boolean-to-init-mode':
      return booleanRule(row, present, 'always', 'never');
    case 'boolean-to-forward-headers-strategy':
      return booleanRule(row, present, 'native', 'none');
    case 'boolean-to-access':
      return booleanRule(row, present, 'unrestricted', 'none');
    case 'same-value': {
      const distinct = new Set(present.map((p) => p.value.trim()));
      if (distinct.size !== 1) return report(row, 'several of these keys are set with different values');
      return { kind: 'set', key: row.to, value: present[0]!.value.trim(), consumed: present.map((p) => p.key) };
    }
    case 'host-port-to-url': {
      const host = present.find((p) => p.key.endsWith('.host'));
      const port = present.find((p) => p.key.endsWith('.port'));
      if (!host || !port) return report(row, 'only one of host and port is set, so the URL is not certain');
      if (/[${}\s]/.test(host.value + port.value)) return report(row, 'host or port uses a placeholder');
      return { kind: 'set', key: row.to, value: `tcp://${host.value.trim()}:${port.value.trim()}`, consumed: [host.key, port.key] };
    }
    case 'flyway-ignore-to-pattern': {
      // ignore-<state>-migrations=true ignores migrations in <state>: the pattern is *:<state>.
      if (present.some((p) => p.value.trim().toLowerCase() !== 'true')) {
        return report(row, 'a false (or non-literal) value changes Flyway 9 defaults and has no pattern form');
      }
      const patterns = present.map((p) => `*:${/ignore-([a-z]+)-migrations$/.exec(p.key)![1]}`);
      return { kind: 'set', key: row.to, value: patterns.join(','), consumed: present.map((p) => p.key) };
    }
    case 'zipkin-base-url-to-endpoint': {
      // Sleuth appended api/v2/spans to the base URL; Boot 3.0 posts to the endpoint as given.
      if (present.length !== 1) return report(row, 'several of these keys are set');
      const url = present[0]!.value.trim();
      if (!/^https?:\/\/[^\s${}]+$/.test(url)) return report(row, `the value '${url}' is not a plain http(s) URL`);
      const endpoint = /\/api\/v2\/spans\/?$/.test(url) ? url : `${url.replace(/\/+$/, '')}/api/v2/spans`;
      return { kind: 'set', key: row.to, value: endpoint, consumed: [present[0]!.key] };
    }
    case 'single-item': {
      if (present.length !== 1) return report(row, 'several of these keys are set');
      // `${JOBS}` is one item as written, but the value it resolves to may list several
      if (present[0]!.value.includes('${')) return report(row, `the value '${present[0]!.value.trim()}' is a placeholder that may list several values; 3.0 runs only one (name it in ${row.to})`);
      const items = present[0]!.value.split(',').map((s) => s.trim()).filter(Boolean);
      if (items.length !== 1) return report(row, `${items.length} values are listed; 3.0 runs only one (name it in ${row.to})`);
      return { kind: 'set', key: row.to, value: items[0]!, consumed: [present[0]!.key] };
    }
    case 'report':
      return report(row, 'no certain rule converts this value');
  }
}
