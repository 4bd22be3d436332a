/**
 * `snapshot verify` of a format v3 file's indexer tables: every table is present, its rows are exactly those the
 * processors derive again from the file's transactions and state (in the same order), and every current table's
 * `_valid_to` names the version of its key's next row. A table served as a view (indexer-views.ts) is compared
 * too: its SQL must render the transactions exactly as the processors do. Reports the first difference per table,
 * with its version.
 */
import type { SnapshotStore } from '../snapshot/snapshot-store.ts';
import { INDEXER_FORMAT_VERSION } from '../snapshot/schema.ts';
import { deriveIndexerRows } from './derive-tables.ts';
import { NO_PROGRESS, type Progress } from '../snapshot/progress.ts';
import { indexerSqlTable, VALID_TO_COLUMN, type IndexerTable } from './indexer-table.ts';
import { missingIndexerTables, rowVersion, storedRow } from './indexer-storage.ts';
import { INDEXER_TABLES, indexerTable } from './tables/index.ts';
import { registerIndexerFunctions } from './indexer-functions.ts';

type StoredCell = string | number | bigint | null | Uint8Array;

/** SQLite gives INTEGER back as a number, the processors give bigint: compare as text. */
function sameCell(stored: StoredCell | undefined, derived: string | number | bigint | null): boolean {
  if (stored === undefined) return false;
  if (stored === null || derived === null) return stored === derived;
  return String(stored) === String(derived);
}

interface TableCheck {
  readonly table: IndexerTable;
  readonly rows: Iterator<StoredCell[]>;
  compared: number;
  failed: boolean;
}

/**
 * Checks the indexer tables of `store` (a format v3 file) and reports each problem through `problem`; returns
 * the figures checked (rows per table compared). Other files: nothing to check (their readers print how to upgrade).
 */
export function verifyIndexerTables(
  store: SnapshotStore,
  problem: (text: string) => void,
  progress: Progress = NO_PROGRESS,
): Record<string, number> {
  if (store.meta.formatVersion < INDEXER_FORMAT_VERSION) return {};
  const db = store.database;
  const missing = missingIndexerTables(db);
  if (missing.length > 0) {
    problem(`format v${store.meta.formatVersion} needs the indexer tables; missing: ${missing.join(', ')}`);
    return {};
  }
  // The views of the file's own tables render some columns with the indexer's SQL functions.
  registerIndexerFunctions(db);
  const checks = new Map<string, TableCheck>();
  for (const table of INDEXER_TABLES) {
    const columns = table.columns.map((c) => `"${c.name}"`).join(', ');
    const statement = db.prepare(`SELECT ${columns} FROM "${indexerSqlTable(table)}" ORDER BY rowid`).raw();
    checks.set(table.name, {
      table,
      rows: (statement.iterate() as Iterable<StoredCell[]>)[Symbol.iterator](),
      compared: 0,
      failed: false,
    });
  }
  deriveIndexerRows(
    store,
    db,
    (batch) => {
      for (const [name, derivedRows] of batch) {
        const check = checks.get(name);
        if (check === undefined || check.failed) continue;
        for (const derived of derivedRows) {
          const version = rowVersion(check.table, derived);
          let next: IteratorResult<StoredCell[]>;
          try {
            next = check.rows.next();
          } catch (error) {
            // A view (indexer-views.ts) reads the stored transactions: damaged JSON there fails the read itself.
            problem(`indexer table ${name}, version ${version}: the file's row does not read (${String(error)})`);
            check.failed = true;
            break;
          }
          if (next.done === true) {
            problem(`indexer table ${name}, version ${version}: a derived row is missing from the file`);
            check.failed = true;
            break;
          }
          const values = storedRow(check.table, derived);
          const column = check.table.columns.findIndex((_, i) => !sameCell(next.value[i], values[i] ?? null));
          if (column >= 0) {
            const { name: field } = check.table.columns[column] ?? { name: '?' };
            problem(
              `indexer table ${name}, version ${version}: ${field} is ${JSON.stringify(String(next.value[column]))} ` +
                `in the file, ${JSON.stringify(String(values[column]))} derived from the transactions`,
            );
            check.failed = true;
            break;
          }
          check.compared += 1;
        }
      }
    },
    (version, error) => {
      problem(`indexer tables, version ${version}: its stored data does not derive (${(error as Error).message})`);
    },
    { progress, phase: 'verifying: indexer tables, derived again' },
  );
  const checked: Record<string, number> = {};
  for (const check of checks.values()) {
    if (!check.failed && !rowsEnded(check.rows)) {
      problem(`indexer table ${check.table.name}: the file has more rows than the transactions derive`);
      check.failed = true;
    }
    check.rows.return?.();
    checked[`indexer ${check.table.name}`] = check.compared;
  }
  for (const table of INDEXER_TABLES) checkValidTo(store, table, problem);
  return checked;
}

/** Whether `rows` has no further row (a row that does not read counts as one more). */
function rowsEnded(rows: Iterator<StoredCell[]>): boolean {
  try {
    return rows.next().done === true;
  } catch {
    return false;
  }
}

/** `_valid_to` of each row of a current table = the version of the next row of its key (NULL for the newest). */
function checkValidTo(store: SnapshotStore, table: IndexerTable, problem: (text: string) => void): void {
  if (table.history.kind !== 'current' || indexerTable(table.name) === undefined) return;
  const key = table.history.key.map((c) => `"${c}"`).join(', ');
  const version = `"${table.history.versionColumn}"`;
  const row = store.database
    .prepare(
      `SELECT ${version} AS version, ${VALID_TO_COLUMN} AS valid_to, next FROM (SELECT ${version}, ${VALID_TO_COLUMN},
         LEAD(${version}) OVER (PARTITION BY ${key} ORDER BY rowid) AS next FROM "${indexerSqlTable(table)}")
       WHERE ${VALID_TO_COLUMN} IS NOT next LIMIT 1`,
    )
    .get() as { version: number; valid_to: number | null; next: number | null } | undefined;
  if (row !== undefined)
    problem(
      `indexer table ${table.name}, version ${row.version}: ${VALID_TO_COLUMN} is ${row.valid_to ?? 'NULL'}, ` +
        `the key's next row is at ${row.next ?? 'none'}`,
    );
}
