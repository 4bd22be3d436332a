/**
 * Layout at the two window sizes the app is designed for (1280×800 and 800×600), in a real Chromium: the "As of"
 * version field holds a 20-digit version (u64 max; mainnet versions have 10) without cutting a digit, and the
 * status bar of a remote node (its URL and health take most of a row) shows every figure, wrapping rather than
 * clipping. The pinned banner is saved as a screenshot at each size.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, saveScreenshot, startExplorer, type RunningExplorer } from './support/e2e-harness.ts';
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
