/**
 * `/v1/graphql` of a remote source, against a fake indexer on 127.0.0.1 (fake-node.ts): forwarded with the API
 * key, its `data`/`errors` answers passed on as this server's JSON; a hostile indexer (HTML, redirects, malformed
 * or oversized answers, server errors) gets one 503 record naming it and the cause; a request pinned to a version,
 * another method, or a source without an indexer each get their own record. Then `serve --remote … --indexer …
 * --indexer-port N` as a real process: the same answer on the second port.
 */
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createRemoteService } from '../../electron/service/remote/remote-service.ts';
import { NO_INDEXER_MESSAGE } from '../../electron/service/routes/indexer-graphql.ts';
import { useTempDir } from '../support/temp-dir.ts';
import { sendJson, useFakeNode } from './fake-node.ts';
import { startServe } from './serve-process.ts';

const indexer = useFakeNode();
const dataDir = useTempDir();
const QUERY = { query: '{ processor_status { processor } }' };

function service(extra: Partial<Parameters<typeof createRemoteService>[0]> = {}) {
  return createRemoteService({
    baseUrl: indexer.url,
    indexerUrl: `${indexer.url}/graphql`,
    retryBaseDelayMs: 5,
    maxRetries: 1,
    cache: false,
    ...extra,
  });
}

function post(
  handler: ReturnType<typeof createRemoteService>,
  body: unknown = QUERY,
  path = '/v1/graphql',
  headers = {},
) {
  return handler(
    new Request(`http://127.0.0.1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }),
  );
}

async function expectUnavailable(response: Response, cause: RegExp): Promise<void> {
  expect(response.status).toBe(503);
  const record = (await response.json()) as { message: string; error_code: string };
  expect(record.error_code).toBe('internal_error');
  expect(record.message).toContain(`Indexer ${indexer.url}/graphql is unavailable`);
  expect(record.message).toMatch(cause);
}

describe('remote /v1/graphql', () => {
  it('forwards the request with the API key and passes the answer on as JSON', async () => {
    const answer = { data: { processor_status: [{ processor: 'default_processor' }] } };
    indexer.behave((_req, res) => sendJson(res, 200, answer));
    const response = await post(service({ apiKey: 'secret' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.json()).toEqual(answer);
    expect(indexer.seen).toEqual([
      expect.objectContaining({ method: 'POST', url: '/v1/graphql', body: JSON.stringify(QUERY) }) as unknown,
    ]);
    expect(indexer.seen[0]?.headers.authorization).toBe('Bearer secret');
  });

  it("passes the indexer's GraphQL errors on, with their status", async () => {
    const errors = { errors: [{ message: 'field not found', extensions: { path: '$', code: 'validation-failed' } }] };
    for (const status of [200, 400]) {
      indexer.behave((_req, res) => sendJson(res, status, errors));
      const response = await post(service());
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual(errors);
    }
  });

  it('refuses a hostile indexer with one 503 record naming the cause', async () => {
    indexer.behave((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<script>alert(1)</script>');
    });
    await expectUnavailable(await post(service()), /unexpected content type "text\/html"/);
    indexer.behave((_req, res) => {
      res.writeHead(302, { location: 'http://127.0.0.1:1/steal' });
      res.end();
    });
    await expectUnavailable(await post(service({ apiKey: 'secret' })), /redirects from the node are not followed/);
    expect(indexer.seen).toHaveLength(1);
    indexer.behave((_req, res) => sendJson(res, 200, '{"data": '));
    await expectUnavailable(await post(service()), /malformed JSON/);
    indexer.behave((_req, res) => sendJson(res, 200, [1, 2]));
    await expectUnavailable(await post(service()), /not a JSON object/);
    indexer.behave((_req, res) => sendJson(res, 200, { hello: 'world' }));
    await expectUnavailable(await post(service()), /neither "data" nor an "errors" array/);
    indexer.behave((_req, res) => sendJson(res, 200, { data: { x: 'y'.repeat(4096) } }));
    await expectUnavailable(await post(service({ maxBodyBytes: 1024 })), /larger than the 1024-byte limit/);
    indexer.behave((_req, res) => sendJson(res, 500, { errors: [{ message: 'boom' }] }));
    await expectUnavailable(await post(service()), /status 500/);
  });

  it('refuses a pinned version, another method, and a source without an indexer, each with a record', async () => {
    indexer.behave((_req, res) => sendJson(res, 200, { data: {} }));
    const pinned = await post(service(), QUERY, '/v1/graphql?ledger_version=5');
    expect(pinned.status).toBe(400);
    expect(await pinned.json()).toMatchObject({
      error_code: 'invalid_input',
      message: expect.stringContaining('latest state only') as string,
    });
    const header = await post(service(), QUERY, '/v1/graphql', { 'x-aptos-ledger-version': '5' });
    expect(header.status).toBe(400);
    const get = await service()(new Request('http://127.0.0.1/v1/graphql'));
    expect(get.status).toBe(405);
    const none = await post(service({ indexerUrl: undefined }));
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual({
      message: NO_INDEXER_MESSAGE,
      error_code: 'web_framework_error',
      vm_error_code: null,
    });
    expect(indexer.seen).toHaveLength(0);
    // The source's description says so beforehand, so the UI need not ask (renderer/api/graphql.ts).
    const described = async (handler: ReturnType<typeof service>): Promise<unknown> =>
      (await handler(new Request('http://127.0.0.1/explorer/v1/source'))).json();
    expect(await described(service({ indexerUrl: undefined }))).toMatchObject({ kind: 'remote', indexer: false });
    expect(await described(service())).toMatchObject({ kind: 'remote', indexer: true });
  });

  it('serve --remote --indexer --indexer-port answers /v1/graphql on the second port', async () => {
    const port = await freePort();
    indexer.behave((_req, res) => sendJson(res, 200, { data: { ledger_infos: [{ chain_id: 2 }] } }));
    const serve = await startServe(
      [
        '--remote',
        indexer.url,
        '--indexer',
        `${indexer.url}/graphql`,
        '--port',
        '0',
        '--indexer-port',
        String(port),
        '--ui',
        dataDir,
      ],
      { ...process.env, LEDGER_EXPLORER_DATA_DIR: dataDir },
    );
    try {
      const response = await fetch(`http://127.0.0.1:${port}/v1/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ ledger_infos { chain_id } }' }),
      });
      expect(await response.json()).toEqual({ data: { ledger_infos: [{ chain_id: 2 }] } });
      expect(indexer.seen.map((seen) => seen.url)).toEqual(['/v1/graphql']);
      const source = await fetch(`${serve.url}/explorer/v1/source`);
      expect(await source.json()).toMatchObject({ kind: 'remote', indexer: true });
    } finally {
      expect(await serve.stop()).toBe(0);
    }
  });
});

/** A port nothing listens on now (bound and released at once). */
function freePort(): Promise<number> {
  const server = createNetServer();
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    }),
  );
}
