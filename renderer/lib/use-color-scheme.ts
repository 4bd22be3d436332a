/**
 * The colour scheme in use (`light` or `dark`): the theme the user picked (`data-theme` on
 * `<html>`, set by the frame's toggle) or else the system's. Views that paint with resolved colours
 * (the gas chart's canvas) re-read their colours when it changes; CSS needs none of this.
 */
import { useSyncExternalStore } from 'react';

/** A colour scheme. */
export type ColorScheme = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function darkMedia(): MediaQueryList | undefined {
  return typeof window === 'undefined' || typeof window.matchMedia !== 'function'
    ? undefined
    : window.matchMedia(DARK_QUERY);
}

function current(): ColorScheme {
  const picked = document.documentElement.getAttribute('data-theme');
  if (picked === 'light' || picked === 'dark') return picked;
  return darkMedia()?.matches === true ? 'dark' : 'light';
}

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  const media = darkMedia();
  media?.addEventListener('change', onChange);
  return () => {
    observer.disconnect();
    media?.removeEventListener('change', onChange);
  };
}

/** The colour scheme in use, updated on a theme switch or a system change. */
export function useColorScheme(): ColorScheme {
  return useSyncExternalStore(subscribe, current, () => 'light');
}

/**
 * The used colour of a CSS colour expression (e.g. `var(--accent)`, which is `light-dark(…)` and so
 * cannot be read as text) inside `host`, as `rgb(…)`: a probe element resolves it in the host's
 * colour scheme.
 */
export function resolveColor(host: Element, expression: string, fallback: string): string {
  const probe = document.createElement('span');
  probe.style.color = expression;
  probe.style.display = 'none';
  host.append(probe);
  try {
    const color = getComputedStyle(probe).color;
    return color === '' ? fallback : color;
  } finally {
    probe.remove();
  }
}
