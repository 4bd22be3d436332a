/**
 * The engine's request templates (electron/indexer/graphql/request-template.ts): a query repeated with other values
 * answers exactly what a fresh engine answers, including when a value cannot be a bound parameter as it is (a
 * `_like` pattern, an `_in` list, a bigint sent as a string, a bad value); and every cache stays bounded by entries
 * and bytes under a stream of distinct queries.
 */
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createIndexerGraphql } from '../../electron/indexer/graphql/indexer-graphql.ts';
import { servedTables } from '../../electron/indexer/graphql/served-tables.ts';
import { INDEXER_TABLES } from '../../electron/indexer/tables/index.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { useTempDir } from '../support/temp-dir.ts';
import { ALICE, BOB, writeIndexerFixture } from './indexer-rows-fixture.ts';

const path = writeIndexerFixture(useTempDir());
const db = new Database(path, { readonly: true });
afterAll(() => db.close());
const tables = servedTables(INDEXER_TABLES);
const engine = createIndexerGraphql({ db, tables });

type Json = Record<string, unknown>;

/** The answer of the shared engine and of a fresh one (no cache) for the same request: they must be equal. */
function both(query: string, variables: Json, version = 40n): string {
  const fresh = createIndexerGraphql({ db, tables }).answer({ query, variables }, version).body;
  const cached = engine.answer({ query, variables }, version).body;
  expect(cached).toBe(fresh);
  return cached;
}

