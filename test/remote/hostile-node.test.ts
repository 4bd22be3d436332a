/**
 * The remote source against a hostile node: redirects to other hosts and loops, answers that are
 * HTML or script, compressed answers, and large answers in parallel against the process-wide budget.
 * Each is refused with one 503 error record naming the cause; nothing the node sends reaches the
 * browser as anything but JSON or BCS.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteService } from '../../electron/service/remote/remote-service.ts';
import { ByteBudget } from '../../electron/service/remote/upstream-budget.ts';
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

/** A second server on another port: where a hostile node redirects to. It records what it receives. */
const elsewhere = { url: '', seen: [] as { method: string; url: string; body: string; auth: string | undefined }[] };
const target = createServer((req: IncomingMessage, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString();
    elsewhere.seen.push({ method: req.method ?? '', url: req.url ?? '', body, auth: req.headers.authorization });
    sendJson(res, 200, LEDGER);
  });
});
beforeAll(async () => {
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  elsewhere.url = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
});
afterAll(async () => {
  target.closeAllConnections();
  await new Promise<void>((resolve) => target.close(() => resolve()));
});

function service(
  extra: Partial<Parameters<typeof createRemoteService>[0]> = {},
): ReturnType<typeof createRemoteService> {
  return createRemoteService({ baseUrl: node.url, retryBaseDelayMs: 10, maxRetries: 2, ...extra });
}

function get(handler: ReturnType<typeof createRemoteService>, path: string): Promise<Response> {
  return handler(new Request(`http://127.0.0.1${path}`));
}

/** Checks a 503 error record naming the node and matching `cause`, with the API's security headers. */
async function expectUnavailable(response: Response, cause: RegExp): Promise<string> {
  expect(response.status).toBe(503);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  const body = (await response.json()) as { message: string };
  expect(body).toEqual({ message: expect.any(String), error_code: 'internal_error', vm_error_code: null });
  expect(body.message).toContain(node.url);
  expect(body.message).toMatch(cause);
  return body.message;
}

describe('redirects', () => {
  it('are never followed: a 3xx is a 503 naming the target, sent once, and the target gets nothing', async () => {
    for (const status of [301, 302, 303, 307, 308]) {
      node.behave((_req, res) => {
        res.writeHead(status, { Location: `${elsewhere.url}/v1`, ...NODE_LEDGER_HEADERS });
        res.end();
      });
      elsewhere.seen.length = 0;
      const message = await expectUnavailable(await get(service(), '/v1'), new RegExp(`answered ${status}\\b`));
      expect(message).toContain(`redirecting to ${elsewhere.url}/v1`);
      expect(node.seen).toHaveLength(1);
      expect(elsewhere.seen).toEqual([]);
    }
  });

  it('a 307 does not re-send a POST body or the API key elsewhere', async () => {
    node.behave((_req, res) => {
      res.writeHead(307, { Location: `${elsewhere.url}/v1/tables/0x1/item` });
      res.end();
    });
    elsewhere.seen.length = 0;
    const response = await service({ apiKey: 'secret' })(
      new Request('http://127.0.0.1/v1/tables/0x1/item', {
        method: 'POST',
        body: '{"key_type":"u64","value_type":"u64","key":"1"}',
        headers: { 'content-type': 'application/json' },
      }),
    );
    await expectUnavailable(response, /redirects from the node are not followed/);
    expect(elsewhere.seen).toEqual([]);
  });

  it('a redirect loop costs one upstream request, and a relative Location is named in full', async () => {
    node.behave((_req, res) => {
      res.writeHead(302, { Location: '/v1' });
      res.end();
    });
    const message = await expectUnavailable(await get(service(), '/v1'), /redirecting to/);
    expect(message).toContain(`redirecting to ${node.url}`);
    expect(node.seen).toHaveLength(1);
  });
});

