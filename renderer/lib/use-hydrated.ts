/**
 * Whether the page is past hydration. A page the server rendered (renderer/ssr-entry.tsx) may carry no `style="…"`
 * in its markup: the UI's CSP (`style-src 'self'`, electron/service/static-ui.ts) blocks style attributes, and React
 * only sets styles through the CSSOM once it owns the DOM. So the virtual lists draw their first screen unplaced
 * (no inline geometry; base.css lays the rows out in normal flow, where a row of the estimated height sits exactly
 * where its offset would put it) on the server and in the hydrating render, and place their rows right after.
 * A page the client draws from scratch is placed from its first render.
 */
import { useSyncExternalStore, type CSSProperties } from 'react';

const subscribe = (): (() => void) => () => undefined;

/** False on the server and in the render that hydrates its markup; true everywhere else. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/** The props of a virtual list's row group: its full height once placed, else the unplaced marker base.css reads. */
export function rowGroupProps(
  placed: boolean,
  height: number,
): { readonly style?: CSSProperties; readonly 'data-unplaced'?: '' } {
  return placed ? { style: { height, position: 'relative' } } : { 'data-unplaced': '' };
}

/** The style of a virtual row at `start` px once placed (none before: it sits in normal flow). */
export function rowStyle(placed: boolean, start: number): CSSProperties | undefined {
  return placed ? { transform: `translateY(${start}px)` } : undefined;
}
