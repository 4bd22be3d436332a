/**
 * Setup of the `components` project: unmount after each test, restore fetch, forget the requests
 * the fixtures recorded (a test sees only its own, in any order), close the fixtures a file opened,
 * and reset what the app keeps in the page (theme, storage).
 */
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { restoreRenderFetch } from './render-app.tsx';
import { clearRecordedRequests, closeServiceFixtures } from './service-fetch.ts';

afterEach(() => {
  cleanup();
  restoreRenderFetch();
  clearRecordedRequests();
  window.localStorage.clear();
  document.documentElement.removeAttribute('data-theme');
});

afterAll(() => {
  closeServiceFixtures();
});
