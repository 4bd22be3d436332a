/**
 * Geometry options for `useVirtualizer` with floors: a scroll element that reports no height (not
 * laid out yet, hidden, or a DOM without layout such as the component tests') counts as one screen
 * tall, and a row that measures 0 keeps its estimate, so rows render in order instead of none or
 * all piled at offset 0.
 */
import { measureElement, observeElementRect, type Virtualizer } from '@tanstack/react-virtual';

/**
 * Height assumed when the scroll element reports 0 (px), and before it is measured at all: the server-side render
 * (renderer/ssr-entry.tsx) draws a list's first screen at this height, and the page hydrating it draws the same.
 */
export const FALLBACK_HEIGHT = 600;

/** Drop-in `observeElementRect` option that never reports a zero height. */
export function observeRectWithFloor<T extends Element>(
  instance: Virtualizer<T, Element>,
  cb: (rect: { width: number; height: number }) => void,
): void | (() => void) {
  return observeElementRect(instance, (rect) =>
    cb(rect.height > 0 ? rect : { width: rect.width, height: FALLBACK_HEIGHT }),
  );
}

/** Drop-in `measureElement` option: a measured 0 falls back to `estimate` px. */
export function measureWithFloor(estimate: number) {
  return <T extends Element>(
    element: Element,
    entry: ResizeObserverEntry | undefined,
    instance: Virtualizer<T, Element>,
  ): number => {
    const size = measureElement(element, entry, instance);
    return size > 0 ? size : estimate;
  };
}
