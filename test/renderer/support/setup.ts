/**
 * Setup of the `components` project: unmount after each test, restore fetch, forget the requests
 * the fixtures recorded (a test sees only its own, in any order), close the fixtures a file opened,
 * and reset what the app keeps in the page (theme, storage); the lazy route views are loaded before any test.
 */
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { preloadRouteViews } from '../../../renderer/app/lazy-routes.ts';
import { restoreRenderFetch } from './render-app.tsx';
import { clearRecordedRequests, closeServiceFixtures, restoreInterceptedFetch } from './service-fetch.ts';

// findBy*/waitFor wait up to 5 s, not Testing Library's 1 s: a search waits out its 250 ms debounce and
// then reads the real service, which a loaded CI machine has been measured to take over 1 s to finish.
configure({ asyncUtilTimeout: 5000 });

// The route views are lazy (renderer/app/lazy-routes.ts): loaded once up front, a test's first render of a view
// is not the transform and import of its module.
beforeAll(async () => {
  await preloadRouteViews();
});

afterEach(() => {
  cleanup();
  restoreInterceptedFetch();
  restoreRenderFetch();
  clearRecordedRequests();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.documentElement.removeAttribute('data-theme');
});

afterAll(() => {
  closeServiceFixtures();
});
