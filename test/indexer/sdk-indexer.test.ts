/**
 * The official TypeScript SDK's indexer calls, unchanged, against the read service over real HTTP on the shared
 * fixture (whose indexer tables the processors derived), and GraphQL answers cross-checked with REST on the same
 * server: current balances equal `/v1/accounts/{a}/balance/{asset}`; the activities between two versions sum to the
 * balance change between them; `account_transactions` holds every version whose sender, events or writes touch the
 * account; answers pinned with `?ledger_version=V` equal the REST state at V.
 */
import { Aptos, AptosConfig, Network, ProcessorType } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAddressLong, parseAddress } from '../../shared/address.ts';
import { createReadService } from '../../electron/service/read-service.ts';
import { startHttpServer, type RunningHttpServer } from '../../electron/service/http-server.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { snapshotInfo, type SnapshotInfo } from '../../electron/snapshot/snapshot-info.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { topTokenOwner } from './indexer-fixture.ts';
import { servedReads } from './served-reads.ts';

let store: SnapshotStore;
let server: RunningHttpServer;
let aptos: Aptos;
let info: SnapshotInfo;
const APT = '0x1::aptos_coin::AptosCoin';
/** APT's paired fungible asset (its metadata object, 0xa): the REST balance of APT counts both stores. */
const APT_FA = `0x${'a'.padStart(64, '0')}`;

beforeAll(async () => {
  store = SnapshotStore.open(fixturePath('main'));
  info = snapshotInfo(store, 5);
  server = await startHttpServer({ handler: createReadService({ store }), port: 0 });
  aptos = new Aptos(
    new AptosConfig({ network: Network.CUSTOM, fullnode: `${server.url}/v1`, indexer: `${server.url}/v1/graphql` }),
  );
});
afterAll(async () => {
  await server.close();
  store.close();
});

const { graphql, rest } = servedReads(() => server.url);

/** The long form the indexer stores addresses in. */
function long(address: string): string {
  return formatAddressLong(parseAddress(address));
}

const senders = (): string[] => info.samples.senders.map((s) => long(s.address));

