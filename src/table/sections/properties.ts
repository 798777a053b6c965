// Configuration-property rows: what happens to a Spring Boot 2.7 key in 3.0.
// Keys are written in canonical kebab-case; matching is relaxed (see src/properties/keys.ts).

export interface PropertyRename {
  from: string;
  to: string;
  /** Deprecation level in the 3.0 metadata (error: 3.0 no longer binds the old key). */
  level: 'error' | 'warning';
  /** Where the fact comes from: metadata replacement, suggestedReplacement, family rule, guide. */
  source: string;
  note?: string;
  /**
   * `to` ends with a meter's default name (`name`): when the configuration sets one of `nameKeys`
   * (the meter's name), the row is reported with the form to write instead of applied.
   */
  meter?: { name: string; nameKeys: string[] };
}

export interface PropertyPrefixRename {
  /** Ends with '.': every key below it moves, keeping the rest of its name. */
  from: string;
  to: string;
  /** Keys (full names or prefixes ending in '.') below `from` that do not move. */
  except?: string[];
  family?: string;
  source: string;
}

export interface PropertyRemoval {
  key: string;
  /** true: every key below `key.` is removed too (e.g. spring.jta.atomikos). */
  prefix?: boolean;
  level: 'error' | 'warning';
  reason: string;
  /** A key that exists in 3.0 and does a similar job, when the facts name one. */
  hint?: string;
  /** The Migration Guide section about it, when the table knows one (else the guide itself). */
  docs?: string;
  /** The minor that deprecated or removed it, for a row of a target beyond 3.0 (absent: 3.0). */
  since?: string;
  source: string;
}

/**
 * Keys whose value must change with the key, or several old keys that meet in one new key.
 * `convert` names a built-in value rule (code in src/properties/conversions.ts): the table
 * selects, the code converts, nothing from the table is executed.
 */
export interface PropertyConversion {
  from: string[];
  to: string;
  convert:
    | 'boolean-to-init-mode' // true -> always, false -> never
    | 'same-value' // the value carries over unchanged, but several old keys meet in `to`
    | 'boolean-to-forward-headers-strategy' // true -> native, false -> none
    | 'host-port-to-url' // artemis host + port -> tcp://host:port
    | 'flyway-ignore-to-pattern' // ignore-<state>-migrations=true -> *:<state>
    | 'single-item' // a list key with one item becomes a scalar key; several items: report
    | 'zipkin-base-url-to-endpoint' // Sleuth's spring.zipkin.base-url + /api/v2/spans -> Boot's span endpoint
    | 'boolean-to-access' // an actuator endpoint's enabled true/false -> access unrestricted/none (3.4)
    | 'report'; // no certain rule: leave the line, report
  level: 'error' | 'warning';
  reason: string;
  source: string;
}

/** Values inside list-valued keys that change (actuator endpoint ids). */
export interface PropertyValueChange {
  keys: string[];
  from: string;
  /** null: the value has no successor (the id must go; reported). */
  to: string | null;
  source: string;
}

export interface PropertiesSection {
  rename: PropertyRename[];
  renamePrefix: PropertyPrefixRename[];
  remove: PropertyRemoval[];
  convert: PropertyConversion[];
  values: PropertyValueChange[];
  /** Keys that 3.0 rejects inside profile-specific documents (spring.profiles.active, ...). */
  profileSpecificForbidden: string[];
}
