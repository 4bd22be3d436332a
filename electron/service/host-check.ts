/**
 * DNS-rebinding defence of the headless server: a request is served only when its `Host` header
 * names the address the server is bound to (with or without the bound port), or `localhost`
 * when bound to a loopback address. A server bound to every interface (`0.0.0.0`, `::`)
 * accepts IP literals and `localhost`, never other DNS names.
 */
import { isDecimalText } from '../../shared/ledger/u64.ts';

/** Host name and optional port of a `Host` header value; undefined when it does not parse. */
export function parseHostHeader(
  value: string,
): { readonly hostname: string; readonly port: string | undefined } | undefined {
  const text = value.trim().toLowerCase();
  if (text === '') return undefined;
  if (text.startsWith('[')) {
    const end = text.indexOf(']');
    if (end < 0) return undefined;
    const rest = text.slice(end + 1);
    if (rest !== '' && !/^:[0-9]+$/.test(rest)) return undefined;
    return { hostname: text.slice(0, end + 1), port: rest === '' ? undefined : rest.slice(1) };
  }
  const colon = text.lastIndexOf(':');
  if (colon < 0) return { hostname: text, port: undefined };
  const port = text.slice(colon + 1);
  if (!isDecimalText(port) || text.indexOf(':') !== colon) return undefined;
  return { hostname: text.slice(0, colon), port };
}

/** The host as written in a URL or `Host` header (IPv6 in brackets), lower-case. */
export function formatHostForUrl(host: string): string {
  const lower = host.toLowerCase();
  return lower.includes(':') && !lower.startsWith('[') ? `[${lower}]` : lower;
}

/** Whether a bind address is a loopback address (or the name `localhost`). */
export function isLoopback(host: string): boolean {
  const bare = host.toLowerCase().replace(/^\[|\]$/g, '');
  return bare === 'localhost' || bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

function isUnspecified(host: string): boolean {
  const bare = host.toLowerCase().replace(/^\[|\]$/g, '');
  return bare === '0.0.0.0' || bare === '::';
}

function isIpLiteral(hostname: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || (hostname.startsWith('[') && hostname.endsWith(']'));
}

/** Whether a `Host` header value is acceptable for a server bound to `boundHost`:`boundPort`. */
export function isAllowedHost(headerValue: string | undefined, boundHost: string, boundPort: number): boolean {
  if (headerValue === undefined) return false;
  const parsed = parseHostHeader(headerValue);
  if (parsed === undefined) return false;
  if (parsed.port !== undefined && Number(parsed.port) !== boundPort) return false;
  const { hostname } = parsed;
  if (isUnspecified(boundHost)) return hostname === 'localhost' || isIpLiteral(hostname);
  if (hostname === formatHostForUrl(boundHost)) return true;
  return hostname === 'localhost' && isLoopback(boundHost);
}
