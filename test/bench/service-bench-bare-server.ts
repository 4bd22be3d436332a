/**
 * The baseline of the service benchmark: a bare `node:http` server, run in its own process by
 * `service-bench.ts` (forked with an IPC channel). It receives a table of precomputed responses
 * (status, headers, body bytes, as the read service answered each request once) and replies to
 * each request with the recorded response for its method, URL and body — no routing, no store, no
 * encoding: the floor of what any Node HTTP server can do with the same bytes on the wire.
 *
 * Lifetime: exits when the parent disconnects (parent exit or crash), on SIGTERM/SIGINT, and after
 * a hard time limit, so it never outlives the benchmark.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { negotiateOutput } from '../../electron/service/content-negotiation.ts';

/** One recorded response, as sent over IPC (body base64). */
export interface BareEntry {
  /** `METHOD URL FORMAT`, then ` BODY` for requests with a body (bareKey). */
  readonly key: string;
  readonly status: number;
  /** Header name/value pairs (no Date/Connection/Keep-Alive: node:http adds those, as for the service). */
  readonly headers: readonly (readonly [string, string])[];
  readonly bodyBase64: string;
}

/** Parent → child: the table to serve. */
export interface BareTableMessage {
  readonly type: 'table';
  readonly host: string;
  readonly entries: readonly BareEntry[];
}

/** Child → parent: the server listens. */
export interface BareListeningMessage {
  readonly type: 'listening';
  readonly port: number;
}

/**
 * The lookup key of a request: method, URL (path and query), the format its `Accept` header asks for (the same URL
 * answers JSON or BCS; negotiated as the service does, so a client's default `*\/*` is JSON) and, when there is one,
 * the body.
 */
export function bareKey(method: string, url: string, body: string | undefined, accept: string | undefined): string {
  const head = `${method} ${url} ${negotiateOutput(accept)}`;
  return body === undefined ? head : `${head} ${body}`;
}

const HARD_LIMIT_MS = 20 * 60 * 1000;

interface Prepared {
  readonly status: number;
  readonly headers: string[];
  readonly body: Buffer;
}

function serveTable(message: BareTableMessage): void {
  const table = new Map<string, Prepared>();
  for (const entry of message.entries) {
    table.set(entry.key, {
      status: entry.status,
      headers: entry.headers.flat(),
      body: Buffer.from(entry.bodyBase64, 'base64'),
    });
  }
  const reply = (res: ServerResponse, key: string): void => {
    const found = table.get(key);
    if (found === undefined) {
      res.writeHead(404, { 'Content-Length': '0' });
      res.end();
      return;
    }
    res.writeHead(found.status, found.headers);
    res.end(found.body);
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const accept = req.headers.accept;
    if (method === 'GET' || method === 'HEAD') {
      reply(res, bareKey(method, url, undefined, accept));
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => reply(res, bareKey(method, url, Buffer.concat(chunks).toString('utf8'), accept)));
  });
  server.listen(0, message.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    const listening: BareListeningMessage = { type: 'listening', port };
    process.send?.(listening);
  });
  const stop = (): void => {
    server.closeAllConnections();
    server.close();
    process.exit(0);
  };
  process.on('disconnect', stop);
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

function main(): void {
  if (process.send === undefined) {
    process.stderr.write('service-bench-bare-server: run by service-bench.ts (needs an IPC channel)\n');
    process.exitCode = 1;
    return;
  }
  setTimeout(() => process.exit(2), HARD_LIMIT_MS).unref();
  process.once('message', (message: BareTableMessage) => serveTable(message));
  // Leave if the parent disappears before sending the table.
  process.on('disconnect', () => process.exit(0));
}

// Imported by service-bench.ts for its types and bareKey; runs only as the forked child.
if (import.meta.main) main();
