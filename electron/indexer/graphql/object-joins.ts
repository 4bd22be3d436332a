/**
 * Object relationships answered inside their parent's query: a selection of plain columns through an object
 * relationship (`user_transaction { … }` of a history page, `metadata { … }` of a balance) becomes a LEFT JOIN
 * on the one related row as of the version (the first one, as an object relationship shows one), so the page
 * costs one statement, as the bare SQL of the same rows does, rather than a second batched query. Not for a target
 * SQLite cannot flatten on the right of a LEFT JOIN (a view that is itself a join, e.g. `user_transactions` over
 * a snapshot's transactions and their details): SQLite would build the whole view for every statement, so such a
 * relationship is answered by the batched query of resolve-rows.ts (index lookups) instead.
 */
import type Database from 'better-sqlite3';
import type { IndexerTable } from '../indexer-table.ts';
import { indexerSqlTable } from '../indexer-table.ts';
import type { FieldPlan } from './selection-plan.ts';
import { crawlerColumn, isCrawlerTable } from './crawler-table.ts';
import { asOfCondition, columnRef, fromTable, selectColumn, type SqlBuilder } from './sql-context.ts';
import { joinEquals } from './sql-coded.ts';

/** An object relationship field whose selection is columns only. */
export type JoinedField = Extract<FieldPlan, { kind: 'object' }>;

/** Where a joined relationship's values sit in the parent's rows. */
export interface JoinedColumns {
  /** The index of the related row's rowid (null: no related row), then its columns in order. */
  readonly start: number;
  readonly columns: readonly string[];
}

/** What the parent's query adds: SELECT items after its own columns, JOIN clauses after its FROM. */
export interface ObjectJoins {
  readonly selects: readonly string[];
  readonly joins: string;
  readonly joined: ReadonlyMap<FieldPlan, JoinedColumns>;
}

/** Tables whose view SQLite materializes on the right of a LEFT JOIN in some open file (see {@link noteViewJoins}). */
const MATERIALIZED = new WeakSet<IndexerTable>();

/**
 * Notes which of `tables` are views that SQLite would materialize as a LEFT JOIN's right side in `db` (asked of its
 * query planner once per engine). Answers never depend on it: such a relationship is only resolved another way.
 */
export function noteViewJoins(db: Database.Database, tables: readonly IndexerTable[]): void {
  const views = new Set(db.prepare("SELECT name FROM sqlite_master WHERE type = 'view'").pluck().all() as string[]);
  for (const table of tables) {
    const name = indexerSqlTable(table);
    if (!views.has(name)) continue;
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT t.rowid FROM sqlite_master AS p LEFT JOIN "${name}" AS t ON t.rowid = p.rootpage`,
      )
      .all() as { detail: string }[];
    if (plan.some((step) => /MATERIALIZE|CO-ROUTINE/.test(step.detail))) MATERIALIZED.add(table);
  }
}

/** Whether `field` is answered by a join (an object relationship selecting columns and `__typename` only). */
export function isJoinable(field: FieldPlan): field is JoinedField {
  return (
    field.kind === 'object' &&
    !MATERIALIZED.has(field.target) &&
    field.fields.every((f) => f.kind === 'column' || f.kind === 'typename')
  );
}

/** The joins of the joinable fields of `fields` over the `parent` table at `alias`; their values start at `first`. */
export function objectJoins(
  fields: readonly FieldPlan[],
  parent: IndexerTable,
  alias: string,
  first: number,
  sql: SqlBuilder,
): ObjectJoins {
  const selects: string[] = [];
  const joins: string[] = [];
  const joined = new Map<FieldPlan, JoinedColumns>();
  for (const field of fields) {
    if (!isJoinable(field)) continue;
    const target: IndexerTable = field.target;
    const columns = [...new Set(field.fields.flatMap((f) => (f.kind === 'column' ? [f.column.name] : [])))];
    joined.set(field, { start: first + selects.length, columns });
    if (isCrawlerTable(target)) {
      // The crawler's row is a function of the parent's URI: no lookup (crawler-table.ts).
      const uri = columnRef(alias, Object.keys(field.relationship.on)[0] as string);
      selects.push(`CASE WHEN ${uri} <> '' THEN 1 END`, ...columns.map((c) => crawlerColumn(c, uri)));
      continue;
    }
    const row = sql.alias();
    const probe = sql.alias();
    const on = Object.entries(field.relationship.on)
      .map(([local, remote]) => joinEquals(target, probe, remote, parent, alias, local))
      .join(' AND ');
    // The rowid of the first related row as of V: at most one row joins, whatever the data holds.
    joins.push(
      ` LEFT JOIN ${fromTable(target, row, sql)} ON ${row}.rowid = ` +
        `(SELECT ${probe}.rowid FROM ${fromTable(target, probe, sql)} ` +
        `WHERE ${on} AND ${asOfCondition(target, probe, sql)} LIMIT 1)`,
    );
    selects.push(`${row}.rowid`, ...columns.map((c) => selectColumn(target, row, c, sql)));
  }
  return { selects, joins: joins.join(''), joined };
}
