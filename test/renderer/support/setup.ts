/**
 * Setup of the `components` project: unmount after each test, restore fetch, close the fixtures
 * a file opened, and reset what the app keeps in the page (theme, storage).
 */
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { restoreRenderFetch } from './render-app.tsx';
import { closeServiceFixtures } from './service-fetch.ts';

afterEach(() => {
  cleanup();
  restoreRenderFetch();
  window.localStorage.clear();
  document.documentElement.removeAttribute('data-theme');
});

afterAll(() => {
  closeServiceFixtures();
});
