// How much work the randomized and generated tests do. `npm test` runs the short budget, sized
// by count so that the suite passes on a busy two-core laptop; BOOT_UPGRADE_TEST_LONG=1 runs the
// long budget (before a release, or on a machine with time to spare), with timeouts to match.
// A seed or a count of one test can still be set by hand (each test names its variables).

/** The long randomized runs are on. */
export const LONG = process.env.BOOT_UPGRADE_TEST_LONG === '1';

/** `short` items by default, `long` with BOOT_UPGRADE_TEST_LONG=1; the variable `env`, when set, wins. */
export function budget(env: string, short: number, long: number): number {
  const set = process.env[env];
  if (set !== undefined && set !== '') {
    const n = Number(set);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${env} must be a positive whole number, not '${set}'`);
    return n;
  }
  return LONG ? long : short;
}

/** The seed of a randomized test: `fallback` unless the variable `env` sets one. */
export function seed(env: string, fallback: number): number {
  const set = process.env[env];
  return set === undefined || set === '' ? fallback : Number(set);
}

/** The timeout of a test sized by budget(): the suite's default, or an hour for the long budget. */
export const BUDGET_TIMEOUT: number | undefined = LONG ? 3_600_000 : undefined;
