// Exit codes, documented in docs/cli.md ("Exit codes"). 2 is kept for usage and configuration
// errors only, so that a runner over many repositories can tell "I called it wrong" from
// "it ran, and some files need a look" (3: the other files were migrated and stay modified),
// "it refused to write anything" (4) and, with --verify or `verify`, "migrated, but the build
// does not compile" (6).
export const EXIT = {
  ok: 0,
  /** check: a file would change, an error finding remains (or --max-warnings exceeded), or a killed run's write is half-done; report: error findings. */
  failed: 1,
  /** Unknown command, option, rule id or --boot-version; a bad table or configuration file; a missing file. */
  usage: 2,
  /** Ran, but some files could not be read or parsed: they were left untouched, the rest was done. */
  partial: 3,
  /** Wrote nothing: files with uncommitted changes, another run's lock, a file changed while written, a killed run's write undone first, a write outside the repository. */
  refused: 4,
  /** Stopped by an unexpected error (a disk or permission error while writing, a bug). */
  crashed: 5,
  /** --verify / verify: the repository's build did not pass (compile errors, unresolved dependencies, a failure, or the time limit). */
  buildFailed: 6,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export const EXIT_NAMES: Record<number, string> = { 0: 'ok', 1: 'failed', 2: 'usage', 3: 'partial', 4: 'refused', 5: 'crashed', 6: 'build-failed' };

/** Thrown for usage and configuration errors: printed on one line, exit 2. */
export class UsageError extends Error {}
