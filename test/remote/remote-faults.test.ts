/**
 * The remote source against a fault-injecting fake node on loopback: forwarding is faithful, and
 * every failure (slow, dropped, 5xx, 429, malformed, misshapen, huge) becomes one clear error record
 * naming the node and the cause, with bounded retries and bounded memory.
 */
import { describe, expect, it } from 'vitest';
import { createRemoteService, EXPLORER_UNAVAILABLE_MESSAGE } from '../../electron/service/remote/remote-service.ts';
import { startHttpServer } from '../../electron/service/http-server.ts';
import type { SourceInfo } from '../../shared/api/source-info.ts';
import { NODE_LEDGER_HEADERS, sendJson, useFakeNode } from './fake-node.ts';

const node = useFakeNode();
const LEDGER = {
  chain_id: 2,
  epoch: '3',
  ledger_version: '1000',
  oldest_ledger_version: '10',
  ledger_timestamp: '1',
  node_role: 'full_node',
  oldest_block_height: '5',
  block_height: '400',
};

/**
 * A remote source with short retry delays. Its timeouts are generous (a busy CI machine may take a
 * few hundred ms for a first loopback request); the tests of timeouts pass short ones.
 */
function service(
  extra: Partial<Parameters<typeof createRemoteService>[0]> = {},
): ReturnType<typeof createRemoteService> {
  return createRemoteService({
    baseUrl: node.url,
    connectTimeoutMs: 5_000,
    totalTimeoutMs: 10_000,
    retryBaseDelayMs: 10,
    maxRetries: 2,
    maxRetryAfterMs: 1500,
    ...extra,
  });
}

function get(
  handler: ReturnType<typeof createRemoteService>,
  path: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return handler(new Request(`http://127.0.0.1${path}`, { headers }));
}

/** Checks a 503 error record naming the node; returns its message. */
async function expectUnavailable(response: Response, cause: RegExp): Promise<string> {
  expect(response.status).toBe(503);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  const body = (await response.json()) as { message: string };
  expect(body).toEqual({ message: expect.any(String), error_code: 'internal_error', vm_error_code: null });
  expect(body.message).toContain(node.url);
  expect(body.message).toMatch(cause);
  return body.message;
}

