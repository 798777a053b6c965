// What every command does before the engine runs: parse the options (unknown ones rejected with
// the nearest valid name), merge the project configuration, check rule ids, find the targets.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gitTopLevel } from '../engine/git.js';
import { interruptedWrite } from '../engine/interrupted.js';
import { visible } from '../report/escape.js';
import { packageRoot } from '../table/load.js';
import { badValue, ConfigError, findProjectConfig, readConfigFile, withConfig, type ProjectConfig } from '../config/index.js';
import { loadTable } from '../table/load.js';
import { resolveTarget, TargetError } from '../table/target.js';
import { FILE_PASSES, PROJECT_PASSES } from '../../transforms/index.js';
import { RULES } from '../report/rules.js';
import { CHECK_OPTIONS, CONFIG_KEYS, MIGRATE_OPTIONS, MIGRATION_OPTIONS, VERIFY_OPTIONS, listOption, type Values } from './options.js';
import { didYouMean } from './suggest.js';
import type { MigrationTable } from '../table/types.js';
import type { RunResult } from '../engine/types.js';
import { applyBaseline, BaselineError, baselinePath, readBaseline, type Entry } from '../report/baseline.js';
import { UsageError } from './exit.js';

export type { Values } from './options.js';
export { parse } from './options.js';

export { version } from './version.js';

const ALL_SPECS = { ...MIGRATION_OPTIONS, ...MIGRATE_OPTIONS, ...CHECK_OPTIONS, ...VERIFY_OPTIONS };
const CONFIG_SHAPES = Object.fromEntries(CONFIG_KEYS.map((k) => [k, ALL_SPECS[k]!]));

/**
 * The project configuration (`--config FILE`, else the nearest one at or above `dir` up to its
 * repository's top level), merged under the command line's values. Every value is checked here,
 * before any file of the repository is read. A file named with --config is the user's choice, like
 * --table: it and the tables it names may lie anywhere; a configuration found in the repository
 * names tables inside it only.
 */
export function withProjectConfig(values: Values, dir: string): { values: Values; config?: ProjectConfig; table: MigrationTable } {
  try {
    const explicit = typeof values.config === 'string';
    const top = gitTopLevel(dir) ?? dir;
    const config = explicit ? readConfigFile(path.resolve(values.config as string), CONFIG_SHAPES) : findProjectConfig(dir, CONFIG_SHAPES, top);
    const merged = withConfig(values, config, explicit ? undefined : top);
    const table = loadTable(((merged.table as string[] | undefined) ?? []).map((f) => path.resolve(f)));
    checkBootVersion(table, merged['boot-version'], values['boot-version'] === undefined && config ? `configuration: ${config.file}: option 'boot-version'` : '--boot-version');
    return { values: merged, config, table };
  } catch (e) {
    if (e instanceof ConfigError) throw new UsageError(`configuration: ${e.message}`);
    throw e;
  }
}

function checkBootVersion(table: MigrationTable, value: unknown, where: string): void {
  if (value === undefined) return;
  try {
    resolveTarget(table, value);
  } catch (e) {
    if (!(e instanceof TargetError)) throw e;
    const t = table.targets;
    const releases = t?.releases ?? table.build?.boot.releases.map((r) => r.version) ?? [];
    const lines = t ? t.minors.map((m) => m.minor) : ['3.0'];
    const valid = `a line ${lines.join(', ')} (its latest patch), or an exact release from ${releases[0]} to ${releases.at(-1)}`;
    throw new UsageError(`${where}: '${String(value)}' is not a release this tool migrates to${didYouMean(String(value), [...lines, ...releases])}; valid: ${valid}`);
  }
}

/** Every name --only/--skip accept: pass ids, rule ids, and each leading part (`properties`). */
export function knownRuleNames(): Set<string> {
  const names = new Set<string>(Object.keys(RULES));
  for (const p of [...FILE_PASSES, ...PROJECT_PASSES]) {
    names.add(p.id);
    for (const r of p.rules) names.add(r);
  }
  for (const n of [...names]) {
    const parts = n.split('/');
    for (let i = 1; i < parts.length; i++) names.add(parts.slice(0, i).join('/'));
  }
  return names;
}

