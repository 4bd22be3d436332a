/**
 * Which file of the built renderer (dist/renderer) an app:// path means. Plain Node, no electron:
 * path traversal is rejected before the file system is touched (encoded dots and slashes, backslashes,
 * NUL, absolute segments), and paths without an extension fall back to index.html so the renderer's
 * history routes (`/account/0x1`) load the app.
 */
import { extname, join, resolve, sep } from 'node:path';

/** Where a request path leads. */
export type RendererTarget =
  | { readonly kind: 'file'; readonly path: string; readonly contentType: string }
  | { readonly kind: 'api' }
  | { readonly kind: 'rejected'; readonly status: 400 | 404; readonly reason: string };

/** Content types of the files a Vite build emits. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** True for the paths the active data source answers (`/v1…` and `/explorer/…`). */
export function isApiPath(pathname: string): boolean {
  return pathname === '/v1' || pathname.startsWith('/v1/') || pathname === '/explorer' || pathname.startsWith('/explorer/');
}

/** Resolves a request's raw (still percent-encoded) pathname against the renderer folder `root`. */
export function resolveRendererPath(root: string, rawPathname: string): RendererTarget {
  if (isApiPath(rawPathname)) return { kind: 'api' };
  let pathname: string;
  try {
    pathname = decodeURIComponent(rawPathname);
  } catch {
    return { kind: 'rejected', status: 400, reason: 'malformed percent-encoding' };
  }
  if (!pathname.startsWith('/') || pathname.includes('\0') || pathname.includes('\\')) {
    return { kind: 'rejected', status: 400, reason: 'invalid path' };
  }
  const segments = pathname.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment === '..' || segment === '.' || /^[a-zA-Z]:$/.test(segment))) {
    return { kind: 'rejected', status: 400, reason: 'path traversal' };
  }
  const extension = extname(segments.at(-1) ?? '').toLowerCase();
  if (extension === '') return file(root, 'index.html'); // a history route of the renderer
  const contentType = CONTENT_TYPES[extension];
  if (contentType === undefined) return { kind: 'rejected', status: 404, reason: 'no such file' };
  const base = resolve(root);
  const path = resolve(join(base, ...segments));
  // Belt and braces: whatever the checks above missed, nothing outside the root is ever served.
  if (!path.startsWith(base + sep)) return { kind: 'rejected', status: 400, reason: 'path traversal' };
  return { kind: 'file', path, contentType };
}

function file(root: string, name: string): RendererTarget {
  return { kind: 'file', path: resolve(root, name), contentType: CONTENT_TYPES['.html'] ?? 'text/html' };
}
