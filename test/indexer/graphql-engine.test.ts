/**
 * The indexer GraphQL engine over a real SQLite file of indexer rows (indexer-rows-fixture.ts): Hasura's dialect
 * (where, order_by, limit/offset, distinct_on, aggregates, relationships, fragments, variables), the 100-row cap,
 * answers as of a version, and GraphQL errors for bad input.
 */
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createIndexerGraphql } from '../../electron/indexer/graphql/indexer-graphql.ts';
import { INDEXER_TABLES } from '../../electron/indexer/tables/index.ts';
import { useTempDir } from '../support/temp-dir.ts';
import { ALICE, ALICE_APT, APT, BOB, USDC, writeIndexerFixture } from './indexer-rows-fixture.ts';

const path = writeIndexerFixture(useTempDir());
const db = new Database(path, { readonly: true });
afterAll(() => db.close());
const engine = createIndexerGraphql({ db, tables: INDEXER_TABLES });
const LATEST = 40n;

type Json = Record<string, unknown>;

function ask(query: string, variables: Json = {}, version = LATEST): { status: number; json: Json } {
  const answer = engine.answer({ query, variables }, version);
  return { status: answer.status, json: JSON.parse(answer.body) as Json };
}

function data(query: string, variables: Json = {}, version = LATEST): Json {
  const { status, json } = ask(query, variables, version);
  expect(json['errors'], JSON.stringify(json['errors'])).toBeUndefined();
  expect(status).toBe(200);
  return json['data'] as Json;
}