describe('@aptos-labs/ts-sdk indexer calls against serve (fixture)', () => {
  it('counts transactions and coins, and reads coins data, balances, metadata and activities', async () => {
    for (const address of senders().slice(0, 3)) {
      const count = await aptos.getAccountTransactionsCount({ accountAddress: address });
      expect(count).toBe(
        Number(
          store.database
            .prepare('SELECT count(*) FROM ix_account_transactions WHERE account_address = ?')
            .pluck()
            .get(address),
        ),
      );
      expect(count).toBeGreaterThan(0);
      const coins = await aptos.getAccountCoinsData({ accountAddress: address });
      expect(coins.length).toBeGreaterThan(0);
      expect(await aptos.getAccountCoinsCount({ accountAddress: address })).toBe(coins.length);
      const apt = coins.find((c) => c.asset_type === APT);
      expect(apt?.metadata?.symbol).toBe('APT');
      const balances = await aptos.getCurrentFungibleAssetBalances({
        options: { where: { owner_address: { _eq: address } } },
      });
      expect(balances.map((b) => b.storage_id).sort()).toEqual(coins.map((c) => c.storage_id).sort());
      const activities = await aptos.getFungibleAssetActivities({
        options: { where: { owner_address: { _eq: address } }, limit: 20 },
      });
      expect(activities.length).toBeGreaterThan(0);
      for (const activity of activities) expect(activity.owner_address).toBe(address);
    }
    const metadata = await aptos.getFungibleAssetMetadata({ options: { where: { asset_type: { _eq: APT } } } });
    expect(metadata).toEqual([expect.objectContaining({ asset_type: APT, symbol: 'APT', decimals: 8 })]);
  });

  it('reads the processor status, the top user transactions, events and table items', async () => {
    const latest = Number(info.latestVersion);
    const status = await aptos.getProcessorStatus(ProcessorType.ACCOUNT_TRANSACTION_PROCESSOR);
    expect(status.last_success_version).toBe(latest);
    const top = await aptos.getChainTopUserTransactions({ limit: 5 });
    expect(top).toHaveLength(5);
    const newest = await rest<{ type: string; version: string }>(`/v1/transactions/by_version/${top[0]!.version}`);
    expect(newest.type).toBe('user_transaction');
    // getEvents is not in SDK 5.1.4: its events query, sent through the SDK's own indexer client.
    const { events } = await aptos.queryIndexer<{ events: { type: string; transaction_version: number }[] }>({
      query: {
        query: `query getEvents($where_condition: events_bool_exp, $order_by: [events_order_by!]) {
          events(where: $where_condition, order_by: $order_by) { account_address creation_number data event_index
            sequence_number transaction_block_height transaction_version type indexed_type } }`,
        variables: {
          where_condition: { transaction_version: { _eq: top[0]!.version } },
          order_by: [{ event_index: 'asc' }],
        },
      },
    });
    const stored = await rest<{ events?: { type: string }[] }>(`/v1/transactions/by_version/${top[0]!.version}`);
    expect(events.map((e) => e.type)).toEqual((stored.events ?? []).map((e) => e.type));
    const table = info.samples.tables[0]!;
    const items = await aptos.getTableItemsData({
      options: { where: { table_handle: { _eq: long(table.handle) } }, limit: 5 },
    });
    expect(items.length).toBeGreaterThan(0);
    const metadata = await aptos.getTableItemsMetadata({ options: { where: { handle: { _eq: long(table.handle) } } } });
    expect(metadata).toEqual([{ handle: long(table.handle), key_type: table.keyType, value_type: table.valueType }]);
  });

  it('reads owned objects, tokens, token data, collections and ownership', async () => {
    const owner = topTokenOwner(store);
    const tokens = await aptos.getAccountOwnedTokens({ accountAddress: owner });
    expect(tokens.length).toBeGreaterThan(0);
    const token = tokens[0]!;
    expect(token.owner_address).toBe(owner);
    const data = await aptos.getDigitalAssetData({ digitalAssetAddress: token.token_data_id });
    expect(data.token_data_id).toBe(token.token_data_id);
    expect(data.current_collection?.collection_id).toBe(token.current_token_data?.collection_id);
    const ownership = await aptos.getCurrentDigitalAssetOwnership({ digitalAssetAddress: token.token_data_id });
    expect(ownership.owner_address).toBe(owner);
    // getCollectionData asks `cdn_asset_uris` too (the crawler's table, derived from the URI: raw URI, null CDN).
    const collection = data.current_collection!;
    const fetched = await aptos.getCollectionData({
      creatorAddress: collection.creator_address,
      collectionName: collection.collection_name,
    });
    expect(fetched.collection_id).toBe(collection.collection_id);
    expect(fetched.cdn_asset_uris).toEqual(
      fetched.uri === '' ? null : expect.objectContaining({ asset_uri: fetched.uri, cdn_image_uri: null }),
    );
    const objects = await aptos.getAccountOwnedObjects({ accountAddress: owner });
    expect(objects.length).toBeGreaterThan(0);
    for (const object of objects) expect(object.owner_address).toBe(owner);
  });
});

interface Balance {
  readonly asset_type: string;
  readonly amount: number;
}

const BALANCES = `query B($o: String) {
  current_fungible_asset_balances(where: {owner_address: {_eq: $o}}) { asset_type amount }
}`;

/** GraphQL's balances of `owner` summed per asset type (a coin's store and its paired store alike). */
async function indexedBalances(owner: string, version?: bigint): Promise<Map<string, bigint>> {
  const data = await graphql<{ current_fungible_asset_balances: Balance[] }>(BALANCES, { o: owner }, version);
  const sums = new Map<string, bigint>();
  for (const row of data.current_fungible_asset_balances)
    sums.set(row.asset_type, (sums.get(row.asset_type) ?? 0n) + BigInt(row.amount));
  return sums;
}

async function restBalance(owner: string, asset: string, version?: bigint): Promise<bigint> {
  const query = version === undefined ? '' : `?ledger_version=${version}`;
  const response = await fetch(`${server.url}/v1/accounts/${owner}/balance/${encodeURIComponent(asset)}${query}`);
  return BigInt(await response.text());
}

