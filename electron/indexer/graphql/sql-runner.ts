/**
 * Running the engine's SQL on the snapshot's read-only connection: prepared statements kept per SQL text (bounded by
 * entries and by the bytes of their texts — a long `where` makes a long statement —, least recently used dropped:
 * the same query shape reuses its statement, whatever its values), rows read as arrays.
 */
import type Database from 'better-sqlite3';
import type { SqlValue } from './sql-context.ts';
import { BoundedCache } from './request-template.ts';

/** What the resolver needs of SQLite. */
export interface SqlRunner {
  /** Every row of `sql`, each as an array of its columns in SELECT order. */
  rows(sql: string, params: Readonly<Record<string, SqlValue>>): unknown[][];
  /** Statements kept and their estimated bytes. */
  readonly kept: () => { readonly entries: number; readonly bytes: number };
}

const MAX_STATEMENTS = 512;
/** A prepared statement costs SQLite several times its text: counted as 8 bytes per character. */
const MAX_STATEMENT_BYTES = 32 * 1024 * 1024;

/** A runner over `db` (the caller keeps it read-only). */
export function sqlRunner(db: Database.Database): SqlRunner {
  const statements = new BoundedCache<Database.Statement>(MAX_STATEMENTS, MAX_STATEMENT_BYTES);
  const prepared = (sql: string): Database.Statement => {
    let statement = statements.get(sql);
    if (statement === undefined) {
      statement = db.prepare(sql).raw(true);
      statements.set(sql, statement, sql.length * 6);
    }
    return statement;
  };
  return { rows: (sql, params) => prepared(sql).all(params) as unknown[][], kept: () => statements.size };
}
