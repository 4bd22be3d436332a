/**
 * Layout at the two window sizes the app is designed for (1280×800 and 800×600), in a real Chromium: the "As of"
 * version field holds a 20-digit version (u64 max; mainnet versions have 10) without cutting a digit, and the
 * status bar of a remote node (its URL and health take most of a row) shows every figure, wrapping rather than
 * clipping. The pinned banner is saved as a screenshot at each size. Every main page, at both sizes and in both
 * themes: no horizontal overflow of the page, no placeholder cut by its field, and a long address that wraps
 * leaves no lone character on its last line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { SnapshotInfo } from '../../electron/snapshot/snapshot-info.ts';
import { launchBrowser, newPage, saveScreenshot, startExplorer, type RunningExplorer } from './support/e2e-harness.ts';
import { fixtureInfo } from './support/fixture-info.ts';
import { U64_MAX_TEXT } from '../../shared/ledger/u64.ts';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 800, height: 600 },
] as const;

describe('layout at 1280 and 800 px', () => {
  let backend: RunningExplorer;
  let front: RunningExplorer;
  let browser: Browser;
  beforeAll(async () => {
    backend = await startExplorer({ fixture: 'main' });
    front = await startExplorer({ remote: `${backend.url}/v1` });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await front?.stop();
    await backend?.stop();
  });

  for (const viewport of SIZES) {
    it(`fits a 20-digit version in the field and every status figure in the window (${viewport.width}px)`, async () => {
      const { page, context, errors } = await newPage(browser, { viewport });
      const ledger = (await (await fetch(`${front.url}/v1`)).json()) as { ledger_version: string };
      await page.goto(`${front.url}/gas?ledger_version=${ledger.ledger_version}`);
      await page.getByRole('region', { name: 'Pinned ledger version' }).waitFor();
      const field = page.getByRole('spinbutton', { name: 'Ledger version' });
      await field.fill(U64_MAX_TEXT);
      // The text's own width (scrollWidth of an input) within the field's inner width: no digit cut or scrolled.
      const { scroll, client } = await field.evaluate((element) => {
        const input = element as HTMLInputElement;
        input.scrollLeft = 0;
        return { scroll: input.scrollWidth, client: input.clientWidth };
      });
      expect(scroll).toBeLessThanOrEqual(client);
      const box = await field.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      await page.keyboard.press('Escape');

      const bar = page.getByRole('contentinfo', { name: 'Status' });
      await bar.getByText('● healthy', { exact: true }).waitFor();
      const layout = await bar.evaluate((element) => ({
        scroll: element.scrollWidth,
        client: element.clientWidth,
        bottom: element.getBoundingClientRect().bottom,
        // Every figure lies inside the bar's box (not scrolled out of sight to the right).
        outside: [...element.children].filter((child) => {
          const rect = child.getBoundingClientRect();
          const style = getComputedStyle(child);
          return style.display !== 'none' && rect.right > element.getBoundingClientRect().right + 0.5;
        }).length,
      }));
      expect(layout.scroll).toBeLessThanOrEqual(layout.client);
      expect(layout.outside).toBe(0);
      expect(layout.bottom).toBeLessThanOrEqual(viewport.height);
      await saveScreenshot(page, `pinned-banner-${viewport.width}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

/** What is wrong with the page's layout: overflow, cut placeholders, addresses ending in a lone character. */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth)
      problems.push(`page overflows by ${root.scrollWidth - root.clientWidth}px`);
    // A placeholder is cut when its text is wider than the field: measured by showing it as the value.
    for (const field of document.querySelectorAll<HTMLInputElement>('input[placeholder]')) {
      if (field.value !== '' || field.offsetParent === null || field.placeholder === '') continue;
      const before = field.value;
      field.value = field.placeholder;
      const cut = field.scrollWidth > field.clientWidth;
      field.value = before;
      if (cut) problems.push(`placeholder cut: "${field.placeholder}" (${field.getAttribute('aria-label') ?? ''})`);
    }
    // An address (0x + 64 hex digits) that wraps must not leave a lone character or two on its last line.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const match = /0x[0-9a-f]{64}/.exec(text);
      if (match === null) continue;
      const range = document.createRange();
      const tops: number[] = [];
      for (let at = match.index; at < match.index + match[0].length; at += 1) {
        range.setStart(node, at);
        range.setEnd(node, at + 1);
        const rect = range.getBoundingClientRect();
        if (rect.width > 0) tops.push(Math.round(rect.top));
      }
      const last = tops.at(-1);
      const onLast = tops.filter((top) => top === last).length;
      if (new Set(tops).size > 1 && onLast < 3)
        problems.push(`address wraps with ${onLast} lone character(s): ${match[0]}`);
    }
    return problems;
  });
}

