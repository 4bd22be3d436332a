/**
 * The snapshot writer's tables and insert statements (snapshot-writer.ts): the schema of the format being written,
 * the temporary staging of state rows (state-staging.ts), and one prepared statement per kind of row.
 */
import type Database from 'better-sqlite3';
import { CAPTURED_WRITE_SETS_SQL, SCHEMA_SQL, SCHEMA_V2_SQL, type SnapshotFormatVersion } from './schema.ts';
import { STAGING_SQL } from './state-staging.ts';

/** The writer's prepared statements; those of format v2 and of captures are undefined when not written. */
export interface WriterStatements {
  readonly state: Database.Statement;
  readonly transaction: Database.Statement;
  readonly accountTransaction: Database.Statement;
  readonly event: Database.Statement;
  readonly block: Database.Statement;
  readonly module: Database.Statement;
  readonly tableInfo: Database.Statement;
  readonly account: Database.Statement;
  /** Whether a key the version tracker forgot had a value (version-tracker.ts), and remembering that. */
  readonly existed: Database.Statement;
  readonly spill: Database.Statement;
  readonly details: Database.Statement | undefined;
  readonly moduleEvent: Database.Statement | undefined;
  readonly capturedOp: Database.Statement | undefined;
  readonly capturedTransaction: Database.Statement | undefined;
  readonly notKept: Database.Statement | undefined;
}

/** Creates the tables of `format` (with a capture's when `captured`) on `db` and prepares the inserts. */
export function createWriterTables(
  db: Database.Database,
  format: SnapshotFormatVersion,
  captured: boolean,
): WriterStatements {
  db.exec(SCHEMA_SQL);
  if (format >= 2) db.exec(SCHEMA_V2_SQL);
  if (format >= 2 && captured) db.exec(CAPTURED_WRITE_SETS_SQL);
  // State rows arrive in version order but land all over state_values' B-tree (keyed by state key): they are
  // appended to a staging table and moved into place, sorted, when the file is finished (state-staging.ts).
  db.exec(STAGING_SQL);
  const capture = format >= 2 && captured;
  return {
    state: db.prepare('INSERT INTO temp.state_staging (state_key, version, value) VALUES (?, ?, ?)'),
    transaction: db.prepare(
      `INSERT INTO transactions (version, block_height, hash, kind, sender, sequence_number, nonce, entry_function,
        gas_unit_price, max_gas_amount, gas_used, success, timestamp_usec)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    accountTransaction: db.prepare('INSERT INTO account_transactions (sender, version) VALUES (?, ?)'),
    event: db.prepare(
      `INSERT INTO events (address, creation_number, sequence_number, version, event_index, type_tag, data)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    block: db.prepare(
      `INSERT INTO blocks
         (height, epoch, round, first_version, last_version, timestamp_usec, hash, block_limit_reached)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    module: db.prepare('INSERT INTO modules (address, name, version, abi) VALUES (?, ?, ?, ?)'),
    tableInfo: db.prepare(
      `INSERT INTO table_info
         (handle, key_type, value_type, owner_address, owner_resource, owner_field, created_version)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    account: db.prepare('INSERT INTO accounts (address, created_version) VALUES (?, ?)'),
    existed: db.prepare('SELECT live FROM temp.key_liveness WHERE state_key = ?').pluck(),
    spill: db.prepare('INSERT OR REPLACE INTO temp.key_liveness (state_key, live) VALUES (?, ?)'),
    details:
      format >= 2
        ? db.prepare(
            `INSERT INTO transaction_details (version, state_change_hash, event_root_hash, state_checkpoint_hash,
              accumulator_root_hash, vm_status, expiration_timestamp_secs, payload, payload_bcs, signature,
              signature_kind, secondary_signers, fee_payer, kind_fields, write_set_size, event_count)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
        : undefined,
    moduleEvent:
      format >= 2
        ? db.prepare('INSERT INTO module_events (version, event_index, type_tag, data) VALUES (?, ?, ?, ?)')
        : undefined,
    capturedOp: capture
      ? db.prepare(
          'INSERT INTO captured_write_sets (version, position, state_key, value, op, metadata) ' +
            'VALUES (?, ?, ?, ?, ?, ?)',
        )
      : undefined,
    capturedTransaction: capture
      ? db.prepare('INSERT INTO captured_transactions (version, bcs) VALUES (?, ?)')
      : undefined,
    notKept: capture
      ? db.prepare('INSERT OR REPLACE INTO captured_not_kept (version, reason) VALUES (?, ?)')
      : undefined,
  };
}
