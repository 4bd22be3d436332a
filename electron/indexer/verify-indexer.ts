/**
 * `snapshot verify` of a format v4 file's indexer tables: every table is present, its rows are exactly those the
 * processors derive again from the file's transactions and state (in the same order), and every current table's
 * `_valid_to` names the version of its key's next row. A table served as a view of the file's tables (indexer-views.ts)
 * is compared through its view: its SQL must render the transactions exactly as the processors do; a table stored as
 * coded rows is compared in its stored form (verify-cells.ts). The check runs as independent pieces (verify-plan.ts)
 * that one thread runs in turn or two threads share (electron/snapshot/verify-thread.ts); each piece reports the
 * first difference per table, and of those the first piece's is reported, with its version.
 */
import type { SnapshotStore } from '../snapshot/snapshot-store.ts';
import { INDEXER_FORMAT_VERSION } from '../snapshot/schema.ts';
import { seedRows } from './derive-tables.ts';
import { transactionDeriver } from './derive-transactions.ts';
import { NO_PROGRESS, type Progress } from '../snapshot/progress.ts';
import { indexerSqlTable, VALID_TO_COLUMN, type IndexerTable } from './indexer-table.ts';
import { indexerState } from './indexer-state.ts';
import { missingIndexerTables, rowVersion } from './indexer-storage.ts';
import { INDEXER_TABLES, indexerTable } from './tables/index.ts';
import { registerIndexerFunctions } from './indexer-functions.ts';
import { statusRows } from './processors/process-transaction.ts';
import type { IndexerRow, IndexerRows } from './processors/processor-input.ts';
import { tableMetadataRow } from './processors/table-items.ts';
import { internedTexts, rowComparer, rowSource, type RowComparer, type StoredCell } from './verify-cells.ts';
import { planIndexerCheck, rangeWhere, type IndexerCheckPlan } from './verify-plan.ts';

export type { IndexerCheckPlan } from './verify-plan.ts';

/** The phase verify's progress names while the indexer tables are derived again. */
export const INDEXER_CHECK_PHASE = 'verifying: indexer tables, derived again';

/** One problem a piece found: of a table (only a table's first is reported), or of a transaction (`table` null). */
export interface PieceProblem {
  readonly table: string | null;
  readonly text: string;
}

/** What one piece found: its problems in order, the rows compared per table, and the transactions it derived. */
export interface PieceOutcome {
  readonly index: number;
  readonly problems: readonly PieceProblem[];
  readonly compared: Readonly<Record<string, number>>;
  readonly transactions: number;
}

/**
 * The plan of the indexer check of `store`, or undefined when there is nothing to compare: a file before format v4
 * (its readers print how to upgrade it), or one missing tables (reported through `problem`).
 */
export function prepareIndexerCheck(
  store: SnapshotStore,
  problem: (text: string) => void,
): IndexerCheckPlan | undefined {
  if (store.meta.formatVersion < INDEXER_FORMAT_VERSION) return undefined;
  const db = store.database;
  const missing = missingIndexerTables(db);
  if (missing.length > 0) {
    problem(`format v${store.meta.formatVersion} needs the indexer tables; missing: ${missing.join(', ')}`);
    return undefined;
  }
  return planIndexerCheck(store, db, new Map(INDEXER_TABLES.map((table) => [table.name, rowSource(db, table)])));
}

interface TableCheck {
  readonly table: IndexerTable;
  readonly comparer: RowComparer;
  readonly rows: Iterator<StoredCell[]>;
  compared: number;
  failed: boolean;
}

