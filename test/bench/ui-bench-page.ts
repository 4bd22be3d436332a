/**
 * In-page instrumentation of the UI benchmark: an init script that records, from the very start
 * of each document, long tasks (PerformanceObserver `longtask`) and the first moment each watched
 * selector matches (MutationObserver), plus helpers that scroll a list end to end one viewport per
 * frame and read what happened in a time window.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';

/** What the page recorded. */
interface BenchState {
  longTasks: { start: number; duration: number }[];
  seen: Record<string, number>;
}

declare global {
  interface Window {
    __bench: BenchState;
  }
}

/** Installs the recorder into every document of `page`; `selectors` are timed on first match. */
export async function instrument(page: Page, selectors: readonly string[]): Promise<void> {
  await page.addInitScript((watched: readonly string[]) => {
    const state: BenchState = { longTasks: [], seen: {} };
    window.__bench = state;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
    const check = (): void => {
      for (const selector of watched) {
        if (state.seen[selector] === undefined && document.querySelector(selector))
          state.seen[selector] = performance.now();
      }
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
  }, selectors);
}

/**
 * Matches once every control of a page is live: a page the server rendered is marked busy until then
 * (electron/service/ssr-page.ts, renderer/app/early-input.ts).
 */
export const LIVE = '#root:not([aria-busy]) > *';

/** Milliseconds from navigation start until `selector` first matched (waits for it). */
export async function timeToSelector(page: Page, selector: string): Promise<number> {
  await page.waitForSelector(selector, { timeout: 60_000 });
  return page.evaluate((watched) => window.__bench.seen[watched] ?? performance.now(), selector);
}

/**
 * Waits until the app owns the page: a page the server rendered shows its rows before its code has run, and a click
 * then would do nothing. Its virtual lists are placed once hydrated (renderer/lib/use-hydrated.ts).
 */
export async function interactive(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('[data-unplaced]') === null, undefined, { timeout: 60_000 });
}

/** Long tasks in a window of page time. */
export interface LongTaskReport {
  readonly count: number;
  readonly maxMs: number;
  readonly totalMs: number;
}

/** Long tasks that started between `from` and `to` (page time, ms). */
export async function longTasksBetween(page: Page, from: number, to: number): Promise<LongTaskReport> {
  const tasks = await page.evaluate(() => window.__bench.longTasks);
  const inside = tasks.filter((task) => task.start >= from && task.start <= to);
  return {
    count: inside.length,
    maxMs: Math.max(0, ...inside.map((task) => task.duration)),
    totalMs: inside.reduce((sum, task) => sum + task.duration, 0),
  };
}

/** The page's clock now. */
export function pageNow(page: Page): Promise<number> {
  return page.evaluate(() => performance.now());
}

/**
 * Scrolls the element matching `selector` from top to bottom, one viewport per animation frame
 * (a fast wheel), and returns the page-time window it took and the frames used.
 */
