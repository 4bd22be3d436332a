/**
 * GraphQL over coded columns (electron/indexer/indexer-codecs.ts, electron/indexer/graphql/sql-coded.ts): filters,
 * ordering, distinct_on and relationships on addresses and types stored as interned ids or BLOBs and on timestamps
 * stored as integers answer exactly the rows a plain filter of the rendered rows selects. The expected rows are
 * computed here in JavaScript from every row of the table (its text, as `snapshot verify` checks it against the
 * processors), not by the SQL under test.
 */
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createIndexerGraphql } from '../../electron/indexer/graphql/indexer-graphql.ts';
import { servedTables } from '../../electron/indexer/graphql/served-tables.ts';
import { INDEXER_TABLES } from '../../electron/indexer/tables/index.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { plannedEngine } from './planned-engine.ts';

const db = new Database(fixturePath('small'), { readonly: true });
afterAll(() => db.close());
const engine = createIndexerGraphql({ db, tables: servedTables(INDEXER_TABLES) });
const latest = BigInt(db.prepare("SELECT value FROM meta WHERE key = 'latest_version'").pluck().get() as string);

interface Activity {
  transaction_version: number;
  event_index: number;
  owner_address: string | null;
  asset_type: string | null;
  type: string;
  gas_fee_payer_address: string | null;
  transaction_timestamp: string;
}

const FIELDS =
  'transaction_version event_index owner_address asset_type type gas_fee_payer_address transaction_timestamp';

/** Every activity row as text, in storage order (the view renders the coded columns). */
const activities = db
  .prepare(`SELECT ${FIELDS.split(' ').join(', ')} FROM ix_fungible_asset_activities ORDER BY rowid`)
  .all() as Activity[];

/** The owners with most rows, most first. */
const owners = [...new Set(activities.map((a) => a.owner_address).filter((o): o is string => o !== null))]
  .map((owner) => ({ owner, rows: activities.filter((a) => a.owner_address === owner).length }))
  .sort((a, b) => b.rows - a.rows || (a.owner < b.owner ? -1 : 1))
  .map((o) => o.owner);
const UNKNOWN = `0x${'e'.repeat(64)}`;

function data(query: string, variables: Record<string, unknown> = {}): Record<string, unknown[]> {
  const body = JSON.parse(engine.answer({ query, variables }, latest).body) as {
    data?: Record<string, unknown[]>;
    errors?: unknown;
  };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data as Record<string, unknown[]>;
}

/** The activities matching `where`, newest first (then by event index), as the GraphQL query below orders them. */
function expected(keep: (a: Activity) => boolean, limit = 100): Activity[] {
  return activities
    .filter(keep)
    .sort((a, b) => b.transaction_version - a.transaction_version || a.event_index - b.event_index)
    .slice(0, limit);
}

function asked(where: string, variables: Record<string, unknown> = {}, limit = 100): unknown[] {
  const types: Record<string, string> = { a: 'String', b: 'String', list: '[String!]' };
  const used = Object.keys(types).filter((name) => where.includes(`$${name}`));
  const declared = used.length === 0 ? '' : `(${used.map((name) => `$${name}: ${types[name]}`).join(', ')})`;
  const query = `query Q${declared} {
    fungible_asset_activities(where: ${where}, limit: ${limit},
      order_by: [{transaction_version: desc}, {event_index: asc}]) { ${FIELDS} } }`;
  return data(query, variables)['fungible_asset_activities'] ?? [];
}

