/**
 * View state that belongs to one history entry: a disclosure left open, a scroll position. A page left by a link
 * (a change's bytes → the inspector page) is unmounted, so after Back it would open at the top with every panel
 * closed. These hooks keep such state in `sessionStorage` under the entry's key (React Router gives each entry
 * its own, kept in `history.state`, so Back, Forward and a reload find the same one) and the path, so Back
 * restores exactly what the user left. Storage that fails (quota, disabled) only loses the restoring.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

const PREFIX = 'ledger-explorer:entry:';

function read<T>(key: string): T | undefined {
  try {
    const text = sessionStorage.getItem(key);
    return text === null ? undefined : (JSON.parse(text) as T);
  } catch {
    return undefined;
  }
}

function write(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused: the state still works, it is only not restored.
  }
}

/** The storage key of `id` in the current history entry. */
function useEntryKey(id: string): string {
  const { key, pathname } = useLocation();
  return `${PREFIX}${key}|${pathname}|${id}`;
}

/**
 * `useState` whose value (JSON) is kept with the history entry: the value stored for this entry when there is
 * one, else `initial()`.
 */
export function useEntryState<T>(id: string, initial: () => T): [T, (update: (previous: T) => T) => void] {
  const storageKey = useEntryKey(id);
  const [value, setValue] = useState<T>(() => read<T>(storageKey) ?? initial());
  const touched = useRef(false);
  useEffect(() => {
    // Only what the user changed is stored: an untouched default is not worth a storage write per row.
    if (touched.current) write(storageKey, value);
  }, [storageKey, value]);
  const update = useCallback((next: (previous: T) => T) => {
    touched.current = true;
    setValue(next);
  }, []);
  return [value, update];
}

/** Where a scroll position is kept: the window, or a scroll box. */
export type ScrollTarget = 'window' | RefObject<HTMLElement | null>;

function positionOf(target: ScrollTarget): number {
  return target === 'window' ? window.scrollY : (target.current?.scrollTop ?? 0);
}

function scrollTo(target: ScrollTarget, top: number): void {
  if (target === 'window') window.scrollTo({ top });
  else target.current?.scrollTo({ top });
}

/**
 * Keeps `target`'s scroll position with the history entry and, when the entry is returned to (Back/Forward or a
 * reload), scrolls back there once the view says it is `ready` (its content rendered, so the position exists).
 */
export function useEntryScroll(id: string, target: ScrollTarget, ready: boolean): void {
  const storageKey = useEntryKey(id);
  const navigationType = useNavigationType();
  // On a return, positions seen before the restore (the page still short, the browser's clamped scroll) must
  // not overwrite the stored one.
  const restored = useRef(navigationType !== NavigationType.Pop);
  const restoring = useRef(false);
  useEffect(() => {
    const element = target === 'window' ? window : target.current;
    if (element === null) return undefined;
    let frame = 0;
    const save = (): void => {
      if (!restored.current) return;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => write(storageKey, positionOf(target)));
    };
    element.addEventListener('scroll', save, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      element.removeEventListener('scroll', save);
    };
  }, [storageKey, target]);
  useEffect(() => {
    // A new visit (a link followed) starts where it starts; only a return restores, once.
    if (!ready || restoring.current || navigationType !== NavigationType.Pop) return;
    restoring.current = true;
    const top = read<number>(storageKey);
    if (typeof top === 'number' && top > 0) scrollTo(target, top);
    restored.current = true;
  }, [ready, navigationType, storageKey, target]);
}
