/**
 * The requests the node:http adapter hands the service (electron/service/http-service-request.ts), seen from inside a
 * real read service behind a real server on the `small` fixture: every request has the same shape (one class, no
 * accessor of its own: an object literal with a getter per request gave each one a hidden class of its own, which
 * under load filled V8's old generation and slowed every scavenge; docs/benchmarks.md, issue 24), and its header
 * lookup, body, client and abort signal answer as the service's request contract says (service-reply.ts).
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpServer, type RunningHttpServer } from '../../electron/service/http-server.ts';
import { createReadService, type ReadServiceHandler } from '../../electron/service/read-service.ts';
import type { ServiceReply, ServiceRequest } from '../../electron/service/service-reply.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { rawRequest } from './contract-support.ts';

/** Path the recording handler keeps open until the request's signal aborts (the client left). */
const WAIT_FOR_ABORT = '/test/wait-for-abort';

let store: SnapshotStore;
let server: RunningHttpServer;
const seen: ServiceRequest[] = [];
const aborted: Promise<string>[] = [];

/** The read service, with each request recorded first; {@link WAIT_FOR_ABORT} answers once its client has gone. */
function recording(service: ReadServiceHandler): ReadServiceHandler {
  const serve = (request: ServiceRequest): Promise<ServiceReply> => {
    seen.push(request);
    if (request.url.pathname !== WAIT_FOR_ABORT) return service.serve(request);
    const signal = request.signal;
    if (signal === undefined) throw new Error('the adapter gave no signal');
    const gone = new Promise<string>((resolve) => signal.addEventListener('abort', () => resolve('aborted')));
    aborted.push(gone);
    return gone.then(() => service.errorReply(499, 'internal_error', 'client gone'));
  };
  return Object.assign((request: Request) => service(request), { serve, errorReply: service.errorReply });
}

beforeAll(async () => {
  store = SnapshotStore.open(fixturePath('small'));
  server = await startHttpServer({ handler: recording(createReadService({ store })), port: 0 });
});
afterAll(async () => {
  await server.close();
  store.close();
});

describe('the requests of the HTTP adapter', () => {
  it('all have one shape: the same prototype and no accessor of their own', async () => {
    seen.length = 0;
    await rawRequest(server.url, { path: '/v1' });
    await rawRequest(server.url, { path: '/v1/accounts/0x1/resources?limit=2' });
    await rawRequest(server.url, { method: 'POST', path: '/v1/view', body: '{}', headers: { 'content-type': 'x/y' } });
    expect(seen).toHaveLength(3);
    const prototype = Object.getPrototypeOf(seen[0]) as unknown;
    expect(prototype).not.toBe(Object.prototype);
    for (const request of seen) {
      expect(Object.getPrototypeOf(request)).toBe(prototype);
      const accessors = Object.entries(Object.getOwnPropertyDescriptors(request)).filter(
        ([, descriptor]) => descriptor.get !== undefined || descriptor.set !== undefined,
      );
      expect(accessors.map(([name]) => name)).toEqual([]);
    }
  });

  it('look headers up case-insensitively, join repeated ones, and give the body and the client', async () => {
    seen.length = 0;
    const response = await rawRequest(server.url, {
      method: 'POST',
      path: '/v1/view?x=1',
      headers: { 'X-Probe': ['a', 'b'], 'content-type': 'application/json' },
      body: '{"k":1}',
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    const [request] = seen;
    if (request === undefined) throw new Error('no request seen');
    expect(request.method).toBe('POST');
    expect(request.url.pathname).toBe('/v1/view');
    expect(request.url.search).toBe('?x=1');
    expect(request.header('x-probe')).toBe('a, b');
    expect(request.header('X-PROBE')).toBe('a, b');
    expect(request.header('content-type')).toBe('application/json');
    expect(request.header('x-absent')).toBeNull();
    expect(new TextDecoder().decode(await request.body())).toBe('{"k":1}');
    expect(new TextDecoder().decode(await request.body())).toBe('{"k":1}');
    expect(request.client?.address).toBe('127.0.0.1');
    expect(Number(request.client?.connection)).toBeGreaterThan(0);
    await rawRequest(server.url, { path: '/v1' });
    expect((await seen[1]?.body())?.length).toBe(0);
    expect(seen[1]?.signal?.aborted).toBe(false);
  });

  it('give a signal that aborts when the client leaves before its reply', async () => {
    aborted.length = 0;
    const port = Number(new URL(server.url).port);
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(`GET ${WAIT_FOR_ABORT} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    await expect.poll(() => aborted.length).toBe(1);
    socket.destroy();
    expect(await aborted[0]).toBe('aborted');
  });
});
