/**
 * The engine's Hasura aggregates, `_by_pk` root fields and the crawler's `cdn_asset_uris`, over a real SQLite file
 * of indexer rows (indexer-rows-fixture.ts): sums of u128 amounts exact, averages with Postgres's scale (as Hasura
 * renders them), max/min in the column's type, aggregates of a limited page, all as of the version asked.
 */
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createIndexerGraphql } from '../../electron/indexer/graphql/indexer-graphql.ts';
import { servedTables } from '../../electron/indexer/graphql/served-tables.ts';
import { INDEXER_TABLES } from '../../electron/indexer/tables/index.ts';
import { useTempDir } from '../support/temp-dir.ts';
import { ALICE, ALICE_APT, BOB, insertIndexerRows, USDC, writeIndexerFixture } from './indexer-rows-fixture.ts';

const path = writeIndexerFixture(useTempDir());
{
  // One collection and one token with URIs, for the crawler's derived rows.
  const writable = new Database(path);
  const collection = {
    collection_id: '0xc0',
    creator_address: BOB,
    collection_name: 'Cats',
    description: '',
    uri: 'https://example.org/cats.json',
    current_supply: '1',
    token_standard: 'v2',
    last_transaction_version: 12,
    last_transaction_timestamp: '2024-01-01T00:00:12',
  };
  insertIndexerRows(writable, 'current_collections_v2', [collection]);
  const token = {
    token_data_id: '0xd0',
    collection_id: '0xc0',
    token_name: 'Cat #1',
    token_uri: 'ipfs://cat1',
    description: '',
    token_properties: '{}',
    token_standard: 'v2',
    last_transaction_version: 14,
    last_transaction_timestamp: '2024-01-01T00:00:14',
  };
  insertIndexerRows(writable, 'current_token_datas_v2', [token]);
  writable.close();
}
const db = new Database(path, { readonly: true });
afterAll(() => db.close());
const engine = createIndexerGraphql({ db, tables: servedTables(INDEXER_TABLES) });
const U128_MAX = ALICE_APT[2]![1];

type Json = Record<string, unknown>;

function ask(query: string, version = 40n): Json {
  return JSON.parse(engine.answer({ query }, version).body) as Json;
}

function data(query: string, version = 40n): Json {
  const json = ask(query, version);
  expect(json['errors'], JSON.stringify(json['errors'])).toBeUndefined();
  return json['data'] as Json;
}

describe('indexer GraphQL aggregates', () => {
  it('sums u128 amounts exactly, with max/min in the column type, as of the version', () => {
    const query = `{ current_fungible_asset_balances_aggregate {
      aggregate { count sum { amount last_transaction_version } max { amount asset_type last_transaction_timestamp }
        min { amount owner_address } s: sum { __typename amount } } } }`;
    const body = engine.answer({ query }, 40n).body;
    // The u128 sum stays a JSON number with every digit (JSON.parse would round it).
    expect(body).toContain(`"sum":{"amount":${BigInt(U128_MAX) + 104n},"last_transaction_version":54}`);
    const aggregate = (data(query)['current_fungible_asset_balances_aggregate'] as Json)['aggregate'] as Json;
    expect(aggregate['count']).toBe(3);
    expect(aggregate['max']).toEqual({
      amount: Number(U128_MAX),
      asset_type: USDC,
      last_transaction_timestamp: '2024-01-01T00:00:30',
    });
    expect(aggregate['min']).toEqual({ amount: 5, owner_address: ALICE });
    expect(aggregate['s']).toEqual({
      __typename: 'current_fungible_asset_balances_sum_fields',
      amount: expect.any(Number),
    });
    // As of 20: ALICE's APT is 900 there, her USDC 5, BOB's APT 99.
    const earlier = data(`{ current_fungible_asset_balances_aggregate { aggregate { sum { amount } } } }`, 20n);
    expect(earlier).toEqual({ current_fungible_asset_balances_aggregate: { aggregate: { sum: { amount: 1004 } } } });
  });

  it('averages with Postgres numeric scale, as Hasura renders avg', () => {
    const avg = (where: string, version = 40n): string =>
      engine.answer(
        {
          query: `{ user_transactions_aggregate${where === '' ? '' : `(${where})`} {
            aggregate { avg { sequence_number } } } }`,
        },
        version,
      ).body;
    // 820 / 40: at least 16 significant digits.
    expect(avg('')).toBe(
      '{"data":{"user_transactions_aggregate":{"aggregate":{"avg":{"sequence_number":20.5000000000000000}}}}}',
    );
    // 1 / 1: the first digits are equal, so the quotient's weight is one lower and the scale 4 digits longer.
    expect(avg('where: {version: {_in: [1, 2]}}', 2n)).toContain('"sequence_number":1.5000000000000000}');
    expect(avg('where: {sequence_number: {_in: [1]}}')).toContain('"sequence_number":1.00000000000000000000}');
    expect(avg('where: {version: {_lte: 3}}')).toContain('"sequence_number":2.0000000000000000}');
    // No rows: null, as the count is 0.
    expect(avg('where: {version: {_gt: 100}}')).toContain('"avg":{"sequence_number":null}');
    expect(
      engine.answer({ query: `{ fungible_asset_activities_aggregate { aggregate { count sum { amount } } } }` }, 40n)
        .body,
    ).toBe('{"data":{"fungible_asset_activities_aggregate":{"aggregate":{"count":0,"sum":{"amount":null}}}}}');
  });

  it('aggregates the page a limit selects, and counts distinct columns of user_transactions', () => {
    const result = data(`{ user_transactions_aggregate(order_by: {version: desc}, limit: 10) {
      aggregate { count max { version timestamp } min { version } sum { version } } } }`);
    expect(result).toEqual({
      user_transactions_aggregate: {
        aggregate: {
          count: 10,
          max: { version: 40, timestamp: '2024-01-01T00:00:40' },
          min: { version: 31 },
          sum: { version: 355 },
        },
      },
    });
    const senders = data(`{ user_transactions_aggregate(where: {entry_function_id_str: {_eq: "0x1::coin::transfer"}}) {
      aggregate { count senders: count(columns: [sender], distinct: true) } } }`);
    expect(senders).toEqual({ user_transactions_aggregate: { aggregate: { count: 13, senders: 2 } } });
    // As of 9, only the first nine transactions count.
    expect(data(`{ user_transactions_aggregate { aggregate { count max { version } } } }`, 9n)).toEqual({
      user_transactions_aggregate: { aggregate: { count: 9, max: { version: 9 } } },
    });
  });

  it('refuses an aggregate of a column that has none (validation, as Hasura)', () => {
    const json = ask(`{ user_transactions_aggregate { aggregate { sum { sender } } } }`);
    expect(json['errors']).toEqual([
      expect.objectContaining({ extensions: expect.objectContaining({ code: 'validation-failed' }) }),
    ]);
  });
});

