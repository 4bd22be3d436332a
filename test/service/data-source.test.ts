/**
 * `openDataSource`: one spec → the read service over a snapshot file or a remote node, a close
 * function and a description. Real snapshot files; a real (fake) node over HTTP for the remote kind.
 */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDataSource } from '../../electron/service/data-source.ts';
import { unindexedSnapshotCopy } from '../indexer/indexer-rows-fixture.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { useTempDir } from '../support/temp-dir.ts';

const dir = useTempDir();

async function json(response: Response): Promise<unknown> {
  return response.json();
}

describe('a snapshot spec', () => {
  it('serves the file, describes it, and closes it (idempotent)', async () => {
    const path = fixturePath('small');
    const source = openDataSource({ kind: 'snapshot', path });
    expect(source.description).toEqual({ kind: 'snapshot', path, name: basename(path), origin: null });
    const ledger = await source.handler(new Request('http://127.0.0.1/v1'));
    expect(ledger.status).toBe(200);
    expect(await json(await source.handler(new Request('http://127.0.0.1/explorer/v1/source')))).toEqual({
      kind: 'snapshot',
      name: basename(path),
      origin: null,
      indexer: true,
    });
    source.close();
    source.close();
    // A request not answered before (not in the reply cache) needs the file, which is closed.
    const afterClose = await source.handler(new Request('http://127.0.0.1/v1/accounts/0x1'));
    expect(afterClose.status).toBe(503);
    expect(await json(afterClose)).toEqual(
      expect.objectContaining({ error_code: expect.any(String), vm_error_code: null }),
    );
  });

  it('says a format v2 file (no indexer tables) has no indexer, and its /v1/graphql answers 404', async () => {
    const path = unindexedSnapshotCopy(fixturePath('small'), dir);
    const source = openDataSource({ kind: 'snapshot', path });
    try {
      const described = await source.handler(new Request('http://127.0.0.1/explorer/v1/source'));
      expect(await json(described)).toEqual({ kind: 'snapshot', name: basename(path), origin: null, indexer: false });
      const graphql = await source.handler(
        new Request('http://127.0.0.1/v1/graphql', {
          method: 'POST',
          body: '{"query":"{ processor_status { processor } }"}',
          headers: { 'content-type': 'application/json' },
        }),
      );
      expect(graphql.status).toBe(404);
    } finally {
      source.close();
    }
  });

  it('answers capture requests 403 without a captures folder', async () => {
    const source = openDataSource({ kind: 'snapshot', path: fixturePath('small') });
    try {
      const response = await source.handler(
        new Request('http://127.0.0.1/explorer/v1/capture', {
          method: 'POST',
          body: '{"accounts":["0x1"]}',
          headers: { 'content-type': 'application/json' },
        }),
      );
      expect(response.status).toBe(403);
      expect(((await response.json()) as { error_code: string }).error_code).toBe('api_disabled');
    } finally {
      source.close();
    }
  });

  it('throws for a missing file, and does not create it', () => {
    const path = join(dir, 'missing.db');
    expect(() => openDataSource({ kind: 'snapshot', path })).toThrow();
    expect(existsSync(path)).toBe(false);
  });
});

describe('a remote spec', () => {
  let server: Server;
  let baseUrl: string;
  let requests = 0;
  beforeAll(async () => {
    // A node that accepts connections and never answers: only timeouts and cancelling end a request.
    server = createServer(() => void (requests += 1));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('describes the node by profile name, or by host', () => {
    const named = openDataSource({ kind: 'remote', baseUrl: `${baseUrl}/`, profileName: 'localnet' });
    expect(named.description).toEqual({ kind: 'remote', url: baseUrl, name: 'localnet' });
    named.close();
    const plain = openDataSource({ kind: 'remote', baseUrl, apiKey: null });
    expect(plain.description).toEqual({ kind: 'remote', url: baseUrl, name: new URL(baseUrl).host });
    plain.close();
  });

  it('applies the spec options (timeouts, retries)', async () => {
    requests = 0;
    const source = openDataSource({
      kind: 'remote',
      baseUrl,
      options: { connectTimeoutMs: 100, maxRetries: 0 },
    });
    try {
      const response = await source.handler(new Request('http://127.0.0.1/v1'));
      expect(response.status).toBe(503);
      expect(requests).toBe(1);
    } finally {
      source.close();
    }
  });

  it('close() and the caller’s signal each cancel the requests in flight', async () => {
    const closed = openDataSource({ kind: 'remote', baseUrl });
    const pending = closed.handler(new Request('http://127.0.0.1/v1'));
    setTimeout(() => closed.close(), 50);
    expect((await pending).status).toBe(503);

    const stop = new AbortController();
    const stopped = openDataSource({ kind: 'remote', baseUrl }, { signal: stop.signal });
    const waiting = stopped.handler(new Request('http://127.0.0.1/v1'));
    setTimeout(() => stop.abort(), 50);
    expect((await waiting).status).toBe(503);
    stopped.close();
  });
});
