/**
 * The read service as the desktop app uses it — the fetch-style handler called in-process — over
 * real snapshot files in states the shared fixtures never reach: a closed store (the ledger
 * cannot be read: 503), and copies of the `small` fixture whose rows were rewritten with SQL
 * (stored data that does not decode: 500; an event handle pointing at another account's stream).
 * Everything else is tested over HTTP in the contract-*.test.ts files. The rule map is in RULES.md.
 */
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { parseAddress } from '../../shared/address.ts';
import { decodeMoveValue } from '../../shared/move/decode.ts';
import { encodeMoveValue } from '../../shared/move/encode.ts';
import { resolveLayout } from '../../shared/move/layout.ts';
import { parseStructTag, parseTypeTag } from '../../shared/type-tag.ts';
import { createReadService, type ReadServiceHandler } from '../../electron/service/read-service.ts';
import { startHttpServer } from '../../electron/service/http-server.ts';
import type { LedgerStore } from '../../electron/snapshot/ledger-store.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { snapshotInfo, type SnapshotInfo } from '../../electron/snapshot/snapshot-info.ts';
import { resourceStateKey } from '../../electron/snapshot/state-keys.ts';
import { editedFixtureCopy, fixturePath } from '../support/fixture-path.ts';
import { useTempDir } from '../support/temp-dir.ts';
import { expectError, expectNoLedgerHeaders, rawRequest } from './contract-support.ts';

const dir = useTempDir('read-service-');
const BCS = { accept: 'application/x-bcs' };

function request(handler: ReadServiceHandler, path: string, headers: Record<string, string> = {}): Promise<Response> {
  return handler(new Request(`http://127.0.0.1${path}`, { headers }));
}

/** A copy of the `small` fixture with `edit` applied through a writable SQLite connection. */
function editedCopy(name: string, edit: (db: Database.Database) => void): string {
  return editedFixtureCopy('small', join(dir, `${name}.db`), edit);
}

/** Replaces the newest stored value of a state key. */
function rewriteLatest(db: Database.Database, stateKey: Uint8Array, value: Uint8Array): void {
  const { version } = db
    .prepare('SELECT max(version) AS version FROM state_values WHERE state_key = ?')
    .get(stateKey) as { version: number };
  const result = db
    .prepare('UPDATE state_values SET value = ? WHERE state_key = ? AND version = ?')
    .run(value, stateKey, version);
  expect(result.changes).toBe(1);
}

describe('in process over the real store', () => {
  let store: SnapshotStore;
  let info: SnapshotInfo;
  let handler: ReadServiceHandler;
  beforeAll(() => {
    store = SnapshotStore.open(fixturePath('small'));
    info = snapshotInfo(store);
    handler = createReadService({ store, gitHash: 'abc123' });
  });
  afterAll(() => store.close());

  it('serves GET /v1 with git_hash when configured, and the same bodies as over HTTP', async () => {
    const body = (await (await request(handler, '/v1')).json()) as Record<string, unknown>;
    expect(body).toMatchObject({ chain_id: info.chainId, ledger_version: info.latestVersion, git_hash: 'abc123' });
    const server = await startHttpServer({ handler, port: 0 });
    try {
      for (const path of [
        '/v1/accounts/0x1/resources',
        '/v1/estimate_gas_price',
        `/v1/accounts/0x1/events/${info.samples.eventStreams[0]!.creationNumber}`,
      ]) {
        expect(await (await fetch(`${server.url}${path}`)).json()).toEqual(await (await request(handler, path)).json());
      }
    } finally {
      await server.close();
    }
  });

  it('serves GET /v1 as BCS with git_hash as Some when configured, None otherwise', async () => {
    const withHash = new Uint8Array(await (await request(handler, '/v1', BCS)).arrayBuffer());
    const plain = createReadService({ store });
    const withoutHash = new Uint8Array(await (await request(plain, '/v1', BCS)).arrayBuffer());
    expect(withoutHash.at(-1)).toBe(0);
    const some = [1, 6, ...new TextEncoder().encode('abc123')];
    expect(withHash).toEqual(Uint8Array.of(...withoutHash.subarray(0, -1), ...some));
  });
});