describe('GraphQL cross-checked with REST (fixture)', () => {
  it('current balances equal /balance, now and as of earlier versions', async () => {
    const latest = BigInt(info.latestVersion);
    const oldest = BigInt(info.oldestVersion);
    for (const owner of senders()) {
      for (const version of [undefined, oldest + (latest - oldest) / 3n, oldest + (2n * (latest - oldest)) / 3n]) {
        const sums = await indexedBalances(owner, version);
        for (const [asset, amount] of sums)
          expect(await restBalance(owner, asset, version), `${owner} ${asset} @${version}`).toBe(amount);
        // Every asset the owner holds per REST shows: APT at least.
        if ((await restBalance(owner, APT, version)) > 0n) expect(sums.has(APT)).toBe(true);
      }
    }
  });

  it('the activities between two versions sum to the balance change between them', async () => {
    const latest = BigInt(info.latestVersion);
    const oldest = BigInt(info.oldestVersion);
    const from = oldest + (latest - oldest) / 2n;
    const to = from + 1500n;
    const query = `query A($o: String, $a: [String!], $from: bigint, $to: bigint, $offset: Int) {
      fungible_asset_activities(where: {transaction_version: {_gt: $from, _lte: $to}, _or: [
          {is_gas_fee: {_eq: false}, owner_address: {_eq: $o}, asset_type: {_in: $a}},
          {is_gas_fee: {_eq: true}, _or: [{gas_fee_payer_address: {_eq: $o}},
            {gas_fee_payer_address: {_is_null: true}, owner_address: {_eq: $o}}]}]},
        order_by: [{transaction_version: asc}, {event_index: asc}], limit: 100, offset: $offset) {
        type amount is_gas_fee
      }
    }`;
    for (const owner of senders().slice(0, 3)) {
      let sum = 0n;
      for (let offset = 0; ; offset += 100) {
        const page = await graphql<{
          fungible_asset_activities: {
            type: string;
            amount: number | null;
            is_gas_fee: boolean;
            storage_refund_amount: number;
          }[];
        }>(query, { o: owner, a: [APT, APT_FA], from: Number(from), to: Number(to), offset });
        for (const row of page.fungible_asset_activities) {
          const amount = BigInt(row.amount ?? 0);
          // A gas row charges whoever paid (the fee payer, else the sender).
          if (row.is_gas_fee || /Withdraw/.test(row.type)) sum -= amount;
          else if (/Deposit/.test(row.type)) sum += amount;
        }
        if (page.fungible_asset_activities.length < 100) break;
      }
      const change = (await restBalance(owner, APT, to)) - (await restBalance(owner, APT, from));
      expect(sum, owner).toBe(change);
    }
  });

  it('account_transactions holds every version whose sender, events or writes touch the account', async () => {
    const latest = BigInt(info.latestVersion);
    const start = latest - 60n;
    const touched = new Map<string, Set<number>>();
    const note = (address: string, version: number): void => {
      const key = long(address);
      if (!touched.has(key)) touched.set(key, new Set());
      touched.get(key)!.add(version);
    };
    for (let version = start; version <= latest; version += 1n) {
      const txn = await rest<{
        sender?: string;
        events?: { guid: { account_address: string } }[];
        changes?: { address?: string }[];
      }>(`/v1/transactions/by_version/${version}`);
      if (txn.sender) note(txn.sender, Number(version));
      for (const event of txn.events ?? [])
        if (event.guid.account_address !== '0x0') note(event.guid.account_address, Number(version));
      for (const change of txn.changes ?? []) if (change.address) note(change.address, Number(version));
    }
    expect(touched.size).toBeGreaterThan(3);
    for (const [account, versions] of touched) {
      const data = await graphql<{ account_transactions: { transaction_version: number }[] }>(
        `
          query T($a: String, $from: bigint) {
            account_transactions(
              where: { account_address: { _eq: $a }, transaction_version: { _gte: $from } }
              order_by: { transaction_version: asc }
            ) {
              transaction_version
            }
          }
        `,
        { a: account, from: Number(start) },
      );
      const indexed = new Set(data.account_transactions.map((row) => row.transaction_version));
      for (const version of versions) expect(indexed.has(version), `${account} @${version}`).toBe(true);
    }
  });
});
