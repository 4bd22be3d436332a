import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpServer, type RunningHttpServer } from '../../electron/service/http-server.ts';
import { isAllowedHost, parseHostHeader } from '../../electron/service/host-check.ts';
import { createReadService } from '../../electron/service/read-service.ts';
import { createFakeStore } from './fake-store.ts';

interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** A raw HTTP request (node:http, so Host and bodies can be anything). */
function raw(
  server: RunningHttpServer,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: Buffer | string; chunked?: boolean },
): Promise<RawResponse> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, method: options.method ?? 'GET', path: options.path, headers: options.headers ?? {}, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      // The server may close the socket right after answering 413 while we still write.
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

function record(response: RawResponse): { error_code: string; message: string; vm_error_code: null } {
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return JSON.parse(response.body) as { error_code: string; message: string; vm_error_code: null };
}

describe('host check', () => {
  it('parses Host headers', () => {
    expect(parseHostHeader('127.0.0.1:8080')).toEqual({ hostname: '127.0.0.1', port: '8080' });
    expect(parseHostHeader('[::1]:80')).toEqual({ hostname: '[::1]', port: '80' });
    expect(parseHostHeader('LocalHost')).toEqual({ hostname: 'localhost', port: undefined });
    expect(parseHostHeader('a:b:c')).toBeUndefined();
  });
  it('accepts the bound address with or without port, and localhost on loopback', () => {
    expect(isAllowedHost('127.0.0.1:8080', '127.0.0.1', 8080)).toBe(true);
    expect(isAllowedHost('127.0.0.1', '127.0.0.1', 8080)).toBe(true);
    expect(isAllowedHost('localhost:8080', '127.0.0.1', 8080)).toBe(true);
    expect(isAllowedHost('[::1]:8080', '::1', 8080)).toBe(true);
    expect(isAllowedHost('localhost', '::1', 8080)).toBe(true);
  });
  it('refuses other names, other ports and a missing header', () => {
    expect(isAllowedHost('evil.example:8080', '127.0.0.1', 8080)).toBe(false);
    expect(isAllowedHost('127.0.0.1:9999', '127.0.0.1', 8080)).toBe(false);
    expect(isAllowedHost(undefined, '127.0.0.1', 8080)).toBe(false);
    expect(isAllowedHost('localhost', '192.168.1.5', 8080)).toBe(false);
    expect(isAllowedHost('192.168.1.5', '192.168.1.5', 8080)).toBe(true);
  });
  it('on all interfaces accepts IP literals and localhost, never DNS names', () => {
    expect(isAllowedHost('10.0.0.7:8080', '0.0.0.0', 8080)).toBe(true);
    expect(isAllowedHost('localhost:8080', '0.0.0.0', 8080)).toBe(true);
    expect(isAllowedHost('attacker.example:8080', '0.0.0.0', 8080)).toBe(false);
  });
});

