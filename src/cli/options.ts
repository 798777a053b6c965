// Every command-line option in one place, so that each command's --help, the docs and the
// parser agree. Transforms read their options from RunOptions under the names below (camelCase).
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { didYouMean } from './suggest.js';
import { UsageError } from './exit.js';
import { badValue } from '../config/index.js';

export interface OptionSpec {
  type: 'string' | 'boolean';
  multiple?: boolean;
  short?: string;
  value?: string; // placeholder in help
  help: string;
  /** The only values a string option takes: anything else is a usage error naming them, before any file is read. */
  choices?: readonly string[];
  /** The value is a whole number (a count or a size). */
  integer?: boolean;
}

/** Options every command takes (migrate, check, report, maturity). */
export const COMMON_OPTIONS: Record<string, OptionSpec> = {
  'max-file-size': { type: 'string', value: 'BYTES', integer: true, help: 'skip (and report) files larger than this (default 4194304)' },
  verbose: { type: 'boolean', help: 'list every file or folder the run did not read, with the reason' },
  quiet: { type: 'boolean', short: 'q', help: 'print nothing on stderr but errors (and, for check, what fails it)' },
  color: { type: 'boolean', help: 'colour the output even when it is not a terminal' },
  'no-color': { type: 'boolean', help: 'never colour the output (NO_COLOR=1 does the same)' },
  help: { type: 'boolean', short: 'h', help: 'show this help' },
};

/** What the migration commands (migrate, check, report) read and which rules they run. */
export const INPUT_OPTIONS: Record<string, OptionSpec> = {
  table: { type: 'string', multiple: true, value: 'FILE', help: 'extra migration table rows (repeatable); same shape as migration-table.json, rows override by key' },
  'config-glob': { type: 'string', multiple: true, value: 'GLOB', help: 'also treat matching .properties/.yml files as Spring configuration (repeatable)' },
  only: { type: 'string', multiple: true, value: 'RULE', help: 'run only these passes or rule ids (repeatable, or comma-separated)' },
  skip: { type: 'string', multiple: true, value: 'RULE', help: 'skip these passes or rule ids (repeatable, or comma-separated)' },
  'boot-version': { type: 'string', value: 'VERSION', help: 'Spring Boot release to migrate to: a line from 3.0 to 3.5 (its latest patch) or an exact 3.x release; each minor\'s changes are applied in order (default: the latest 3.0.x, 3.0.13)' },
  exclude: { type: 'string', multiple: true, value: 'GLOB', help: 'leave out matching files or folders (repeatable), e.g. \'legacy/**\'; they are neither read nor changed' },
  baseline: { type: 'string', value: 'FILE', help: 'findings recorded by report --write-baseline are not shown nor counted (default: .boot-upgrade-baseline.json in the base folder, when it exists)' },
  config: { type: 'string', value: 'FILE', help: 'read the configuration from FILE instead of the nearest .boot-upgrade.json' },
};

export const MIGRATE_OPTIONS: Record<string, OptionSpec> = {
  'dry-run': { type: 'boolean', short: 'n', help: 'write nothing; print a unified diff (git apply accepts it) on stdout, a summary on stderr' },
  'diff-file': { type: 'string', value: 'FILE', help: 'also write the diff to FILE' },
  'allow-dirty': { type: 'boolean', help: 'rewrite files that have uncommitted git changes' },
  explain: { type: 'boolean', help: 'list every changed file with the rules that changed it' },
  json: { type: 'boolean', help: 'print the run as JSON on stdout (changed files with rules, created, deleted, findings, skipped, exit status) instead of the diff' },
  'summary-file': { type: 'string', value: 'FILE', help: 'also write that JSON to FILE' },
  verify: { type: 'boolean', help: "after writing, run the repository's own build in compile mode (./mvnw or mvn test-compile, ./gradlew testClasses) and report what fails; this runs code from the repository (build plugins and scripts): opt-in only" },
};

/** The build verify runs (`verify`, `migrate --verify`): its time limit and log. */
export const VERIFY_OPTIONS: Record<string, OptionSpec> = {
  'verify-timeout': { type: 'string', value: 'DURATION', help: "time limit for the build (default 20m; e.g. 90s, 45m, 1h, or seconds); when it is hit the build's process tree is killed and verify/timeout reported" },
  'verify-log': { type: 'string', value: 'FILE', help: "also write the build's whole output to FILE" },
};

export const CHECK_OPTIONS: Record<string, OptionSpec> = {
  'max-warnings': { type: 'string', value: 'N', integer: true, help: 'also fail when more than N warnings remain (default: warnings never fail)' },
};

/**
 * What a project configuration file may set: the options that decide what the run reads and
 * changes, not per-invocation ones (--dry-run, --output, --help). A configuration can set the
 * build's time limit but never turn --verify on: running the repository's build (its code) is
 * asked for on the command line only.
 */
export const CONFIG_KEYS = ['table', 'config-glob', 'only', 'skip', 'exclude', 'baseline', 'max-file-size', 'boot-version', 'add-properties-migrator', 'keep-factories', 'trailing-slash', 'keep-log-date-format', 'jmx-exposure', 'max-warnings', 'verify-timeout'] as const;

/**
 * Options that decide what the transforms change. migrate, check and report all take them, so a
 * pre-commit `check` can be told the same choices the migration was made with.
 */
