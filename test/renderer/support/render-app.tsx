/**
 * Renders the whole app at a path, with `fetch` routed into the real read service over a
 * generated snapshot, a fresh QueryClient, and a userEvent session.
 */
import { render, type RenderResult } from '@testing-library/react';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import { App } from '../../../renderer/app/app.tsx';
import { createQueryClient } from '../../../renderer/app/query-client.ts';
import type { QueryClient } from '@tanstack/react-query';
import type { FixtureName } from '../../support/fixtures.ts';
import { routeFetchInto, serviceFixture, type ServiceFixture } from './service-fetch.ts';

/** Options of {@link renderApp}. */
export interface RenderAppOptions {
  readonly fixture?: FixtureName;
  /** A service over a file of the test's own (serviceFixtureAt), instead of a shared fixture. */
  readonly service?: ServiceFixture;
}

/** What a component test gets back. */
export interface RenderedApp extends RenderResult {
  readonly user: UserEvent;
  readonly fixture: ServiceFixture;
  readonly queryClient: QueryClient;
}

let restoreFetch: (() => void) | undefined;

/** Restores the real fetch (called by the setup file after each test). */
export function restoreRenderFetch(): void {
  restoreFetch?.();
  restoreFetch = undefined;
}

/** Renders `<App>` at `path` (e.g. `/accounts/0x1?ledger_version=10`). */
export function renderApp(path: string, options: RenderAppOptions = {}): RenderedApp {
  const fixture = options.service ?? serviceFixture(options.fixture ?? 'main');
  restoreRenderFetch();
  restoreFetch = routeFetchInto(fixture);
  window.history.replaceState(null, '', path);
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  const result = render(<App queryClient={queryClient} />);
  return Object.assign(result, { user, fixture, queryClient });
}
