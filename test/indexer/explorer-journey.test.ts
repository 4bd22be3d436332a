/**
 * The official Aptos Explorer's indexer queries as a contract (test/indexer/explorer-queries.ts: its exact documents
 * and variables), sent to `serve`'s `/v1/graphql` over real HTTP on the main fixture, each answer checked against
 * the REST API of the same server: an account's Transactions tab (its versions touch the account, its sent
 * transactions are all there; the function filter equals REST's sent transactions calling that function), Assets
 * tab (balances equal `/balance`, metadata equals the coin's or asset's resource), NFTs tab (each token's
 * `ObjectCore` owner is the account, its name and collection as the token's resources say) and the "User
 * transactions" list (the newest user transactions as REST lists them).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAddressLong, parseAddress } from '../../shared/address.ts';
import { createReadService } from '../../electron/service/read-service.ts';
import { startHttpServer, type RunningHttpServer } from '../../electron/service/http-server.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { snapshotInfo, type SnapshotInfo } from '../../electron/snapshot/snapshot-info.ts';
import { fixturePath } from '../support/fixture-path.ts';
import * as Q from './explorer-queries.ts';
import { topTokenOwner } from './indexer-fixture.ts';
import { servedReads } from './served-reads.ts';

let store: SnapshotStore;
let server: RunningHttpServer;
let info: SnapshotInfo;

beforeAll(async () => {
  store = SnapshotStore.open(fixturePath('main'));
  info = snapshotInfo(store, 5);
  server = await startHttpServer({ handler: createReadService({ store }), port: 0 });
});
afterAll(async () => {
  await server.close();
  store.close();
});

/** POSTs a document as the explorer's SDK client does; the answer has data and no errors. */
const { graphql: explorer, rest } = servedReads(() => server.url);

const long = (address: string): string => formatAddressLong(parseAddress(address));
const same = (a: string, b: string): boolean => long(a) === long(b);
/** Whether JSON text names `address` (short or long form). */
function mentions(text: string, address: string): boolean {
  const digits = long(address).slice(2).replace(/^0+/, '');
  return new RegExp(`0x0*${digits}(?![0-9a-f])`).test(text);
}

interface RestTxn {
  readonly type: string;
  readonly version: string;
  readonly payload?: { readonly function?: string };
}

/** Every retained transaction `address` sent, as REST lists them (by sequence number; pruned ones left out). */
async function sentByRest(address: string): Promise<{ retained: RestTxn[]; pruned: number }> {
  const { sequence_number: next } = await rest<{ sequence_number: string }>(`/v1/accounts/${address}`);
  const retained: RestTxn[] = [];
  for (let start = 0; start < Number(next); start += 100)
    retained.push(...(await rest<RestTxn[]>(`/v1/accounts/${address}/transactions?start=${start}&limit=100`)));
  return { retained, pruned: Number(next) - retained.length };
}

/** The `count` newest user transactions at or before `from` by REST, newest first. */
async function userTransactionsByRest(from: bigint, count: number): Promise<number[]> {
  const found: number[] = [];
  const oldest = BigInt(info.oldestVersion);
  for (let end = from; found.length < count && end >= oldest; end -= 100n) {
    const start = end - 99n > oldest ? end - 99n : oldest;
    const page = await rest<RestTxn[]>(`/v1/transactions?start=${start}&limit=${Number(end - start) + 1}`);
    found.push(
      ...page
        .filter((t) => t.type === 'user_transaction')
        .map((t) => Number(t.version))
        .reverse(),
    );
  }
  return found.slice(0, count);
}

const count = (data: Record<string, { aggregate: { count: number } }>): number =>
  (Object.values(data)[0] as { aggregate: { count: number } }).aggregate.count;

