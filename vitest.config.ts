import { defineConfig } from 'vitest/config';

/**
 * One Vitest configuration for every test: unit tests of shared/, the snapshot store,
 * the read service over real HTTP. Property and contract tests are slow-ish, hence the timeout.
 */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: 'forks',
    globalSetup: ['test/support/global-setup.ts'],
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
});
