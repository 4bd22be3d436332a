/**
 * Focus never hidden under the frame's sticky bars: the header (top) and the status bar (bottom) stay on screen
 * while the page scrolls, so a control scrolled into view by Tab or by script could land under either. The
 * browser keeps `scroll-padding` clear when it scrolls a focused element into view; the bars' heights change
 * (they wrap at narrow widths, the pinned banner comes and goes), so they are measured and written as CSS
 * properties that base.css's `html { scroll-padding… }` reads.
 */
import { useEffect, type RefObject } from 'react';

/**
 * Keeps `--frame-header-height` and `--frame-status-height` on `<html>` equal to the heights of the frame's
 * `.app-header` and `.status-bar` (children of `frame`).
 */
export function useScrollPadding(frame: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const header = frame.current?.querySelector<HTMLElement>(':scope > .app-header') ?? null;
    const status = frame.current?.querySelector<HTMLElement>(':scope > .status-bar') ?? null;
    const root = document.documentElement;
    const update = (): void => {
      root.style.setProperty('--frame-header-height', `${header?.offsetHeight ?? 0}px`);
      root.style.setProperty('--frame-status-height', `${status?.offsetHeight ?? 0}px`);
    };
    update();
    const observer = new ResizeObserver(update);
    if (header !== null) observer.observe(header);
    if (status !== null) observer.observe(status);
    return () => observer.disconnect();
  }, [frame]);
}