describe('content types', () => {
  it('only JSON and BCS pass; HTML, script, text or none are a 503 "unexpected content type"', async () => {
    for (const type of [
      'text/html',
      'text/html; charset=utf-8',
      'application/javascript',
      'text/plain',
      'image/svg+xml',
    ]) {
      node.behave((_req, res) => {
        res.writeHead(200, { 'Content-Type': type, ...NODE_LEDGER_HEADERS });
        res.end('<script>fetch("/explorer/v1/capture", { method: "POST" })</script>');
      });
      const message = await expectUnavailable(await get(service(), '/v1'), /unexpected content type/);
      expect(message).toContain(JSON.stringify(type));
      expect(message).toContain('from the node');
    }
    node.behave((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'Application/X-BCS', ...NODE_LEDGER_HEADERS });
      res.end(Buffer.from([7]));
    });
    const bcs = await get(service(), '/v1/accounts/0x1/resource/0x1::account::Account');
    expect(bcs.status).toBe(200);
    // Passed on as this server spells it, with the security headers.
    expect(bcs.headers.get('content-type')).toBe('application/x-bcs');
    expect(bcs.headers.get('x-content-type-options')).toBe('nosniff');
    expect(bcs.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  });

  it("an error status passes only with the node's error record, as JSON with the security headers", async () => {
    node.behave((_req, res) => {
      res.writeHead(404, { 'Content-Type': 'text/html', ...NODE_LEDGER_HEADERS });
      res.end(JSON.stringify({ message: 'gone', error_code: 'account_not_found', vm_error_code: null }));
    });
    const response = await get(service(), '/v1/accounts/0x2');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  });

  it('cached pinned answers keep the security headers', async () => {
    node.behave((_req, res) => sendJson(res, 200, { type: '0x1::a::B', data: {} }));
    const remote = service();
    const first = await get(remote, '/v1/accounts/0x1/resource/0x1::a::B?ledger_version=5');
    const second = await get(remote, '/v1/accounts/0x1/resource/0x1::a::B?ledger_version=5');
    expect(node.seen).toHaveLength(1);
    for (const response of [first, second]) {
      expect(response.status).toBe(200);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    }
  });
});

describe('answer sizes', () => {
  it('asks for uncompressed answers; a gzip bomb is cut at the limit after inflating', async () => {
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20));
    node.behave((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', ...NODE_LEDGER_HEADERS });
      res.end(bomb);
    });
    await expectUnavailable(
      await get(service({ maxBodyBytes: 4 * 1024 * 1024 }), '/v1'),
      /larger than the 4194304-byte/,
    );
    expect(node.seen[0]?.headers['accept-encoding']).toBe('identity');
  });

  it('answers over the shared budget fail fast while small ones are served, and the budget is given back', async () => {
    const budget = new ByteBudget(1024 * 1024);
    const big = Buffer.alloc(700 * 1024, 0x20);
    let release: (() => void) | undefined;
    node.behave((req, res) => {
      if (req.url === '/v1') {
        sendJson(res, 200, LEDGER);
        return;
      }
      // Chunked (no Content-Length): the budget is charged as bytes arrive.
      res.writeHead(200, { 'Content-Type': 'application/json', ...NODE_LEDGER_HEADERS });
      res.write('[');
      res.write(big);
      if (release === undefined) release = () => res.end(']');
      else res.end(']');
    });
    const remote = service({ budget, maxRetries: 0 });
    const holding = get(remote, '/v1/accounts/0x1/modules');
    while (budget.used === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(budget.used).toBeGreaterThan(600 * 1024);
    // A second large answer does not fit beside the first: refused at once, saying why.
    await expectUnavailable(await get(remote, '/v1/accounts/0x2/modules'), /already reading \d+ MiB of node answers/);
    // A small answer (within the free allowance) is served all the same.
    expect((await get(remote, '/v1')).status).toBe(200);
    release?.();
    const first = await holding;
    expect(first.status).toBe(200);
    expect((await first.arrayBuffer()).byteLength).toBe(big.length + 2);
    expect(budget.used).toBe(0);
  });
});
