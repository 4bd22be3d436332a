/**
 * The colour theme: `system` (the default: follow the OS) or a forced light/dark. The choice sets
 * `data-theme` on <html> (absent for system, so base.css's media query decides) and is remembered
 * in localStorage, or in the desktop app's settings when the bridge is present (and mirrored to localStorage there
 * too). A page the server rendered is painted before any of the app's code runs: renderer/public/theme-boot.js, a
 * blocking script in index.html's head, sets `data-theme` from localStorage first, so a forced theme never flashes.
 * The server cannot know the choice, so the first render says `system` everywhere (the markup matches on hydration)
 * and the stored choice is taken in a layout effect, before the first paint of a page the client drew.
 */
import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
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
  // Undefined until known: nothing is applied before then, so the theme theme-boot.js set stays.
  const [theme, setThemeState] = useState<Theme | undefined>(undefined);

  useLayoutEffect(() => {
    if (!bridge) setThemeState(storedTheme());
  }, [bridge]);

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
