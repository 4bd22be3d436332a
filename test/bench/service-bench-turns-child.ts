/**
 * The child of service-bench-turns.ts: one process hosting several HTTP servers, each answering the benchmark's
 * requests one way (below), so that the parent can load them in turns and read this process's CPU time around each
 * turn. Kinds, one per command-line argument after the snapshot path:
 * - `serve:CHECKOUT` — that checkout's `startHttpServer` + CORS + read service over the snapshot (reply cache off),
 *   as `serve --no-cache` runs it;
 * - `adapter:CHECKOUT` — the same HTTP adapter and CORS wrapper in front of that checkout's read service, but each
 *   distinct request answered with the reply the service gave it the first time: the adapter's own cost;
 * - `bare` — a bare `node:http` server answering each distinct request with the bytes the first checkout's service
 *   gave it (as service-bench-bare-server.ts does).
 *
 * Messages: it sends `{ urls }` once listening; on `'cpu'` it sends `{ cpu }` (µs, user + system). Exits when the
 * parent disconnects.
 */
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { corsPolicyFor, withCors } from '../../electron/service/cors.ts';
import type { DataSource, DataSourceSpec, OpenDataSourceOptions } from '../../electron/service/data-source.ts';
import type { startHttpServer } from '../../electron/service/http-server.ts';
import type { ReadServiceHandler } from '../../electron/service/read-service.ts';
import type { ServiceReply, ServiceRequest } from '../../electron/service/service-reply.ts';

/** The modules of one checkout this child uses. */
interface Checkout {
  readonly openDataSource: (spec: DataSourceSpec, options: OpenDataSourceOptions) => DataSource;
  readonly withCors: typeof withCors;
  readonly corsPolicyFor: typeof corsPolicyFor;
  readonly startHttpServer: typeof startHttpServer;
}

async function loadCheckout(root: string): Promise<Checkout> {
  const load = (path: string): Promise<Record<string, unknown>> => import(pathToFileURL(join(root, path)).href);
  const [source, cors, http] = await Promise.all([
    load('electron/service/data-source.ts'),
    load('electron/service/cors.ts'),
    load('electron/service/http-server.ts'),
  ]);
  return { ...source, ...cors, ...http } as unknown as Checkout;
}

/** The read service of `checkout` over `snapshot`, reply cache off. */
function openService(checkout: Checkout, snapshot: string): ReadServiceHandler {
  return checkout.openDataSource(
    { kind: 'snapshot', path: snapshot, generateIfMissing: false },
    { responseCache: false },
  ).handler;
}

/** `service` with each distinct request (method, URL, body) answered by its first reply. */
function memoized(service: ReadServiceHandler): ReadServiceHandler {
  const replies = new Map<string, ServiceReply>();
  const serve = async (request: ServiceRequest): Promise<ServiceReply> => {
    const body = Buffer.from(await request.body()).toString('latin1');
    const key = `${request.method} ${request.url.href} ${body}`;
    let reply = replies.get(key);
    if (reply === undefined) {
      reply = await service.serve(request);
      replies.set(key, reply);
    }
    return reply;
  };
  return Object.assign((request: Request) => service(request), { serve, errorReply: service.errorReply });
}

/** A bare node:http server answering each distinct request with `service`'s first reply, as bytes. */
async function startBare(service: ReadServiceHandler): Promise<string> {
  const table = new Map<string, { status: number; head: string[]; body: Buffer }>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const key = `${req.method} ${req.url} ${body.toString('latin1')}`;
      const found = table.get(key);
      if (found !== undefined) {
        res.writeHead(found.status, found.head);
        res.end(found.body);
        return;
      }
      const request: ServiceRequest = {
        method: req.method ?? 'GET',
        url: new URL(`http://127.0.0.1${req.url ?? '/'}`),
        header: (name) => {
          const value = req.headers[name.toLowerCase()];
          return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
        },
        body: () => Promise.resolve(new Uint8Array(body)),
      };
      void service.serve(request).then((reply) => {
        const bytes = typeof reply.body === 'string' ? Buffer.from(reply.body) : Buffer.from(reply.body ?? []);
        const head = [...reply.headers.flat(), 'Content-Length', String(bytes.length)];
        table.set(key, { status: reply.status, head, body: bytes });
        res.writeHead(reply.status, head);
        res.end(bytes);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
}

async function main(snapshot: string, kinds: readonly string[]): Promise<void> {
  const urls: string[] = [];
  const checkouts = new Map<string, Checkout>();
  const checkoutOf = async (root: string): Promise<Checkout> => {
    const known = checkouts.get(root);
    if (known !== undefined) return known;
    const loaded = await loadCheckout(root);
    checkouts.set(root, loaded);
    return loaded;
  };
  const firstRoot = kinds.map((kind) => kind.split(':').slice(1).join(':')).find((root) => root !== '');
  for (const kind of kinds) {
    const [how = '', ...rest] = kind.split(':');
    const root = rest.join(':') || firstRoot;
    if (root === undefined) throw new Error('a bare server needs a checkout beside it (its replies come from it)');
    const checkout = await checkoutOf(root);
    const service = openService(checkout, snapshot);
    if (how === 'bare') {
      urls.push(await startBare(service));
      continue;
    }
    if (how !== 'serve' && how !== 'adapter') throw new Error(`unknown server kind "${kind}"`);
    const inner = how === 'adapter' ? memoized(service) : service;
    const handler = checkout.withCors(inner, checkout.corsPolicyFor({ apiKey: false, origins: [] }));
    urls.push((await checkout.startHttpServer({ handler, host: '127.0.0.1', port: 0 })).url);
  }
  process.on('message', (message) => {
    if (message !== 'cpu') return;
    const usage = process.cpuUsage();
    process.send?.({ cpu: usage.user + usage.system });
  });
  process.on('disconnect', () => process.exit(0));
  process.send?.({ urls });
}

if (import.meta.main) {
  const [snapshot, ...kinds] = process.argv.slice(2);
  if (snapshot === undefined || kinds.length === 0 || process.send === undefined) {
    process.stderr.write('service-bench-turns-child: run by service-bench-turns.ts\n');
    process.exit(1);
  }
  await main(snapshot, kinds);
}