function checkRuleNames(option: string, list: string[] | undefined): string[] | undefined {
  if (!list) return list;
  const known = knownRuleNames();
  for (const id of list) if (!known.has(id)) throw new UsageError(`--${option}: unknown rule or pass '${id}'${didYouMean(id, known)}`);
  return list;
}

export function commonInput(values: Values, root: string, table?: MigrationTable) {
  const max = values['max-file-size'];
  return {
    root,
    tableFiles: (values.table as string[] | undefined)?.map((f) => path.resolve(f)),
    table,
    exclude: listOption(values.exclude),
    configGlobs: values['config-glob'] as string[] | undefined,
    onlyRules: checkRuleNames('only', listOption(values.only)),
    skipRules: checkRuleNames('skip', listOption(values.skip)),
    maxFileSize: max === undefined ? undefined : Number(max),
    options: runOptions(values),
  };
}

/** Options for transforms: every parsed flag, camelCased (--trailing-slash -> trailingSlash). */
function runOptions(values: Values): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) out[k.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = v;
  return out;
}

export function resolveDir(arg: string | undefined): string {
  const dir = path.resolve(arg ?? '.');
  if (!existsSync(dir)) throw new UsageError(`${arg ?? '.'}: no such file or directory`);
  if (!statSync(dir).isDirectory()) throw new UsageError(`${arg ?? '.'}: not a directory`);
  return dir;
}

export interface Targets {
  /** The folder the engine scans from. */
  root: string;
  /** Given files, relative to root ('/' separated); undefined for a whole directory. */
  only?: string[];
}

/**
 * One directory (default `.`), or file paths as pre-commit and lint-staged pass them (read
 * from the git top level, or the current folder outside git). A path that does not exist is a
 * usage error, never a silent pass.
 */
export function targets(positionals: string[]): Targets {
  if (positionals.length === 0) return { root: resolveDir('.') };
  const missing = positionals.filter((p) => !existsSync(p));
  if (missing.length) throw new UsageError(`${missing.join(', ')}: no such file or directory`);
  if (positionals.length === 1 && statSync(positionals[0]!).isDirectory()) return { root: resolveDir(positionals[0]) };
  const dirs = positionals.filter((p) => statSync(p).isDirectory());
  if (dirs.length) throw new UsageError(`give one directory or a list of files, not both (${dirs.join(', ')})`);
  const root = gitTopLevel(process.cwd()) ?? process.cwd();
  const only = positionals.map((p) => {
    const rel = path.relative(root, path.resolve(p));
    if (rel.startsWith('..') || path.isAbsolute(rel)) throw new UsageError(`${p}: outside the repository ${root}`);
    return rel.split(path.sep).join('/');
  });
  return { root, only };
}

/**
 * The baseline's entries (`--baseline`, `baseline`, or the default file in the base folder), read
 * before anything else is: a missing or malformed one is a usage error.
 */
export function baselineEntries(values: Values, baseDir: string): Entry[] | undefined {
  const file = baselinePath(values.baseline, baseDir);
  if (!file) return undefined;
  try {
    return readBaseline(file);
  } catch (e) {
    if (e instanceof BaselineError) throw new UsageError(e.message);
    throw e;
  }
}

/** The result without what the baseline records. */
export function withBaseline(result: RunResult, entries: Entry[] | undefined): RunResult {
  return entries ? applyBaseline(result, entries) : result;
}

/**
 * Says (stderr) that a write of the repository around `root` is in progress or was left
 * half-done by a killed run (engine/interrupted.ts); true when it did.
 */
export function tellInterruptedWrite(root: string): boolean {
  const lines = interruptedWrite(root);
  for (const line of lines) process.stderr.write(`boot-upgrade: ${visible(line)}\n`);
  return lines.length > 0;
}

export function progress(label: string) {
  if (process.stderr.isTTY !== true || process.env.CI) return undefined;
  let last = 0;
  return (done: number, total: number) => {
    const now = Date.now();
    if (now - last < 100 && done !== total) return;
    last = now;
    process.stderr.write(`\r${label} ${done}/${total}${done === total ? '\x1b[K\r' : ''}`);
  };
}

export function colorFlags(values: Values) {
  return { color: values.color === true, noColor: values['no-color'] === true };
}
