/**
 * The gas chart in a real Chromium against `ledger-explorer serve` (main fixture): its canvas is
 * painted in the theme in use and repainted when the theme is switched (the colours are
 * light-dark() pairs, resolved per scheme), and the keys move the block shown.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, saveScreenshot, useExplorerSession } from './support/e2e-harness.ts';
import { canvasPixels } from './support/canvas-pixels.ts';

/** The grid colour (`--border`) of each theme, as base.css defines it. */
const GRID = { light: [0xd7, 0xdb, 0xe0], dark: [0x2d, 0x37, 0x42] } as const;

/** Opaque canvas pixels within ±3 of each theme's grid colour. */
const gridPixels = (page: Page): Promise<{ light: number; dark: number }> =>
  canvasPixels(page, '.gas-chart-plot canvas', GRID);

describe('gas chart', () => {
  const session = useExplorerSession({ fixture: 'main' });

  it('repaints in the new theme after a theme switch, and moves between blocks with the keys', async () => {
    const { page, context } = await newPage(session.browser, { colorScheme: 'light' });
    try {
      await page.goto(`${session.explorer.url}/gas`);
      const chart = page.getByRole('slider', { name: /^Chart of \d+ recent blocks$/ });
      await chart.locator('canvas').first().waitFor();
      const before = await gridPixels(page);
      expect(before.light).toBeGreaterThan(100);
      expect(before.dark).toBe(0);

      await page.getByRole('group', { name: 'Theme' }).getByRole('button', { name: 'Dark' }).click();
      await expect.poll(async () => (await gridPixels(page)).dark, { timeout: 5_000 }).toBeGreaterThan(100);
      expect((await gridPixels(page)).light).toBe(0);
      await saveScreenshot(page, 'gas-dark-after-switch');

      const newest = await chart.getAttribute('aria-valuetext');
      await chart.focus();
      await page.keyboard.press('ArrowLeft');
      const older = await chart.getAttribute('aria-valuetext');
      expect(older).not.toBe(newest);
      await page.getByLabel(older!, { exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });
});