describe('indexer GraphQL request templates', () => {
  it('answers a repeated query with each request’s own values and version', () => {
    const history = `query H($a: String, $limit: Int) {
      account_transactions(where: {account_address: {_eq: $a}}, order_by: {transaction_version: desc}, limit: $limit) {
        transaction_version user_transaction { sender }
      }
    }`;
    const answers = new Set<string>();
    for (const [a, version] of [
      [ALICE, 40n],
      [BOB, 40n],
      [ALICE, 9n],
      [BOB, 9n],
      ['0x' + '0'.repeat(64), 40n],
    ] as const)
      answers.add(both(history, { a, limit: 3 }, version));
    expect(answers.size).toBe(5);
    expect(JSON.parse(both(history, { a: BOB, limit: 3 }, 9n))).toEqual({
      data: {
        account_transactions: [8, 4].map((v) => ({ transaction_version: v, user_transaction: { sender: BOB } })),
      },
    });
    const pk = `query P($s: String!) { current_fungible_asset_balances_by_pk(storage_id: $s) { owner_address } }`;
    expect(both(pk, { s: '0xa1' })).toContain(ALICE);
    expect(both(pk, { s: '0xb1' })).toContain(BOB);
    expect(both(pk, { s: '0xzz' })).toBe('{"data":{"current_fungible_asset_balances_by_pk":null}}');
  });

  it('answers values a template cannot bind as they are: patterns, lists, bigints as strings, bad values', () => {
    const like = `query L($p: String) {
      user_transactions_aggregate(where: {sender: {_like: $p}}) { aggregate { count } } }`;
    expect(both(like, { p: '0xa%' })).toContain('"count":20');
    expect(both(like, { p: '0xb%' })).toContain('"count":20');
    expect(both(like, { p: '0xc%' })).toContain('"count":0');
    const list = `query I($s: [String!]) { account_transactions_aggregate(where: {account_address: {_in: $s}}) {
      aggregate { count } } }`;
    expect(both(list, { s: [ALICE] })).toContain('"count":20');
    expect(both(list, { s: [ALICE, BOB] })).toContain('"count":30');
    const version = `query V($v: bigint) { user_transactions(where: {version: {_eq: $v}}) { sequence_number } }`;
    expect(both(version, { v: 'abc' })).toContain('"errors"');
    expect(both(version, { v: '7' })).toContain('"sequence_number":7');
    expect(both(version, { v: '8' })).toContain('"sequence_number":8');
    // A string that looks like a sentinel is a value like any other.
    expect(
      both(
        `query S($a: String) { account_transactions(where: {account_address: {_eq: $a}}) {
      transaction_version } }`,
        { a: '\uE0000\uE000' },
      ),
    ).toBe('{"data":{"account_transactions":[]}}');
  });

  it('fills a nested relationship’s filter with each request’s value (the processors’ rows of the fixture)', () => {
    const main = new Database(fixturePath('main'), { readonly: true });
    try {
      const shared = createIndexerGraphql({ db: main, tables });
      const owners = main
        .prepare(
          'SELECT token_data_id, owner_address FROM ix_current_token_ownerships_v2 WHERE _valid_to IS NULL ' +
            'ORDER BY token_data_id, owner_address LIMIT 2',
        )
        .all() as { token_data_id: string; owner_address: string }[];
      expect(owners.length).toBe(2);
      const query = `query N($t: [String!], $o: String) {
        current_token_datas_v2(where: {token_data_id: {_in: $t}}, order_by: {token_data_id: asc}) {
          token_data_id current_token_ownerships(where: {owner_address: {_eq: $o}}) { owner_address amount }
        }
      }`;
      const ids = owners.map((o) => o.token_data_id);
      for (const { owner_address: o } of [...owners, { owner_address: '0x1' }]) {
        const variables = { t: ids, o };
        const fresh = createIndexerGraphql({ db: main, tables }).answer({ query, variables }, 2n ** 40n).body;
        expect(shared.answer({ query, variables }, 2n ** 40n).body).toBe(fresh);
      }
      // The same with the list inlined: the only string left to a sentinel is the nested filter's.
      const inline = `query M($o: String) { current_token_datas_v2(where: {token_data_id: {_eq: "${ids[0]}"}}) {
        current_token_ownerships(where: {owner_address: {_eq: $o}}) { owner_address } } }`;
      for (const { owner_address: o } of owners) {
        const fresh = createIndexerGraphql({ db: main, tables }).answer({ query: inline, variables: { o } }, 2n ** 40n);
        const cached = shared.answer({ query: inline, variables: { o } }, 2n ** 40n);
        expect(cached.body).toBe(fresh.body);
        // ids[0] is owned by owners[0]: its answer names that owner.
        if (o === owners[0]!.owner_address) expect(cached.body).toContain(o);
      }
      expect(shared.cacheSizes().templates.entries).toBeGreaterThan(0);
    } finally {
      main.close();
    }
  });

  it('keeps every cache bounded by entries and bytes under a stream of distinct queries', () => {
    const small = createIndexerGraphql({ db, tables });
    const padding = 'x'.repeat(15_000);
    for (let i = 0; i < 700; i += 1) {
      // A distinct text each time (the alias), long (a comment), with variables (a template each).
      const query = `# ${padding}\nquery Q${i}($a: String) { q${i}: account_transactions(where: {account_address:
        {_eq: $a}}, limit: ${(i % 90) + 1}) { transaction_version } }`;
      expect(small.answer({ query, variables: { a: ALICE } }, 40n).status).toBe(200);
    }
    const sizes = small.cacheSizes();
    expect(sizes.documents.entries).toBeLessThanOrEqual(256);
    expect(sizes.documents.bytes).toBeLessThanOrEqual(16 * 1024 * 1024);
    expect(sizes.templates.entries).toBeLessThanOrEqual(512);
    expect(sizes.templates.bytes).toBeLessThanOrEqual(16 * 1024 * 1024);
    expect(sizes.statements.entries).toBeLessThanOrEqual(512);
    expect(sizes.statements.bytes).toBeLessThanOrEqual(32 * 1024 * 1024);
    // Some were dropped for bytes, not only for entries: ~15 KB queries fill 16 MiB before 256 documents.
    expect(sizes.documents.entries).toBeLessThan(256);
    expect(sizes.templates.entries).toBeGreaterThan(0);
  });
});
