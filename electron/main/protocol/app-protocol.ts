/**
 * The privileged `app://` scheme: the built renderer (with the CSP header) and, on the same origin,
 * `/v1` and `/explorer` routed to the active data source. Same origin means the renderer fetches
 * relative URLs exactly as it does from `ledger-explorer serve`, with no CORS and no open port.
 */
import { readFile } from 'node:fs/promises';
import { protocol, type Session } from 'electron';
import { CONTENT_SECURITY_POLICY } from '../security/content-security-policy.ts';
import { APP_HOST, APP_SCHEME } from '../security/app-origin.ts';
import { resolveRendererPath } from './renderer-files.ts';

/** A fetch-style handler for the API paths (the active source). */
export type ApiHandler = (request: Request) => Promise<Response>;

/**
 * Registers the scheme as standard (real origins, relative URLs) and secure (a secure context), with
 * fetch and CORS support so Vite's `<script type="module" crossorigin>` loads. Must run before `ready`.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, stream: true, codeCache: true } },
  ]);
}

/** Headers every non-API reply carries (the CSP is what matters; the rest harden old paths). */
const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Referrer-Policy': 'no-referrer',
};

function rejection(status: number, message: string): Response {
  return new Response(JSON.stringify({ message, error_code: 'web_framework_error', vm_error_code: null }), {
    status,
    headers: { ...PAGE_HEADERS, 'Content-Type': 'application/json' },
  });
}

/** The app:// handler: renderer files from `rendererRoot`, API paths to `api`. */
export function createAppHandler(rendererRoot: string, api: ApiHandler): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    if (url.host !== APP_HOST) return rejection(404, `unknown host ${url.host}`);
    // The raw pathname: `new URL` has already resolved literal dot segments, encoded ones stay encoded.
    const target = resolveRendererPath(rendererRoot, url.pathname);
    switch (target.kind) {
      case 'api':
        return api(request);
      case 'rejected':
        return rejection(target.status, target.reason);
      case 'file': {
        if (request.method !== 'GET' && request.method !== 'HEAD') return rejection(405, 'method not allowed');
        let body: Uint8Array;
        try {
          body = await readFile(target.path);
        } catch {
          return rejection(404, 'no such file');
        }
        const headers = { ...PAGE_HEADERS, 'Content-Type': target.contentType };
        return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
      }
    }
  };
}

/** Installs the app:// handler on `session`. */
export function handleAppProtocol(session: Session, rendererRoot: string, api: ApiHandler): void {
  session.protocol.handle(APP_SCHEME, createAppHandler(rendererRoot, api));
}