export const TRANSFORM_OPTIONS: Record<string, OptionSpec> = {
  'add-properties-migrator': { type: 'boolean', help: 'add spring-boot-properties-migrator at runtime scope (Maven runtime, Gradle runtimeOnly) to report renamed properties at start-up; remove it once migrated' },
  'keep-factories': { type: 'boolean', help: 'keep EnableAutoConfiguration and test-slice keys in spring.factories too (libraries that must still load on Boot 2.7)' },
  'trailing-slash': { type: 'string', value: 'MODE', choices: ['report', 'routes', 'configurer'], help: 'routes whose trailing-slash form stops matching: report (default), routes (add the slash form to each mapping), configurer (one WebMvc/WebFlux configurer, deprecated API)' },
  'keep-log-date-format': { type: 'boolean', help: 'add logging.pattern.dateformat=yyyy-MM-dd HH:mm:ss.SSS (the 2.7 default) to the main configuration file' },
  'jmx-exposure': { type: 'string', value: 'LIST', help: 'when the app enables JMX, add management.endpoints.jmx.exposure.include=LIST (e.g. "*" as in 2.7)' },
};

export const REPORT_OPTIONS: Record<string, OptionSpec> = {
  format: { type: 'string', short: 'f', value: 'FORMAT', help: 'output format' },
  output: { type: 'string', short: 'o', value: 'FILE', help: 'write the report to FILE instead of stdout' },
  'write-baseline': { type: 'boolean', help: 'record every finding in the baseline file (--baseline, default .boot-upgrade-baseline.json in the base folder): check, report and migrate then leave them out' },
};

/** `verify [dir]`: the build's options, the report's format and file, and the table it explains errors with. */
export const VERIFY_COMMAND_OPTIONS: Record<string, OptionSpec> = {
  ...VERIFY_OPTIONS,
  ...REPORT_OPTIONS,
  table: INPUT_OPTIONS.table!,
  color: COMMON_OPTIONS.color!,
  'no-color': COMMON_OPTIONS['no-color']!,
  help: COMMON_OPTIONS.help!,
};

/** What migrate, check and report share after their own options. */
export const MIGRATION_OPTIONS: Record<string, OptionSpec> = { ...TRANSFORM_OPTIONS, ...INPUT_OPTIONS, ...COMMON_OPTIONS };

export function toParseArgs(specs: Record<string, OptionSpec>): ParseArgsConfig['options'] {
  const out: NonNullable<ParseArgsConfig['options']> = {};
  for (const [name, s] of Object.entries(specs)) {
    out[name] = { type: s.type, ...(s.multiple ? { multiple: true } : {}), ...(s.short ? { short: s.short } : {}) };
  }
  return out;
}

export type Values = Record<string, string | boolean | string[] | boolean[] | undefined>;

/** The command line against `specs`: an unknown option is a usage error naming the nearest valid one. */
export function parse(argv: string[], specs: Record<string, OptionSpec>): { values: Values; positionals: string[] } {
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseArgs({ args: argv, options: toParseArgs(specs), allowPositionals: true, strict: true }) as { values: Values; positionals: string[] };
  } catch (e) {
    const message = (e as Error).message.split('\n')[0]!;
    const unknown = /Unknown option '(-{1,2})([^'=]+)'/.exec(message);
    if (unknown) throw new UsageError(`unknown option '${unknown[1]}${unknown[2]}'${didYouMean(unknown[2]!, Object.keys(specs), '--')}`);
    throw new UsageError(message);
  }
  if (parsed.values.quiet && parsed.values.verbose) throw new UsageError('--quiet and --verbose ask for opposite things: give one');
  // a value the option does not take is refused here, before any file is read
  for (const [name, value] of Object.entries(parsed.values)) {
    const spec = specs[name];
    const problem = spec && typeof value === 'string' ? badValue(value, spec) : undefined;
    if (problem) throw new UsageError(`--${name}: ${problem}`);
  }
  return parsed;
}

/** Help lines are wrapped to this width (a terminal of 100 columns shows them whole). */
export const HELP_WIDTH = 100;
/** Where an option's text starts: after `  -x, --long-option VALUE`. */
const HELP_COLUMN = 33;

/**
 * `text` in lines of at most `width` columns, broken at spaces, each line after the first
 * indented by `indent` spaces (the first keeps its own leading spaces).
 */
export function wrap(text: string, width = HELP_WIDTH, indent = 0): string {
  const lines: string[] = [];
  const lead = /^ */.exec(text)![0];
  let line = lead;
  let start = true; // nothing but the indentation on this line yet
  // split(' ') keeps runs of spaces as empty words, so the padding inside a line stays as written
  for (const word of text.slice(lead.length).split(' ')) {
    if (!start && line.length + 1 + word.length > width) {
      lines.push(line);
      line = ' '.repeat(indent) + word;
    } else line = start ? line + word : `${line} ${word}`;
    start = false;
  }
  return [...lines, line].join('\n');
}

/** One entry per option, its text wrapped under itself. */
export function optionHelp(specs: Record<string, OptionSpec>): string {
  return Object.entries(specs)
    .map(([name, s]) => {
      const flag = `  ${s.short ? `-${s.short}, ` : '    '}--${name}${s.value ? ` ${s.value}` : ''}`;
      return wrap(`${flag.padEnd(HELP_COLUMN - 1)} ${s.help}`, HELP_WIDTH, HELP_COLUMN);
    })
    .join('\n');
}

/** `--only a,b --only c` -> [a, b, c] */
export function listOption(value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  const values = Array.isArray(value) ? value : [value];
  return values.flatMap((v) => String(v).split(',')).map((v) => v.trim()).filter(Boolean);
}
