/**
 * Entry of the server-side render bundle (`vite build` makes it beside the UI: dist/renderer/ssr/ssr-entry.js, see
 * vite.config.ts). The service loads it at run time (electron/service/ssr-page.ts) and renders the page a UI path
 * opens on into the HTML it answers: the route's first data read in-process (the same prefetch the client does,
 * app/route-prefetch.ts, its requests going to the service's handler through {@link setTransport}), the app drawn
 * with those answers, the query cache written into the page (app/ssr-state.ts) for the client to hydrate from.
 * The first rows then arrive with the HTML instead of after the app's code has loaded, evaluated and asked for them.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { dehydrate, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StaticRouter } from 'react-router';
import { AppInRouter } from './app/app.tsx';
import { preloadRouteView, RenderedViews } from './app/lazy-routes.ts';
import { createQueryClient } from './app/query-client.ts';
import { prefetchRoute } from './app/route-prefetch.ts';
import { encodeSsrState } from './app/ssr-state.ts';

export { setTransport } from './api/client.ts';

/** A rendered page: the markup of `#root`, the text of the page's data block and its lazy view's export name. */
export interface RenderedPage {
  readonly html: string;
  readonly state: string;
  /** The lazy views the page drew (app/lazy-routes.ts), whose code the page preloads. */
  readonly views: readonly string[];
}

/** Why a page was not rendered (the service then answers the plain index.html). */
export class NotRendered extends Error {
  override readonly name = 'NotRendered';
}

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Resolves once no query is fetching, checked again after a macrotask: the prefetch starts a read once another has
 * answered (the view's version first), in a promise callback, so a moment with nothing in flight is not the end.
 */
async function settled(client: QueryClient, signal: AbortSignal): Promise<void> {
  for (;;) {
    while (client.isFetching() > 0) {
      if (signal.aborted) throw new NotRendered('time budget exceeded while reading');
      await new Promise<void>((resolve) => {
        const done = (): void => {
          unsubscribe();
          signal.removeEventListener('abort', done);
          resolve();
        };
        const unsubscribe = client.getQueryCache().subscribe(() => {
          if (client.isFetching() === 0) done();
        });
        signal.addEventListener('abort', done);
        if (client.isFetching() === 0 || signal.aborted) done();
      });
    }
    await tick();
    if (client.isFetching() === 0) return;
  }
}

async function textOf(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  const reader = stream.getReader();
  let text = '';
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    text += decoder.decode(part.value, { stream: true });
  }
  return text + decoder.decode();
}

/**
 * Renders the page at `url` (its path and query; the origin is not read). Throws {@link NotRendered} (or whatever
 * failed) when the page cannot be drawn as the client would draw it: a read failed (the client shows errors with
 * live retry state the page cannot carry), a component threw, or `signal` aborted (the caller's time budget).
 */
export async function renderPage(url: string, signal: AbortSignal): Promise<RenderedPage> {
  const location = new URL(url, 'http://ssr.invalid');
  const client = createQueryClient();
  // No retries here: a network failure makes the page the client's to draw.
  client.setDefaultOptions({
    ...client.getDefaultOptions(),
    queries: { ...client.getDefaultOptions().queries, retry: false },
  });
  try {
    const view = prefetchRoute(client, location);
    await Promise.all([settled(client, signal), view === undefined ? undefined : preloadRouteView(view)]);
    const failed = client
      .getQueryCache()
      .getAll()
      .find((query) => query.state.status === 'error');
    if (failed !== undefined) throw new NotRendered(`a read failed: ${JSON.stringify(failed.queryKey)}`);
    const errors: unknown[] = [];
    const views = new Set<string>();
    const { prelude } = await prerender(
      <StrictMode>
        <RenderedViews value={views}>
          <QueryClientProvider client={client}>
            <StaticRouter location={`${location.pathname}${location.search}`}>
              <AppInRouter />
            </StaticRouter>
          </QueryClientProvider>
        </RenderedViews>
      </StrictMode>,
      // One piece: a boundary larger than the chunk size would be sent apart and moved in by an inline script.
      { signal, progressiveChunkSize: Number.POSITIVE_INFINITY, onError: (error) => void errors.push(error) },
    );
    const html = await textOf(prelude);
    if (errors.length > 0) throw errors[0] instanceof Error ? errors[0] : new NotRendered(String(errors[0]));
    // The UI's CSP runs no inline script: a page that needs one (a boundary React could not finish) is not sent.
    if (/<script/i.test(html)) throw new NotRendered('the markup holds a script');
    // Nor a style attribute: the CSP's `style-src 'self'` would block it (lib/use-hydrated.ts keeps the lists off).
    if (/<[^>]+\sstyle=/i.test(html)) throw new NotRendered('the markup holds a style attribute');
    return { html, state: encodeSsrState(dehydrate(client)), views: [...views] };
  } finally {
    client.clear();
  }
}