describe('indexer GraphQL _by_pk', () => {
  it('answers one row by the hosted primary key, or null, as of the version', () => {
    expect(data(`{ user_transactions_by_pk(version: 7) { sender sequence_number } }`)).toEqual({
      user_transactions_by_pk: { sender: ALICE, sequence_number: 7 },
    });
    expect(data(`{ user_transactions_by_pk(version: 7) { sender } }`, 6n)).toEqual({ user_transactions_by_pk: null });
    const balance = `{ current_fungible_asset_balances_by_pk(storage_id: "0xa1") { amount metadata { symbol } } }`;
    expect(data(balance, 5n)).toEqual({
      current_fungible_asset_balances_by_pk: { amount: 1000, metadata: { symbol: 'APT' } },
    });
    expect(data(balance, 15n)).toEqual({
      current_fungible_asset_balances_by_pk: { amount: 900, metadata: { symbol: 'APT' } },
    });
    expect(data(balance, 0n)).toEqual({ current_fungible_asset_balances_by_pk: null });
    const pair = `{
      a: account_transactions_by_pk(account_address: "${ALICE}", transaction_version: 3) { transaction_version }
      b: account_transactions_by_pk(account_address: "${ALICE}", transaction_version: 4) { transaction_version } }`;
    expect(data(pair)).toEqual({ a: { transaction_version: 3 }, b: null });
  });

  it('requires every key column', () => {
    const json = ask(`{ account_transactions_by_pk(account_address: "${BOB}") { transaction_version } }`);
    expect(json['errors']).toEqual([
      expect.objectContaining({ extensions: expect.objectContaining({ code: 'validation-failed' }) }),
    ]);
  });
});

describe('cdn_asset_uris (the crawler table, derived)', () => {
  it('gives each collection and token its raw URI with null CDN fields, and serves the table by URI', () => {
    const result = data(`{
      current_collections_v2 {
        collection_name cdn_asset_uris { asset_uri cdn_image_uri raw_image_uri json_parser_retry_count }
      }
      current_token_datas_v2 { token_name cdn_asset_uris { asset_uri cdn_json_uri } }
      nft_metadata_crawler_parsed_asset_uris(order_by: {asset_uri: asc}) { asset_uri cdn_animation_uri }
      one: nft_metadata_crawler_parsed_asset_uris_by_pk(asset_uri: "ipfs://cat1") { asset_uri }
      filtered: current_collections_v2(where: {cdn_asset_uris: {asset_uri: {_like: "https://%"}}}) { collection_id }
    }`);
    expect(result).toEqual({
      current_collections_v2: [
        {
          collection_name: 'Cats',
          cdn_asset_uris: {
            asset_uri: 'https://example.org/cats.json',
            cdn_image_uri: null,
            raw_image_uri: null,
            json_parser_retry_count: 0,
          },
        },
      ],
      current_token_datas_v2: [
        { token_name: 'Cat #1', cdn_asset_uris: { asset_uri: 'ipfs://cat1', cdn_json_uri: null } },
      ],
      nft_metadata_crawler_parsed_asset_uris: [
        { asset_uri: 'https://example.org/cats.json', cdn_animation_uri: null },
        { asset_uri: 'ipfs://cat1', cdn_animation_uri: null },
      ],
      one: { asset_uri: 'ipfs://cat1' },
      filtered: [{ collection_id: '0xc0' }],
    });
    // Before the collection existed, it has no row to join from.
    expect(data(`{ current_collections_v2 { cdn_asset_uris { asset_uri } } }`, 11n)).toEqual({
      current_collections_v2: [],
    });
  });
});
