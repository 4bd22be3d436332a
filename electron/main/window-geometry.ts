/**
 * Remembered window geometry: restored only when it still fits on a connected display (a monitor
 * may have been unplugged since), otherwise the default size centred by the OS.
 */
import type { WindowState } from './settings/settings-schema.ts';

/** A screen rectangle. */
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Size of a first window. */
export const DEFAULT_SIZE = { width: 1280, height: 820 } as const;

/** The bounds to open with: the remembered ones when at least 100×100 px of them is on a display. */
export function restoredBounds(
  saved: WindowState | null,
  workAreas: readonly Rect[],
): Partial<Rect> & { width: number; height: number } {
  if (!saved) return { ...DEFAULT_SIZE };
  const visible = workAreas.some((area) => {
    const overlapX = Math.min(saved.x + saved.width, area.x + area.width) - Math.max(saved.x, area.x);
    const overlapY = Math.min(saved.y + saved.height, area.y + area.height) - Math.max(saved.y, area.y);
    return overlapX >= 100 && overlapY >= 100;
  });
  if (!visible) return { width: saved.width, height: saved.height };
  return { x: saved.x, y: saved.y, width: saved.width, height: saved.height };
}
