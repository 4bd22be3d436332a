/**
 * `snapshot info`: ledger figures, row counts, and samples (accounts, event streams with the struct
 * and field holding their handle, one table per key type with live keys, busiest senders) that the
 * UI's landing page and the tests start from. Everything is derived from the file, except that the
 * framework (0x1) and the generator's sample application (0xcafe) lead the sampled accounts.
 */
import { formatAddress, parseAddress } from '../../shared/address.ts';
import { bytesToHex } from '../../shared/hex.ts';
import { decodeMoveValue } from '../../shared/move/decode.ts';
import { resolveLayout } from '../../shared/move/layout.ts';
import { parseTypeTag } from '../../shared/type-tag.ts';
import { findEventHandles } from './event-handles.ts';
import { COLLECTOR_ADDRESS } from './generator/coin-collection.ts';
import type { SnapshotStore } from './snapshot-store.ts';
import { decodeStateKey, prefixUpperBound, STATE_KEY_TABLE_ITEM } from './state-keys.ts';
import { decodingStored } from './stored-value-names.ts';
import { transactionSamples, type TransactionSamples } from './snapshot-info-v2.ts';

/** One sampled event stream: the account, the handle's creation number, and where the handle lives. */
export interface EventStreamSample {
  readonly address: string;
  readonly creationNumber: string;
  readonly struct: string;
  readonly field: string;
  readonly count: string;
}

/** One sampled table with live keys in JSON (usable in a table item request) and BCS hex. */
export interface TableSample {
  readonly handle: string;
  readonly keyType: string;
  readonly valueType: string;
  readonly keys: readonly unknown[];
  readonly rawKeys: readonly string[];
}

/** The `snapshot info --json` document. Versions and counts are decimal strings. */
export interface SnapshotInfo {
  readonly chainId: number;
  readonly oldestVersion: string;
  readonly latestVersion: string;
  readonly epoch: string;
  readonly blockHeight: string;
  readonly oldestBlockHeight: string;
  readonly ledgerTimestampUsec: string;
  readonly counts: Readonly<Record<string, string>>;
  readonly samples: {
    readonly accounts: readonly string[];
    readonly eventStreams: readonly EventStreamSample[];
    readonly tables: readonly TableSample[];
    readonly senders: readonly { readonly address: string; readonly transactions: string }[];
    /** The generator's coin collector (an account with ~10,000 resources), when the file has it. */
    readonly largeAccounts: readonly { readonly address: string; readonly resources: string }[];
  } & TransactionSamples;
}

const COUNTED_TABLES = [
  'transactions',
  'blocks',
  'accounts',
  'state_values',
  'events',
  'modules',
  'table_info',
] as const;
/** Tables only format v2 has, counted when present. */
const COUNTED_V2_TABLES = ['transaction_details', 'module_events'] as const;

/** How many resources `address` holds at `version` (pages through the store's listing). */
function countResources(store: SnapshotStore, address: Uint8Array, version: bigint): number {
  let count = 0;
  let cursor: Uint8Array | undefined;
  do {
    const page = store.accountResources(address, version, cursor, 9999);
    count += page.resources.length;
    cursor = page.nextCursor;
  } while (cursor);
  return count;
}

/** Collects the info document of an open snapshot. */
export function snapshotInfo(store: SnapshotStore, sampleSize = 5): SnapshotInfo {
  const db = store.database;
  const ledger = store.ledgerInfo();
  const latest = ledger.ledgerVersion;
  const counts = Object.fromEntries(
    COUNTED_TABLES.map((table) => [
      table,
      String((db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n),
    ]),
  );
  if (store.meta.formatVersion >= 2)
    for (const table of COUNTED_V2_TABLES)
      counts[table] = String((db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n);
  counts.user_transactions = String(
    (db.prepare(`SELECT count(*) AS n FROM account_transactions`).get() as { n: number }).n,
  );

  const senders = (
    db
      .prepare('SELECT sender, count(*) AS n FROM account_transactions GROUP BY sender ORDER BY n DESC, sender LIMIT ?')
      .all(sampleSize) as {
      sender: Uint8Array;
      n: number;
    }[]
  ).map((row) => ({ address: formatAddress(row.sender), transactions: String(row.n) }));

  const accounts = [...new Set(['0x1', '0xcafe', ...senders.map((s) => s.address)])];

  const countStream = db.prepare('SELECT count(*) AS n FROM events WHERE address = ? AND creation_number = ?');
  const eventStreams: EventStreamSample[] = accounts.slice(0, 4).flatMap((address) =>
    findEventHandles(store, address, latest)
      .map((handle) => ({
        address: handle.address,
        creationNumber: handle.creationNumber.toString(),
        struct: handle.struct,
        field: handle.field,
        count: String((countStream.get(handle.addressBytes, handle.creationNumber) as { n: number }).n),
      }))
      .filter((stream) => stream.count !== '0'),
  );

  const lookup = store.abiLookup(latest);
  const itemKeys = db.prepare(
    `SELECT DISTINCT state_key FROM state_values WHERE state_key > ? AND state_key < ? ORDER BY state_key LIMIT ?`,
  );
  const seenKeyTypes = new Set<string>();
  const tables: TableSample[] = [];
  for (const table of store.listTables(undefined, 1000)) {
    if (seenKeyTypes.has(table.keyType)) continue;
    seenKeyTypes.add(table.keyType);
    const prefix = Uint8Array.of(STATE_KEY_TABLE_ITEM, ...table.handle);
    const upper = prefixUpperBound(prefix);
    const layout = resolveLayout(parseTypeTag(table.keyType), lookup);
    const keys: unknown[] = [];
    const rawKeys: string[] = [];
    for (const row of itemKeys.iterate(prefix, upper, 10_000) as Iterable<{ state_key: Uint8Array }>) {
      if (!store.stateValue(row.state_key, latest)) continue;
      const decoded = decodeStateKey(row.state_key);
      if (decoded.kind !== 'table_item') continue;
      const key = decoded.key;
      keys.push(
        decodingStored(
          () => `the key of table item ${bytesToHex(key)} of table ${formatAddress(table.handle)}`,
          latest,
          () => decodeMoveValue(key, layout),
        ),
      );
      rawKeys.push(bytesToHex(key));
      if (keys.length === sampleSize) break;
    }
    tables.push({
      handle: formatAddress(table.handle),
      keyType: table.keyType,
      valueType: table.valueType,
      keys,
      rawKeys,
    });
  }

  const largeAccounts = [COLLECTOR_ADDRESS]
    .map((address) => ({ address, resources: String(countResources(store, parseAddress(address), latest)) }))
    .filter((a) => a.resources !== '0');

  return {
    chainId: ledger.chainId,
    oldestVersion: ledger.oldestLedgerVersion.toString(),
    latestVersion: latest.toString(),
    epoch: ledger.epoch.toString(),
    blockHeight: ledger.blockHeight.toString(),
    oldestBlockHeight: ledger.oldestBlockHeight.toString(),
    ledgerTimestampUsec: ledger.ledgerTimestampUsec.toString(),
    counts,
    samples: { accounts, eventStreams, tables, senders, largeAccounts, ...transactionSamples(store, sampleSize) },
  };
}
