import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    pool: 'forks',
    reporters: ['default', './test/reporters/closing-line.ts'],
    // the worker pool, run from the TypeScript sources, registers this loader in its worker
    env: { BOOT_UPGRADE_TS_LOADER: 'tsx/esm/api' },
  },
});
