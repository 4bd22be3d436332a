/**
 * A capture on the snapshot service runs in the serving process over synchronous SQLite and
 * CPU-bound decoding, where `await` alone only yields to microtasks: without real pauses, one large
 * capture would hold every other request for its whole length. These helpers let timers and sockets
 * run between reads and between slices of long loops.
 */

/** Resolves after the event loop has run once (I/O and timers get their turn). */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Items a long loop handles between pauses: a few milliseconds of decoding. */
const SLICE = 256;

/** Maps `items` in slices, pausing for the event loop between them. */
export async function mapInSlices<T, R>(items: readonly T[], map: (item: T, index: number) => R): Promise<R[]> {
  const results: R[] = [];
  for (let index = 0; index < items.length; index += 1) {
    if (index > 0 && index % SLICE === 0) await yieldToEventLoop();
    results.push(map(items[index] as T, index));
  }
  return results;
}
