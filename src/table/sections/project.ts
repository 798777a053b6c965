// Project-level rows: spring.factories -> AutoConfiguration.imports, image banners, and the
// runtime-behaviour changes of Spring Boot 3.0 that are reported (or fixed on request).
// Detection fields are plain strings matched by code in transforms/project; nothing here runs.

export interface ProjectDetect {
  /** Configuration keys (relaxed binding) whose presence triggers the rule. */
  keys?: string[];
  /** key=value pairs (value compared case-insensitively) that trigger the rule. */
  keyValues?: { key: string; value: string }[];
  /** Types (fully qualified) whose use in Java/Kotlin sources triggers the rule. */
  types?: string[];
  /** Annotations (fully qualified) whose use triggers the rule. */
  annotations?: string[];
  /** Build coordinates `group:artifact` whose presence triggers the rule. */
  dependencies?: string[];
  /** Values of list-valued keys (`management.endpoints.web.exposure.include=env`) that trigger the rule. */
  listValues?: { keys: string[]; values: string[] }[];
}

export interface ProjectRule {
  id: string;
  severity: 'error' | 'warning' | 'info';
  /** What changed and what to do, as shown in a finding. */
  message: string;
  docs: string;
  /** Where the fact comes from (a data file entry, the seed rules). */
  source: string;
  detect?: ProjectDetect;
  /** The option that turns this finding into an edit, when there is one. */
  fixOption?: string;
}

export interface FactoriesRows {
  autoConfigurationKey: string;
  importsFile: string;
  /** Keys whose simple name starts with this and that name an @ImportAutoConfiguration annotation: test slices. */
  testSlicePrefixes: string[];
  testSliceSimpleNamePrefix: string;
  rule: string;
  docs: string;
  source: string;
}

export interface BannerRows {
  images: string[];
  propertyPrefix: string;
  /** Boot 2.7 ImageBanner defaults. */
  defaults: { width: number; height: number; margin: number; invert: boolean; bitdepth: 4 | 8; pixelmode: 'TEXT' | 'BLOCK' };
  properties: string[];
  docs: string;
  source: string;
}

export interface ProjectSection {
  factories: FactoriesRows;
  banner: BannerRows;
  /** The 2.7 default that --keep-log-date-format restores. */
  logDateFormat: { key: string; value: string; envVar: string };
  /** Runtime-behaviour rules, reported as findings (some fixable by an option). */
  rules: ProjectRule[];
}
