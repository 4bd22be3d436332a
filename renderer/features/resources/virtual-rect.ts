/**
 * The scroll element's size for `useVirtualizer`, with a floor: an element that reports no height
 * (not laid out yet, hidden, or a DOM without layout such as the component tests') is treated as
 * one screen tall, so the first rows render instead of none.
 */
import { observeElementRect, type Virtualizer } from '@tanstack/react-virtual';

/** Height assumed when the scroll element reports 0 (px). */
const FALLBACK_HEIGHT = 600;

/** Drop-in `observeElementRect` option that never reports a zero height. */
export function observeRectWithFloor<T extends Element>(instance: Virtualizer<T, Element>, cb: (rect: { width: number; height: number }) => void): void | (() => void) {
  return observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width, height: FALLBACK_HEIGHT }));
}