describe('startHttpServer with a tiny handler', () => {
  let server: RunningHttpServer;
  let seen: Request | undefined;
  beforeAll(async () => {
    const handler = async (request: Request): Promise<Response> => {
      seen = request;
      const text = request.method === 'POST' ? await request.text() : '';
      return new Response(JSON.stringify({ path: new URL(request.url).pathname + new URL(request.url).search, length: text.length }), {
        status: 200,
        headers: { 'content-type': 'application/json', 'x-test': 'yes' },
      });
    };
    server = await startHttpServer({ handler, port: 0 });
  });
  afterAll(() => server.close());

  it('converts requests and responses', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await raw(server, { path: '/v1/accounts/0x1::a::B/x?y=1', headers: { accept: 'application/x-bcs' } });
    expect(response.status).toBe(200);
    expect(response.headers['x-test']).toBe('yes');
    expect(JSON.parse(response.body)).toEqual({ path: '/v1/accounts/0x1::a::B/x?y=1', length: 0 });
    expect(seen?.headers.get('accept')).toBe('application/x-bcs');
    const posted = await raw(server, { method: 'POST', path: '/p?q=2', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    expect(JSON.parse(posted.body)).toEqual({ path: '/p?q=2', length: 7 });
  });

  it('refuses foreign Host headers with 403 and the error record', async () => {
    const response = await raw(server, { path: '/v1', headers: { host: 'rebind.example' } });
    expect(response.status).toBe(403);
    expect(record(response).error_code).toBe('web_framework_error');
    const port = new URL(server.url).port;
    expect((await raw(server, { path: '/v1', headers: { host: `localhost:${port}` } })).status).toBe(200);
    expect((await raw(server, { path: '/v1', headers: { host: '127.0.0.1' } })).status).toBe(200);
  });

  it('answers 413 to bodies over 8 MiB, declared or streamed', async () => {
    const big = Buffer.alloc(8 * 1024 * 1024 + 1, 0x20);
    const declared = await raw(server, { method: 'POST', path: '/p', headers: { 'content-type': 'application/json', 'content-length': String(big.length) }, body: big });
    expect(declared.status).toBe(413);
    expect(record(declared).error_code).toBe('web_framework_error');
    const streamed = await raw(server, { method: 'POST', path: '/p', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, body: big });
    expect(streamed.status).toBe(413);
    const exact = Buffer.alloc(8 * 1024 * 1024, 0x20);
    const ok = await raw(server, { method: 'POST', path: '/p', headers: { 'content-type': 'application/json' }, body: exact });
    expect(ok.status).toBe(200);
  });
});

describe('startHttpServer with the read service', () => {
  let server: RunningHttpServer;
  beforeAll(async () => {
    server = await startHttpServer({ handler: createReadService({ store: createFakeStore() }), port: 0 });
  });
  afterAll(() => server.close());

  it('serves the API with ledger headers on success and on every error', async () => {
    const ok = await raw(server, { path: '/v1' });
    expect(ok.status).toBe(200);
    expect(ok.headers['x-aptos-ledger-version']).toBe('100');
    for (const response of [
      await raw(server, { path: '/v1', headers: { host: 'evil.example' } }),
      await raw(server, { path: '/nope' }),
      await raw(server, { method: 'PUT', path: '/v1' }),
      await raw(server, { method: 'POST', path: '/v1/tables/0x1/item', headers: { 'content-type': 'text/plain' }, body: '{}' }),
      await raw(server, { method: 'POST', path: '/v1/tables/0x1/item', headers: { 'content-type': 'application/json' }, body: Buffer.alloc(9 * 1024 * 1024, 0x20) }),
    ]) {
      expect(response.headers['x-aptos-ledger-version']).toBe('100');
      expect(response.headers['x-node-ledger-version']).toBe('100');
      expect(record(response).vm_error_code).toBeNull();
    }
  });

  it('maps 404 / 405 (Allow) / 415', async () => {
    const notFound = await raw(server, { path: '/v1/nope' });
    expect(notFound.status).toBe(404);
    expect(record(notFound).error_code).toBe('web_framework_error');
    const wrong = await raw(server, { method: 'PUT', path: '/v1/estimate_gas_price' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers['allow']).toBe('GET, HEAD');
    const trace = await raw(server, { method: 'OPTIONS', path: '/v1/tables/0x1/item' });
    expect(trace.status).toBe(405);
    expect(trace.headers['allow']).toBe('POST');
    const media = await raw(server, { method: 'POST', path: '/v1/tables/0x1/item', headers: { 'content-type': 'text/plain' }, body: '{}' });
    expect(media.status).toBe(415);
    const none = await raw(server, { method: 'POST', path: '/v1/tables/0x1/raw_item', body: '{}' });
    expect(none.status).toBe(415);
  });

  it('HEAD gets the headers without a body', async () => {
    const head = await raw(server, { method: 'HEAD', path: '/v1' });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['x-aptos-chain-id']).toBe('4');
  });
});

describe('close', () => {
  it('stops accepting and ends keep-alive sockets', async () => {
    const server = await startHttpServer({ handler: async () => new Response('ok'), port: 0 });
    const first = await fetch(`${server.url}/`, { headers: { connection: 'keep-alive' } });
    expect(await first.text()).toBe('ok');
    const started = Date.now();
    await server.close();
    expect(Date.now() - started).toBeLessThan(3000);
    await expect(fetch(`${server.url}/`)).rejects.toThrow();
  });
});
