/**
 * The colour theme: `system` (the default: follow the OS) or a forced light/dark. The choice sets
 * `data-theme` on <html> (absent for system, so base.css's media query decides) and is remembered
 * in localStorage, or in the desktop app's settings when the bridge is present.
 */
import { useCallback, useEffect, useState } from 'react';
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

/** Applies a theme to the document. */
export function applyTheme(theme: Theme): void {
  if (theme === 'system') document.documentElement.removeAttribute('data-theme');
  else document.documentElement.setAttribute('data-theme', theme);
}

/** The current theme and a setter that applies and remembers it. */
export function useTheme(): readonly [Theme, (theme: Theme) => void] {
  const bridge = typeof window === 'undefined' ? undefined : window.ledgerExplorer;
  const [theme, setThemeState] = useState<Theme>(() => (bridge ? 'system' : storedTheme()));

  useEffect(() => {
    if (!bridge) return undefined;
    let live = true;
    bridge.getSettings().then(
      (settings) => {
        if (live && isTheme(settings.theme)) setThemeState(settings.theme);
      },
      () => undefined, // settings unreadable: keep following the system
    );
    return () => {
      live = false;
    };
  }, [bridge]);

  useEffect(() => applyTheme(theme), [theme]);

  const setTheme = useCallback(
    (next: Theme) => {
      setThemeState(next);
      if (bridge) {
        bridge.updateSettings({ theme: next }).catch(() => undefined); // applied now; saving is best effort
        return;
      }
      try {
        window.localStorage.setItem(THEME_STORAGE_KEY, next);
      } catch {
        // storage disabled: the choice lasts for this page only
      }
    },
    [bridge],
  );
  return [theme, setTheme] as const;
}
