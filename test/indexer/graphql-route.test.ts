/**
 * `POST /v1/graphql` over real HTTP on a real snapshot file (the main fixture with indexer rows added:
 * indexer-rows-fixture.ts), and the official TypeScript SDK's indexer calls, unchanged, against it: the ledger
 * and security headers, the version pinned by `?ledger_version` or `x-aptos-ledger-version` (the reply cache keeps
 * them apart), CORS as for `/v1`, errors (a malformed body is 400 with GraphQL errors; a version outside the window
 * is the error record), and a snapshot without indexer tables saying so.
 */
import { Aptos, AptosConfig, Network, ProcessorType } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corsPolicyFor, withCors } from '../../electron/service/cors.ts';
import { startHttpServer, type RunningHttpServer } from '../../electron/service/http-server.ts';
import { createReadService } from '../../electron/service/read-service.ts';
import { NO_INDEXER_MESSAGE } from '../../electron/service/routes/indexer-graphql.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { useTempDir } from '../support/temp-dir.ts';
import {
  ALICE,
  APT,
  BOB,
  indexedSnapshotCopy,
  PROCESSED_VERSION,
  unindexedSnapshotCopy,
  USDC,
} from './indexer-rows-fixture.ts';

let store: SnapshotStore;
let plain: SnapshotStore;
let server: RunningHttpServer;
let plainServer: RunningHttpServer;
let aptos: Aptos;
/** The fixture rows' version 0 (the main fixture's oldest retained version). */
let base: number;
const dir = useTempDir();

beforeAll(async () => {
  plain = SnapshotStore.open(unindexedSnapshotCopy(fixturePath('main'), dir));
  base = Number(plain.ledgerInfo().oldestLedgerVersion);
  store = SnapshotStore.open(indexedSnapshotCopy(fixturePath('main'), dir, base));
  const cors = corsPolicyFor({ apiKey: false, origins: [] });
  server = await startHttpServer({ handler: withCors(createReadService({ store }), cors), port: 0 });
  plainServer = await startHttpServer({ handler: createReadService({ store: plain }), port: 0 });
  aptos = new Aptos(
    new AptosConfig({ network: Network.CUSTOM, fullnode: `${server.url}/v1`, indexer: `${server.url}/v1/graphql` }),
  );
});
afterAll(async () => {
  await Promise.all([server.close(), plainServer.close()]);
  store.close();
  plain.close();
});

