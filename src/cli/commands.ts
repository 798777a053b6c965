// Commands beyond migrate/check/report (e.g. `maturity`) register here, each in its own module,
// loaded only when the command runs (its usage and summary are repeated here for --help; a
// test keeps them equal to the module's own).
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

export const EXTRA_COMMANDS: Record<string, Command> = {
  rules: {
    usage: 'rules',
    summary: 'list every rule id with its severities and what it does, one line each',
    run: async (argv, context) => (await import('./rules.js')).rulesCommand.run(argv, context),
  },
  explain: {
    usage: 'explain RULE',
    summary: "print a rule's documentation (what it does, when it is an error)",
    run: async (argv, context) => (await import('./rules.js')).explainCommand.run(argv, context),
  },
  maturity: {
    usage: 'maturity [dir | openapi-file]',
    summary: 'grade the HTTP interface on the maturity model (levels 0-3)',
    run: async (argv, context) => (await import('../maturity/index.js')).maturityCommand.run(argv, context),
  },
};
