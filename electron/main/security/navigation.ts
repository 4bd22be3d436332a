/**
 * Checklist items 13–14: the window never navigates away from the app and never opens new windows;
 * `<webview>` is refused too. In-app navigation is client-side routing, which fires no
 * `will-navigate`; a link to an allowlisted https site opens in the user's browser instead.
 */
import type { WebContents } from 'electron';
import { isAppUrl } from './app-origin.ts';
import { openExternalIfAllowed } from './external-links.ts';

/** Denies navigation away from the app origin, new windows and webviews on `contents`. */
export function guardNavigation(contents: WebContents): void {
  const denyNavigation = (event: { preventDefault(): void }, url: string): void => {
    if (isAppUrl(url)) return;
    event.preventDefault();
    void openExternalIfAllowed(url);
  };
  contents.on('will-navigate', denyNavigation);
  contents.on('will-redirect', denyNavigation);
  contents.on('will-frame-navigate', (event) => {
    if (!isAppUrl(event.url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    void openExternalIfAllowed(url);
    return { action: 'deny' };
  });
}