/** Runs pieces of `plan` on `store`'s connection (each once, any order); one per thread. */
export function indexerChecker(store: SnapshotStore, plan: IndexerCheckPlan): (index: number) => PieceOutcome {
  const db = store.database;
  // The views of the file's own tables render some columns with the indexer's SQL functions.
  registerIndexerFunctions(db);
  const strings = internedTexts(db);
  type Statement = ReturnType<typeof db.prepare<unknown[]>>;
  const readers = new Map(
    INDEXER_TABLES.map((table) => {
      const source = rowSource(db, table);
      return [table.name, { table, source, comparer: rowComparer(table, source, strings) }] as const;
    }),
  );
  // One statement per table and kind of range, made when first needed (a piece iterates each once at a time).
  const statements = new Map<string, Statement>();
  const statementOf = (name: string, bounded: boolean): Statement | undefined => {
    const reader = readers.get(name);
    if (reader === undefined) return undefined;
    const key = `${name} ${bounded}`;
    let statement = statements.get(key);
    if (statement === undefined) {
      const where = rangeWhere(reader.table, reader.source, bounded ? 0 : null);
      statement = db.prepare<unknown[]>(`${reader.source.select} ${where} ORDER BY rowid`).raw();
      statements.set(key, statement);
    }
    return statement;
  };
  const state = indexerState(store, db, !store.captured);
  const derive = transactionDeriver(store, db, state);
  return (index) => {
    const piece = plan.pieces[index];
    if (piece === undefined) throw new Error(`no piece ${index} in the indexer check`);
    const problems: PieceProblem[] = [];
    const checks = new Map<string, TableCheck>();
    for (const [name, [from, to]] of Object.entries(piece.ranges)) {
      const reader = readers.get(name);
      const statement = statementOf(name, to !== null);
      if (reader === undefined || statement === undefined) continue;
      const { table } = reader;
      const rows = (to === null ? statement.iterate(from) : statement.iterate(from, to)) as Iterable<StoredCell[]>;
      checks.set(name, { table, comparer: reader.comparer, rows: rows[Symbol.iterator](), compared: 0, failed: false });
    }
    const sink = (batch: IndexerRows): void => {
      for (const [name, derivedRows] of batch) {
        const check = checks.get(name);
        if (check === undefined) {
          // Rows of a known table where the plan put none of its stored rows: never from a sound derivation.
          if (indexerTable(name) !== undefined && derivedRows.length > 0 && !problems.some((p) => p.table === name))
            problems.push({ table: name, text: `indexer table ${name}: rows derived outside their place in the file` });
          continue;
        }
        if (check.failed) continue;
        for (const derived of derivedRows) {
          const failure = compareNext(check, derived);
          if (failure !== undefined) {
            problems.push({ table: name, text: failure });
            check.failed = true;
            break;
          }
          check.compared += 1;
        }
      }
    };
    try {
      if (piece.kind === 'seed') seedRows(store, db, state, sink);
      else if (piece.kind === 'chunk') {
        for (const version of piece.versions) {
          const outcome = derive(version);
          if (outcome === undefined) continue;
          if (outcome.rows !== undefined) sink(outcome.rows);
          else {
            const message = (outcome.error as Error).message;
            problems.push({
              table: null,
              text: `indexer tables, version ${version}: its stored data does not derive (${message})`,
            });
          }
        }
      } else {
        const tables: IndexerRows = new Map();
        for (const info of store.listTables(undefined, Number.MAX_SAFE_INTEGER))
          tableMetadataRow(info.handle, info, tables);
        sink(tables);
        const latest = store.meta.latestVersion;
        sink(statusRows(latest, state.timestampUsec(latest) ?? 0n, store.meta.chainId));
      }
      for (const check of checks.values()) {
        if (!check.failed && !rowsEnded(check.rows))
          problems.push({
            table: check.table.name,
            text: `indexer table ${check.table.name}: the file has more rows than the transactions derive`,
          });
      }
    } finally {
      for (const check of checks.values()) check.rows.return?.();
    }
    const compared: Record<string, number> = {};
    for (const [name, check] of checks) compared[name] = check.compared;
    return { index, problems, compared, transactions: piece.versions.length };
  };
}

/** Compares the next stored row of `check` with `derived`: the problem's text, or undefined when they agree. */
function compareNext(check: TableCheck, derived: IndexerRow): string | undefined {
  const { name } = check.table;
  const version = rowVersion(check.table, derived);
  let next: IteratorResult<StoredCell[]>;
  try {
    next = check.rows.next();
  } catch (error) {
    // A view (indexer-views.ts) reads the stored transactions: damaged JSON there fails the read itself.
    return `indexer table ${name}, version ${version}: the file's row does not read (${String(error)})`;
  }
  if (next.done === true) return `indexer table ${name}, version ${version}: a derived row is missing from the file`;
  const column = check.comparer.differs(next.value, derived);
  if (column < 0) return undefined;
  const [stored, expected] = check.comparer.texts(next.value, derived, column);
  const field = check.table.columns[column]?.name ?? '?';
  return (
    `indexer table ${name}, version ${version}: ${field} is ${JSON.stringify(stored)} in the file, ` +
    `${JSON.stringify(expected)} derived from the transactions`
  );
}

