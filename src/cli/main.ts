#!/usr/bin/env node
// boot-upgrade: migrate | check | report | verify (| maturity). Exit codes in exit.ts (docs/cli.md "Exit codes").
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TableError } from '../table/load.js';
import { GitError } from '../engine/git.js';
import { OptionError } from '../engine/types.js';
import { LinkRefused, LockHeld, WriteInterrupted, WriteRefused } from '../engine/write-errors.js';
import { EXTRA_COMMANDS, type Command, type CommandContext } from './commands.js';
import { colorFor } from './color.js';
import { version } from './version.js';
import { EXIT, UsageError } from './exit.js';
import { didYouMean } from './suggest.js';
import { visible } from '../report/escape.js';

export { EXIT } from './exit.js';

function print(text: string): number {
  process.stdout.write(text + '\n');
  return EXIT.ok;
}

// The engine and every transform load only when a command runs: `--version` and `--help` stay
// at Node's own start-up cost.
const COMMANDS: Record<string, (argv: string[]) => Promise<number>> = {
  migrate: async (argv) => (await import('./migrate.js')).migrate(argv),
  check: async (argv) => (await import('./check.js')).check(argv),
  report: async (argv) => (await import('./report.js')).report(argv),
  verify: async (argv) => (await import('./verify.js')).verify(argv),
};

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') return print((await import('./help.js')).HELP.main()); // help names every report format: loaded only here
  if (name === '--version' || name === '-v') return print(version());
  const context: CommandContext = { useColor: () => colorFor(process.stdout), showProgress: () => process.stderr.isTTY === true && !process.env.CI, version, UsageError };
  const command: Command | undefined = EXTRA_COMMANDS[name];
  const run = COMMANDS[name] ?? (command ? (a: string[]) => command.run(a, context) : undefined);
  try {
    if (!run) {
      const names = [...Object.keys(COMMANDS), ...Object.keys(EXTRA_COMMANDS)];
      throw new UsageError(`unknown ${name.startsWith('-') ? 'option' : 'command'} '${name}'${didYouMean(name.replace(/^-+/, ''), names)} (see boot-upgrade --help)`);
    }
    return await run(rest);
  } catch (e) {
    if (e instanceof UsageError || e instanceof TableError || e instanceof OptionError || e instanceof LinkRefused) {
      process.stderr.write(`boot-upgrade: ${visible(e.message)}\n`);
      return EXIT.usage;
    }
    if (e instanceof GitError || e instanceof WriteRefused || e instanceof LockHeld) {
      process.stderr.write(`boot-upgrade: ${visible(e.message)}\n`);
      return EXIT.refused;
    }
    if (e instanceof WriteInterrupted) {
      // Ctrl-C while writing: before the renames nothing changed (refused); during them the batch finished.
      process.stderr.write(`boot-upgrade: ${visible(e.message)}\n`);
      return e.completed ? EXIT.ok : EXIT.refused;
    }
    const err = e as NodeJS.ErrnoException;
    process.stderr.write(`boot-upgrade: ${visible(err.message ?? String(e))}\n`);
    return EXIT.crashed;
  }
}

/** Run when this file is the program (under tsx, or tsc's dist/src); not when imported. The bin starts the CLI through start.ts. */
function isEntryPoint(): boolean {
  try {
    return process.argv[1] !== undefined && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

/**
 * Exit only once stdout and stderr have handed every byte to the reader. On a pipe, Node queues
 * what the reader has not taken yet; `process.exit` right after a write drops that queue (a diff
 * piped to `git apply` was cut at 64 KiB). A reader that went away (EPIPE) ends the run quietly.
 */
export function exitWhenFlushed(code: number): void {
  process.exitCode = code;
  let pending = 2;
  const done = () => {
    if (--pending === 0) process.exit(code);
  };
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e: NodeJS.ErrnoException) => process.exit(e.code === 'EPIPE' ? code : EXIT.usage));
    stream.write('', done);
  }
}

if (isEntryPoint()) void import('./start.js').then(({ start }) => start());
