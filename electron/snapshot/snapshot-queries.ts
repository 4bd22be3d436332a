/**
 * The prepared statements of the snapshot store, in one place so the SQL can be read (and its
 * query plans checked) together. Each uses a primary key or one of the format's indexes.
 */
import type Database from 'better-sqlite3';

/**
 * Writes every bound parameter as `+?` / `+:name`. SQLite built with STAT4 (as better-sqlite3's is)
 * re-plans a statement on every run when a bare parameter meets an analyzed index; the unary plus
 * keeps the same plan (the column side is untouched) without the re-preparation.
 */
export function plan(sql: string): string {
  return sql.replace(/(?<![+\w])(\?|:[a-z_]+)/g, '+$1');
}

/** Prepared statements over one open snapshot. */
export class SnapshotQueries {
  readonly valueAt: Database.Statement;
  readonly accountKeys: Database.Statement;
  readonly newestEvents: Database.Statement;
  readonly eventsFrom: Database.Statement;
  readonly summariesFrom: Database.Statement;
  readonly summariesUpTo: Database.Statement;
  readonly blocksOfEpoch: Database.Statement;
  readonly blocksBefore: Database.Statement;
  readonly blockOfVersion: Database.Statement;
  readonly userTransactionsInRange: Database.Statement;
  readonly moduleAbi: Database.Statement;
  readonly moduleNames: Database.Statement;
  readonly tableInfo: Database.Statement;
  readonly tables: Database.Statement;
  readonly accounts: Database.Statement;
  readonly busiestEventStreams: Database.Statement;

  /** Prepares every statement on `db`. */
  constructor(db: Database.Database) {
    this.valueAt = db.prepare(
      plan('SELECT value FROM state_values WHERE state_key = ? AND version <= ? ORDER BY version DESC LIMIT 1'),
    );
    // Skip-scan over distinct keys in [from, end): each step is one primary-key seek past every version of
    // the previous key, and each key's value as of `version` one more seek. Iterate and stop when done.
    this.accountKeys = db.prepare(
      plan(
        `WITH RECURSIVE keys(k) AS (
         SELECT (SELECT state_key FROM state_values WHERE state_key >= :from AND state_key < :end
                 ORDER BY state_key LIMIT 1)
         UNION ALL
         SELECT (SELECT state_key FROM state_values WHERE state_key > k AND state_key < :end ORDER BY state_key LIMIT 1)
         FROM keys WHERE k IS NOT NULL)
       SELECT k AS state_key,
              (SELECT value FROM state_values WHERE state_key = k AND version <= :version
               ORDER BY version DESC LIMIT 1) AS value
       FROM keys WHERE k IS NOT NULL`,
      ),
    );
    this.newestEvents = db.prepare(
      plan(
        `SELECT version, sequence_number, type_tag, data FROM events WHERE address = ? AND creation_number = ?
       ORDER BY sequence_number DESC LIMIT ?`,
      ),
    );
    this.eventsFrom = db.prepare(
      plan(
        `SELECT version, sequence_number, type_tag, data FROM events
       WHERE address = ? AND creation_number = ? AND sequence_number >= ?
       ORDER BY sequence_number LIMIT ?`,
      ),
    );
    const summary = `SELECT t.version, t.hash, t.sequence_number, t.nonce
      FROM account_transactions a JOIN transactions t ON t.version = a.version`;
    this.summariesFrom = db.prepare(
      plan(`${summary} WHERE a.sender = ? AND a.version >= ? AND a.version <= ? ORDER BY a.version LIMIT ?`),
    );
    this.summariesUpTo = db.prepare(
      plan(`${summary} WHERE a.sender = ? AND a.version <= ? ORDER BY a.version DESC LIMIT ?`),
    );
    const block = 'SELECT height, epoch, first_version, last_version, timestamp_usec, block_limit_reached FROM blocks';
    this.blocksOfEpoch = db.prepare(plan(`${block} WHERE epoch = ? ORDER BY height DESC LIMIT ?`));
    this.blocksBefore = db.prepare(plan(`${block} WHERE height <= ? ORDER BY height DESC LIMIT ?`));
    this.blockOfVersion = db.prepare(plan(`${block} WHERE last_version >= ? ORDER BY last_version LIMIT 1`));
    this.userTransactionsInRange = db.prepare(
      plan(
        `SELECT block_height, gas_unit_price, entry_function FROM transactions
         WHERE version >= ? AND version <= ? AND kind = 'user'`,
      ),
    );
    this.moduleAbi = db.prepare(
      plan('SELECT abi FROM modules WHERE address = ? AND name = ? AND version <= ? ORDER BY version DESC LIMIT 1'),
    );
    this.moduleNames = db.prepare(plan('SELECT DISTINCT name FROM modules WHERE address = ? ORDER BY name'));
    this.tableInfo = db.prepare(plan('SELECT * FROM table_info WHERE handle = ?'));
    this.tables = db.prepare(plan('SELECT * FROM table_info WHERE handle > ? ORDER BY handle LIMIT ?'));
    this.accounts = db.prepare(
      plan('SELECT address FROM accounts WHERE address > ? AND created_version <= ? ORDER BY address LIMIT ?'),
    );
    // Events of the versions holding the newest `window` events (whole versions, so the answer is
    // deterministic), grouped by stream: the cost is bounded whatever the snapshot's size. With a
    // single MAX() SQLite takes the bare columns (type_tag, version) from the row holding the
    // maximum, i.e. the stream's newest event.
    this.busiestEventStreams = db.prepare(
      plan(
        `SELECT address, creation_number, COUNT(*) AS count, MAX(sequence_number) AS latest_sequence_number,
              type_tag, version
       FROM events INDEXED BY events_by_version
       WHERE version >= coalesce((SELECT version FROM events ORDER BY version DESC LIMIT 1 OFFSET :window - 1), 0)
       GROUP BY address, creation_number ORDER BY count DESC, address, creation_number LIMIT :limit`,
      ),
    );
  }
}
