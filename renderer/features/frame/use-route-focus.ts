/**
 * Focus after a route change: a screen-reader or keyboard user who follows a link is left on the old link (or
 * on the page body when it went away) and hears nothing of the new page. After a navigation to another path, the
 * new page's main heading (its first `h1`, else its first `h2`) takes the focus, as soon as it is rendered. Not
 * on the first load (the user has not moved yet), not when only the query string changes (the version slider,
 * form fields mirrored in the URL), not for redirects written with `replace` (a long address shortened in
 * place), and not while the user is in a select (the event-stream picker navigates on change).
 */
import { useEffect, useRef, type RefObject } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

/** How long a page may take to render its heading before the focus is left where it is. */
const HEADING_WAIT_MS = 5000;

/** The first `h1` of `main`, else its first `h2`. */
function mainHeading(main: HTMLElement): HTMLElement | null {
  return main.querySelector<HTMLElement>('h1') ?? main.querySelector<HTMLElement>('h2');
}

/** Moves the focus to the main heading inside `mainRef` after each navigation to another path. */
export function useRouteFocus(mainRef: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return undefined;
    shown.current = pathname;
    const main = mainRef.current;
    const before = document.activeElement;
    if (main === null || navigationType === NavigationType.Replace || before instanceof HTMLSelectElement)
      return undefined;
    const focusHeading = (): boolean => {
      // The user moved on meanwhile (typed in the search box, clicked elsewhere): leave the focus alone.
      const current = document.activeElement;
      if (current !== before && current !== document.body && current !== null) return true;
      const heading = mainHeading(main);
      if (heading === null) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus();
      return true;
    };
    if (focusHeading()) return undefined;
    // The heading comes with the page's data (an account's header after its first answer) or its code (a view
    // loaded on demand). A user who acts meanwhile (clicks, types — even back into the field they were in) has
    // the focus where they want it: waiting stops.
    const observer = new MutationObserver(() => {
      if (focusHeading()) stop();
    });
    const stop = (): void => {
      observer.disconnect();
      clearTimeout(timer);
      document.removeEventListener('pointerdown', stop, true);
      document.removeEventListener('keydown', stop, true);
    };
    observer.observe(main, { childList: true, subtree: true });
    const timer = setTimeout(stop, HEADING_WAIT_MS);
    document.addEventListener('pointerdown', stop, true);
    document.addEventListener('keydown', stop, true);
    return stop;
  }, [pathname, navigationType, mainRef]);
}