describe("the official explorer's indexer queries against serve, checked with REST (fixture)", () => {
  it("Transactions tab: the count, the newest page, and the function filter's page and count", async () => {
    const address = long(info.samples.senders[0]!.address);
    const total = count(await explorer(Q.ACCOUNT_TRANSACTIONS_COUNT, { address }));
    const { account_transactions: page } = await explorer<{ account_transactions: { transaction_version: number }[] }>(
      Q.ACCOUNT_TRANSACTIONS_DATA,
      { address, limit: 25, offset: 0 },
    );
    const versions = page.map((r) => r.transaction_version);
    expect(versions).toHaveLength(Math.min(25, total));
    expect(versions).toEqual([...versions].sort((a, b) => b - a));
    for (const version of versions) {
      const text = JSON.stringify(await rest(`/v1/transactions/by_version/${version}`));
      expect(mentions(text, address), `version ${version} touches ${address}`).toBe(true);
    }
    // The indexer keeps the history REST no longer serves (versions below the oldest retained one).
    const { retained: sent, pruned } = await sentByRest(address);
    expect(total).toBeGreaterThanOrEqual(sent.length);
    const oldestShown = versions.at(-1) ?? 0;
    for (const txn of sent) if (Number(txn.version) >= oldestShown) expect(versions).toContain(Number(txn.version));

    // The function filter, on the function the account called last.
    const fn = [...sent].reverse().find((t) => t.payload?.function)?.payload?.function as string;
    const [contract, module, name] = fn.split('::') as [string, string, string];
    const filter = {
      sender: address,
      entry_function_contract_address: long(contract),
      entry_function_module_name: module,
      entry_function_function_name: name,
    };
    const calls = sent.filter((t) => t.payload?.function === fn).map((t) => Number(t.version));
    const calling = count(await explorer(Q.ACCOUNT_USER_TRANSACTIONS_BY_FUNCTION_COUNT, filter));
    expect(calling).toBeGreaterThanOrEqual(calls.length);
    expect(calling).toBeLessThanOrEqual(calls.length + pruned);
    const filtered = await explorer<{ user_transactions: { version: number }[] }>(
      Q.ACCOUNT_USER_TRANSACTIONS_BY_FUNCTION,
      { ...filter, limit: 25, offset: 0 },
    );
    expect(filtered.user_transactions.map((r) => r.version)).toEqual(calls.reverse().slice(0, 25));
  });

  it('Assets tab: the count, the balances as /balance says, the metadata as the resources say', async () => {
    for (const sender of info.samples.senders.slice(0, 3)) {
      const owner = long(sender.address);
      const { current_fungible_asset_balances: rows } = await explorer<{
        current_fungible_asset_balances: {
          amount: number;
          asset_type: string;
          metadata: { name: string; decimals: number; symbol: string; token_standard: string } | null;
        }[];
      }>(Q.COINS_DATA, { owner_address: owner, limit: 100, offset: 0 });
      expect(rows.length).toBeGreaterThan(0);
      expect(count(await explorer(Q.FUNGIBLE_ASSET_COUNT, { address: owner }))).toBe(rows.length);
      const sums = new Map<string, bigint>();
      for (const row of rows) sums.set(row.asset_type, (sums.get(row.asset_type) ?? 0n) + BigInt(row.amount));
      for (const [asset, amount] of sums) {
        const response = await fetch(`${server.url}/v1/accounts/${owner}/balance/${encodeURIComponent(asset)}`);
        expect(BigInt(await response.text()), `${owner} ${asset}`).toBe(amount);
      }
      for (const row of rows) {
        const coin = row.asset_type.includes('::');
        const info = encodeURIComponent(`0x1::coin::CoinInfo<${row.asset_type}>`);
        const resource = coin
          ? `/v1/accounts/${row.asset_type.split('::')[0]}/resource/${info}`
          : `/v1/accounts/${row.asset_type}/resource/0x1::fungible_asset::Metadata`;
        const { data } = await rest<{ data: { name: string; symbol: string; decimals: number } }>(resource);
        expect(row.metadata).toEqual({
          name: data.name,
          symbol: data.symbol,
          decimals: data.decimals,
          token_standard: coin ? 'v1' : 'v2',
        });
      }
    }
  });

  it('NFTs tab: the count and the page, each token owned by the account as its ObjectCore says', async () => {
    const owner = topTokenOwner(store);
    const total = count(await explorer(Q.ACCOUNT_TOKENS_COUNT, { owner }));
    expect(total).toBeGreaterThan(0);
    type Token = {
      token_data_id: string;
      token_standard: string;
      amount: number;
      owner_address: string;
      last_transaction_version: number;
      current_token_data: {
        token_data_id: string;
        token_name: string;
        token_uri: string;
        description: string;
        current_collection: { collection_id: string; collection_name: string; creator_address: string; uri: string };
      };
    };
    const tokens: Token[] = [];
    for (let offset = 0; offset < total; offset += 20) {
      const page = await explorer<{ current_token_ownerships_v2: Token[] }>(Q.OWNED_TOKENS, {
        owner,
        limit: 20,
        offset,
        order_by: Q.OWNED_TOKENS_ORDER,
      });
      tokens.push(...page.current_token_ownerships_v2);
    }
    expect(tokens).toHaveLength(total);
    const order = tokens.map((t) => [t.last_transaction_version, t.token_data_id] as const);
    expect(order).toEqual([...order].sort((a, b) => b[0] - a[0] || (a[1] < b[1] ? 1 : a[1] > b[1] ? -1 : 0)));
    const v2 = tokens.filter((t) => t.token_standard === 'v2');
    expect(v2.length).toBeGreaterThan(0);
    for (const token of v2) {
      expect(token.owner_address).toBe(owner);
      expect(token.amount).toBe(1);
      const core = await rest<{ data: { owner: string } }>(
        `/v1/accounts/${token.token_data_id}/resource/0x1::object::ObjectCore`,
      );
      expect(same(core.data.owner, owner), token.token_data_id).toBe(true);
      const data = token.current_token_data;
      const resource = await rest<{ data: { name: string; uri: string; description: string } }>(
        `/v1/accounts/${token.token_data_id}/resource/0x4::token::Token`,
      );
      expect({ uri: data.token_uri, description: data.description }).toEqual({
        uri: resource.data.uri,
        description: resource.data.description,
      });
      const collection = await rest<{ data: { name: string; creator: string; uri: string } }>(
        `/v1/accounts/${data.current_collection.collection_id}/resource/0x4::collection::Collection`,
      );
      expect(data.current_collection.collection_name).toBe(collection.data.name);
      expect(same(data.current_collection.creator_address, collection.data.creator)).toBe(true);
      expect(data.current_collection.uri).toBe(collection.data.uri);
    }
  });

  it('"User transactions": the newest one, then pages of 20 from it, as REST lists them', async () => {
    const top = await explorer<{ user_transactions: { version: number }[] }>(Q.TOP_USER_TRANSACTIONS, { limit: 1 });
    const start = top.user_transactions[0]!.version;
    const ledger = await rest<{ ledger_version: string }>('/v1');
    const expected = await userTransactionsByRest(BigInt(ledger.ledger_version), 41);
    expect(start).toBe(expected[0]);
    for (const offset of [0, 20]) {
      const page = await explorer<{ user_transactions: { version: number }[] }>(Q.USER_TRANSACTIONS, {
        limit: 20,
        start_version: start,
        offset,
      });
      expect(page.user_transactions.map((r) => r.version)).toEqual(expected.slice(offset, offset + 20));
    }
  });
});
