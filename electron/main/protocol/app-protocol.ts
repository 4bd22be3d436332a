/**
 * The privileged `app://` scheme: the built renderer and, on the same origin, `/v1` and `/explorer`
 * routed to the active data source. Same origin means the renderer fetches relative URLs exactly as
 * it does from `ledger-explorer serve`, with no CORS and no open port. The UI files are served by
 * the same code as `serve` (electron/service/static-ui.ts: loaded once into memory, so no path the
 * page sends reaches the file system; one CSP for both).
 */
import { protocol, type Session } from 'electron';
import { fetchWithStaticUi, isApiPath, type StaticUi } from '../../service/static-ui.ts';
import { APP_HOST, APP_SCHEME } from '../security/app-origin.ts';
import { errorRecordJson } from '../../../shared/api/error-record.ts';

/** A fetch-style handler for the API paths (the active source). */
export type ApiHandler = (request: Request) => Promise<Response>;

/**
 * Registers the scheme as standard (real origins, relative URLs) and secure (a secure context), with
 * fetch and CORS support so Vite's `<script type="module" crossorigin>` loads. Must run before `ready`.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: {
        standard: true,
        secure: true,
        supportFetchAPI: true,
        corsEnabled: true,
        stream: true,
        codeCache: true,
      },
    },
  ]);
}

function rejection(status: number, message: string): Response {
  return new Response(errorRecordJson(message, 'web_framework_error'), {
    status,
    headers: { 'Content-Type': 'application/json', 'X-Content-Type-Options': 'nosniff' },
  });
}

/**
 * The headers every API reply carries on the app origin (the data service sets them; added here only when a reply
 * lacks one, never changed): the reply is data — bytes a snapshot file or a remote node chose — so the browser must
 * neither sniff it into a document nor, if a frame is ever navigated to it, run anything in it.
 */
export const API_REPLY_HEADERS: readonly (readonly [string, string])[] = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Content-Security-Policy', "default-src 'none'; sandbox"],
];

/** `response` with {@link API_REPLY_HEADERS} it lacks added (the same object when it lacks none). */
export function withApiReplyHeaders(response: Response): Response {
  const missing = API_REPLY_HEADERS.filter(([name]) => !response.headers.has(name));
  if (missing.length === 0) return response;
  // A Response's headers may be immutable (one made by fetch): copy into a new one.
  const headers = new Headers(response.headers);
  for (const [name, value] of missing) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * The app:// handler: the loaded UI (`undefined` when dist/renderer was not built: UI paths then
 * answer one line saying so), API paths to `source` (its replies with {@link API_REPLY_HEADERS}), any other host 404.
 */
export function createAppHandler(
  ui: StaticUi | undefined,
  source: ApiHandler,
): (request: Request) => Promise<Response> {
  const api: ApiHandler = async (request) => withApiReplyHeaders(await source(request));
  const withUi = ui === undefined ? undefined : fetchWithStaticUi(ui, api);
  return async (request) => {
    const url = new URL(request.url);
    if (url.host !== APP_HOST) return rejection(404, `unknown host ${url.host}`);
    if (withUi !== undefined) return withUi(request);
    if (isApiPath(url.pathname)) return api(request);
    return rejection(
      503,
      'the user interface is not built (dist/renderer/index.html is missing): run `npm run build:ui`',
    );
  };
}

/** Installs the app:// handler on `session`. */
export function handleAppProtocol(session: Session, ui: StaticUi | undefined, api: ApiHandler): void {
  session.protocol.handle(APP_SCHEME, createAppHandler(ui, api));
}
