/**
 * A relationship to a view SQLite cannot flatten on the right of a LEFT JOIN (`user_transactions`, a snapshot's
 * view joining its transactions with their details) is read by index lookups, never by building the whole view per
 * statement (electron/indexer/graphql/object-joins.ts `noteViewJoins`): the plans of the statements an account's
 * history page runs have no MATERIALIZE and no scan of the transactions, and the page is answered as before; a
 * relationship to a view SQLite flattens (a balance's `metadata`) stays joined into its parent's one statement.
 */
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createIndexerGraphql } from '../../electron/indexer/graphql/indexer-graphql.ts';
import { servedTables } from '../../electron/indexer/graphql/served-tables.ts';
import { INDEXER_TABLES } from '../../electron/indexer/tables/index.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { plannedEngine } from './planned-engine.ts';

const db = new Database(fixturePath('main'), { readonly: true });
afterAll(() => db.close());

const HISTORY = `query AccountHistory($address: String) {
  account_transactions(where: {account_address: {_eq: $address}}, order_by: {transaction_version: desc}, limit: 25) {
    transaction_version
    user_transaction { version sender sequence_number entry_function_id_str timestamp }
  }
}`;

describe('GraphQL relationships to views of the transactions', () => {
  it("reads an account's history page with its user transactions by index, no view built whole", () => {
    const { engine, plans } = plannedEngine(db, 'user_transactions');
    const latest = BigInt(db.prepare("SELECT value FROM meta WHERE key = 'latest_version'").pluck().get() as string);
    const address = db
      .prepare('SELECT sender FROM ix_user_transactions GROUP BY sender__c ORDER BY count(*) DESC LIMIT 1')
      .pluck()
      .get() as string;
    const answer = JSON.parse(engine.answer({ query: HISTORY, variables: { address } }, latest).body) as {
      data: {
        account_transactions: { transaction_version: number; user_transaction: { version: number } | null }[];
      };
    };
    const page = answer.data.account_transactions;
    expect(page).toHaveLength(25);
    const users = new Map(
      (
        db
          .prepare(
            `SELECT version, sender, sequence_number, entry_function_id_str, timestamp FROM ix_user_transactions
             WHERE version IN (${page.map((r) => r.transaction_version).join(',')})`,
          )
          .all() as { version: number }[]
      ).map((u) => [u.version, u]),
    );
    expect(users.size).toBeGreaterThan(0);
    for (const row of page) expect(row.user_transaction).toEqual(users.get(row.transaction_version) ?? null);
    expect(plans.length).toBeGreaterThan(0);
    expect(plans.filter((p) => /MATERIALIZE|CO-ROUTINE|SCAN t\b/.test(p))).toEqual([]);
  });

  it("keeps a balance's metadata joined into the balances' one statement", () => {
    const statements: string[] = [];
    const engine = createIndexerGraphql({
      db: new Proxy(db, {
        get(target, key) {
          if (key !== 'prepare') return Reflect.get(target, key, target) as unknown;
          return (sql: string) => {
            if (!sql.startsWith('EXPLAIN ')) statements.push(sql);
            return target.prepare(sql);
          };
        },
      }),
      tables: servedTables(INDEXER_TABLES),
    });
    const latest = BigInt(db.prepare("SELECT value FROM meta WHERE key = 'latest_version'").pluck().get() as string);
    const owner = db
      .prepare(
        'SELECT owner_address FROM ix_current_fungible_asset_balances WHERE _valid_to IS NULL ' +
          'GROUP BY owner_address__c ' +
          "HAVING max(asset_type = '0x1::aptos_coin::AptosCoin') = 1 ORDER BY count(*) LIMIT 1",
      )
      .pluck()
      .get() as string;
    statements.length = 0;
    const body = engine.answer(
      {
        query: `query B($o: String) { current_fungible_asset_balances(where: {owner_address: {_eq: $o}}) {
          asset_type metadata { symbol } } }`,
        variables: { o: owner },
      },
      latest,
    ).body;
    expect(body).toContain('"metadata":{"symbol":');
    const reads = statements.filter((s) => s.includes('fungible_asset'));
    expect(reads).toHaveLength(1);
    expect(reads[0]).toContain('LEFT JOIN "ix_fungible_asset_metadata"');
  });
});
