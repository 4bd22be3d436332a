/**
 * The built web UI (`dist/renderer/`, made by `vite build`) served beside the API on one origin:
 * `/v1…` and `/explorer/…` go to the data source, every other GET is a file of the UI or, for a
 * path that names no file (a client-side route such as `/accounts/0x1`), `index.html` (the
 * History-API fallback). Files are read once at start into a map, so a request can only ever
 * name a file that was in the folder: no path the client sends reaches the file system.
 * `ledger-explorer serve` and the desktop app's `app://` handler both serve the UI through here,
 * so both send the same files with the same headers and the one {@link UI_CONTENT_SECURITY_POLICY}.
 * Plain Node (no electron import): the desktop shell imports it, never the reverse.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { ReadServiceHandler } from './read-service.ts';
import { responseOf, serviceRequestOf, withoutBody, type ServiceReply, type ServiceRequest } from './service-reply.ts';
import type { HeaderEntry } from './ledger-headers.ts';
import { errorRecordJson } from '../../shared/api/error-record.ts';

/**
 * The UI's Content-Security-Policy, headless and desktop alike: same-origin scripts, styles, data
 * and fonts; nothing inline, no eval, no plugins, no framing, no form posts. No 'unsafe-inline' for
 * styles: the Vite build ships CSS as files, and React (and the virtualized lists) set styles
 * through the CSSOM (`element.style`), which `style-src` does not govern — only `style="…"` in
 * markup and `<style>` elements, which the UI never writes (the e2e suite fails on any violation).
 */
export const UI_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "frame-src 'none'",
].join('; ');

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  map: 'application/json; charset=utf-8',
  json: 'application/json; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  ico: 'image/x-icon',
  woff2: 'font/woff2',
  txt: 'text/plain; charset=utf-8',
};

/** One file of the UI, ready to send. */
interface UiFile {
  readonly body: Uint8Array;
  readonly headers: readonly HeaderEntry[];
}

/** The loaded UI: the reply for a UI path, or undefined for a path that belongs to the API. */
export interface StaticUi {
  /** Number of files loaded (for the start-up line). */
  readonly fileCount: number;
  reply(request: ServiceRequest): ServiceReply | undefined;
}

/** True for paths the data source answers (`/v1`, `/v1/…`, `/explorer`, `/explorer/…`). */
export function isApiPath(pathname: string): boolean {
  return (
    pathname === '/v1' || pathname.startsWith('/v1/') || pathname === '/explorer' || pathname.startsWith('/explorer/')
  );
}

function extensionOf(path: string): string {
  const dot = path.lastIndexOf('.');
  return dot > path.lastIndexOf('/') ? path.slice(dot + 1).toLowerCase() : '';
}

function headersFor(urlPath: string): HeaderEntry[] {
  const type = CONTENT_TYPES[extensionOf(urlPath)] ?? 'application/octet-stream';
  // Vite names assets by content hash: they never change, index.html must always be re-read.
  const cache = urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
  return [
    ['Content-Type', type],
    ['Cache-Control', cache],
    ['X-Content-Type-Options', 'nosniff'],
    ['Content-Security-Policy', UI_CONTENT_SECURITY_POLICY],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Referrer-Policy', 'no-referrer'],
  ];
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Loads the built UI from `dir`; undefined when it has no `index.html` (the UI is not built). */
export function loadStaticUi(dir: string): StaticUi | undefined {
  try {
    if (!statSync(join(dir, 'index.html')).isFile()) return undefined;
  } catch {
    return undefined;
  }
  const files = new Map<string, UiFile>();
  for (const path of listFiles(dir)) {
    const urlPath = `/${relative(dir, path).split(sep).join('/')}`;
    files.set(urlPath, { body: new Uint8Array(readFileSync(path)), headers: headersFor(urlPath) });
  }
  const index = files.get('/index.html');
  if (index === undefined) return undefined;

  const reply = (request: ServiceRequest): ServiceReply | undefined => {
    const pathname = request.url.pathname;
    if (isApiPath(pathname)) return undefined;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return textReply(405, 'method not allowed', [['Allow', 'GET, HEAD']]);
    }
    const file = files.get(pathname);
    if (file) return { status: 200, headers: file.headers, body: file.body };
    // A missing file with an extension (a stale asset URL) is a real 404; a route is the app's.
    if (extensionOf(pathname) !== '') return textReply(404, `no file ${pathname} in the UI`);
    return { status: 200, headers: index.headers, body: index.body };
  };
  return { fileCount: files.size, reply };
}

function textReply(status: number, message: string, extra: readonly HeaderEntry[] = []): ServiceReply {
  const body = errorRecordJson(message, 'web_framework_error');
  return {
    status,
    headers: [['Content-Type', 'application/json; charset=utf-8'], ['X-Content-Type-Options', 'nosniff'], ...extra],
    body,
  };
}

/**
 * A fetch-style handler with the UI in front of `api` (the desktop app's `app://` scheme): UI paths
 * are answered from the loaded files, API paths go to `api` unchanged.
 */
export function fetchWithStaticUi(
  ui: StaticUi,
  api: (request: Request) => Promise<Response>,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const reply = ui.reply(serviceRequestOf(request));
    if (reply === undefined) return api(request);
    return responseOf(request.method === 'HEAD' ? withoutBody(reply) : reply);
  };
}

/** The data source's handler with the UI in front of it: API paths pass through unchanged. */
export function withStaticUi(handler: ReadServiceHandler, ui: StaticUi): ReadServiceHandler {
  const serve = async (request: ServiceRequest): Promise<ServiceReply> => ui.reply(request) ?? handler.serve(request);
  const fetchHandler = async (request: Request): Promise<Response> => {
    const reply = await serve(serviceRequestOf(request));
    return responseOf(request.method === 'HEAD' ? withoutBody(reply) : reply);
  };
  return Object.assign(fetchHandler, { serve, errorReply: handler.errorReply });
}
