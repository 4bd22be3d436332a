/**
 * The server-side render of the UI's pages: a UI path's HTML carries the page drawn with its first data
 * (renderer/ssr-entry.tsx, built by `vite build` into the UI's `ssr/` folder) instead of an empty `#root`, so the
 * first rows paint as the HTML arrives. The bundle is loaded at run time from the UI's folder (no import edge from
 * the service to the renderer); its reads go straight to the data source's handler, in-process. Anything short of a
 * complete page — no bundle, a render error, a read that failed, the time budget exceeded, too many renders at once
 * — answers the plain index.html as before: never an error, never a half page.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { lstatSync, realpathSync } from 'node:fs';
import { join, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

/** A fetch-style handler of the API (the data source, or the desktop's app:// API side). */
export type ApiFetch = (request: Request) => Promise<Response>;

/** What the bundle exports (renderer/ssr-entry.tsx). */
interface SsrModule {
  setTransport(transport: (path: string, init: RequestInit) => Promise<Response>): void;
  renderPage(
    url: string,
    signal: AbortSignal,
  ): Promise<{ readonly html: string; readonly state: string; readonly views?: readonly string[] }>;
}

/** Where a render's reads go: the API and origin of the request being rendered (one scope per process). */
const scope = new AsyncLocalStorage<{ readonly api: ApiFetch; readonly origin: string }>();

/** The transport every loaded bundle gets: the same function, so two services in one process share a bundle. */
function transport(path: string, init: RequestInit): Promise<Response> {
  const current = scope.getStore();
  if (current === undefined) return Promise.reject(new Error('a read outside of a page render'));
  return current.api(new Request(new URL(path, current.origin), init));
}

/** Limits of the render (per HTML navigation). */
export interface SsrLimits {
  /** Wall-clock budget of one render, its reads included (ms); past it the plain page is sent. */
  readonly budgetMs: number;
  /** Renders at once; a navigation beyond them gets the plain page (the service's CPU stays for the API). */
  readonly maxInFlight: number;
}

/** The defaults: a render takes 10–60 ms of CPU on the sample's pages (docs/benchmarks.md). */
export const DEFAULT_SSR_LIMITS: SsrLimits = { budgetMs: 2_000, maxInFlight: 2 };

/** Renders pages into the UI's index.html. */
export interface SsrPages {
  /** The page at `url` with its first view drawn in, or undefined (send the plain index.html). */
  render(url: URL, api: ApiFetch): Promise<Uint8Array | undefined>;
}

const ROOT = '<div id="root"></div>';

function isModule(value: unknown): value is SsrModule {
  const module = value as Partial<SsrModule> | null;
  return typeof module?.renderPage === 'function' && typeof module.setTransport === 'function';
}

/** The bundle's entry if it is a regular file inside `root` (a real path); links are not followed. */
function entryInside(root: string): string | undefined {
  const path = join(root, 'ssr', 'ssr-entry.js');
  try {
    if (!lstatSync(path).isFile() || !realpathSync(path).startsWith(root + sep)) return undefined;
    return path;
  } catch {
    return undefined; // not built
  }
}

/**
 * The renderer of the UI in `root` (its real path) around `index` (index.html's bytes); undefined when the UI has no
 * render bundle or its index.html has no empty `#root` to draw into.
 */
export function loadSsrPages(
  root: string,
  index: Uint8Array,
  limits: SsrLimits = DEFAULT_SSR_LIMITS,
): SsrPages | undefined {
  const entry = entryInside(root);
  const page = new TextDecoder().decode(index);
  const at = page.indexOf(ROOT);
  if (entry === undefined || at < 0) return undefined;
  const before = page.slice(0, at);
  const after = page.slice(at + ROOT.length);
  // Imported now, in the background: the first navigation does not wait for the bundle's load on top of its render.
  const loaded: Promise<SsrModule | undefined> = import(/* @vite-ignore */ pathToFileURL(entry).href).then(
    (module: unknown) => {
      if (!isModule(module)) return undefined;
      module.setTransport(transport);
      return module;
    },
    () => undefined, // a broken bundle: the plain page, as without one
  );
  let inFlight = 0;
  const encoder = new TextEncoder();

  const render = async (url: URL, api: ApiFetch): Promise<Uint8Array | undefined> => {
    if (inFlight >= limits.maxInFlight) return undefined;
    const module = await loaded;
    if (module === undefined || inFlight >= limits.maxInFlight) return undefined;
    inFlight += 1;
    const budget = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => {
        budget.abort();
        resolve(undefined);
      }, limits.budgetMs);
    });
    try {
      const drawn = scope.run({ api, origin: url.origin }, () =>
        module.renderPage(`${url.pathname}${url.search}`, budget.signal),
      );
      drawn.catch(() => undefined); // settles after the budget: nobody waits for it then
      const done = await Promise.race([drawn, expired]);
      if (done === undefined) return undefined;
      // The data block's id is the one renderer/app/ssr-state.ts reads (SSR_STATE_ID).
      const data = `<script type="application/json" id="ssr-state">${done.state}</script>`;
      // The lazy views drawn (export names), which the client loads before it hydrates (renderer/app/boot.ts). No
      // `modulepreload` links for them: measured idle, they delayed the first rows by about 100 ms and made the page
      // no sooner live (docs/benchmarks.md, "Server-side rendered first view").
      const views = (done.views ?? []).filter((view) => /^[A-Za-z]+$/.test(view));
      // Busy until every control is live: renderer/public/input-boot.js queues what is done on the page until then and
      // renderer/app/early-input.ts replays it and clears the mark (the style sheet shows the wait meanwhile).
      const root = `<div id="root" aria-busy="true" data-views="${views.join(' ')}">`;
      return encoder.encode(`${before}${root}${done.html}</div>${data}${after}`);
    } catch {
      return undefined; // the client draws the page, as it would without a render
    } finally {
      clearTimeout(timer);
      inFlight -= 1;
    }
  };
  return { render };
}
