/**
 * The node:http adapter with the real read service over the `small` fixture: request and response
 * conversion, the Host check, body limits, errors produced by the adapter itself (each an error
 * record with the ledger headers), and graceful close. Raw node:http requests are used where
 * fetch would normalise what is sent (Host, methods, chunked bodies).
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { parseAddress } from '../../shared/address.ts';
import { parseStructTag } from '../../shared/type-tag.ts';
import { isAllowedHost, parseHostHeader } from '../../electron/service/host-check.ts';
import { startHttpServer } from '../../electron/service/http-server.ts';
import { createReadService } from '../../electron/service/read-service.ts';
import { expectLedgerHeaders, expectRawError, rawRequest, useContractServer } from './contract-support.ts';

const env = useContractServer('small');
const url = (): string => env.server.url;
const MIB = 1024 * 1024;

describe('host check', () => {
  it('parses Host headers', () => {
    expect(parseHostHeader('127.0.0.1:8080')).toEqual({ hostname: '127.0.0.1', port: '8080' });
    expect(parseHostHeader('[::1]:80')).toEqual({ hostname: '[::1]', port: '80' });
    expect(parseHostHeader('LocalHost')).toEqual({ hostname: 'localhost', port: undefined });
    expect(parseHostHeader('a:b:c')).toBeUndefined();
    expect(parseHostHeader('')).toBeUndefined();
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

describe('startHttpServer with the read service', () => {
  it('converts requests and responses: raw path characters, query, Accept, bodies', async () => {
    expect(url()).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await rawRequest(url(), {
      path: '/v1/accounts/0x1/resource/0x1::account::Account?ledger_version=' + env.info.latestVersion,
      headers: { accept: 'application/x-bcs' },
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-bcs');
    expect(response.headers['content-length']).toBe(String(response.body.length));
    expect(new Uint8Array(response.body)).toEqual(
      new Uint8Array(
        env.store.resource(
          parseAddress('0x1'),
          parseStructTag('0x1::account::Account'),
          BigInt(env.info.latestVersion),
        )!,
      ),
    );
    expectLedgerHeaders(response.headers, env.info);
    const table = env.info.samples.tables[0]!;
    const body = JSON.stringify({ key_type: table.keyType, value_type: table.valueType, key: table.keys[0] });
    const posted = await rawRequest(url(), {
      method: 'POST',
      path: `/v1/tables/${table.handle}/item`,
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(posted.status).toBe(200);
    const chunked = await rawRequest(url(), {
      method: 'POST',
      path: `/v1/tables/${table.handle}/item`,
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      body,
    });
    expect(chunked.body).toEqual(posted.body);
  });

  it('refuses foreign Host headers with 403 and the error record', async () => {
    const port = new URL(url()).port;
    for (const host of ['rebind.example', `rebind.example:${port}`, `127.0.0.1:${Number(port) + 1}`, '10.0.0.1']) {
      expectRawError(await rawRequest(url(), { path: '/v1', headers: { host } }), 403, 'web_framework_error', env.info);
    }
    expect((await rawRequest(url(), { path: '/v1', headers: { host: `localhost:${port}` } })).status).toBe(200);
    expect((await rawRequest(url(), { path: '/v1', headers: { host: '127.0.0.1' } })).status).toBe(200);
  });

  it('answers 413 to bodies over 8 MiB, declared or streamed; 8 MiB itself is read', async () => {
    const big = Buffer.alloc(8 * MIB + 1, 0x20);
    const path = `/v1/tables/${env.info.samples.tables[0]!.handle}/item`;
    const declared = await rawRequest(url(), {
      method: 'POST',
      path,
      headers: { 'content-type': 'application/json', 'content-length': String(big.length) },
      body: big,
    });
    expectRawError(declared, 413, 'web_framework_error', env.info);
    expect(declared.headers['connection']).toBe('close');
    const streamed = await rawRequest(url(), {
      method: 'POST',
      path,
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      body: big,
    });
    expectRawError(streamed, 413, 'web_framework_error', env.info);
    // Exactly 8 MiB is accepted by the adapter; spaces are not a JSON object: 400 from the service.
    const exact = await rawRequest(url(), {
      method: 'POST',
      path,
      headers: { 'content-type': 'application/json' },
      body: Buffer.alloc(8 * MIB, 0x20),
    });
    expectRawError(exact, 400, 'web_framework_error', env.info);
  });

  it('maps 404 / 405 (Allow) / 415, each with the ledger headers', async () => {
    expectRawError(await rawRequest(url(), { path: '/v1/nope' }), 404, 'web_framework_error', env.info);
    expectRawError(await rawRequest(url(), { path: '/nope' }), 404, 'web_framework_error', env.info);
    expectRawError(await rawRequest(url(), { path: '/explorer/v2/blocks' }), 404, 'web_framework_error', env.info);
    // A target starting with `//` is a path, not a scheme-relative URL naming host `foo`.
    expectRawError(await rawRequest(url(), { path: '//foo/v1' }), 404, 'web_framework_error', env.info);
    for (const [method, path, allow] of [
      ['PUT', '/v1/estimate_gas_price', 'GET, HEAD'],
      ['DELETE', '/v1/accounts/0x1/resources', 'GET, HEAD'],
      ['POST', '/v1', 'GET, HEAD'],
      ['OPTIONS', '/v1/tables/0x1/item', 'POST'],
      ['GET', '/v1/tables/0x1/item', 'POST'],
      ['PATCH', '/explorer/v1/search', 'GET, HEAD'],
    ] as const) {
      const response = await rawRequest(url(), {
        method,
        path,
        headers: { 'content-type': 'application/json' },
        body: method === 'GET' ? undefined : '{}',
      });
      expectRawError(response, 405, 'web_framework_error', env.info);
      expect(response.headers['allow'], `${method} ${path}`).toBe(allow);
    }
    expectRawError(
      await rawRequest(url(), {
        method: 'POST',
        path: '/v1/tables/0x1/item',
        headers: { 'content-type': 'text/plain' },
        body: '{}',
      }),
      415,
      'web_framework_error',
      env.info,
    );
    expectRawError(
      await rawRequest(url(), { method: 'POST', path: '/v1/tables/0x1/raw_item', body: '{}' }),
      415,
      'web_framework_error',
      env.info,
    );
  });

  it('methods a fetch Request cannot carry are 405 with Allow: GET, HEAD, POST', async () => {
    for (const method of ['TRACE']) {
      const response = await rawRequest(url(), { method, path: '/v1' });
      expectRawError(response, 405, 'web_framework_error', env.info);
      expect(response.headers['allow']).toBe('GET, HEAD, POST');
    }
  });

  it('CONNECT is 405 with Allow and the error record, not a dropped connection', async () => {
    const { port, hostname } = new URL(url());
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () =>
        socket.write(`CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n`),
      );
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
      socket.on('error', reject);
    });
    expect(text.startsWith('HTTP/1.1 405 Method Not Allowed\r\n')).toBe(true);
    expect(text).toContain('\r\nAllow: GET, HEAD, POST\r\n');
    expect(text).toContain(`\r\nX-Aptos-Ledger-Version: ${env.info.latestVersion}\r\n`);
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({
      message: 'method not allowed',
      error_code: 'web_framework_error',
      vm_error_code: null,
    });
  });

  it('requests the HTTP parser refuses (unknown method, oversized head) still get the error record', async () => {
    for (const method of ['FOO', 'TRACK', 'PROPFIND2']) {
      expectRawError(await rawRequest(url(), { method, path: '/v1' }), 400, 'web_framework_error', env.info);
    }
    const longUrl = await rawRequest(url(), { path: `/v1/accounts/0x1/resources?start=${'ab'.repeat(20_000)}` });
    expectRawError(longUrl, 431, 'web_framework_error', env.info);
    const bigHeader = await rawRequest(url(), { path: '/v1', headers: { 'x-filler': 'a'.repeat(40_000) } });
    expectRawError(bigHeader, 431, 'web_framework_error', env.info);
    // The server is still serving.
    expect((await rawRequest(url(), { path: '/v1' })).status).toBe(200);
  });
});

describe('pipelined garbage after a request', () => {
  it('delivers the pending response whole, then closes the connection', async () => {
    const { port, hostname } = new URL(url());
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () =>
        socket.write(`GET /v1 HTTP/1.1\r\nHost: ${hostname}:${port}\r\n\r\nNOT HTTP AT ALL\r\n\r\n`),
      );
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
      socket.on('error', reject);
    });
    expect(text.startsWith('HTTP/1.1 200 OK\r\n')).toBe(true);
    const body = text.slice(text.indexOf('\r\n\r\n') + 4);
    expect(JSON.parse(body)).toMatchObject({ ledger_version: env.info.latestVersion });
    expect(text.match(/HTTP\/1\.1 /g)).toHaveLength(1);
  });
});

describe('close', () => {
  it('sends an uncached text body whole: its UTF-8 bytes, Content-Length in bytes, GET and HEAD', async () => {
    const handler = createReadService({ store: env.store, responseCache: false });
    const server = await startHttpServer({ handler, port: 0 });
    try {
      // A message quoting a path segment with characters of two, three and four UTF-8 bytes.
      const path = `/v1/accounts/0x1/resource/${encodeURIComponent('0x1::é€::𝔸')}`;
      const expected = new Uint8Array(await (await handler(new Request(`http://127.0.0.1${path}`))).arrayBuffer());
      const text = new TextDecoder().decode(expected);
      expect(text).toContain('é€::𝔸');
      expect(expected.length).toBeGreaterThan(text.length);
      const got = await rawRequest(server.url, { path });
      expect(got.status).toBe(400);
      expect(got.headers['content-length']).toBe(String(expected.length));
      expect(new Uint8Array(got.body)).toEqual(expected);
      const head = await rawRequest(server.url, { method: 'HEAD', path });
      expect(head.headers['content-length']).toBe(String(expected.length));
      expect(head.body.length).toBe(0);
    } finally {
      await server.close();
    }
  });

  it('stops accepting and ends keep-alive sockets at once', async () => {
    const server = await startHttpServer({ handler: createReadService({ store: env.store }), port: 0 });
    const first = await fetch(`${server.url}/v1`, { headers: { connection: 'keep-alive' } });
    expect(first.status).toBe(200);
    await first.arrayBuffer();
    const started = Date.now();
    await server.close();
    expect(Date.now() - started).toBeLessThan(3000);
    await expect(fetch(`${server.url}/v1`)).rejects.toThrow();
  });
});