describe('GraphQL over coded columns', () => {
  it('has owners with rows, several of them, to filter on', () => {
    expect(activities.length).toBeGreaterThan(1_000);
    expect(owners.length).toBeGreaterThan(5);
  });

  it('filters an interned address with _eq, _neq, _in and _nin, as literals and as variables', () => {
    const [a, b] = owners as [string, string];
    expect(asked(`{owner_address: {_eq: "${a}"}}`)).toEqual(expected((r) => r.owner_address === a));
    expect(asked('{owner_address: {_eq: $a}}', { a: b })).toEqual(expected((r) => r.owner_address === b));
    expect(asked(`{owner_address: {_neq: "${a}"}}`)).toEqual(
      expected((r) => r.owner_address !== null && r.owner_address !== a),
    );
    expect(asked('{owner_address: {_in: $list}}', { list: [a, UNKNOWN, b] })).toEqual(
      expected((r) => r.owner_address === a || r.owner_address === b),
    );
    expect(asked(`{owner_address: {_nin: ["${a}", "${UNKNOWN}"]}}`)).toEqual(
      expected((r) => r.owner_address !== null && r.owner_address !== a),
    );
  });

  it('answers an address never stored with no rows, and _neq of it with every non-null row', () => {
    expect(asked(`{owner_address: {_eq: "${UNKNOWN}"}}`)).toEqual([]);
    expect(asked('{owner_address: {_eq: $a}}', { a: '0xE' })).toEqual([]);
    expect(asked(`{owner_address: {_neq: "${UNKNOWN}"}}`)).toEqual(expected((r) => r.owner_address !== null));
  });

  it('compares ranges and patterns on the rendered text', () => {
    const middle = [...owners].sort()[Math.floor(owners.length / 2)] as string;
    expect(asked(`{owner_address: {_gt: "${middle}"}}`)).toEqual(
      expected((r) => r.owner_address !== null && r.owner_address > middle),
    );
    expect(asked(`{type: {_like: "%::coin::%"}}`)).toEqual(expected((r) => r.type.includes('::coin::')));
    expect(asked(`{asset_type: {_ilike: "%APTOS_COIN%"}}`)).toEqual(
      expected((r) => r.asset_type !== null && r.asset_type.toLowerCase().includes('aptos_coin')),
    );
  });

  it('tests _is_null on a coded column', () => {
    const count = (where: string): unknown =>
      data(`{ fungible_asset_activities_aggregate(where: ${where}) { aggregate { count } } }`)[
        'fungible_asset_activities_aggregate'
      ];
    expect(count('{gas_fee_payer_address: {_is_null: true}}')).toEqual({
      aggregate: { count: activities.filter((a) => a.gas_fee_payer_address === null).length },
    });
    expect(count('{owner_address: {_is_null: false}}')).toEqual({
      aggregate: { count: activities.filter((a) => a.owner_address !== null).length },
    });
  });

  it('compares and orders timestamps as their text', () => {
    const sorted = [...new Set(activities.map((a) => a.transaction_timestamp))].sort();
    const from = sorted[Math.floor(sorted.length / 2)] as string;
    expect(asked(`{transaction_timestamp: {_gte: "${from}"}}`)).toEqual(
      expected((r) => r.transaction_timestamp >= from),
    );
    const query = `{ fungible_asset_activities(limit: 50, order_by: [{transaction_timestamp: asc},
      {transaction_version: desc}, {event_index: asc}]) { transaction_version event_index transaction_timestamp } }`;
    const rows = data(query)['fungible_asset_activities'];
    const want = [...activities]
      .sort(
        (a, b) =>
          (a.transaction_timestamp < b.transaction_timestamp
            ? -1
            : a.transaction_timestamp > b.transaction_timestamp
              ? 1
              : 0) ||
          b.transaction_version - a.transaction_version ||
          a.event_index - b.event_index,
      )
      .slice(0, 50)
      .map(({ transaction_version, event_index, transaction_timestamp }) => ({
        transaction_version,
        event_index,
        transaction_timestamp,
      }));
    expect(rows).toEqual(want);
  });

  it('orders by an interned address as by its text, and distinct_on keeps the first row of each', () => {
    const query = `{ fungible_asset_activities(limit: 100, where: {owner_address: {_is_null: false}},
      order_by: [{owner_address: desc}, {transaction_version: asc}, {event_index: asc}]) { ${FIELDS} } }`;
    const byOwner = (a: Activity, b: Activity): number =>
      (a.owner_address as string) < (b.owner_address as string)
        ? 1
        : (a.owner_address as string) > (b.owner_address as string)
          ? -1
          : a.transaction_version - b.transaction_version || a.event_index - b.event_index;
    const withOwner = activities.filter((a) => a.owner_address !== null);
    expect(data(query)['fungible_asset_activities']).toEqual([...withOwner].sort(byOwner).slice(0, 100));
    const distinct = `{ fungible_asset_activities(distinct_on: [owner_address],
      where: {owner_address: {_is_null: false}},
      order_by: [{owner_address: desc}, {transaction_version: asc}, {event_index: asc}]) { ${FIELDS} } }`;
    const firsts = [...withOwner]
      .sort(byOwner)
      .filter((a, i, all) => i === 0 || all[i - 1]?.owner_address !== a.owner_address);
    expect(data(distinct)['fungible_asset_activities']).toEqual(firsts.slice(0, 100));
  });

  it('joins through a relationship on interned columns (metadata by asset type)', () => {
    const owner = owners[0] as string;
    const query = `{ fungible_asset_activities(limit: 20, where: {owner_address: {_eq: "${owner}"},
      metadata: {symbol: {_is_null: false}}}, order_by: [{transaction_version: desc}, {event_index: asc}]) {
      asset_type metadata { asset_type symbol } } }`;
    const rows = data(query)['fungible_asset_activities'] as { asset_type: string; metadata: { asset_type: string } }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.metadata.asset_type).toBe(row.asset_type);
  });

  it('filters user_transactions by sender through the snapshot index of senders, not a scan', () => {
    const sender = db.prepare('SELECT sender FROM ix_user_transactions GROUP BY sender ORDER BY count(*) DESC').pluck();
    const top = sender.get() as string;
    const versions = db
      .prepare('SELECT version FROM ix_user_transactions WHERE sender = ? ORDER BY version DESC LIMIT 100')
      .pluck()
      .all(top);
    const rows = data(`{ user_transactions(where: {sender: {_eq: "${top}"}}, order_by: {version: desc}) { version } }`)[
      'user_transactions'
    ] as { version: number }[];
    expect(rows.map((r) => r.version)).toEqual(versions);
    expect(data(`{ user_transactions(where: {sender: {_eq: "${UNKNOWN}"}}) { version } }`)).toEqual({
      user_transactions: [],
    });
    // The plan of the statement the engine ran: an index search of the senders, no scan of the transactions.
    const { engine: planned, plans } = plannedEngine(db, 'user_transactions');
    planned.answer({ query: `{ user_transactions(where: {sender: {_eq: "${top}"}}) { version } }` }, latest);
    expect(plans.join('\n')).toMatch(/SEARCH a USING PRIMARY KEY \(sender=\?\)/);
    expect(plans.join('\n')).not.toMatch(/SCAN t\b/);
  });
});
