/**
 * `events` served as a view of the file's own events (electron/indexer/event-view.ts): the file stores no copy of
 * them, the service's read-only connection decodes `data` on read exactly as `/v1` renders it, any other SQLite
 * client reads the view with the BCS as hex, and `snapshot upgrade` turns a file of an earlier format v4 writer (its
 * events stored as rows, `ix_events_stored`) into this layout with the same GraphQL answers.
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { EVENT_BCS_COLUMN } from '../../electron/indexer/event-view.ts';
import { registerIndexerFunctions } from '../../electron/indexer/indexer-functions.ts';
import { hasCurrentLayout, indexerUpgradeHint, upgradeSnapshot } from '../../electron/indexer/upgrade-snapshot.ts';
import { createReadService } from '../../electron/service/read-service.ts';
import { generateSnapshot } from '../../electron/snapshot/generate.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { verifySnapshot } from '../../electron/snapshot/snapshot-verify.ts';
import { useTempDir } from '../support/temp-dir.ts';
import { plannedEngine } from './planned-engine.ts';

const dir = useTempDir('event-view-');
const path = join(dir, 'events.db');
generateSnapshot({ out: path, seed: 5, versions: 700, accounts: 20, coinStores: 10 });

const EVENTS_QUERY = `query ($v: [bigint!]) {
  events(where: { transaction_version: { _in: $v } }, order_by: [{ transaction_version: asc }, { event_index: asc }]) {
    transaction_version event_index account_address creation_number sequence_number type indexed_type data
    transaction_block_height
  }
}`;

interface EventRow {
  readonly transaction_version: number;
  readonly account_address: string;
  readonly type: string;
  readonly data: unknown;
}

/** The GraphQL events of `versions` and each version's `/v1` transaction, over the file at `file`. */
async function eventsAndRest(
  file: string,
  versions: readonly number[],
): Promise<{ events: EventRow[]; rest: Map<number, { events: { type: string; data: unknown }[] }> }> {
  const store = SnapshotStore.open(file);
  try {
    const service = createReadService({ store, responseCache: false });
    const reply = await service(
      new Request('http://127.0.0.1/v1/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: EVENTS_QUERY, variables: { v: versions } }),
      }),
    );
    const body = (await reply.json()) as { data?: { events: EventRow[] }; errors?: unknown };
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    const rest = new Map<number, { events: { type: string; data: unknown }[] }>();
    for (const version of versions) {
      const txn = await service(new Request(`http://127.0.0.1/v1/transactions/by_version/${version}`));
      expect(txn.status).toBe(200);
      rest.set(version, (await txn.json()) as { events: { type: string; data: unknown }[] });
    }
    return { events: body.data?.events ?? [], rest };
  } finally {
    store.close();
  }
}

/** Versions holding handle events and versions holding module events (a few of each). */
function sampleVersions(): number[] {
  const db = new Database(path, { readonly: true });
  try {
    // Retained versions only (below the oldest, `/v1` answers 410).
    const oldest = "(SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'oldest_version')";
    const handle = db
      .prepare(`SELECT DISTINCT version FROM events WHERE version >= ${oldest} ORDER BY version DESC LIMIT 3`)
      .pluck()
      .all();
    const module = db
      .prepare(`SELECT DISTINCT version FROM module_events WHERE version >= ${oldest} ORDER BY version LIMIT 3`)
      .pluck()
      .all();
    return [...new Set([...(handle as number[]), ...(module as number[])])].sort((a, b) => a - b);
  } finally {
    db.close();
  }
}

