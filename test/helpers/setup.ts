// Setup shared by the tests of a file. vitest 4 shows the tests of a file whose beforeAll threw
// (or timed out) as skipped, not failed: a broken setup would read as a shorter suite. Here the
// setup's error is kept and each test of the scope fails with it.
import { beforeAll, beforeEach } from 'vitest';

/** Room for a setup on a busy machine (a bundle, a server, a grammar): generous, by count of work not by clock. */
export const SETUP_TIMEOUT = 300_000;

/**
 * Runs `setup` once before the tests of the current scope (the file, or the describe it is
 * called in); when it throws, every one of those tests fails with its error.
 */
export function setupOnce(setup: () => unknown, timeoutMs = SETUP_TIMEOUT): void {
  let failure: unknown;
  beforeAll(async () => {
    try {
      await setup();
    } catch (e) {
      failure = e;
    }
  }, timeoutMs);
  beforeEach(() => {
    if (failure !== undefined) throw failure;
  });
}
