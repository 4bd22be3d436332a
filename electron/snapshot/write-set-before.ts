/**
 * A version's write set with every key's value just before it, in one statement (the explorer's changes read,
 * `LedgerStore.writeSetWithBefore`): the write set's rows (`state_values_by_version`) and, per key, one primary-key
 * seek to its previous row — no round trip per change. Only where that previous state is whole: a generated (not
 * captured) format v2+ file, above its oldest version (pruning compaction merged the older rows of keys written there).
 */
import type Database from 'better-sqlite3';
import type { StoredWriteChange } from './ledger-store.ts';
import type { SnapshotMeta } from './open-snapshot.ts';
import { plan } from './snapshot-queries.ts';

const WRITE_SET_WITH_BEFORE =
  'SELECT s.state_key, s.value, (SELECT p.value FROM state_values p WHERE p.state_key = s.state_key ' +
  'AND p.version < s.version ORDER BY p.version DESC LIMIT 1) AS before ' +
  'FROM state_values s INDEXED BY state_values_by_version WHERE s.version = ? ORDER BY s.state_key';

/** Reads a version's write set with its befores; undefined where the file cannot tell them. */
export type WriteSetBeforeReader = (version: bigint) => readonly StoredWriteChange[] | undefined;

/** The reader over `db` (prepared once); a capture or a v1 file gets one that always answers undefined. */
export function writeSetBeforeReader(
  db: Database.Database,
  meta: SnapshotMeta,
  captured: boolean,
): WriteSetBeforeReader {
  // A capture holds no state before its version; a v1 file has no write sets.
  if (captured || meta.formatVersion < 2) return () => undefined;
  const statement = db.prepare(plan(WRITE_SET_WITH_BEFORE));
  return (version) => {
    if (version <= meta.oldestVersion || version > meta.latestVersion) return undefined;
    const rows = statement.all(version) as {
      state_key: Uint8Array;
      value: Uint8Array | null;
      before: Uint8Array | null;
    }[];
    return rows.map((row) => ({
      stateKey: row.state_key,
      value: row.value ?? undefined,
      existed: row.before !== null,
      before: row.before ?? undefined,
    }));
  };
}
