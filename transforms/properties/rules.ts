// Rule ids of the properties pass. The key rules are shared with every other place that meets a
// property key (YAML, @Value, environment variables): they come from src/properties/resolve.ts.
import { RULES as KEY_RULES } from '../../src/properties/resolve.js';
import { LIBRARY_CONFIG_RULES } from '../../src/properties/library-config.js';

export const RULES = {
  ...KEY_RULES,
  ...LIBRARY_CONFIG_RULES,
  /** Old and new key both set in one document (same value: old line deleted; different: reported). */
  duplicate: 'properties/duplicate',
  /** spring.profiles.active/default/include in a profile-specific document (3.0 refuses to start). */
  profileSpecific: 'properties/profile-specific',
} as const;

export const ALL_RULES: string[] = Object.values(RULES);
