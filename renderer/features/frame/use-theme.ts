/**
 * The colour theme: `system` (the default: follow the OS) or a forced light/dark. The choice sets
 * `data-theme` on <html> (absent for system, so base.css's media query decides) and is remembered
 * in localStorage, or in the desktop app's settings when the bridge is present (and mirrored to localStorage there
 * too). A page the server rendered is painted before any of the app's code runs: renderer/public/theme-boot.js, a
 * blocking script in index.html's head, sets `data-theme` from localStorage first, so a forced theme never flashes.
 * The server cannot know the choice, so it and the hydrating render say `system` (the markup matches) and the stored
 * choice shows right after; a page the client draws from scratch reads it in its first render.
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { THEMES, type Theme } from '../../../shared/ipc-contract.ts';

/** The localStorage key of the headless UI's theme choice. */
export const THEME_STORAGE_KEY = 'ledger-explorer.theme';

function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

function storedTheme(): Theme {
  try {
    const value = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(value) ? value : 'system';
  } catch {
    return 'system'; // storage disabled: follow the system
  }
}

/** localStorage has no change event within the page; a choice made here goes through the hook's own state. */
const noChanges = (): (() => void) => () => undefined;

function remember(theme: Theme): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // storage disabled: the choice lasts for this page only
  }
}

/** Applies a theme to the document. */
export function applyTheme(theme: Theme): void {
  if (theme === 'system') document.documentElement.removeAttribute('data-theme');
  else document.documentElement.setAttribute('data-theme', theme);
}

/** The current theme and a setter that applies and remembers it. */
export function useTheme(): readonly [Theme, (theme: Theme) => void] {
  const bridge = typeof window === 'undefined' ? undefined : window.ledgerExplorer;
  // The stored choice ('system' on the server and while hydrating: the markup is the same for every reader).
  const stored = useSyncExternalStore(noChanges, storedTheme, () => 'system' as const);
  const hydrated = useHydrated();
  // The desktop's settings, or a choice made in this page; undefined until there is one.
  const [chosen, setThemeState] = useState<Theme | undefined>(undefined);
  // Undefined until known: nothing is applied before then, so the theme theme-boot.js set stays.
  const theme = chosen ?? (bridge || !hydrated ? undefined : stored);

  useEffect(() => {
    if (!bridge) return undefined;
    let live = true;
    bridge.getSettings().then(
      (settings) => {
        if (!live || !isTheme(settings.theme)) return;
        setThemeState(settings.theme);
        remember(settings.theme); // for theme-boot.js on the next page load
      },
      () => undefined, // settings unreadable: keep following the system
    );
    return () => {
      live = false;
    };
  }, [bridge]);

  useEffect(() => {
    if (theme !== undefined) applyTheme(theme);
  }, [theme]);

  const setTheme = useCallback(
    (next: Theme) => {
      setThemeState(next);
      remember(next);
      // Applied now; saving is best effort.
      if (bridge) bridge.updateSettings({ theme: next }).catch(() => undefined);
    },
    [bridge],
  );
  return [theme ?? 'system', setTheme] as const;
}