describe('forwarding', () => {
  it('refuses JSON text labelled as BCS (503 naming it), and passes BCS bytes that only look like text', async () => {
    node.behave((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/x-bcs', ...NODE_LEDGER_HEADERS });
      res.end('[{"type":"0x1::account::Account","data":{}}]');
    });
    const remote = service();
    const refused = await get(remote, '/v1/accounts/0x1/resources', { accept: 'application/x-bcs' });
    await expectUnavailable(refused, /JSON text labelled as BCS/);
    node.behave((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/x-bcs', ...NODE_LEDGER_HEADERS });
      res.end(Buffer.from('[not json]'));
    });
    const passed = await get(remote, '/v1/accounts/0x1/resources', { accept: 'application/x-bcs' });
    expect(passed.status).toBe(200);
    expect(await passed.text()).toBe('[not json]');
  });

  it('sends method, path, query, Accept, body, API key; returns status, headers (both spellings), body', async () => {
    node.behave((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/x-bcs', 'X-Aptos-Cursor': '00ab', ...NODE_LEDGER_HEADERS });
      res.end(Buffer.from([1, 2, 3]));
    });
    const remote = service({ apiKey: 'secret-key' });
    const response = await get(remote, '/v1/accounts/0x1/resources?limit=2&start=00aa', {
      accept: 'application/x-bcs',
    });
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    expect(response.headers.get('content-type')).toBe('application/x-bcs');
    for (const [name, value] of Object.entries(NODE_LEDGER_HEADERS)) {
      expect(response.headers.get(name)).toBe(value);
      expect(response.headers.get(name.replace('X-Aptos-', 'X-NODE-'))).toBe(value);
    }
    expect(response.headers.get('x-aptos-cursor')).toBe('00ab');
    expect(response.headers.get('x-node-cursor')).toBe('00ab');
    expect(node.seen).toEqual([
      expect.objectContaining({ method: 'GET', url: '/v1/accounts/0x1/resources?limit=2&start=00aa' }),
    ]);
    expect(node.seen[0]?.headers['accept']).toBe('application/x-bcs');
    expect(node.seen[0]?.headers['authorization']).toBe('Bearer secret-key');

    node.behave((_req, res) =>
      sendJson(res, 404, { message: 'Table Item not found', error_code: 'table_item_not_found', vm_error_code: null }),
    );
    const body = '{"key_type":"u64","value_type":"u64","key":"1"}';
    const post = await remote(
      new Request(`http://127.0.0.1/v1/tables/0xabc/item?ledger_version=50`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(post.status).toBe(404);
    expect(await post.json()).toEqual({
      message: 'Table Item not found',
      error_code: 'table_item_not_found',
      vm_error_code: null,
    });
    expect(node.seen[0]).toEqual(
      expect.objectContaining({ method: 'POST', url: '/v1/tables/0xabc/item?ledger_version=50', body }),
    );
    expect(node.seen[0]?.headers['content-type']).toBe('application/json');
  });

  it('forwards other methods too, but repeats only reads after a failure', async () => {
    node.behave((req) => req.socket.destroy());
    const remote = service();
    const submit = await remote(
      new Request('http://127.0.0.1/v1/transactions', {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      }),
    );
    await expectUnavailable(submit, /closed|socket|reset/i);
    expect(node.seen).toEqual([expect.objectContaining({ method: 'POST', url: '/v1/transactions', body: '{}' })]);
    node.behave((_req, res) =>
      sendJson(
        res,
        405,
        { message: 'method not allowed', error_code: 'web_framework_error', vm_error_code: null },
        { Allow: 'GET, HEAD' },
      ),
    );
    const put = await remote(new Request('http://127.0.0.1/v1/accounts/0x1/resources', { method: 'PUT' }));
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD');
    const outside = await remote(new Request('http://127.0.0.1/other'));
    expect(outside.status).toBe(404);
    expect(node.seen).toHaveLength(1);
  });

  it('caches answers pinned to a ledger_version (with the latest ledger headers), never "latest" ones', async () => {
    node.behave((_req, res) => sendJson(res, 200, [{ type: '0x1::a::B', data: {} }]));
    const remote = service();
    for (let i = 0; i < 3; i += 1)
      expect((await get(remote, '/v1/accounts/0x1/resources?ledger_version=20')).status).toBe(200);
    expect(node.seen).toHaveLength(1);
    const cached = await get(remote, '/v1/accounts/0x1/resources?ledger_version=20');
    expect(cached.headers.get('x-node-ledger-version')).toBe('1000');
    for (let i = 0; i < 3; i += 1) await get(remote, '/v1/accounts/0x1/resources');
    expect(node.seen).toHaveLength(4);
    // The whole query is part of the key (a node may read parameters the snapshot service does not).
    await get(remote, '/v1/accounts/0x1/resources?ledger_version=20&other=1');
    expect(node.seen).toHaveLength(5);

    node.behave((_req, res) => sendJson(res, 200, '"7"'));
    const item = (key: string): Promise<Response> =>
      remote(
        new Request('http://127.0.0.1/v1/tables/0xabc/item?ledger_version=20', {
          method: 'POST',
          body: `{"key_type":"u64","value_type":"u64","key":"${key}"}`,
          headers: { 'content-type': 'application/json' },
        }),
      );
    for (const key of ['1', '1', '2', '1']) expect(await (await item(key)).json()).toBe('7');
    expect(node.seen.map((seen) => seen.body)).toEqual([
      '{"key_type":"u64","value_type":"u64","key":"1"}',
      '{"key_type":"u64","value_type":"u64","key":"2"}',
    ]);
  });

  it('a cancelled signal stops requests in flight and their retries', async () => {
    node.behave((_req, res) => setTimeout(() => sendJson(res, 200, LEDGER), 5000).unref());
    const stop = new AbortController();
    const pending = get(service({ signal: stop.signal, connectTimeoutMs: 10_000, totalTimeoutMs: 10_000 }), '/v1');
    setTimeout(() => stop.abort(), 100);
    await expectUnavailable(await pending, /cancelled/);
    expect(node.seen).toHaveLength(1);
  });

  it('accepts the bare-string replay_protector some nodes send', async () => {
    const summary = { sender: '0x1', version: '7', transaction_hash: `0x${'ab'.repeat(32)}`, replay_protector: '5' };
    node.behave((_req, res) => sendJson(res, 200, [summary]));
    const response = await get(service(), '/v1/accounts/0x1/transaction_summaries');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([summary]);
  });
});

describe('faults become clear error records', () => {
  it('an answer slower than the connect timeout: 503, not retried', async () => {
    node.behave((_req, res) => setTimeout(() => sendJson(res, 200, LEDGER), 1500).unref());
    await expectUnavailable(await get(service({ connectTimeoutMs: 300 }), '/v1'), /connect timeout/);
    expect(node.seen).toHaveLength(1);
  });

  it('a body that stalls past the total timeout: 503', async () => {
    node.behave((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('[');
    });
    await expectUnavailable(
      await get(service({ connectTimeoutMs: 300, totalTimeoutMs: 800 }), '/v1/accounts/0x1/resources'),
      /total timeout/,
    );
  });

  it('dropped connections are retried (bounded), then 503; a later success is passed on', async () => {
    node.behave((req) => req.socket.destroy());
    await expectUnavailable(await get(service(), '/v1'), /closed|socket|reset/i);
    expect(node.seen).toHaveLength(3);
    node.behave((req, res, index) => (index < 2 ? req.socket.destroy() : sendJson(res, 200, LEDGER)));
    const response = await get(service(), '/v1');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(LEDGER);
  });

  it('500 with an error record passes through; 500 with anything else is a 503', async () => {
    const record = { message: 'boom', error_code: 'internal_error', vm_error_code: null };
    node.behave((_req, res) => sendJson(res, 500, record));
    const passed = await get(service(), '/v1');
    expect(passed.status).toBe(500);
    expect(await passed.json()).toEqual(record);
    node.behave((_req, res) => {
      res.writeHead(500, { 'Content-Type': 'text/html' });
      res.end('<html>oops</html>');
    });
    await expectUnavailable(await get(service(), '/v1'), /500.*not an error record/);
  });

  it('502/503 are retried; what is left after the retries is a 503 naming the cause', async () => {
    node.behave((_req, res, index) => (index === 0 ? sendJson(res, 502, 'bad gateway') : sendJson(res, 200, LEDGER)));
    expect((await get(service(), '/v1')).status).toBe(200);
    expect(node.seen).toHaveLength(2);
    node.behave((_req, res) =>
      sendJson(res, 503, { message: 'overloaded', error_code: 'internal_error', vm_error_code: null }),
    );
    const message = await expectUnavailable(await get(service(), '/v1'), /503/);
    expect(message).toContain('overloaded');
    expect(node.seen).toHaveLength(3);
  });

  it('429 honours Retry-After; one longer than the limit is a 503 at once, with Retry-After', async () => {
    node.behave((_req, res, index) =>
      index === 0 ? sendJson(res, 429, 'slow down', { 'Retry-After': '1' }) : sendJson(res, 200, LEDGER),
    );
    expect((await get(service(), '/v1')).status).toBe(200);
    expect(node.seen).toHaveLength(2);
    // The same 1 s Retry-After with a 0.5 s allowance is not waited for: the header is what decides.
    node.behave((_req, res, index) =>
      index === 0 ? sendJson(res, 429, 'slow down', { 'Retry-After': '1' }) : sendJson(res, 200, LEDGER),
    );
    await expectUnavailable(await get(service({ maxRetryAfterMs: 500 }), '/v1'), /rate limiting.*retry after 1 s/);
    expect(node.seen).toHaveLength(1);
    node.behave((_req, res) =>
      sendJson(
        res,
        429,
        { message: 'rate limited', error_code: 'web_framework_error', vm_error_code: null },
        { 'Retry-After': '3600' },
      ),
    );
    const response = await get(service(), '/v1');
    expect(response.headers.get('retry-after')).toBe('3600');
    await expectUnavailable(response, /rate limiting.*3600 s/);
    expect(node.seen).toHaveLength(1);
  });

  it('malformed JSON and wrong shapes: 503 naming what is wrong', async () => {
    node.behave((_req, res) => sendJson(res, 200, '{"chain_id": 2,'));
    await expectUnavailable(await get(service(), '/v1'), /malformed JSON/);
    node.behave((_req, res) => sendJson(res, 200, { ...LEDGER, chain_id: 'two' }));
    await expectUnavailable(await get(service(), '/v1'), /unexpected shape \(chain_id/);
    node.behave((_req, res) => sendJson(res, 200, [{ type: 1, data: {} }]));
    await expectUnavailable(await get(service(), '/v1/accounts/0x1/resources'), /unexpected shape \(0\.type/);
    node.behave((_req, res) =>
      sendJson(res, 200, [{ version: '1', guid: {}, sequence_number: '0', type: 'u64', data: 1 }]),
    );
    await expectUnavailable(await get(service(), '/v1/accounts/0x1/events/0'), /unexpected shape \(0\.guid/);
  });

  it('a 50 MiB body is cut off at the limit (the stream is cancelled, not buffered): 503', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    node.behave((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      let sent = 0;
      const pump = (): void => {
        while (sent < 50) {
          sent += 1;
          node.written += chunk.length;
          if (!res.write(chunk)) {
            res.once('drain', pump);
            return;
          }
        }
        res.end();
      };
      res.on('close', () => undefined);
      pump();
    });
    const remote = service({ totalTimeoutMs: 10_000 });
    await expectUnavailable(await get(remote, '/v1/accounts/0x1/resources'), /larger than the 33554432-byte limit/);
    expect(node.written).toBeLessThan(50 * 1024 * 1024);

    node.behave((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(50 * 1024 * 1024) });
      res.write('[');
    });
    await expectUnavailable(await get(remote, '/v1/accounts/0x1/resources'), /Content-Length 52428800/);
  });
});

describe('explorer API and source', () => {
  it('a node without /explorer/v1 gets the 404 the UI degrades on; source reports kind remote and health', async () => {
    node.behave((req, res) =>
      req.url?.startsWith('/explorer')
        ? sendJson(res, 404, { message: 'not found', error_code: 'web_framework_error', vm_error_code: null })
        : sendJson(res, 200, LEDGER),
    );
    const remote = service({ profileName: 'localnet' });
    const blocks = await get(remote, '/explorer/v1/blocks');
    expect(blocks.status).toBe(404);
    expect(((await blocks.json()) as { message: string }).message).toContain(EXPLORER_UNAVAILABLE_MESSAGE);
    const source = (await (await get(remote, '/explorer/v1/source')).json()) as SourceInfo;
    expect(source).toEqual({
      kind: 'remote',
      name: 'localnet',
      url: node.url,
      health: { ok: true, checked_at: expect.any(String), message: null },
      indexer: false,
    });

    node.behave((req) => req.socket.destroy());
    await get(remote, '/v1');
    const after = (await (await get(remote, '/explorer/v1/source')).json()) as Extract<SourceInfo, { kind: 'remote' }>;
    expect(after.health.ok).toBe(false);
    expect(after.health.message).toContain(node.url);
  });

  it('over HTTP, a burst of failing requests is answered one record each and the server keeps serving', async () => {
    node.behave((req, res, index) => (index % 2 === 0 ? req.socket.destroy() : sendJson(res, 200, '{bad json')));
    const server = await startHttpServer({ handler: service({ maxRetries: 0 }), port: 0 });
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${server.url}/v1`)));
      for (const answer of answers) await expectUnavailable(answer, /closed|socket|reset|malformed/i);
      node.behave((_req, res) => sendJson(res, 200, LEDGER));
      expect((await fetch(`${server.url}/v1`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
