import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * One Vitest run, three projects:
 * - `node`: unit and contract tests of shared/, the snapshot store, the read service over real HTTP, the CLI;
 * - `components`: React components in happy-dom, with `fetch` routed into the real read service;
 * - `e2e`: journeys in a real Chromium (playwright-core) against `ledger-explorer serve`.
 * Every project shares the global setup that generates the snapshot fixtures once per run.
 */
export default defineConfig({
  plugins: [react()],
  test: {
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: 'forks',
    globalSetup: ['test/support/global-setup.ts'],
    reporters: ['default', './test/support/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'node', include: ['test/**/*.test.ts'], exclude: ['test/e2e/**', 'test/renderer/**'] },
      },
      {
        extends: true,
        test: {
          name: 'components',
          include: ['test/renderer/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['test/renderer/support/setup.ts'],
        },
      },
      { extends: true, test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'], fileParallelism: false } },
    ],
  },
});