describe('events as a view of the file', () => {
  it('stores no event rows of its own; a plain SQLite client reads the view with the BCS as hex', () => {
    const db = new Database(path, { readonly: true });
    try {
      const kind = db.prepare('SELECT type FROM sqlite_master WHERE name = ?').pluck();
      expect(kind.get('ix_events')).toBe('view');
      expect(kind.get('ix_events_stored')).toBeUndefined();
      const all = db.prepare('SELECT count(*) FROM ix_events').pluck().get() as number;
      const base = db
        .prepare(
          `SELECT (SELECT count(*) FROM events e WHERE e.version IN (SELECT version FROM transaction_details)) +
                  (SELECT count(*) FROM module_events m WHERE m.version IN (SELECT version FROM transaction_details))`,
        )
        .pluck()
        .get() as number;
      expect(all).toBe(base);
      expect(all).toBeGreaterThan(100);
      const raw = db.prepare('SELECT data FROM ix_events LIMIT 1').pluck().get() as string;
      expect(raw).toMatch(/^"0x[0-9a-f]*"$/);
      registerIndexerFunctions(db);
      const decoded = db.prepare('SELECT data FROM ix_events LIMIT 1').pluck().get() as string;
      expect(decoded).not.toMatch(/^"0x/);
      expect(JSON.parse(decoded)).toBeTypeOf('object');
    } finally {
      db.close();
    }
  });

  it("answers each event's data exactly as /v1 renders it, on the service's read-only connection", async () => {
    const versions = sampleVersions();
    const { events, rest } = await eventsAndRest(path, versions);
    const expected = versions.flatMap((v) => (rest.get(v)?.events ?? []).map((e) => ({ v, e })));
    expect(events.length).toBe(expected.length);
    expect(events.some((e) => e.account_address === `0x${'0'.repeat(64)}`)).toBe(true);
    expect(events.some((e) => e.account_address !== `0x${'0'.repeat(64)}`)).toBe(true);
    events.forEach((event, i) => {
      expect(event.transaction_version).toBe(expected[i]?.v);
      expect(event.type).toBe(expected[i]?.e.type);
      expect(JSON.stringify(event.data)).toBe(JSON.stringify(expected[i]?.e.data));
    });
  });

  it("finds the events of a version, and of an event stream, by the base tables' indexes (no scan)", () => {
    const store = SnapshotStore.open(path);
    try {
      const db = store.database;
      const stream = db
        .prepare('SELECT address, creation_number FROM events ORDER BY sequence_number DESC LIMIT 1')
        .get() as { address: Buffer; creation_number: number };
      const version = sampleVersions()[0] as number;
      const { engine: planned, plans } = plannedEngine(db, 'ix_events');
      const address = `0x${stream.address.toString('hex')}`;
      const queries = [
        `{ events(where: {transaction_version: {_eq: ${version}}}) { data } }`,
        `{ events(where: {account_address: {_eq: "${address}"}, creation_number: {_eq: ${stream.creation_number}}},
            order_by: {sequence_number: desc}, limit: 5) { sequence_number data } }`,
      ];
      for (const query of queries) {
        const answer = JSON.parse(planned.answer({ query }, store.meta.latestVersion).body) as {
          data?: { events: unknown[] };
        };
        expect(answer.data?.events.length).toBeGreaterThan(0);
      }
      expect(plans).toHaveLength(2);
      // By version: the handle events' index of versions and the module events' key.
      expect(plans[0]).toMatch(/SEARCH e USING (COVERING )?INDEX events_by_version \(version=\?\)/);
      expect(plans[0]).toMatch(/SEARCH e USING PRIMARY KEY \(version=\?\)/);
      // By stream: the handle events' key; the module events' branch is never run (its address is 0x0).
      expect(plans[1]).toMatch(/SEARCH e USING PRIMARY KEY \(address=\? AND creation_number=\?\)/);
      for (const plan of plans) expect(plan).not.toMatch(/SCAN e\b/);
    } finally {
      store.close();
    }
  });

  it('decodes only the rows a page keeps: a stream sorted by sequence number, table items by version', () => {
    const store = SnapshotStore.open(path);
    try {
      const db = store.database;
      const stream = db
        .prepare('SELECT address, creation_number, count(*) AS n FROM events GROUP BY 1, 2 ORDER BY n DESC LIMIT 1')
        .get() as { address: Buffer; creation_number: number; n: number };
      expect(stream.n).toBeGreaterThan(20);
      const { engine } = plannedEngine(db, 'ix_events');
      const ask = (query: string): unknown => JSON.parse(engine.answer({ query }, store.meta.latestVersion).body);
      const address = `0x${stream.address.toString('hex')}`;
      const page = `{ events(where: {account_address: {_eq: "${address}"},
        creation_number: {_eq: ${stream.creation_number}}}, order_by: {sequence_number: desc}, limit: 5) {
        sequence_number data } }`;
      // The same rows read straight from the view (every row decoded, then sorted).
      const direct = db
        .prepare(
          'SELECT sequence_number, data FROM ix_events WHERE account_address__c = ? AND creation_number = ? ' +
            'ORDER BY sequence_number DESC LIMIT 5',
        )
        .all(stream.address, stream.creation_number) as { sequence_number: number; data: string }[];
      expect(ask(page)).toEqual({
        data: { events: direct.map((row) => ({ sequence_number: row.sequence_number, data: JSON.parse(row.data) })) },
      });
      const handle = db
        .prepare('SELECT table_handle__c FROM ix_table_items GROUP BY 1 ORDER BY count(*) DESC')
        .pluck()
        .get() as Buffer;
      expect(
        db.prepare('SELECT count(*) FROM ix_table_items WHERE table_handle__c = ?').pluck().get(handle),
      ).toBeGreaterThan(6);
      const items = `{ table_items(where: {table_handle: {_eq: "0x${handle.toString('hex')}"}},
        order_by: {transaction_version: desc}, limit: 3) { transaction_version decoded_key decoded_value } }`;
      const itemsBefore = ask(items);
      const { engine: counted } = plannedEngine(db, 'ix_events');
      // Count the decodings (the engine has registered its functions): each, registered again with as many
      // arguments (SQLite tells functions apart by name and count), now answers a constant and counts its calls.
      const calls = { event: 0, item: 0 };
      db.function('ix_event_data', { deterministic: true }, (_version: unknown, _type: unknown, _bcs: unknown) => {
        calls.event += 1;
        return '0';
      });
      db.function(
        'ix_table_item',
        { deterministic: true },
        (_v: unknown, _handle: unknown, _bcs: unknown, _part: unknown) => {
          calls.item += 1;
          return '0';
        },
      );
      const counts = JSON.parse(counted.answer({ query: page }, store.meta.latestVersion).body) as {
        data?: { events: { data: unknown }[] };
      };
      expect(counts.data?.events.map((e) => e.data)).toEqual([0, 0, 0, 0, 0]);
      expect(calls.event).toBe(5);
      counted.answer({ query: items }, store.meta.latestVersion);
      expect(calls.item).toBeLessThanOrEqual(6);
      expect((itemsBefore as { data: { table_items: unknown[] } }).data.table_items).toHaveLength(3);
    } finally {
      store.close();
    }
  });

  it("serves table_items as a view of the write sets, a table's items found by the state key's range", () => {
    const store = SnapshotStore.open(path);
    try {
      const db = store.database;
      const kind = db.prepare('SELECT type FROM sqlite_master WHERE name = ?').pluck();
      expect(kind.get('ix_table_items')).toBe('view');
      expect(kind.get('ix_table_items_stored')).toBeUndefined();
      const handle = db
        .prepare('SELECT table_handle__c FROM ix_table_items GROUP BY 1 ORDER BY count(*) DESC')
        .pluck()
        .get() as Buffer;
      const { engine: planned, plans } = plannedEngine(db, 'ix_table_items');
      const query = `{ table_items(where: {table_handle: {_eq: "0x${handle.toString('hex')}"}}) {
        transaction_version write_set_change_index key table_handle decoded_key decoded_value } }`;
      const answer = JSON.parse(planned.answer({ query }, store.meta.latestVersion).body) as {
        data?: { table_items: { transaction_version: number; table_handle: string }[] };
      };
      const items = answer.data?.table_items ?? [];
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) expect(item.table_handle).toBe(`0x${handle.toString('hex')}`);
      const versions = items.map((i) => i.transaction_version);
      expect(versions).toEqual([...versions].sort((a, b) => a - b));
      // The handle's versions: a search of state_values' key by its range, then of those versions' writes.
      expect(plans.join('\n')).toMatch(/SEARCH state_values USING PRIMARY KEY \(state_key>\? AND state_key<\?\)/);
      expect(plans.join('\n')).toMatch(/SEARCH s USING INDEX state_values_by_version \(version=\?/);
      expect(plans.join('\n')).not.toMatch(/SCAN s\b/);
    } finally {
      store.close();
    }
  });

  it('upgrades a file whose events an earlier v4 writer stored, to the view, with the same answers', async () => {
    const old = join(dir, 'old-layout.db');
    copyFileSync(path, old);
    const db = new Database(old);
    registerIndexerFunctions(db);
    // What that writer left: the rows in `ix_events_stored`, the view `ix_events` over them.
    db.exec('CREATE TABLE ix_events_stored AS SELECT * FROM temp.ix_events ORDER BY rowid');
    // The earlier writer stored `data` decoded, not the TEMP view's BCS column.
    db.exec(`ALTER TABLE ix_events_stored DROP COLUMN ${EVENT_BCS_COLUMN}`);
    db.exec('DROP VIEW temp.ix_events');
    db.exec('DROP VIEW main.ix_events');
    db.exec('CREATE VIEW ix_events AS SELECT rowid AS rowid, * FROM ix_events_stored');
    expect(hasCurrentLayout(db)).toBe(false);
    db.close();
    expect(indexerUpgradeHint(old, 4, false)).toMatch(/snapshot upgrade .* --out NEW\.db$/);
    const versions = sampleVersions();
    const before = await eventsAndRest(old, versions);
    const out = join(dir, 'relaid.db');
    upgradeSnapshot(old, out);
    const after = await eventsAndRest(out, versions);
    expect(after.events).toEqual(before.events);
    const upgraded = new Database(out, { readonly: true });
    try {
      expect(hasCurrentLayout(upgraded)).toBe(true);
      expect(upgraded.prepare("SELECT 1 FROM sqlite_master WHERE name = 'ix_events_stored'").get()).toBeUndefined();
    } finally {
      upgraded.close();
    }
    const store = SnapshotStore.open(out);
    try {
      expect(verifySnapshot(store).problems).toEqual([]);
    } finally {
      store.close();
    }
  });
});
