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
    // the write's stage worker, run from the TypeScript sources, registers this loader in its thread
    env: { BOOT_UPGRADE_TS_LOADER: 'tsx/esm/api' },
  },
});
