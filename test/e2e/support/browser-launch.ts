/**
 * How the e2e tests start headless Chromium: Debian's where installed (no download here), else Playwright's own.
 * Kept apart from e2e-harness.ts so the e2e project's global setup (browser-server.ts), which runs in Vitest's own
 * process, imports no test API.
 */
import { existsSync } from 'node:fs';
import type { LaunchOptions } from 'playwright-core';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** The launch options of every browser the tests drive. */
export function browserLaunchOptions(): LaunchOptions {
  return {
    ...(existsSync(DEBIAN_CHROMIUM) ? { executablePath: DEBIAN_CHROMIUM } : {}),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  };
}
