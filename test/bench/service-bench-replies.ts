/**
 * The service's replies for the bare baseline: each benchmarked request is sent once to the
 * service and its status, headers and body bytes recorded for the bare server to replay; then
 * each server under test is checked to answer every request exactly as the bare server does.
 */
import { bareKey, type BareEntry } from './service-bench-bare-server.ts';
import type { Endpoint } from './service-bench-endpoints.ts';
import type { BenchRequest } from './service-bench-load.ts';

/** Headers node:http writes itself (for the bare server as for the service), so not replayed. */
const NOT_REPLAYED = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** The recorded replies. */
export interface Recorded {
  readonly entries: BareEntry[];
  /** Mean body size in bytes per endpoint id. */
  readonly bodyBytes: ReadonlyMap<string, number>;
  /** Sum of every recorded body's size in bytes. */
  readonly totalBodyBytes: number;
}

/** The request's `Accept` header, however its name is cased. */
function acceptOf(request: BenchRequest): string | undefined {
  const entry = Object.entries(request.headers ?? {}).find(([name]) => name.toLowerCase() === 'accept');
  return entry?.[1];
}

function send(baseUrl: string, request: BenchRequest): Promise<Response> {
  return fetch(`${baseUrl}${request.path}`, {
    method: request.method,
    headers: request.headers ?? {},
    ...(request.body === undefined ? {} : { body: request.body }),
    signal: AbortSignal.timeout(10_000),
  });
}

/**
 * Sends every request once to the service at `baseUrl` (which also fills its reply cache, when on) and records the
 * replies.
 */
export async function recordResponses(baseUrl: string, endpoints: readonly Endpoint[]): Promise<Recorded> {
  const entries: BareEntry[] = [];
  const bodyBytes = new Map<string, number>();
  let totalBodyBytes = 0;
  for (const endpoint of endpoints) {
    let total = 0;
    for (const request of endpoint.requests) {
      const response = await send(baseUrl, request);
      const body = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200) {
        throw new Error(
          `${request.method} ${request.path} answered ${response.status}: ${body.toString('utf8').slice(0, 300)}`,
        );
      }
      const headers: [string, string][] = [];
      response.headers.forEach((value, name) => {
        if (!NOT_REPLAYED.has(name)) headers.push([name, value]);
      });
      entries.push({
        key: bareKey(request.method, request.path, request.body, acceptOf(request)),
        status: response.status,
        headers,
        bodyBase64: body.toString('base64'),
      });
      total += body.length;
    }
    bodyBytes.set(endpoint.id, total / endpoint.requests.length);
    totalBodyBytes += total;
  }
  return { entries, bodyBytes, totalBodyBytes };
}

/** Status, headers but Date (sorted) and body of a reply, as one comparable string. */
async function fingerprint(baseUrl: string, request: BenchRequest): Promise<string> {
  const response = await send(baseUrl, request);
  const headers: string[] = [];
  response.headers.forEach((value, name) => {
    if (name !== 'date') headers.push(`${name}: ${value}`);
  });
  const body = Buffer.from(await response.arrayBuffer()).toString('base64');
  return `${response.status}\n${headers.sort().join('\n')}\n\n${body}`;
}

/**
 * Checks once that the bare server answers every request exactly as the service at `serviceUrl` does (status, headers,
 * body).
 */
export async function verifyAgainstBare(
  serviceUrl: string,
  bareUrl: string,
  endpoints: readonly Endpoint[],
): Promise<void> {
  for (const endpoint of endpoints) {
    for (const request of endpoint.requests) {
      const ours = await fingerprint(serviceUrl, request);
      const bare = await fingerprint(bareUrl, request);
      if (ours !== bare) {
        const [a = [], b = []] = [ours.split('\n'), bare.split('\n')];
        const at = a.findIndex((line, i) => line !== b[i]);
        throw new Error(
          `the bare server's reply differs from the service's (${serviceUrl}) for ${request.method} ${request.path}` +
            ` at line ${at}: ${String(a[at]).slice(0, 120)} / ${String(b[at]).slice(0, 120)}`,
        );
      }
    }
  }
}