describe('every main page fits at 1280×800 and 800×600, light and dark', () => {
  let explorer: RunningExplorer;
  let browser: Browser;
  let info: SnapshotInfo;
  let latest: string;
  beforeAll(async () => {
    explorer = await startExplorer({ fixture: 'main' });
    browser = await launchBrowser();
    info = fixtureInfo();
    latest = ((await (await fetch(`${explorer.url}/v1`)).json()) as { ledger_version: string }).ledger_version;
  });
  afterAll(async () => {
    await browser?.close();
    await explorer?.stop();
  });

  /** Each page and what shows it is ready. */
  const pages = (): readonly { readonly path: string; readonly ready: (page: Page) => Promise<unknown> }[] => {
    const sender = info.samples.senders[0]!.address;
    return [
      { path: '/', ready: (page) => page.getByRole('region', { name: /^Accounts/ }).waitFor() },
      { path: `/accounts/${sender}`, ready: (page) => page.locator('.apt-where').first().waitFor() },
      {
        path: `/accounts/${sender}/compare`,
        ready: (page) => page.getByText(/^Enter two ledger versions/).waitFor(),
      },
      {
        path: `/accounts/${sender}/compare?from=${BigInt(latest) - 2000n}&to=${latest}`,
        ready: (page) =>
          page
            .getByRole('status')
            .getByText(/between versions/)
            .waitFor(),
      },
      {
        path: `/accounts/${sender}/activity`,
        ready: (page) => page.getByRole('table', { name: 'Activity' }).waitFor(),
      },
      { path: '/accounts/0xcafe/modules', ready: (page) => page.getByRole('list', { name: 'Modules' }).waitFor() },
      {
        path: `/txn/${info.samples.transactions.user!.version}`,
        ready: (page) => page.locator('section.transaction-changes[data-changes-ready="true"]').waitFor(),
      },
      { path: '/blocks', ready: (page) => page.getByText(/^100 blocks loaded/).waitFor() },
      { path: '/gas', ready: (page) => page.locator('.gas-chart-plot canvas').waitFor() },
      { path: '/inspect', ready: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
      {
        path: `/tables/${info.samples.tables[0]!.handle}`,
        ready: (page) => page.getByRole('heading', { level: 1 }).waitFor(),
      },
    ];
  };

  // Each page is loaded once per size and checked in the light theme, then in the dark one after the system theme
  // switches in the same page (the UI follows it live: renderer/lib/use-color-scheme.ts, the CSS's `light-dark()`),
  // instead of loading every page again in a dark context: half the page loads of this file, the slowest but one.
  for (const viewport of SIZES) {
    it(`${viewport.width}×${viewport.height}, light and dark`, async () => {
      const { page, context, errors } = await newPage(browser, { viewport, colorScheme: 'light' });
      const found: string[] = [];
      for (const { path, ready } of pages()) {
        await page.emulateMedia({ colorScheme: 'light' });
        await page.goto(`${explorer.url}${path}`);
        await ready(page);
        for (const colorScheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme });
          expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(
            colorScheme === 'dark',
          );
          // Two frames: the switch's re-render (the gas chart's canvas) is drawn before the layout is read.
          await page.evaluate(
            () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
          );
          for (const problem of await layoutProblems(page)) found.push(`${path} (${colorScheme}): ${problem}`);
        }
      }
      expect(found).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
