/**
 * The snapshot writer's staging of state rows (snapshot-writer.ts): rows arrive in version order but belong all over
 * state_values' B-tree (keyed by state key), so they are appended to a temporary table as they are made and moved
 * into place, sorted, deduplicated and pruned, by one statement when the file is finished.
 */

/**
 * Where state rows wait until the file is finished (in write order: appending is cheap), and the liveness of the keys
 * the version tracker no longer keeps in memory (version-tracker.ts). Temporary: neither is part of the file.
 */
export const STAGING_SQL = `
CREATE TEMP TABLE state_staging (state_key BLOB NOT NULL, version INTEGER NOT NULL, value BLOB);
CREATE TEMP TABLE key_liveness (state_key BLOB PRIMARY KEY, live INTEGER NOT NULL) WITHOUT ROWID;
`;

/**
 * Moves the staged state rows into state_values in key order: of several writes of a key in one version the last
 * (as in a write set); and pruning — of the versions before \`:oldest\` only each key's newest is kept, so the write
 * set at the oldest version can still tell a creation from a modification.
 *
 * One window over one order (key, version, write order) decides both: a row is its version's last write when the next
 * row of its key is at another version (or there is none), and that next version is then the key's next write. (Two
 * windows over two orders made SQLite sort the staged rows, values and all, twice: most of finishing's time.)
 */
export const STATE_VALUES_FROM_STAGING_SQL = `
INSERT INTO state_values (state_key, version, value)
SELECT state_key, version, value FROM (
  SELECT state_key, version, value,
    lead(version) OVER (PARTITION BY state_key ORDER BY version, rowid) AS next
  FROM temp.state_staging)
WHERE (next IS NULL OR next != version) AND (version >= :oldest OR next IS NULL OR next >= :oldest)
ORDER BY state_key, version`;