function graphql(body: unknown, init: { path?: string; headers?: Record<string, string>; url?: string } = {}) {
  return fetch(`${init.url ?? server.url}${init.path ?? '/v1/graphql'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...init.headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const COUNT = `query C($a: String) {
  account_transactions_aggregate(where: {account_address: {_eq: $a}}) { aggregate { count } } }`;

describe('POST /v1/graphql', () => {
  it('answers JSON with the ledger and security headers', async () => {
    const response = await graphql({ query: COUNT, variables: { a: ALICE } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('x-aptos-ledger-version')).toBe(store.ledgerInfo().ledgerVersion.toString());
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.json()).toEqual({ data: { account_transactions_aggregate: { aggregate: { count: 20 } } } });
  });

  it('answers as of ?ledger_version and of the x-aptos-ledger-version header alike, each cached apart', async () => {
    const counts: unknown[] = [];
    for (const init of [
      {},
      { path: `/v1/graphql?ledger_version=${base + 9}` },
      { headers: { 'x-aptos-ledger-version': `${base + 9}` } },
      {},
    ]) {
      const response = await graphql({ query: COUNT, variables: { a: ALICE } }, init);
      const json = (await response.json()) as {
        data: { account_transactions_aggregate: { aggregate: { count: number } } };
      };
      expect(response.status, JSON.stringify(json)).toBe(200);
      counts.push(json.data.account_transactions_aggregate.aggregate.count);
    }
    expect(counts).toEqual([20, 5, 5, 20]);
    const status = (await (
      await graphql(
        { query: '{ processor_status { processor last_success_version } }' },
        { headers: { 'x-aptos-ledger-version': `${base + 7}` } },
      )
    ).json()) as { data: { processor_status: { last_success_version: number }[] } };
    expect(status.data.processor_status.map((row) => row.last_success_version)).toEqual([base + 7, base + 7]);
  });

  it('refuses a version outside the window with the error record, and disagreeing versions', async () => {
    const beyond = store.ledgerInfo().ledgerVersion + 1n;
    const response = await graphql({ query: COUNT }, { path: `/v1/graphql?ledger_version=${beyond}` });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error_code: 'version_not_found' });
    const clash = await graphql(
      { query: COUNT },
      { path: `/v1/graphql?ledger_version=${base + 3}`, headers: { 'x-aptos-ledger-version': `${base + 4}` } },
    );
    expect(clash.status).toBe(400);
    expect(await clash.json()).toMatchObject({ error_code: 'invalid_input' });
  });

  it('answers a malformed body 400 with GraphQL errors, and a bad query 200 with them', async () => {
    const broken = await graphql('{"query": ');
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({
      errors: [
        { message: expect.stringContaining('not JSON') as string, extensions: { path: '$', code: 'invalid-json' } },
      ],
    });
    const bad = await graphql({ query: '{ user_transactions { no_such_column } }' });
    expect(bad.status).toBe(200);
    expect(await bad.json()).toEqual({
      errors: [expect.objectContaining({ extensions: { path: '$.query', code: 'validation-failed' } }) as unknown],
    });
  });

  it('answers browser pages of any origin as /v1 does (CORS), preflight included', async () => {
    const origin = 'http://localhost:3000';
    const preflight = await fetch(`${server.url}/v1/graphql`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-aptos-ledger-version',
      },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-aptos-ledger-version');
    const response = await graphql({ query: COUNT, variables: { a: BOB } }, { headers: { origin } });
    expect(response.headers.get('access-control-allow-origin')).toBe(origin);
    expect(await response.json()).toEqual({ data: { account_transactions_aggregate: { aggregate: { count: 10 } } } });
  });

  it("says in the source's description whether /v1/graphql answers: format v4 yes, format v2 no", async () => {
    const described = async (url: string): Promise<unknown> => (await fetch(`${url}/explorer/v1/source`)).json();
    expect(await described(server.url)).toEqual({ kind: 'snapshot', name: 'snapshot', origin: null, indexer: true });
    expect(await described(plainServer.url)).toEqual({
      kind: 'snapshot',
      name: 'snapshot',
      origin: null,
      indexer: false,
    });
  });

  it('says so on a snapshot without the indexer tables', async () => {
    const response = await graphql({ query: COUNT }, { url: plainServer.url });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      message: NO_INDEXER_MESSAGE,
      error_code: 'web_framework_error',
      vm_error_code: null,
    });
  });
});

describe('@aptos-labs/ts-sdk indexer calls, unchanged, against serve', () => {
  it('counts an account transactions and coins', async () => {
    expect(await aptos.getAccountTransactionsCount({ accountAddress: ALICE })).toBe(20);
    expect(await aptos.getAccountTransactionsCount({ accountAddress: BOB })).toBe(10);
    expect(await aptos.getAccountCoinsCount({ accountAddress: ALICE })).toBe(2);
  });

  it('reads coins data with metadata, balances and asset metadata', async () => {
    const coins = await aptos.getAccountCoinsData({
      accountAddress: ALICE,
      options: { orderBy: [{ asset_type: 'asc' }] },
    });
    expect(coins.map((c) => [c.asset_type, c.metadata?.symbol])).toEqual([
      [APT, 'APT'],
      [USDC, 'USDC'],
    ]);
    const balances = await aptos.getCurrentFungibleAssetBalances({
      options: { where: { owner_address: { _eq: BOB } } },
    });
    expect(balances).toEqual([
      expect.objectContaining({ owner_address: BOB, asset_type: APT, amount: 99, is_primary: true }),
    ]);
    const metadata = await aptos.getFungibleAssetMetadata({ options: { where: { asset_type: { _eq: USDC } } } });
    expect(metadata).toEqual([
      expect.objectContaining({ asset_type: USDC, symbol: 'USDC', decimals: 6, creator_address: BOB }),
    ]);
  });

  it('reads the processor status, the top user transactions, and waits for a processed version', async () => {
    const status = await aptos.getProcessorStatus(ProcessorType.ACCOUNT_TRANSACTION_PROCESSOR);
    expect(status.last_success_version).toBe(base + PROCESSED_VERSION);
    const top = await aptos.getChainTopUserTransactions({ limit: 3 });
    expect(top.map((t) => t.version)).toEqual([base + 40, base + 39, base + 38]);
    // minimumLedgerVersion makes the SDK poll processor_status first.
    expect(
      await aptos.getAccountTransactionsCount({ accountAddress: BOB, minimumLedgerVersion: base + PROCESSED_VERSION }),
    ).toBe(10);
  });
});
