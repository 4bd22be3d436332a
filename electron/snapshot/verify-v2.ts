/**
 * `snapshot verify`'s checks of format v2 (docs/snapshot-format.md, "Invariants"): every transaction has its details
 * row; each version's write set — the state rows written at it — matches the size and `state_change_hash` recorded
 * with the transaction; each version's events (handle and module) run 0..n−1 and match its `event_count` and
 * `event_root_hash`; every event stream's sequence numbers run 0..n−1; transaction hashes that can be recomputed
 * (verify-hashes.ts) match. A captured snapshot holds state read at one version rather than the write sets that
 * produced it, and the events of the streams it captured rather than each transaction's, so these invariants do not
 * apply to it as a whole; for each transaction it kept in full its events must run 0..n−1 and hash to the node's
 * `event_root_hash`, and its `captured_write_sets` entries must number its `write_set_size`.
 */
import type Database from 'better-sqlite3';
import { formatAddress } from '../../shared/address.ts';
import type { EventRowData } from './transaction-reads.ts';
import { bytesToHex } from '../../shared/hex.ts';
import type { LedgerEvent } from '../../shared/bcs/ledger-bcs.ts';
import { eventRootHash, stateChangeHash } from './ledger-hashes.ts';
import { verifyTransactionHashes } from './verify-hashes.ts';
import { CAPTURED_WRITE_SETS_TABLE } from './schema.ts';
import { NO_PROGRESS, type Progress } from './progress.ts';

interface DetailsRow {
  readonly version: number;
  readonly state_change_hash: Uint8Array;
  readonly event_root_hash: Uint8Array;
  readonly write_set_size: number;
  readonly event_count: number;
}

interface EventRow extends EventRowData {
  readonly version: number;
}

interface WriteRow {
  readonly version: number;
  readonly state_key: Uint8Array;
  readonly value: Uint8Array | null;
  readonly existed: number | null;
}

const same = (a: Uint8Array, b: Uint8Array): boolean => Buffer.compare(a, b) === 0;

/** Versions whose rows verify reads at once. */
const CHUNK_VERSIONS = 2_000;

/** Checks one version's events: indexes 0..n−1, their count and their `event_root_hash`. */
function checkEvents(row: DetailsRow, eventRows: readonly EventRow[], problem: (text: string) => void): void {
  const at = `version ${row.version}`;
  const hashed: LedgerEvent[] = [];
  eventRows.forEach((event, i) => {
    if (event.event_index !== i)
      problem(`${at}: event indexes are not 0..${eventRows.length - 1} (found ${event.event_index} at position ${i})`);
    hashed.push(
      event.address === null
        ? { address: null, typeTag: event.type_tag, data: event.data }
        : {
            address: event.address,
            creationNumber: event.creation_number ?? 0,
            sequenceNumber: event.sequence_number ?? 0,
            typeTag: event.type_tag,
            data: event.data,
          },
    );
  });
  if (eventRows.length !== row.event_count)
    problem(`${at}: ${eventRows.length} events are stored, its transaction records ${row.event_count}`);
  else if (!same(eventRootHash(hashed), row.event_root_hash))
    problem(`${at}: its events do not hash to its event_root_hash ${bytesToHex(row.event_root_hash)}`);
}

/**
 * A capture's stored write sets (`captured_write_sets`): entries per version, or undefined when the file has none (a
 * capture made before they were kept). Entries of a version without a transaction kept in full are a problem.
 */
function capturedWriteSetCounts(
  db: Database.Database,
  problem: (text: string) => void,
): Map<number, number> | undefined {
  const table = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")
    .get(CAPTURED_WRITE_SETS_TABLE);
  if (table === undefined) return undefined;
  const counts = new Map<number, number>();
  for (const row of db
    .prepare(
      `SELECT w.version, count(*) AS n, d.version IS NOT NULL AS kept FROM captured_write_sets w
       LEFT JOIN transaction_details d ON d.version = w.version GROUP BY w.version`,
    )
    .all() as { version: number; n: number; kept: number }[]) {
    counts.set(row.version, row.n);
    if (row.kept !== 1) problem(`version ${row.version}: captured write set entries, but no transaction kept in full`);
  }
  return counts;
}

