// One project configuration read by every command, so that `migrate`, the pre-commit hook and
// CI make the same choices (--trailing-slash, --table, --keep-*). It is `.boot-upgrade.json` or
// the `boot-upgrade` key of a package.json, in the directory the command works on or the
// nearest one above it, up to the repository's top level and never above it (a file in a shared
// parent folder configures no checkout below it). Keys are the long option names
// (`"trailing-slash": "routes"`; camelCase is accepted too); options given on the command line
// win. `table` paths are relative to the configuration file and must lie inside the repository.
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { didYouMean } from '../cli/suggest.js';

export class ConfigError extends Error {}

export interface OptionShape {
  type: 'string' | 'boolean';
  multiple?: boolean;
  /** The only values the option takes. */
  choices?: readonly string[];
  /** A whole number. */
  integer?: boolean;
}

export interface ProjectConfig {
  /** The file the values came from (a package.json when read from its `boot-upgrade` key). */
  file: string;
  values: Record<string, string | boolean | string[]>;
}

const CONFIG_FILE = '.boot-upgrade.json';
const PACKAGE_KEY = 'boot-upgrade';

/**
 * One named configuration file (`--config FILE`: a platform team's central settings), a
 * `.boot-upgrade.json`-shaped file or a package.json with a `boot-upgrade` key.
 */
export function readConfigFile(file: string, shapes: Record<string, OptionShape>): ProjectConfig {
  if (!existsSync(file)) throw new ConfigError(`${file}: no such file`);
  const json = readJson(file);
  if (path.basename(file) === 'package.json') {
    if (!json || typeof json !== 'object' || !(PACKAGE_KEY in json)) throw new ConfigError(`${file}: has no "${PACKAGE_KEY}" key`);
    return { file, values: validate((json as Record<string, unknown>)[PACKAGE_KEY], `${file} (key "${PACKAGE_KEY}")`, shapes) };
  }
  return { file, values: validate(json, file, shapes) };
}

/** Walks up from `start` to `top` (the repository's top level); the first directory with a configuration wins. */
export function findProjectConfig(start: string, shapes: Record<string, OptionShape>, top = start): ProjectConfig | undefined {
  const stop = realPath(top);
  for (let dir = realPath(start); ; dir = path.dirname(dir)) {
    const own = path.join(dir, CONFIG_FILE);
    if (existsSync(own)) return { file: own, values: validate(readJson(own, stop), own, shapes) };
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg)) {
      const json = readJson(pkg, stop);
      if (json && typeof json === 'object' && PACKAGE_KEY in json) {
        return { file: pkg, values: validate((json as Record<string, unknown>)[PACKAGE_KEY], `${pkg} (key "${PACKAGE_KEY}")`, shapes) };
      }
    }
    if (dir === stop || path.dirname(dir) === dir || !isInside(dir, stop)) return undefined;
  }
}

function realPath(p: string): string {
  try {
    return realpathSync.native(p);
  } catch {
    return path.resolve(p);
  }
}

const isInside = (p: string, dir: string) => p === dir || p.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);

/** A configuration file is small: anything larger, or not a regular file, is refused before it is read. */
const MAX_CONFIG_BYTES = 1024 * 1024;

function readJson(file: string, top?: string): unknown {
  if (top !== undefined && !isInside(realPath(file), top)) throw new ConfigError(`${file}: a link to a file outside the repository (${top}); not read`);
  const st = statSync(file);
  if (!st.isFile()) throw new ConfigError(`${file}: not a regular file`);
  if (st.size > MAX_CONFIG_BYTES) throw new ConfigError(`${file}: ${st.size} bytes, larger than a configuration file can be (${MAX_CONFIG_BYTES})`);
  try {
    return JSON.parse(readFileSync(file, 'utf8').replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new ConfigError(`${file}: not valid JSON: ${(e as Error).message}`);
  }
}

function insideTable(configFile: string, table: string, top: string): string {
  const real = realPath(table);
  if (!isInside(real, realPath(top))) {
    throw new ConfigError(`${configFile}: table '${table}' is outside the repository (${realPath(top)}); a configuration names tables inside it only (give another on the command line with --table)`);
  }
  return table;
}

const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());

function validate(raw: unknown, where: string, shapes: Record<string, OptionShape>): ProjectConfig['values'] {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new ConfigError(`${where}: must be an object of option names and values`);
  const values: ProjectConfig['values'] = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    const name = kebab(key);
    const shape = shapes[name];
    if (!shape) throw new ConfigError(`${where}: unknown option '${key}'${didYouMean(name, Object.keys(shapes))}`);
    values[name] = checkValue(value, shape, `${where}: option '${key}'`);
  }
  return values;
}

function checkValue(value: unknown, shape: OptionShape, where: string): string | boolean | string[] {
  if (shape.type === 'boolean') {
    if (typeof value !== 'boolean') throw new ConfigError(`${where} takes true or false`);
    return value;
  }
  if (typeof value === 'number') value = String(value);
  if (typeof value === 'string') return shape.multiple ? [value] : checkChoice(value, shape, where);
  if (shape.multiple && Array.isArray(value) && value.every((v) => typeof v === 'string')) return value as string[];
  throw new ConfigError(`${where} takes ${shape.multiple ? 'a string or a list of strings' : 'a string'}`);
}

function checkChoice(value: string, shape: OptionShape, where: string): string {
  const problem = badValue(value, shape);
  if (problem) throw new ConfigError(`${where}: ${problem}`);
  return value;
}

/** Why `value` is not one the option takes (undefined: it is), naming the valid values. */
export function badValue(value: string, shape: OptionShape): string | undefined {
  if (shape.integer && !/^\d+$/.test(value)) return `'${value}' is not a whole number`;
  if (shape.choices && !shape.choices.includes(value)) return `'${value}' is not a valid value${didYouMean(value, shape.choices)}; valid: ${shape.choices.join(', ')}`;
  return undefined;
}

/**
 * The command line over the configuration: a value given on the command line replaces the
 * configured one. `table` entries are resolved against the configuration file's folder, and
 * must lie inside `top` (the repository) when given: a repository's configuration never makes the
 * tool read a file elsewhere on the machine (a table named on the command line, or by a
 * configuration file named with --config, may be anywhere).
 */
export function withConfig<V extends Record<string, unknown>>(cli: V, config: ProjectConfig | undefined, top?: string): V {
  if (!config) return cli;
  const base = path.dirname(config.file);
  const merged: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(config.values)) {
    // files the configuration names are relative to it (a central --config FILE names its own rows)
    merged[key] = key === 'table' ? (value as string[]).map((f) => (top === undefined ? path.resolve(base, f) : insideTable(config.file, path.resolve(base, f), top))) : key === 'baseline' ? path.resolve(base, value as string) : value;
  }
  for (const [key, value] of Object.entries(cli)) if (value !== undefined) merged[key] = value;
  return merged as V;
}