describe('indexer GraphQL engine', () => {
  it('answers an account history page with its user transactions, newest first, as numbers', () => {
    const result = data(
      `query H($a: String, $limit: Int) {
        account_transactions(where: {account_address: {_eq: $a}}, order_by: {transaction_version: desc},
          limit: $limit) {
          transaction_version
          user_transaction { version sender entry_function_id_str timestamp }
        }
      }`,
      { a: BOB, limit: 3 },
    );
    expect(result['account_transactions']).toEqual(
      [40, 36, 32].map((v) => ({
        transaction_version: v,
        user_transaction: {
          version: v,
          sender: BOB,
          entry_function_id_str: v % 3 === 0 ? '0x1::coin::transfer' : '0x1::aptos_account::transfer',
          timestamp: `2024-01-01T00:00:${v}`,
        },
      })),
    );
  });

  it('counts with _aggregate and hides rows after the version asked', () => {
    const query = `query C($a: String) {
      account_transactions_aggregate(where: {account_address: {_eq: $a}}) { aggregate { count } } }`;
    expect(data(query, { a: ALICE })).toEqual({ account_transactions_aggregate: { aggregate: { count: 20 } } });
    expect(data(query, { a: ALICE }, 9n)).toEqual({ account_transactions_aggregate: { aggregate: { count: 5 } } });
    const page = data(
      `{ account_transactions(order_by: {transaction_version: desc}, limit: 1) { transaction_version } }`,
      {},
      9n,
    );
    expect(page['account_transactions']).toEqual([{ transaction_version: 9 }]);
  });

  it('answers a current_* table as of any version, with the exact u128 amount and the metadata relationship', () => {
    const query = `query B($o: String) {
      current_fungible_asset_balances(where: {owner_address: {_eq: $o}}, order_by: {asset_type: asc}) {
        asset_type amount last_transaction_version is_primary is_frozen metadata { symbol decimals }
      }
    }`;
    for (const [version, amount, validTo] of ALICE_APT) {
      const probe = BigInt(validTo === null ? 40 : validTo - 1);
      const rows = data(query, { o: ALICE }, probe)['current_fungible_asset_balances'] as Json[];
      const apt = rows.find((r) => r['asset_type'] === APT);
      expect(apt).toEqual({
        asset_type: APT,
        amount: validTo === null ? undefined : Number(amount),
        last_transaction_version: version,
        is_primary: true,
        is_frozen: false,
        metadata: { symbol: 'APT', decimals: 8 },
        ...(validTo === null ? { amount: expect.any(Number) as number } : {}),
      });
      expect(rows.some((r) => r['asset_type'] === USDC)).toBe(probe >= 20n);
    }
    // The raw text keeps every digit of a u128 (JSON.parse rounds it; the wire does not).
    const body = engine.answer({ query, variables: { o: ALICE } }, LATEST).body;
    expect(body).toContain('"amount":340282366920938463463374607431768211455');
  });

  it('compares numeric amounts as numbers, not as text', () => {
    const query = `query Q($min: numeric) {
      current_fungible_asset_balances(where: {amount: {_gt: $min}}, order_by: {amount: desc}) { amount } }`;
    const amounts = (min: string | number): unknown[] =>
      (data(query, { min })['current_fungible_asset_balances'] as Json[]).map((r) => r['amount']);
    // As text "99" > "340…" and "5" > "10"; as numbers they are not. (JSON.parse rounds the u128 as a client would.)
    const big = JSON.parse(ALICE_APT[2]![1]) as number;
    expect(amounts('6')).toEqual([big, 99]);
    expect(amounts(99)).toEqual([big]);
    expect(
      data(`{ current_fungible_asset_balances(where: {amount: {_gt: "0"}}, order_by: {amount: asc}) { amount } }`),
    ).toEqual({
      current_fungible_asset_balances: [{ amount: 5 }, { amount: 99 }, { amount: big }],
    });
  });

  it('caps every table field at 100 rows and honours offset', () => {
    const rows = data(`{ user_transactions(limit: 1000, order_by: {version: asc}) { version } }`)[
      'user_transactions'
    ] as Json[];
    expect(rows).toHaveLength(40);
    const all = data(`{ account_transactions(limit: 1000) { transaction_version } }`)['account_transactions'] as Json[];
    expect(all).toHaveLength(30);
    const page = data(`{ user_transactions(limit: 2, offset: 5, order_by: {version: asc}) { version } }`);
    expect(page['user_transactions']).toEqual([{ version: 6 }, { version: 7 }]);
  });

  it('filters with _in, _nin, _like, _ilike, _is_null, _and/_or/_not and relationship filters', () => {
    const versions = (where: string): unknown[] =>
      (
        data(`{ user_transactions(where: ${where}, order_by: {version: asc}) { version } }`)[
          'user_transactions'
        ] as Json[]
      ).map((r) => r['version']);
    expect(versions(`{version: {_in: [3, 5, 99]}}`)).toEqual([3, 5]);
    expect(versions(`{version: {_nin: [1, 2, 3]}, _and: [{version: {_lte: 6}}]}`)).toEqual([4, 5, 6]);
    expect(versions(`{entry_function_id_str: {_like: "0x1::coin::%"}, version: {_lt: 10}}`)).toEqual([3, 6, 9]);
    // LIKE is case-sensitive (Postgres), ILIKE is not.
    expect(versions(`{entry_function_id_str: {_like: "0X1::COIN::%"}}`)).toEqual([]);
    expect(versions(`{entry_function_id_str: {_ilike: "0X1::COIN::%"}, version: {_lt: 7}}`)).toEqual([3, 6]);
    expect(versions(`{_or: [{version: {_eq: 1}}, {version: {_eq: 40}}]}`)).toEqual([1, 40]);
    expect(versions(`{_not: {version: {_gt: 2}}}`)).toEqual([1, 2]);
    expect(versions(`{entry_function_contract_address: {_is_null: false}}`)).toEqual([]);
    const touched = data(
      `{ account_transactions(where: {user_transaction: {sender: {_eq: "${ALICE}"}},
        account_address: {_eq: "${BOB}"}}) { transaction_version } }`,
    );
    expect(touched['account_transactions']).toEqual([]);
    const bobs = data(
      `{ account_transactions(where: {user_transaction: {sender: {_eq: "${BOB}"}}, transaction_version: {_lte: 8}},
        order_by: {transaction_version: asc}) { transaction_version } }`,
    );
    expect(bobs['account_transactions']).toEqual([{ transaction_version: 4 }, { transaction_version: 8 }]);
  });

  it('answers distinct_on, fragments, aliases, __typename and list-or-object order_by', () => {
    const result = data(`
      query Q { 
        senders: user_transactions(distinct_on: sender, order_by: [{sender: asc}, {version: desc}]) { sender ...V }
        first: user_transactions(limit: 1, order_by: {version: asc}) { __typename v: version }
        __typename
      }
      fragment V on user_transactions { version }`);
    expect(result).toEqual({
      senders: [
        { sender: ALICE, version: 39 },
        { sender: BOB, version: 40 },
      ],
      first: [{ __typename: 'user_transactions', v: 1 }],
      __typename: 'query_root',
    });
  });

  it('answers nodes and counts with columns and distinct in one aggregate', () => {
    const result = data(`{ current_fungible_asset_balances_aggregate(where: {asset_type: {_eq: "${APT}"}}) {
      aggregate { count owners: count(columns: [owner_address], distinct: true) }
      nodes { owner_address }
    } }`);
    expect(result).toEqual({
      current_fungible_asset_balances_aggregate: {
        aggregate: { count: 2, owners: 2 },
        nodes: [{ owner_address: ALICE }, { owner_address: BOB }],
      },
    });
  });

  it('answers the GraphQL errors Hasura sends for bad input, never an exception', () => {
    const unknown = ask(`{ nothing_here { x } }`);
    expect(unknown.status).toBe(200);
    expect(unknown.json).toEqual({
      errors: [expect.objectContaining({ extensions: { path: '$.query', code: 'validation-failed' } }) as unknown],
    });
    expect(ask(`{ user_transactions( }`).json['errors']).toBeDefined();
    const variable = ask(`query Q($l: Int) { user_transactions(limit: $l) { version } }`, { l: 'ten' });
    expect(variable.json['errors']).toHaveLength(1);
    const malformed = engine.answer([1, 2], LATEST);
    expect(malformed.status).toBe(400);
    expect(JSON.parse(malformed.body)).toEqual({
      errors: [{ message: expect.any(String) as string, extensions: { path: '$', code: 'bad-request' } }],
    });
    expect(ask(`mutation { user_transactions { version } }`).json['errors']).toBeDefined();
    const negative = ask(`{ user_transactions(limit: -1) { version } }`);
    expect(negative.json['errors']).toBeDefined();
    const badAmount = ask(`{ current_fungible_asset_balances(where: {amount: {_gt: "ten"}}) { amount } }`);
    expect(JSON.stringify(badAmount.json['errors'])).toContain('numeric');
  });

  it('answers the introspection query clients run', () => {
    const result = data(`{ __type(name: "current_fungible_asset_balances_bool_exp") { name inputFields { name } } }`);
    const type = result['__type'] as { name: string; inputFields: { name: string }[] };
    expect(type.name).toBe('current_fungible_asset_balances_bool_exp');
    expect(type.inputFields.map((f) => f.name)).toEqual(
      expect.arrayContaining(['_and', '_or', '_not', 'amount', 'metadata']),
    );
  });
});
