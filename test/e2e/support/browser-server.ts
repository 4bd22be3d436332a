/**
 * Global setup of the `e2e` project (vitest.config.ts): one headless Chromium for the whole run, which every e2e file
 * connects to (e2e-harness.ts `launchBrowser`) instead of launching its own — a launch and close cost about a second
 * of CPU and two of wall on the 2-core machines, 27 times a run. Each file still works in browser contexts of its own
 * (fresh storage, cache and cookies), and closing its connection closes them. Vitest runs a project's global setup
 * only when that project has files in the run.
 */
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { browserLaunchOptions } from './browser-launch.ts';

/** Launches the shared browser (listening on loopback only) and hands its endpoint to the e2e files. */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({ ...browserLaunchOptions(), host: '127.0.0.1' });
  project.provide('browserEndpoint', server.wsEndpoint());
  return async () => {
    await server.close();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's Playwright endpoint; absent outside the e2e project. */
    browserEndpoint?: string;
  }
}
