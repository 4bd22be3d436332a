/**
 * The built web UI (`dist/renderer/`, made by `vite build`) served beside the API on one origin:
 * `/v1…` and `/explorer/…` go to the data source, every other GET is a file of the UI or, for a
 * path that names no file (a client-side route such as `/accounts/0x1`), `index.html` (the
 * History-API fallback). Files are read once at start into a map, so a request can only ever
 * name a file that was in the folder: no path the client sends reaches the file system.
 * `ledger-explorer serve` and the desktop app's `app://` handler both serve the UI through here,
 * so both send the same files with the same headers and the one {@link UI_CONTENT_SECURITY_POLICY}.
 * With `pages` (`serve` passes ssr-page.ts's loader), a route's `index.html` comes with the page drawn in when the
 * UI carries its server-side render; its `ssr/` folder is never served as files either way. The desktop passes none:
 * its main process runs no code but its own bundle (test/electron/bundles.test.ts), so its pages are drawn in the
 * window.
 * Plain Node (no electron import): the desktop shell imports it, never the reverse.
 */
import { lstatSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { ReadServiceHandler } from './read-service.ts';
import { responseOf, serviceRequestOf, withoutBody, type ServiceReply, type ServiceRequest } from './service-reply.ts';
import type { HeaderEntry } from './ledger-headers.ts';
import { errorRecordJson } from '../../shared/api/error-record.ts';
import type { ApiFetch, SsrPages } from './ssr-page.ts';

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
  /** {@link reply}, with a route's page rendered by the server (its reads go to `api`) when it can be. */
  replyRendered(request: ServiceRequest, api: ApiFetch): Promise<ServiceReply | undefined>;
}

/** Options of {@link loadStaticUi}. */
export interface StaticUiOptions {
  /** Makes the server-side renderer of the UI at `root` (a real path) around its index.html (ssr-page.ts). */
  readonly pages?: (root: string, index: Uint8Array) => SsrPages | undefined;
}

/** The folder of the UI's build holding the server-side render (ssr-page.ts), never sent to a client. */
const SSR_FOLDER = '/ssr/';

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

/**
 * The regular files under `dir`, symbolic links neither followed nor listed: a link (to a file or a folder) inside the
 * build output could point anywhere on the disk, so it is skipped, as is anything that is not a plain file or folder.
 * (A recursive `readdirSync` would descend into linked folders.)
 */
function listFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isFile()) files.push(path);
    else if (entry.isDirectory()) {
      try {
        files.push(...listFiles(path));
      } catch {
        // An unreadable sub-folder serves nothing (its files answer 404); the rest of the UI still loads.
      }
    }
  }
  return files;
}

/**
 * The bytes of `path` if it is still a regular file inside `root` (a real path) as it is read: checked again with
 * `lstat` and `realpath` right before reading, so a file swapped for a link after the listing is not followed.
 */
function readInside(root: string, path: string): Uint8Array | undefined {
  try {
    if (!lstatSync(path).isFile()) return undefined;
    if (!realpathSync(path).startsWith(root + sep)) return undefined;
    return new Uint8Array(readFileSync(path));
  } catch {
    return undefined; // gone since the listing
  }
}

/**
 * Loads the built UI from `dir`; undefined when it has no `index.html` (the UI is not built). Only regular files
 * inside the folder are loaded; symbolic links are never followed (docs/security.md). The folder itself may be
 * reached through a link (its real path is the root every file must lie in).
 */
export function loadStaticUi(dir: string, options: StaticUiOptions = {}): StaticUi | undefined {
  let root: string;
  let paths: string[];
  try {
    root = realpathSync(dir);
    paths = listFiles(root);
  } catch {
    return undefined; // no such folder, not a folder, or unreadable
  }
  const files = new Map<string, UiFile>();
  for (const path of paths) {
    const body = readInside(root, path);
    if (body === undefined) continue;
    const urlPath = `/${relative(root, path).split(sep).join('/')}`;
    if (urlPath.startsWith(SSR_FOLDER)) continue;
    files.set(urlPath, { body, headers: headersFor(urlPath) });
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
  const pages = options.pages?.(root, index.body);
  const replyRendered = async (request: ServiceRequest, api: ApiFetch): Promise<ServiceReply | undefined> => {
    const plain = reply(request);
    // Only a GET of a route (its index.html) is rendered: HEAD, files and the API are answered as they were.
    if (pages === undefined || plain?.body !== index.body || request.method !== 'GET') return plain;
    const body = await pages.render(request.url, api);
    return body === undefined ? plain : { status: 200, headers: index.headers, body };
  };
  return { fileCount: files.size, reply, replyRendered };
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
    const reply = await ui.replyRendered(serviceRequestOf(request), api);
    if (reply === undefined) return api(request);
    return responseOf(request.method === 'HEAD' ? withoutBody(reply) : reply);
  };
}

/** The data source's handler with the UI in front of it: API paths pass through unchanged. */
export function withStaticUi(handler: ReadServiceHandler, ui: StaticUi): ReadServiceHandler {
  const serve = async (request: ServiceRequest): Promise<ServiceReply> =>
    (await ui.replyRendered(request, handler)) ?? handler.serve(request);
  const fetchHandler = async (request: Request): Promise<Response> => {
    const reply = await serve(serviceRequestOf(request));
    return responseOf(request.method === 'HEAD' ? withoutBody(reply) : reply);
  };
  return Object.assign(fetchHandler, { serve, errorReply: handler.errorReply });
}
