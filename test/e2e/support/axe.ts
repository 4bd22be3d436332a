/**
 * axe-core (the accessibility engine, nobody here wrote it) in a real Chromium: a list of journeys, each
 * page opened as users reach it, checked in the light and the dark theme for no critical, no serious
 * violation and no moderate one. Each feature's e2e file declares its own journeys (test/e2e/accessibility*.test.ts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { SnapshotInfo } from '../../../electron/snapshot/snapshot-info.ts';
import { newPage, useExplorerSession } from './e2e-harness.ts';
import { fixtureInfo } from './fixture-info.ts';

// Evaluated through the browser's debugging protocol: the UI's CSP (rightly) refuses an injected <script>.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One axe violation, as much as a failure message needs. */
interface Violation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly nodes: readonly { readonly target: readonly string[]; readonly failureSummary?: string }[];
}

/** Impacts a journey must be free of: moderate too, so landmarks, headings and focus are held to account. */
const FAILING_IMPACTS: ReadonlySet<string> = new Set(['critical', 'serious', 'moderate']);

/** Runs axe-core on the page; the critical, serious and moderate violations, each with up to three of its nodes. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = (await page.evaluate(
    `axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations)`,
  )) as Violation[];
  return violations
    .filter((violation) => violation.impact !== null && FAILING_IMPACTS.has(violation.impact))
    .map(
      (violation) =>
        `${violation.impact} ${violation.id} (${violation.help}): ${violation.nodes.length} nodes, e.g. ` +
        violation.nodes
          .slice(0, 3)
          .map((node) => `${node.target.join(' ')} — ${node.failureSummary ?? ''}`)
          .join(' | '),
    );
}

/** A page to check: where to go and what to open first (after the page loaded). */
export interface Journey {
  readonly name: string;
  readonly path: (info: SnapshotInfo) => string;
  readonly open?: (page: Page, info: SnapshotInfo) => Promise<void>;
}

/** Resolves once the page has painted twice more: a scheme switch's re-render (the gas chart's canvas) is drawn. */
async function twoFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * Declares one test per journey and theme on the main fixture: each page has no critical or serious violation.
 *
 * A journey's page is opened once, in the light theme, and checked; then the system theme turns dark in the same page
 * (as when a user's system switches at dusk: the UI follows it live, renderer/lib/use-color-scheme.ts and the CSS's
 * `light-dark()` colours) and it is checked again. Opening, hydrating and walking each page twice (a browser context,
 * the server's render, the journey's clicks) was about half of these files' time.
 */
export function describeAxeJourneys(title: string, journeys: readonly Journey[]): void {
  describe(title, () => {
    const session = useExplorerSession({ fixture: 'main' });
    let info: SnapshotInfo;
    beforeAll(() => {
      info = fixtureInfo();
    });

    for (const journey of journeys) {
      describe(journey.name, () => {
        let opened: Awaited<ReturnType<typeof newPage>> | undefined;
        beforeAll(async () => {
          opened = await newPage(session.browser, { colorScheme: 'light' });
          const { page } = opened;
          await page.goto(`${session.explorer.url}${journey.path(info)}`);
          await journey.open?.(page, info);
          // Pages load their code on demand: the frame (banner, skip link) can paint before the page's own
          // heading does, so wait for it; a page that never gets one still fails here, by timeout.
          await page.locator('h1').first().waitFor();
        });
        afterAll(async () => {
          await opened?.context.close();
        });

        it(`${journey.name} (light)`, async () => {
          expect(await seriousViolations(opened!.page)).toEqual([]);
        });

        it(`${journey.name} (dark)`, async () => {
          const { page } = opened!;
          await page.emulateMedia({ colorScheme: 'dark' });
          expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true);
          await twoFrames(page);
          expect(await seriousViolations(page)).toEqual([]);
        });
      });
    }
  });
}