export async function scrollEndToEnd(
  page: Page,
  selector: string,
): Promise<{ from: number; to: number; frames: number }> {
  return page.evaluate(async (target) => {
    const element = document.querySelector(target);
    if (!(element instanceof HTMLElement)) throw new Error(`no scroll container ${target}`);
    element.scrollTop = 0;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const from = performance.now();
    let frames = 0;
    // Bounded: a list that keeps growing while measured must still end.
    while (element.scrollTop + element.clientHeight < element.scrollHeight - 1 && frames < 50_000) {
      element.scrollTop += element.clientHeight;
      frames += 1;
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    // Let the last rows render and any trailing task land in the window.
    await new Promise((resolve) => setTimeout(resolve, 100));
    return { from, to: performance.now(), frames };
  }, selector);
}

/**
 * A page with no framework that fetches the same resources page and writes it into a plain table:
 * the baseline of "navigation to a rendered resources table" (the cost of the data and the DOM).
 */
export function bareResourcesPage(apiPath: string): string {
  return `<!doctype html><meta charset="utf-8"><title>bare</title><table id="t"></table><script>
fetch(${JSON.stringify(apiPath)}, { headers: { Accept: 'application/json' } }).then((r) => r.json()).then((rows) => {
  const t = document.getElementById('t');
  const html = rows.map((r) =>
    '<tr class="bare-row"><td>' + r.type.replace(/</g, '&lt;') + '</td>' +
    '<td>' + JSON.stringify(r.data).length + '</td></tr>'
  );
  t.innerHTML = html.join('');
});
</script>`;
}

/** A baseline list of `count` plain rows in a scroll box (no virtualization, no framework). */
export function bareListPage(count: number): string {
  return `<!doctype html><meta charset="utf-8"><title>bare list</title>
<div id="s" style="height:600px;overflow:auto"></div><script>
const rows = [];
for (let i = 0; i < ${count}; i += 1) {
  rows.push(
    '<div style="height:32px;border-bottom:1px solid #ddd">row ' + i +
      ' 0x1::coin::CoinStore&lt;0xc011ec7::coins::Coin' + i + '&gt;</div>'
  );
}
document.getElementById('s').innerHTML = rows.join('');
</script>`;
}

/**
 * Clicks the button named `name` and returns the page time until a `[role="status"]` element's text matches
 * `pattern` and the next frame painted (in-page: no polling delay of the driver).
 */
export function clickUntilStatus(page: Page, name: string, pattern: RegExp): Promise<number> {
  return page.evaluate(
    async ({ name: label, source }) => {
      const wanted = new RegExp(source);
      const button = [...document.querySelectorAll('button')].find((element) => element.textContent === label);
      if (!button) throw new Error(`no button ${label}`);
      const matched = (): boolean =>
        [...document.querySelectorAll('[role="status"]')].some((element) => wanted.test(element.textContent ?? ''));
      const from = performance.now();
      await new Promise<void>((resolve) => {
        const observer = new MutationObserver(() => {
          if (!matched()) return;
          observer.disconnect();
          resolve();
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        button.click();
      });
      await new Promise((resolve) => requestAnimationFrame(resolve));
      return performance.now() - from;
    },
    { name, source: pattern.source },
  );
}

/**
 * The baseline of "Load all": in the page, with plain `fetch`, the pages after the first `first` resources of
 * `account` at `limit` each, every body parsed as JSON (the cost of the data alone). Returns the time and pages.
 */
export function bareLoadAll(
  page: Page,
  account: string,
  first: number,
  limit: number,
): Promise<{ ms: number; pages: number; rows: number }> {
  return page.evaluate(
    async ({ account: address, first: firstLimit, limit: pageLimit }) => {
      const read = async (query: string): Promise<{ rows: number; cursor: string | null }> => {
        const response = await fetch(`/v1/accounts/${address}/resources?${query}`, {
          headers: { Accept: 'application/json' },
        });
        const rows = (await response.json()) as unknown[];
        return { rows: rows.length, cursor: response.headers.get('x-aptos-cursor') };
      };
      let { cursor } = await read(`limit=${firstLimit}`);
      const from = performance.now();
      let pages = 0;
      let rows = 0;
      while (cursor !== null) {
        const next = await read(`limit=${pageLimit}&start=${cursor}`);
        pages += 1;
        rows += next.rows;
        cursor = next.cursor;
      }
      return { ms: performance.now() - from, pages, rows };
    },
    { account, first, limit },
  );
}

/** Gzip sizes of the built UI's JavaScript: what index.html loads at start, and the lazy chunks. */
export function bundleSizes(uiDir: string): { initialGz: number; lazyGz: number; cssGz: number; files: number } {
  const html = readFileSync(join(uiDir, 'index.html'), 'utf8');
  const initial = new Set([...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((match) => match[1]));
  let initialGz = 0;
  let lazyGz = 0;
  let cssGz = 0;
  const files = readdirSync(join(uiDir, 'assets')).filter((name) => !name.endsWith('.map'));
  for (const name of files) {
    const size = gzipSync(readFileSync(join(uiDir, 'assets', name)), { level: 9 }).length;
    if (name.endsWith('.css')) cssGz += size;
    else if (initial.has(name)) initialGz += size;
    else if (name.endsWith('.js')) lazyGz += size;
  }
  return { initialGz, lazyGz, cssGz, files: files.length };
}
