// One project configuration read by every command, so that `migrate`, the pre-commit hook and
// CI make the same choices (--trailing-slash, --table, --keep-*). It is `.boot-upgrade.json` or
// the `boot-upgrade` key of a package.json, in the directory the command works on or the
// nearest one above it. Keys are the long option names (`"trailing-slash": "routes"`; camelCase
// is accepted too); options given on the command line win. `table` paths are relative to the
// configuration file.
import { existsSync, readFileSync } from 'node:fs';
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

/** Walks up from `start` to the file-system root; the first directory with a configuration wins. */
export function findProjectConfig(start: string, shapes: Record<string, OptionShape>): ProjectConfig | undefined {
  for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
    const own = path.join(dir, CONFIG_FILE);
    if (existsSync(own)) return { file: own, values: validate(readJson(own), own, shapes) };
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg)) {
      const json = readJson(pkg);
      if (json && typeof json === 'object' && PACKAGE_KEY in json) {
        return { file: pkg, values: validate((json as Record<string, unknown>)[PACKAGE_KEY], `${pkg} (key "${PACKAGE_KEY}")`, shapes) };
      }
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new ConfigError(`${file}: not valid JSON: ${(e as Error).message}`);
  }
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
 * configured one. `table` entries are resolved against the configuration file's folder.
 */
export function withConfig<V extends Record<string, unknown>>(cli: V, config: ProjectConfig | undefined): V {
  if (!config) return cli;
  const base = path.dirname(config.file);
  const merged: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(config.values)) {
    // files the configuration names are relative to it (a central --config FILE names its own rows)
    merged[key] = key === 'table' ? (value as string[]).map((f) => path.resolve(base, f)) : key === 'baseline' ? path.resolve(base, value as string) : value;
  }
  for (const [key, value] of Object.entries(cli)) if (value !== undefined) merged[key] = value;
  return merged as V;
}
