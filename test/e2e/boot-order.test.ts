/**
 * The order in which an opened page asks for things, in a real Chromium against `ledger-explorer serve`: the page's
 * reads leave before the app's chunk (React DOM and the frame, renderer/app/mount.tsx) and before the route's lazy
 * view, and none of those is in what index.html loads (renderer/main.tsx, renderer/app/boot.ts). The browser opens
 * at most six connections to the server; a read queued behind a route's files waits for them. This is the client's
 * path, which a page the server did not render takes (renderer/ssr-entry.tsx gives up, or the UI has no render
 * bundle): the UI is served here without its `ssr/` folder. ssr-hydration.test.ts covers the rendered page.
 */
import { cpSync, existsSync, renameSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { fixtureInfo } from './support/fixture-info.ts';
import { launchBrowser, newPage, startExplorer, type RunningExplorer } from './support/e2e-harness.ts';
import { ensureUiBuilt } from './support/ui-build.ts';

const RESOURCE_ROW = '[aria-label="Resources"] [role="row"][aria-rowindex]';

/** The requests the page sent until `ready` matched, in order, as paths. */
async function requestsUntil(base: string, path: string, ready: string, browser: Parameters<typeof newPage>[0]) {
  const { page, context, errors } = await newPage(browser);
  const sent: string[] = [];
  page.on('request', (request) => sent.push(new URL(request.url()).pathname));
  // Whether a route's "Loading…" (the Suspense fallback of a view whose code is not here yet) was ever drawn.
  await page.addInitScript(() => {
    const seen = { routeFallback: false };
    Object.assign(window, { __bootOrder: seen });
    new MutationObserver(() => {
      for (const status of document.querySelectorAll('.status-view.loading')) {
        if (status.textContent === 'Loading…') seen.routeFallback = true;
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.goto(`${base}${path}`);
  await page.locator(ready).first().waitFor({ timeout: 20_000 });
  const routeFallback = await page.evaluate(
    () => (window as unknown as { __bootOrder: { routeFallback: boolean } }).__bootOrder.routeFallback,
  );
  const html = await (await fetch(`${base}${path}`)).text();
  await context.close();
  return { sent, html, errors, routeFallback };
}

/** The position of the first sent path matching `pattern` (fails when none does). */
function firstIndex(sent: readonly string[], pattern: RegExp): number {
  const index = sent.findIndex((path) => pattern.test(path));
  expect(index, `no request matching ${pattern} in ${sent.join(' ')}`).toBeGreaterThanOrEqual(0);
  return index;
}

/** The built UI without its server-side render (a copy beside it, made once per build). */
async function clientOnlyUi(): Promise<string> {
  const ui = await ensureUiBuilt();
  const copy = `${ui}-client`;
  if (!existsSync(copy)) {
    const staging = `${copy}.${process.pid}.partial`;
    cpSync(ui, staging, { recursive: true, filter: (path) => !path.startsWith(`${ui}/ssr`) });
    try {
      renameSync(staging, copy);
    } catch {
      rmSync(staging, { recursive: true, force: true }); // another file's run made it first
    }
  }
  return copy;
}

describe('boot order', () => {
  const session = {} as { explorer: RunningExplorer; browser: Browser };
  beforeAll(async () => {
    session.explorer = await startExplorer({ fixture: 'main', args: ['--ui', await clientOnlyUi()] });
    session.browser = await launchBrowser();
  });
  afterAll(async () => {
    await session.browser?.close();
    await session.explorer?.stop();
  });

  it("asks for an account's resources before the app's and the tab's chunks, both absent from index.html", async () => {
    const { sent, html, errors, routeFallback } = await requestsUntil(
      session.explorer.url,
      '/accounts/0x1',
      RESOURCE_ROW,
      session.browser,
    );
    const read = firstIndex(sent, /^\/v1\/accounts\/0x1\/resources$/);
    expect(read).toBeLessThan(firstIndex(sent, /^\/assets\/mount-[\w-]+\.js$/));
    expect(read).toBeLessThan(firstIndex(sent, /^\/assets\/resources-panel-[\w-]+\.js$/));
    // React DOM and the view are not in the entry: index.html names neither.
    expect(html).not.toMatch(/assets\/(mount|resources-panel)-/);
    // The app mounts with the tab's code in hand (renderer/main.tsx): the tab is drawn at once, never "Loading…".
    expect(routeFallback).toBe(false);
    expect(errors).toEqual([]);
  });

  it("a transaction and the explorer's read of its changes are asked for before the page's chunks", async () => {
    const version = fixtureInfo().samples.transactions.user!.version;
    const { sent, errors, routeFallback } = await requestsUntil(
      session.explorer.url,
      `/txn/${version}`,
      'section.transaction-changes[data-changes-ready="true"]',
      session.browser,
    );
    const chunk = Math.min(
      firstIndex(sent, /^\/assets\/mount-[\w-]+\.js$/),
      firstIndex(sent, /^\/assets\/transaction-page-[\w-]+\.js$/),
    );
    expect(firstIndex(sent, new RegExp(`^/v1/transactions/by_version/${version}$`))).toBeLessThan(chunk);
    expect(firstIndex(sent, new RegExp(`^/explorer/v1/transactions/by_version/${version}/changes$`))).toBeLessThan(
      chunk,
    );
    expect(routeFallback).toBe(false);
    // A change whose key did not exist before is a 404 the page reads on purpose; Chromium logs it.
    expect(errors.filter((error) => !error.includes('status of 404'))).toEqual([]);
  });
});
