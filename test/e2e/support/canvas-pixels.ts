/**
 * Counting a canvas's pixels by colour in the page: how the e2e tests see which theme a chart (uPlot, drawn once with
 * resolved colours) was painted in.
 */
import type { Page } from 'playwright-core';

/** An RGB colour as three 0–255 channels. */
export type Rgb = readonly [number, number, number];

/**
 * For each named colour, the opaque pixels within ±3 of it on the first canvas under `selector` (-1 each when there
 * is no canvas or it cannot be read).
 */
export async function canvasPixels<Name extends string>(
  page: Page,
  selector: string,
  colours: Readonly<Record<Name, Rgb>>,
): Promise<Record<Name, number>> {
  return page.evaluate(
    ({ selector, colours }) => {
      const names = Object.keys(colours);
      const counts = Object.fromEntries(names.map((name) => [name, 0]));
      const canvas = document.querySelector<HTMLCanvasElement>(selector);
      const context = canvas?.getContext('2d');
      if (!canvas || !context) return Object.fromEntries(names.map((name) => [name, -1]));
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      for (let index = 0; index < data.length; index += 4) {
        if (data[index + 3]! < 250) continue;
        for (const name of names) {
          const rgb = colours[name]!;
          if (rgb.every((value, channel) => Math.abs(data[index + channel]! - value) <= 3)) counts[name]! += 1;
        }
      }
      return counts;
    },
    { selector, colours: colours as Record<string, Rgb> },
  ) as Promise<Record<Name, number>>;
}