/** Whether `rows` has no further row (a row that does not read counts as one more). */
function rowsEnded(rows: Iterator<StoredCell[]>): boolean {
  try {
    return rows.next().done === true;
  } catch {
    return false;
  }
}

/** The `_valid_to` problems of every current table (indexer-storage.ts: the version of the key's next row). */
export function validToProblems(store: SnapshotStore): string[] {
  const problems: string[] = [];
  for (const table of INDEXER_TABLES) checkValidTo(store, table, (text) => void problems.push(text));
  return problems;
}

/**
 * Reports the outcomes of every piece of a check (any order) through `problem` — per table only the first piece's
 * difference, every transaction that does not derive, then `later` (the `_valid_to` problems) — and returns the
 * figures: rows compared per table.
 */
export function reportIndexerCheck(
  outcomes: readonly PieceOutcome[],
  later: readonly string[],
  problem: (text: string) => void,
): Record<string, number> {
  const reported = new Set<string>();
  const counts = new Map<string, number>();
  for (const outcome of [...outcomes].sort((a, b) => a.index - b.index)) {
    for (const { table, text } of outcome.problems) {
      if (table !== null && reported.has(table)) continue;
      if (table !== null) reported.add(table);
      problem(text);
    }
    for (const [name, n] of Object.entries(outcome.compared)) counts.set(name, (counts.get(name) ?? 0) + n);
  }
  for (const text of later) problem(text);
  const checked: Record<string, number> = {};
  for (const table of INDEXER_TABLES) checked[`indexer ${table.name}`] = counts.get(table.name) ?? 0;
  return checked;
}

/**
 * Checks the indexer tables of `store` in this thread and reports each problem through `problem`; returns the figures
 * checked (rows per table compared). Other files: nothing to check.
 */
export function verifyIndexerTables(
  store: SnapshotStore,
  problem: (text: string) => void,
  progress: Progress = NO_PROGRESS,
): Record<string, number> {
  const plan = prepareIndexerCheck(store, problem);
  if (plan === undefined) return {};
  const run = indexerChecker(store, plan);
  const total = plan.pieces.reduce((n, piece) => n + piece.versions.length, 0);
  progress.phase(INDEXER_CHECK_PHASE, total, 'transactions');
  let done = 0;
  const outcomes = plan.pieces.map((_, index) => {
    const outcome = run(index);
    progress.update((done += outcome.transactions));
    return outcome;
  });
  return reportIndexerCheck(outcomes, validToProblems(store), problem);
}

/** `_valid_to` of each row of a current table = the version of the next row of its key (NULL for the newest). */
function checkValidTo(store: SnapshotStore, table: IndexerTable, problem: (text: string) => void): void {
  if (table.history.kind !== 'current' || indexerTable(table.name) === undefined) return;
  const key = table.history.key.map((c) => `"${c}"`).join(', ');
  const version = `"${table.history.versionColumn}"`;
  // A coded table's stored rows: its key's stored values are one to one with their texts (verify-cells.ts).
  const source = rowSource(store.database, table);
  const from = source.stored ? source.from : indexerSqlTable(table);
  const row = store.database
    .prepare(
      `SELECT ${version} AS version, ${VALID_TO_COLUMN} AS valid_to, next FROM (SELECT ${version}, ${VALID_TO_COLUMN},
         LEAD(${version}) OVER (PARTITION BY ${key} ORDER BY rowid) AS next FROM "${from}")
       WHERE ${VALID_TO_COLUMN} IS NOT next LIMIT 1`,
    )
    .get() as { version: number; valid_to: number | null; next: number | null } | undefined;
  if (row !== undefined)
    problem(
      `indexer table ${table.name}, version ${row.version}: ${VALID_TO_COLUMN} is ${row.valid_to ?? 'NULL'}, ` +
        `the key's next row is at ${row.next ?? 'none'}`,
    );
}
