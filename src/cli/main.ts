#!/usr/bin/env node
// boot-upgrade: migrate | check | report (| maturity). Exit codes: 0 ok, 1 check failed or
// would change, 2 usage or input error (bad option, bad table, unparseable file, refused write).
import { existsSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { RunResult } from '../engine/types.js';
import { gitTopLevel } from '../engine/git.js';
import { timed, timedAsync } from '../engine/timing.js';
import { TableError, packageRoot } from '../table/load.js';
import { FORMATTERS, formatNames } from '../report/index.js';
import { findingLine } from '../report/text.js';
import { COMMON_OPTIONS, MIGRATE_OPTIONS, REPORT_OPTIONS, TRANSFORM_OPTIONS, listOption, optionHelp, toParseArgs, type OptionSpec } from './options.js';
import { EXTRA_COMMANDS, type Command, type CommandContext } from './commands.js';

export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

class UsageError extends Error {}

// The engine and every transform load only when a command runs: `--version` and `--help` stay
// at Node's own start-up cost.
const api = () => import('../api.js');

const useColor = () => !process.env.NO_COLOR && process.stderr.isTTY === true;
const showProgress = () => process.stderr.isTTY === true && !process.env.CI;
const version = (): string => (JSON.parse(readFileSync(path.join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;

type Values = Record<string, string | boolean | string[] | boolean[] | undefined>;

function parse(argv: string[], specs: Record<string, OptionSpec>): { values: Values; positionals: string[] } {
  try {
    return parseArgs({ args: argv, options: toParseArgs(specs), allowPositionals: true, strict: true }) as { values: Values; positionals: string[] };
  } catch (e) {
    throw new UsageError((e as Error).message.split('\n')[0]);
  }
}

function progress(label: string) {
  if (!showProgress()) return undefined;
  let last = 0;
  return (done: number, total: number) => {
    const now = Date.now();
    if (now - last < 100 && done !== total) return;
    last = now;
    process.stderr.write(`\r${label} ${done}/${total}${done === total ? '\x1b[K\r' : ''}`);
  };
}

function commonInput(values: Record<string, unknown>, root: string) {
  const max = values['max-file-size'];
  if (max !== undefined && !/^\d+$/.test(String(max))) throw new UsageError(`--max-file-size takes a number of bytes, not '${max}'`);
  return {
    root,
    tableFiles: (values.table as string[] | undefined)?.map((f) => path.resolve(f)),
    configGlobs: values['config-glob'] as string[] | undefined,
    onlyRules: listOption(values.only),
    skipRules: listOption(values.skip),
    maxFileSize: max === undefined ? undefined : Number(max),
    options: runOptions(values),
  };
}

/** Options for transforms: every parsed flag, camelCased (--trailing-slash -> trailingSlash). */
function runOptions(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) out[k.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = v;
  return out;
}

function resolveDir(arg: string | undefined): string {
  const dir = path.resolve(arg ?? '.');
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`${arg ?? '.'}: not a directory`);
  return dir;
}

/** Where the diff's paths start: the git top level when there is one, so `git apply` works from it. */
function diffPrefix(root: string): string {
  const top = gitTopLevel(root);
  if (!top) return '';
  const rel = path.relative(top, root).split(path.sep).join('/');
  return rel ? rel + '/' : '';
}

function summary(result: RunResult, verb: string): string {
  const lines: string[] = [];
  const errors = result.findings.filter((f) => f.severity === 'error').length;
  lines.push(`boot-upgrade: ${result.changes.length} file(s) ${verb}, ${result.stats.read} of ${result.stats.scanned} file(s) read, ${result.findings.length} finding(s) (${errors} error(s))`);
  for (const s of result.stats.skipped) lines.push(`  skipped ${s.path}: ${s.reason}`);
  for (const f of result.errors) lines.push('  ' + findingLine(f, useColor()));
  return lines.join('\n') + '\n';
}

function explainLines(result: RunResult): string {
  return result.changes
    .map((c) => `  ${c.status.padEnd(8)} ${c.path}  ${Object.entries(c.rules).map(([r, n]) => (n > 1 ? `${r}×${n}` : r)).join(', ')}`)
    .join('\n') + (result.changes.length ? '\n' : '');
}

const HELP: Record<string, string> = {
  main: `Usage: boot-upgrade <command> [options]

Upgrade a Spring Boot 2.7 repository to Spring Boot 3.0.

Commands:
  migrate [dir]              rewrite the repository (or --dry-run to print a diff)
  check [dir | files...]     exit 1 if any file would change or an error-level finding remains
  report [dir]               list every finding (manual follow-ups) as text or json
${Object.values(EXTRA_COMMANDS).map((c) => `  ${c.usage.padEnd(26)} ${c.summary}`).join('\n')}

Run 'boot-upgrade <command> --help' for the options of a command.
Exit codes: 0 ok, 1 check failed / would change, 2 usage or input error.`,
  migrate: `Usage: boot-upgrade migrate [dir] [options]

Rewrites every file the migration table applies to, in place and atomically.
Refuses to touch files with uncommitted git changes unless --allow-dirty.

Options:
${optionHelp({ ...MIGRATE_OPTIONS, ...TRANSFORM_OPTIONS, ...COMMON_OPTIONS })}`,
  check: `Usage: boot-upgrade check [dir | files...] [options]

For pre-commit hooks and CI: exit 1 when a file would change or an error-level finding
remains, 0 otherwise. Given file paths, only those files are read.

Options:
${optionHelp({ ...TRANSFORM_OPTIONS, ...COMMON_OPTIONS })}`,
  report: `Usage: boot-upgrade report [dir] [options]

Prints every finding: rule id, severity, path, line, message and a docs link.
Formats: ${formatNames().join(', ')}.

Options:
${optionHelp({ ...REPORT_OPTIONS, ...TRANSFORM_OPTIONS, ...COMMON_OPTIONS })}`,
};

async function migrate(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, { ...MIGRATE_OPTIONS, ...TRANSFORM_OPTIONS, ...COMMON_OPTIONS });
  if (values.help) return print(HELP.migrate!);
  if (positionals.length > 1) throw new UsageError('migrate takes one directory');
  const root = resolveDir(positionals[0]);
  const { planMigration, writeChanges, dirtyTargets, unifiedDiff } = await api();
  const result = await planMigration({ ...commonInput(values, root), onProgress: progress('reading') });
  const dryRun = values['dry-run'] === true;
  // the diff only when asked for: computing it for every written file cost 50 ms per 2,000 files
  const wantsPatch = dryRun || typeof values['diff-file'] === 'string';
  const patch = wantsPatch ? timed('diff', () => unifiedDiff(result.changes, diffPrefix(root))) : '';
  if (typeof values['diff-file'] === 'string') writeFileSync(values['diff-file'], patch);
  if (dryRun) {
    process.stdout.write(patch);
    process.stderr.write(summary(result, 'would change'));
    if (values.explain) process.stderr.write(explainLines(result));
    return result.errors.length ? EXIT.usage : EXIT.ok;
  }
  if (!values['allow-dirty']) {
    const dirty = timed('git dirty check', () => dirtyTargets(root, result.changes));
    if (dirty?.length) {
      process.stderr.write(`boot-upgrade: refusing to rewrite files with uncommitted changes (commit or stash them, or pass --allow-dirty): ${dirty.join(', ')}\n`);
      return EXIT.usage;
    }
  }
  await timedAsync('write', () => writeChanges(root, result.changes));
  process.stderr.write(summary(result, 'changed'));
  if (values.explain) process.stderr.write(explainLines(result));
  return result.errors.length ? EXIT.usage : EXIT.ok;
}

/** `check` receives either one directory or the file paths pre-commit / lint-staged pass. */
function checkTargets(positionals: string[]): { root: string; only?: string[] } {
  if (positionals.length === 0) return { root: resolveDir('.') };
  if (positionals.length === 1 && existsSync(positionals[0]!) && statSync(positionals[0]!).isDirectory()) return { root: resolveDir(positionals[0]) };
  const root = gitTopLevel(process.cwd()) ?? process.cwd();
  const only = positionals.map((p) => {
    const abs = path.resolve(p);
    const rel = path.relative(root, abs);
    if (rel.startsWith('..') || path.isAbsolute(rel)) throw new UsageError(`${p}: outside the repository ${root}`);
    return rel.split(path.sep).join('/');
  });
  return { root, only };
}

async function check(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, { ...TRANSFORM_OPTIONS, ...COMMON_OPTIONS });
  if (values.help) return print(HELP.check!);
  const { root, only } = checkTargets(positionals);
  const { planMigration } = await api();
  const result = await planMigration({ ...commonInput(values, root), only, onProgress: progress('checking') });
  for (const c of result.changes) process.stderr.write(`${c.path}: would change (${Object.keys(c.rules).join(', ')})\n`);
  for (const f of result.findings) if (f.severity === 'error') process.stderr.write(findingLine(f, useColor()) + '\n');
  const failed = result.changes.length > 0 || result.findings.some((f) => f.severity === 'error');
  if (failed) process.stderr.write(`boot-upgrade check: ${result.changes.length} file(s) would change; run 'boot-upgrade migrate' to fix\n`);
  return failed ? EXIT.failed : EXIT.ok;
}

async function report(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, { ...REPORT_OPTIONS, ...TRANSFORM_OPTIONS, ...COMMON_OPTIONS });
  if (values.help) return print(HELP.report!);
  if (positionals.length > 1) throw new UsageError('report takes one directory');
  const format = (values.format as string | undefined) ?? 'text';
  const formatter = FORMATTERS[format];
  if (!formatter) throw new UsageError(`unknown --format '${format}' (choose ${formatNames().join(', ')})`);
  const root = resolveDir(positionals[0]);
  const { planMigration } = await api();
  const result = await planMigration({ ...commonInput(values, root), onProgress: progress('reading') });
  const text = formatter(result, { color: format === 'text' && useColor() && !values.output, toolVersion: version() });
  if (typeof values.output === 'string') writeFileSync(values.output, text);
  else process.stdout.write(text);
  return result.errors.length ? EXIT.usage : EXIT.ok;
}

function print(text: string): number {
  process.stdout.write(text + '\n');
  return EXIT.ok;
}

const COMMANDS: Record<string, (argv: string[]) => Promise<number>> = { migrate, check, report };

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') return print(HELP.main!);
  if (name === '--version' || name === '-v') return print(version());
  const context: CommandContext = { useColor, showProgress, version, UsageError };
  const command: Command | undefined = EXTRA_COMMANDS[name];
  const run = COMMANDS[name] ?? (command ? (a: string[]) => command.run(a, context) : undefined);
  try {
    if (!run) throw new UsageError(`unknown command '${name}' (see boot-upgrade --help)`);
    return await run(rest);
  } catch (e) {
    if (e instanceof UsageError || e instanceof TableError) {
      process.stderr.write(`boot-upgrade: ${e.message}\n`);
      return EXIT.usage;
    }
    const err = e as NodeJS.ErrnoException;
    process.stderr.write(`boot-upgrade: ${err.message ?? String(e)}\n`);
    return EXIT.usage;
  }
}

/** Run when this file is the program (directly, through npm's bin link, or under tsx); not when imported. */
function isEntryPoint(): boolean {
  try {
    return process.argv[1] !== undefined && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  main(process.argv.slice(2)).then((code) => process.exit(code));
}
