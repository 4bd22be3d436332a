import { defineConfig } from 'vitest/config';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { DurationSequencer } from './test/support/duration-sequencer.ts';

/**
 * One Vitest run, three projects:
 * - `node`: unit and contract tests of shared/, the snapshot store, the read service over real HTTP, the CLI;
 * - `components`: React components in happy-dom, with `fetch` routed into the real read service;
 * - `e2e`: journeys in a real Chromium (playwright-core) against `ledger-explorer serve`.
 * Every project shares the global setup that generates the snapshot fixtures once per run.
 *
 * The files of all three projects share the workers, longest first (test/support/duration-sequencer.ts): the e2e
 * files used to run one at a time after all others, 5 of the suite's 14 minutes with one core mostly idle.
 */
export default defineConfig({
  plugins: [react()],
  test: {
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: a single worker on the 2-core machines CI and the team
    // use, which ran every file one after another. Many files wait on child processes, HTTP and Chromium, so one
    // worker per core keeps both cores busy.
    maxWorkers: Math.max(2, availableParallelism()),
    globalSetup: ['test/support/global-setup.ts'],
    sequence: { sequencer: DurationSequencer },
    // Node's on-disk compile cache for the workers and every process a test starts (the CLI is spawned hundreds of
    // times, each loading ~490 modules): `ledger-explorer --help` starts in about half the time with it.
    env: { NODE_COMPILE_CACHE: join(import.meta.dirname, 'test', '.tmp', 'node-compile-cache') },
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
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          // One Chromium for the run, which each file connects to (test/e2e/support/browser-server.ts).
          globalSetup: ['test/e2e/support/browser-server.ts'],
          // `expect.poll` gives up after 1 s by default; a page whose code loads on demand can take longer than that
          // on a loaded machine (CI failed on it twice), while a locator's own wait allows 30 s.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
