/**
 * SQL functions the indexer's views over the snapshot's own tables call (event-view.ts): they render on read
 * what the processors would derive, so those rows are never stored twice. `ix_event_data(version, type, bcs)` is an
 * event's `data` as the events processor writes it (electron/indexer/processors/transaction-rows.ts `eventData`: the
 * BCS decoded with the ABIs in force at the version, `null` when it does not decode), and
 * `ix_table_item(version, handle, bcs, part)` a table item's `decoded_key` (part 0) or `decoded_value` (part 1) as
 * processors/table-items.ts writes them (table-item-view.ts).
 *
 * A function registered with better-sqlite3 cannot run statements on its own connection (it is busy with the query
 * calling it), so the ABIs are read when the functions are registered: the `modules` rows (each published version of
 * each module), parsed on first use per module set as the store does (electron/snapshot/snapshot-store.ts
 * `abiLookup`). Register on every connection that reads the views: the GraphQL engine's (the service's read-only
 * one), `snapshot verify`'s and the benchmarks'. Registering also creates the TEMP views that call the functions
 * (event-view.ts says why they are not the file's own).
 */
import type Database from 'better-sqlite3';
import { bytesToHex } from '../../shared/hex.ts';
import { parseAddress } from '../../shared/address.ts';
import type { AbiLookup, MoveModuleAbi } from '../../shared/move/abi.ts';
import { eventData } from './processors/transaction-rows.ts';
import { EVENT_DATA_FUNCTION, EVENTS_DECODED_VIEW_SQL } from './event-view.ts';
import { decoded } from './processors/table-items.ts';
import { TABLE_ITEM_FUNCTION, tableItemsViewSql, writeSetSource } from './table-item-view.ts';

/** Module sets whose parsed ABIs are kept (as the store keeps them). */
const LOOKUPS_KEPT = 256;

interface ModuleVersions {
  readonly versions: number[];
  readonly abis: string[];
}

/** The ABI lookups of a file by version, over its `modules` rows read once (no statement runs afterwards). */
export function preloadedAbiLookup(db: Database.Database): (version: bigint) => AbiLookup {
  const modules = new Map<string, ModuleVersions>();
  const setVersions: number[] = [];
  // A file of indexer rows only (the GraphQL tests' fixtures) has no modules, and no view decoding with them.
  const hasModules = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'modules'").get();
  const rows = db.prepare(
    hasModules === undefined
      ? 'SELECT NULL, NULL, NULL, NULL WHERE 0'
      : 'SELECT address, name, version, abi FROM modules ORDER BY address, name, version',
  );
  for (const [address, name, version, abi] of rows.raw().iterate() as Iterable<[Uint8Array, string, number, string]>) {
    const key = `${bytesToHex(address)}::${name}`;
    let entry = modules.get(key);
    if (entry === undefined) modules.set(key, (entry = { versions: [], abis: [] }));
    entry.versions.push(version);
    entry.abis.push(abi);
    setVersions.push(version);
  }
  const sets = [...new Set(setVersions)].sort((a, b) => a - b);
  const lookups = new Map<number, AbiLookup>();
  return (version) => {
    const at = Number(version);
    const setVersion = newestAtOrBelow(sets, at) ?? -1;
    let lookup = lookups.get(setVersion);
    if (lookup === undefined) {
      const parsed = new Map<string, MoveModuleAbi | undefined>();
      lookup = (address, module) => {
        const key = `${bytesToHex(parseAddress(address))}::${module}`;
        if (!parsed.has(key)) {
          const entry = modules.get(key);
          const index = entry === undefined ? -1 : newestIndex(entry.versions, setVersion);
          const text = index < 0 ? undefined : entry?.abis[index];
          parsed.set(key, text === undefined ? undefined : (JSON.parse(text) as MoveModuleAbi));
        }
        return parsed.get(key);
      };
      if (lookups.size >= LOOKUPS_KEPT) lookups.clear();
      lookups.set(setVersion, lookup);
    }
    return lookup;
  };
}

/** The index of the last of the ascending `values` at or below `at`, -1 if none. */
function newestIndex(values: readonly number[], at: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((values[mid] ?? 0) <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

function newestAtOrBelow(values: readonly number[], at: number): number | undefined {
  const index = newestIndex(values, at);
  return index < 0 ? undefined : values[index];
}

/** Connections whose functions are registered (the ABIs are read once per connection). */
const registered = new WeakSet<Database.Database>();

/** Each table's key and value types (`table_info`, read once: a file has few tables), by the handle's hex. */
function preloadedTableTypes(db: Database.Database): Map<string, { keyType: string; valueType: string }> {
  const types = new Map<string, { keyType: string; valueType: string }>();
  const hasInfo = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'table_info'").get();
  if (hasInfo === undefined) return types;
  const rows = db.prepare('SELECT handle, key_type, value_type FROM table_info').raw();
  for (const [handle, keyType, valueType] of rows.iterate() as Iterable<[Uint8Array, string, string]>)
    types.set(bytesToHex(handle), { keyType, valueType });
  return types;
}

/**
 * Registers the indexer's SQL functions on `db` and creates the TEMP views calling them, over each file view of
 * this build's layout (not over an earlier writer's `ix_events` of stored rows); once per connection.
 */
export function registerIndexerFunctions(db: Database.Database): void {
  if (registered.has(db)) return;
  const state = { abiLookup: preloadedAbiLookup(db) };
  db.function(EVENT_DATA_FUNCTION, { deterministic: true }, (version: unknown, type: unknown, data: unknown) =>
    JSON.stringify(eventData(state, BigInt(version as number | bigint), type as string, data as Uint8Array)),
  );
  // As processors/table-items.ts renders them: an undecodable key as its hex, an undecodable value as null.
  const tables = preloadedTableTypes(db);
  db.function(
    TABLE_ITEM_FUNCTION,
    { deterministic: true },
    (version: unknown, handle: unknown, bytes: unknown, part: unknown) => {
      const types = tables.get(bytesToHex(handle as Uint8Array));
      const at = BigInt(version as number | bigint);
      const item = bytes as Uint8Array;
      if (part === 0) return JSON.stringify(decoded(state, at, types?.keyType, item) ?? bytesToHex(item));
      const value = decoded(state, at, types?.valueType, item);
      return value === null ? null : JSON.stringify(value);
    },
  );
  const views: Readonly<Record<string, string>> = {
    ix_events: EVENTS_DECODED_VIEW_SQL,
    ix_table_items: tableItemsViewSql('decoded', writeSetSource(db)),
  };
  const kind = db.prepare('SELECT type FROM main.sqlite_master WHERE name = ?').pluck();
  const shadowed = Object.entries(views).filter(
    ([name]) => kind.get(name) === 'view' && kind.get(`${name}_stored`) === undefined,
  );
  if (shadowed.length > 0) {
    // A read-only connection (`query_only`) writes nothing to the file; its TEMP schema lives in memory.
    const queryOnly = Number(db.pragma('query_only', { simple: true })) === 1;
    if (queryOnly) db.pragma('query_only = OFF');
    try {
      for (const [name, sql] of shadowed) db.exec(`CREATE TEMP VIEW IF NOT EXISTS "${name}" AS ${sql}`);
    } finally {
      if (queryOnly) db.pragma('query_only = ON');
    }
  }
  registered.add(db);
}
