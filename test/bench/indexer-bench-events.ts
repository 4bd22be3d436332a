/**
 * The read cost of `events` as a view of the file's own events (electron/indexer/event-view.ts) beside the stored
 * rows an earlier format v4 writer kept (`ix_events_stored`, rebuilt here in a copy of the same file): CPU per GraphQL
 * request of a version's events and of an event stream's newest events, and that both answer the same.
 */
import { copyFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { EVENT_BCS_COLUMN } from '../../electron/indexer/event-view.ts';
import { registerIndexerFunctions } from '../../electron/indexer/indexer-functions.ts';
import { createReadService } from '../../electron/service/read-service.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';

/** CPU per request (ms) of each query, on the view and on stored rows. */
export interface EventsReadCost {
  readonly queries: readonly string[];
  readonly view: readonly number[];
  readonly stored: readonly number[];
}

const REPEAT = 200;

/** Writes into `copy` the layout of the earlier writer: the events as rows behind a view of them. */
function storedCopy(file: string, copy: string): void {
  copyFileSync(file, copy);
  const db = new Database(copy);
  try {
    registerIndexerFunctions(db);
    db.exec('CREATE TABLE ix_events_stored AS SELECT * FROM temp.ix_events ORDER BY rowid');
    // The earlier writer stored `data` decoded, not the TEMP view's BCS column.
    db.exec(`ALTER TABLE ix_events_stored DROP COLUMN ${EVENT_BCS_COLUMN}`);
    db.exec('CREATE INDEX ix_events_stored_0 ON ix_events_stored (transaction_version, event_index)');
    db.exec('DROP VIEW temp.ix_events');
    db.exec('DROP VIEW main.ix_events');
    db.exec('CREATE VIEW ix_events AS SELECT rowid AS rowid, * FROM ix_events_stored');
  } finally {
    db.close();
  }
}

async function perRequest(file: string, queries: readonly string[]): Promise<{ ms: number[]; bodies: string[] }> {
  const store = SnapshotStore.open(file);
  try {
    const service = createReadService({ store, responseCache: false });
    const ask = async (query: string): Promise<string> =>
      (
        await service(
          new Request('http://127.0.0.1/v1/graphql', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ query }),
          }),
        )
      ).text();
    const bodies: string[] = [];
    const ms: number[] = [];
    for (const query of queries) {
      bodies.push(await ask(query));
      const started = process.cpuUsage();
      for (let i = 0; i < REPEAT; i += 1) await ask(query);
      const used = process.cpuUsage(started);
      ms.push((used.user + used.system) / 1000 / REPEAT);
    }
    return { ms, bodies };
  } finally {
    store.close();
  }
}

/** Measures `file` (this build's layout) against a copy at `copy` with stored event rows. */
export async function eventsReadCost(file: string, copy: string): Promise<EventsReadCost> {
  const db = new Database(file, { readonly: true });
  const busiest = db
    .prepare('SELECT version FROM events GROUP BY version ORDER BY count(*) DESC, version DESC LIMIT 1')
    .pluck()
    .get() as number;
  const stream = db
    .prepare('SELECT address, creation_number FROM events ORDER BY sequence_number DESC LIMIT 1')
    .get() as { address: Buffer; creation_number: number };
  db.close();
  const fields = 'transaction_version event_index account_address type data';
  const queries = [
    `{ events(where: {transaction_version: {_eq: ${busiest}}}) { ${fields} } }`,
    `{ events(where: {account_address: {_eq: "0x${stream.address.toString('hex')}"}, ` +
      `creation_number: {_eq: ${stream.creation_number}}}, order_by: {sequence_number: desc}, limit: 25) ` +
      `{ ${fields} } }`,
  ];
  storedCopy(file, copy);
  const view = await perRequest(file, queries);
  const stored = await perRequest(copy, queries);
  if (JSON.stringify(view.bodies) !== JSON.stringify(stored.bodies))
    throw new Error('the events view and the stored events answer differently');
  return { queries, view: view.ms, stored: stored.ms };
}
