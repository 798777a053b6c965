import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Sized to pass on a busy two-core machine: both cores used, and timeouts that leave a slow or
// loaded machine room (tests size their work by count, never by the clock).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/setup/cli-bundle.ts'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default', './test/reporters/closing-line.ts'],
    // the writes of repositories outside git keep their locks in a folder of the suite's, not the user's
    env: { XDG_STATE_HOME: path.join(os.tmpdir(), 'boot-upgrade-test-state') },
  },
});
