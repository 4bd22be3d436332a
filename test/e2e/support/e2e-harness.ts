/**
 * End-to-end harness: the real `ledger-explorer serve` (a child process, the way users run it)
 * serving a generated snapshot and the built UI on 127.0.0.1, and a real Chromium driven by
 * playwright-core (Debian's /usr/bin/chromium here, Playwright's own browser elsewhere; one per run,
 * browser-server.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Download, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { CLI_PATH } from '../../support/run-cli.ts';
import { fixturePath } from '../../support/fixture-path.ts';
import type { FixtureName } from '../../support/fixtures.ts';
import { browserLaunchOptions } from './browser-launch.ts';
import { ensureUiBuilt } from './ui-build.ts';

/** A running explorer: base URL (no trailing slash) and a stop function. */
export interface RunningExplorer {
  readonly url: string;
  readonly process: ChildProcess;
  stop(): Promise<void>;
}

/** Options of {@link startExplorer}. */
export interface StartExplorerOptions {
  readonly fixture?: FixtureName;
  /** A snapshot file instead of a fixture. */
  readonly snapshot?: string;
  /** A node URL: `serve --remote URL` instead of a snapshot. */
  readonly remote?: string;
  /** A fixed port instead of any free one (to restart a server where clients expect it). */
  readonly port?: number;
  /** More `serve` arguments. */
  readonly args?: readonly string[];
  /** Environment of the child (default: this process's). */
  readonly env?: NodeJS.ProcessEnv;
}

/** Starts `ledger-explorer serve --port 0` on a fixture (or a remote node) with the current UI build. */
export async function startExplorer(options: StartExplorerOptions = {}): Promise<RunningExplorer> {
  const ui = await ensureUiBuilt();
  const source =
    options.remote !== undefined
      ? ['--remote', options.remote]
      : ['--snapshot', options.snapshot ?? fixturePath(options.fixture ?? 'main')];
  const child = spawn(
    process.execPath,
    [CLI_PATH, 'serve', ...source, '--port', String(options.port ?? 0), '--ui', ui, ...(options.args ?? [])],
    {
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = /web UI: (http:\/\/\S+?)\/?\n/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`serve exited with ${code} before listening:\n${output}`)));
  });
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await exited;
  };
  return { url, process: child, stop };
}

/**
 * A browser for one test file: inside Vitest's e2e project a connection to the run's shared Chromium
 * (browser-server.ts), whose `close()` closes this file's contexts and leaves the browser to the other files;
 * elsewhere (the UI benchmarks, a file run under another project) a Chromium of its own.
 */
export function launchBrowser(): Promise<Browser> {
  const endpoint = process.env.VITEST_WORKER_ID === undefined ? undefined : inject('browserEndpoint');
  return endpoint === undefined ? chromium.launch(browserLaunchOptions()) : chromium.connect(endpoint);
}

/**
 * The text of a finished download. Read through Playwright's stream, because `download.path()` exists only when the
 * browser runs in this process, not when it is the shared one.
 */
export async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A page plus the errors it raised (uncaught exceptions and console errors). */
export interface TestPage {
  readonly page: Page;
  readonly context: BrowserContext;
  readonly errors: string[];
}

/** Options of {@link newPage}. */
export interface NewPageOptions {
  readonly colorScheme?: 'light' | 'dark';
  readonly viewport?: { readonly width: number; readonly height: number };
  /**
   * False: `goto`/`reload` resolve as Playwright's own do, before a server-rendered page is hydrated (journeys that
   * act on the page as a user would, its input kept until the controls are live: renderer/public/input-boot.js).
   */
  readonly untilHydrated?: boolean;
}

/**
 * Makes `page.goto` and `page.reload` of a page the server rendered (renderer/ssr-entry.tsx: it carries an
 * `#ssr-state` block) resolve once the app has hydrated it (renderer/app/mount.tsx marks `<html>`): its markup shows
 * before its code runs, and a click or a typed key then would reach no handler.
 */
function untilHydrated(page: Page): void {
  const hydrated = async (): Promise<void> => {
    const rendered = await page.evaluate(() => document.getElementById('ssr-state') !== null).catch(() => false);
    if (!rendered) return;
    await page.waitForSelector('html[data-app-mounted]', { state: 'attached', timeout: 30_000 });
    // The root commits first; the content of each Suspense boundary (frame, account layout) is hydrated in a later
    // pass, and an event on it before then is dropped. React marks each element it has hydrated with its props.
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('#root button, #root input, #root select, #root textarea')].every((element) =>
          Object.keys(element).some((key) => key.startsWith('__reactProps$')),
        ),
      undefined,
      { timeout: 30_000 },
    );
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await hydrated();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await hydrated();
    return response;
  };
}

/**
 * Has the client draw the page at `url` in `page` (the path a page the server did not render takes): the server's
 * render is taken out of its HTML (its `ssr-state` block; without it the app draws over the markup). For journeys
 * that watch the page's own reads, or stand in for the node between the browser and the service.
 */
export async function drawnByClient(page: Page, url: string): Promise<void> {
  await page.route(url, async (route) => {
    const response = await route.fetch();
    const html = await response.text();
    await route.fulfill({
      response,
      body: html.replace(/<script type="application\/json" id="ssr-state">[^<]*<\/script>/, ''),
    });
  });
}

/** A fresh browser context and page (1280×800, light unless asked). */
export async function newPage(browser: Browser, options: NewPageOptions = {}): Promise<TestPage> {
  const context = await browser.newContext({
    colorScheme: options.colorScheme ?? 'light',
    viewport: options.viewport ?? { width: 1280, height: 800 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  if (options.untilHydrated !== false) untilHydrated(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // Every console error counts: a source without an indexer says so in /explorer/v1/source, so the UI does not ask
  // /v1/graphql there (renderer/api/graphql.ts) and no failed load is logged.
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { page, context, errors };
}

const ROOT = join(import.meta.dirname, '..', '..', '..');

/**
 * Where journeys put their screenshots: `test/.tmp/screenshots/` (a test run never rewrites tracked
 * files), or the folder in `LEDGER_EXPLORER_SCREENSHOTS` — `npm run screenshots` sets it to
 * `docs/screenshots/`, the pictures the README shows.
 */
export const SCREENSHOT_DIR = process.env.LEDGER_EXPLORER_SCREENSHOTS
  ? resolve(ROOT, process.env.LEDGER_EXPLORER_SCREENSHOTS)
  : join(ROOT, 'test', '.tmp', 'screenshots');

/** Saves a screenshot of the viewport as `<SCREENSHOT_DIR>/<name>.png`; returns its path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path });
  return path;
}

/** The explorer and browser a test file's journeys share. */
export interface E2eSession {
  readonly explorer: RunningExplorer;
  readonly browser: Browser;
}

/**
 * Starts `serve` (see {@link startExplorer}) and a browser before the file's tests and stops both
 * after them; call at the top of a `describe`. Hooks registered after this one see both running.
 */
export function useExplorerSession(options: StartExplorerOptions = {}): E2eSession {
  const session = {} as { explorer: RunningExplorer; browser: Browser };
  beforeAll(async () => {
    await Promise.all([
      startExplorer(options).then((explorer) => (session.explorer = explorer)),
      launchBrowser().then((browser) => (session.browser = browser)),
    ]);
  });
  afterAll(async () => {
    await session.browser?.close();
    await session.explorer?.stop();
  });
  return session;
}
