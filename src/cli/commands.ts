// Commands beyond migrate/check/report (e.g. `maturity`) register here, each in its own module.
import { maturityCommand } from '../maturity/index.js';
export interface CommandContext {
  useColor(): boolean;
  showProgress(): boolean;
  version(): string;
  /** Throw this for a usage error: the CLI prints it on one line and exits 2. */
  UsageError: new (message: string) => Error;
}

export interface Command {
  usage: string; // e.g. 'maturity [dir | openapi-file]'
  summary: string;
  run(argv: string[], context: CommandContext): Promise<number>;
}

export const EXTRA_COMMANDS: Record<string, Command> = { maturity: maturityCommand };