/** Checks the v2 invariants; reports each violation as one line through `problem`; returns figures checked. */
export function verifyV2(
  db: Database.Database,
  oldestVersion: bigint,
  captured: boolean,
  problem: (text: string) => void,
  chainId = 0,
  progress: Progress = NO_PROGRESS,
): Record<string, number> {
  const capturedOps = captured ? capturedWriteSetCounts(db, problem) : undefined;
  // A capture written before captures kept transactions in full has nothing more to check.
  if (captured && capturedOps === undefined) return {};
  // A capture keeps the node's payload as JSON only (no BCS to hash the transaction from).
  const hashes = captured ? {} : verifyTransactionHashes(db, chainId, problem, progress);
  const missing = db
    .prepare(
      'SELECT count(*) AS n, min(version) AS first FROM transactions t WHERE NOT EXISTS (SELECT 1 FROM ' +
        'transaction_details d WHERE d.version = t.version)',
    )
    .get() as { n: number; first: number | null };
  if (!captured && missing.n > 0)
    problem(`${missing.n} transactions have no transaction_details row (the first at version ${missing.first})`);

  // Each statement reads a chunk of versions at once (per-version queries, and a query per written key for whether it
  // existed before, were most of verify's time); within a chunk the rows are walked in version order.
  const writes = db.prepare(
    `SELECT s.version, s.state_key, s.value, (SELECT p.value IS NOT NULL FROM state_values p
       WHERE p.state_key = s.state_key AND p.version < s.version ORDER BY p.version DESC LIMIT 1) AS existed
     FROM state_values s INDEXED BY state_values_by_version WHERE s.version BETWEEN ? AND ? ORDER BY s.version`,
  );
  const events = db.prepare(
    `SELECT version, event_index, address, creation_number, sequence_number, type_tag, data FROM events INDEXED BY
      events_by_version WHERE version BETWEEN :lo AND :hi UNION ALL
     SELECT version, event_index, NULL, NULL, NULL, type_tag, data FROM module_events
     WHERE version BETWEEN :lo AND :hi ORDER BY version, event_index`,
  );
  const details = db.prepare(
    'SELECT version, state_change_hash, event_root_hash, write_set_size, event_count FROM transaction_details ' +
      'WHERE version BETWEEN ? AND ? ORDER BY version',
  );
  const bounds = db
    .prepare('SELECT count(*) AS n, min(version) AS lo, max(version) AS hi FROM transaction_details')
    .get() as {
    n: number;
    lo: number | null;
    hi: number | null;
  };
  let writeSets = 0;
  let versions = 0;
  progress.phase('verifying: write sets and event hashes', bounds.n, 'versions');
  for (let lo = bounds.lo ?? 0; lo <= (bounds.hi ?? -1); lo += CHUNK_VERSIONS) {
    const hi = lo + CHUNK_VERSIONS - 1;
    const eventRows = events.all({ lo, hi }) as EventRow[];
    const writeRows =
      capturedOps === undefined ? (writes.all(Math.max(lo, Number(oldestVersion)), hi) as WriteRow[]) : [];
    let e = 0;
    let w = 0;
    for (const row of details.all(lo, hi) as DetailsRow[]) {
      versions += 1;
      if (versions % 256 === 0) progress.update(versions);
      while (e < eventRows.length && (eventRows[e]?.version ?? Infinity) < row.version) e += 1;
      const first = e;
      while (e < eventRows.length && eventRows[e]?.version === row.version) e += 1;
      checkEvents(row, eventRows.slice(first, e), problem);
      const at = `version ${row.version}`;
      if (capturedOps !== undefined) {
        // The node's state_change_hash cannot be recomputed from a capture (its JSON does not tell a creation from a
        // modification); the count of the stored write set can be checked.
        const count = capturedOps.get(row.version) ?? 0;
        if (count !== row.write_set_size)
          problem(
            `${at}: ${count} captured write set entries are stored, its transaction records ${row.write_set_size}`,
          );
        writeSets += 1;
        continue;
      }
      if (BigInt(row.version) < oldestVersion) continue;
      writeSets += 1;
      while (w < writeRows.length && (writeRows[w]?.version ?? Infinity) < row.version) w += 1;
      const from = w;
      while (w < writeRows.length && writeRows[w]?.version === row.version) w += 1;
      const rows = writeRows.slice(from, w);
      const hash = stateChangeHash(
        rows.map((write) => ({ stateKey: write.state_key, value: write.value, existed: write.existed === 1 })),
      );
      if (rows.length !== row.write_set_size || !same(hash, row.state_change_hash))
        problem(
          `${at}: write set disagrees with its state rows (${rows.length} rows written, the transaction records ` +
            `${row.write_set_size}; state_change_hash ${bytesToHex(row.state_change_hash)}, the rows hash to ` +
            `${bytesToHex(hash)})`,
        );
    }
  }

  progress.update(versions);
  if (!captured) {
    for (const stream of db
      .prepare(
        `SELECT address, creation_number, count(*) AS n, min(sequence_number) AS lo, max(sequence_number) AS hi
         FROM events GROUP BY address, creation_number HAVING lo != 0 OR hi != n - 1`,
      )
      .all() as { address: Uint8Array; creation_number: number; n: number; lo: number; hi: number }[]) {
      problem(
        `event stream ${formatAddress(stream.address)}/${stream.creation_number}: ${stream.n} events with ` +
          `sequence numbers ${stream.lo}..${stream.hi}, expected 0..${stream.n - 1}`,
      );
    }
  }
  return { transactionDetails: versions, writeSets, ...hashes };
}