describe('the ledger cannot be read: 503 internal_error', () => {
  it('a store closed before the first read: 503 on every route, without ledger headers', async () => {
    const store = SnapshotStore.open(fixturePath('small'));
    const info = snapshotInfo(store);
    const closed = SnapshotStore.open(fixturePath('small'));
    closed.close();
    store.close();
    const handler = createReadService({ store: closed });
    for (const path of [
      '/v1',
      '/v1/accounts/0x1/resources',
      '/v1/estimate_gas_price',
      '/explorer/v1/blocks',
      '/v1/no/such/route',
    ]) {
      const response = await request(handler, path);
      await expectError(response, 503, 'internal_error', undefined);
      expectNoLedgerHeaders(response.headers, info);
    }
    // Over HTTP, errors the adapter makes itself cannot carry ledger headers either.
    const server = await startHttpServer({ handler, port: 0 });
    try {
      const refused = await rawRequest(server.url, { path: '/v1', headers: { host: 'rebind.example' } });
      expect(refused.status).toBe(403);
      expectNoLedgerHeaders(refused.headers, info);
    } finally {
      await server.close();
    }
  });

  it('a store closed after the ledger was read: 503 from every data endpoint, with the ledger headers', async () => {
    const store = SnapshotStore.open(fixturePath('small'));
    const info = snapshotInfo(store);
    const handler = createReadService({ store });
    expect((await request(handler, '/v1')).status).toBe(200);
    store.close();
    const table = info.samples.tables[0]!;
    const post = (path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> =>
      handler(
        new Request(`http://127.0.0.1${path}`, {
          method: 'POST',
          body: JSON.stringify(body),
          headers: { 'content-type': 'application/json', ...headers },
        }),
      );
    const stream = info.samples.eventStreams[0]!;
    for (const response of [
      await request(handler, '/v1/accounts/0x1/resources'),
      await request(handler, '/v1/accounts/0x1/resource/0x1::account::Account'),
      await request(handler, '/v1/accounts/0x1/modules'),
      await request(handler, '/v1/accounts/0x1/module/coin'),
      await request(handler, `/v1/accounts/${stream.address}/events/${stream.creationNumber}`),
      await request(
        handler,
        `/v1/accounts/${stream.address}/events/${encodeURIComponent(stream.struct)}/${stream.field}`,
      ),
      await request(handler, `/v1/accounts/${info.samples.senders[0]!.address}/transaction_summaries`),
      await request(handler, '/v1/estimate_gas_price'),
      await request(handler, '/explorer/v1/accounts'),
      await request(handler, '/explorer/v1/search?q=0x1'),
      await post(`/v1/tables/${table.handle}/item`, {
        key_type: table.keyType,
        value_type: table.valueType,
        key: table.keys[0],
      }),
      await post(`/v1/tables/${table.handle}/raw_item`, { key: table.rawKeys[0] }, BCS),
    ]) {
      await expectError(response, 503, 'internal_error', info);
    }
  });
});

describe('stored data that does not decode: 500 internal_error', () => {
  let store: SnapshotStore;
  let info: SnapshotInfo;
  const unexpected: unknown[] = [];
  let handler: ReadServiceHandler;
  const registry = parseStructTag('0xcafe::registry::Registry');
  beforeAll(() => {
    const path = editedCopy('broken', (db) => {
      rewriteLatest(db, resourceStateKey(parseAddress('0xcafe'), registry), Uint8Array.of(1, 2));
      const top = db
        .prepare('SELECT max(sequence_number) AS n FROM events WHERE address = ? AND creation_number = 3')
        .get(parseAddress('0x1')) as { n: number };
      db.prepare(
        "UPDATE events SET type_tag = 'not a type <' WHERE address = ? AND creation_number = 3 AND sequence_number = ?",
      ).run(parseAddress('0x1'), top.n);
    });
    // The ledger figures are those of the original file (the samples would not decode here).
    const original = SnapshotStore.open(fixturePath('small'));
    info = snapshotInfo(original);
    original.close();
    store = SnapshotStore.open(path);
    handler = createReadService({ store, onUnexpectedError: (error) => unexpected.push(error) });
  });
  afterAll(() => store.close());

  it('bytes not fitting the layout: 500 in JSON (listing, single, event handle), stored bytes in BCS', async () => {
    await expectError(await request(handler, '/v1/accounts/0xcafe/resources'), 500, 'internal_error', info);
    await expectError(
      await request(handler, '/v1/accounts/0xcafe/resource/0xcafe::registry::Registry'),
      500,
      'internal_error',
      info,
    );
    await expectError(
      await request(handler, '/v1/accounts/0xcafe/events/0xcafe::registry::Registry/record_events'),
      500,
      'internal_error',
      info,
    );
    const bcs = await request(handler, '/v1/accounts/0xcafe/resource/0xcafe::registry::Registry', BCS);
    expect(bcs.status).toBe(200);
    expect(new Uint8Array(await bcs.arrayBuffer())).toEqual(Uint8Array.of(1, 2));
    expect((await request(handler, '/v1/accounts/0xcafe/resources', BCS)).status).toBe(200);
    expect(unexpected).toEqual([]);
  });

  it('an event with an unparsable stored type: 500 in JSON and BCS, as undecodable data (not unexpected)', async () => {
    await expectError(await request(handler, '/v1/accounts/0x1/events/3'), 500, 'internal_error', info);
    expect(unexpected).toEqual([]);
    await expectError(await request(handler, '/v1/accounts/0x1/events/3', BCS), 500, 'internal_error', info);
    expect(unexpected).toEqual([]);
    // The rest of the stream is still served.
    expect((await request(handler, '/v1/accounts/0x1/events/3?start=0&limit=5')).status).toBe(200);
  });
});

describe('an unexpected exception: 500 internal_error, reported', () => {
  it('a route failing outside the store (a store without settings) is reported to onUnexpectedError', async () => {
    const store = SnapshotStore.open(fixturePath('small'));
    try {
      const info = snapshotInfo(store);
      const withoutSettings = new Proxy(store as LedgerStore, {
        get(target, property) {
          if (property === 'settings') return undefined;
          const value = Reflect.get(target, property) as unknown;
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
      });
      const unexpected: unknown[] = [];
      const handler = createReadService({
        store: withoutSettings,
        onUnexpectedError: (error) => unexpected.push(error),
      });
      await expectError(await request(handler, '/v1/accounts/0x1/events/3'), 500, 'internal_error', info);
      expect(unexpected).toHaveLength(1);
      expect(unexpected[0]).toBeInstanceOf(TypeError);
    } finally {
      store.close();
    }
  });
});

describe('a stored value the store itself decodes: 500, not 503', () => {
  it('a GasScheduleV2 that does not decode makes /v1/estimate_gas_price 500 internal_error', async () => {
    const original = SnapshotStore.open(fixturePath('small'));
    const info = snapshotInfo(original);
    original.close();
    const gasSchedule = parseStructTag('0x1::gas_schedule::GasScheduleV2');
    const path = editedCopy('bad-gas-schedule', (db) =>
      rewriteLatest(db, resourceStateKey(parseAddress('0x1'), gasSchedule), Uint8Array.of(1)),
    );
    const store = SnapshotStore.open(path);
    try {
      const unexpected: unknown[] = [];
      const handler = createReadService({ store, onUnexpectedError: (error) => unexpected.push(error) });
      await expectError(await request(handler, '/v1/estimate_gas_price'), 500, 'internal_error', info);
      expect(unexpected).toEqual([]);
    } finally {
      store.close();
    }
  });
});

describe('events by handle follow the handle, wherever it points', () => {
  it("uses the handle's (address, creation number) even when it names another account", async () => {
    const source = SnapshotStore.open(fixturePath('small'));
    const latest = source.meta.latestVersion;
    const accountTag = parseStructTag('0x1::account::Account');
    const info = snapshotInfo(source);
    const account = info.samples.senders[0]!.address;
    const layout = resolveLayout(parseTypeTag('0x1::account::Account'), source.abiLookup(latest));
    const value = decodeMoveValue(source.resource(parseAddress(account), accountTag, latest)!, layout) as Record<
      string,
      unknown
    >;
    source.close();
    const handle = value['coin_register_events'] as {
      counter: string;
      guid: { id: { creation_num: string; addr: string } };
    };
    const redirected = {
      ...value,
      coin_register_events: { ...handle, guid: { id: { creation_num: '3', addr: '0x1' } } },
    };
    const path = editedCopy('redirected', (db) =>
      rewriteLatest(db, resourceStateKey(parseAddress(account), accountTag), encodeMoveValue(redirected, layout)),
    );
    const store = SnapshotStore.open(path);
    try {
      const handler = createReadService({ store });
      const viaHandle = await request(
        handler,
        `/v1/accounts/${account}/events/0x1::account::Account/coin_register_events?start=2&limit=4`,
      );
      expect(viaHandle.status).toBe(200);
      const events = (await viaHandle.json()) as { guid: { account_address: string; creation_number: string } }[];
      expect(events).toHaveLength(4);
      expect(events).toEqual(await (await request(handler, '/v1/accounts/0x1/events/3?start=2&limit=4')).json());
      expect(events[0]!.guid).toEqual({ account_address: '0x1', creation_number: '3' });
    } finally {
      store.close();
    }
  });
});
