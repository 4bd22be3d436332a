/**
 * Running the engine's SQL on the snapshot's read-only connection: prepared statements kept per SQL text (bounded: the
 * same query shape reuses its statement, whatever its values), rows read as arrays.
 */
import type Database from 'better-sqlite3';
import type { SqlValue } from './sql-context.ts';

/** What the resolver needs of SQLite. */
export interface SqlRunner {
  /** Every row of `sql`, each as an array of its columns in SELECT order. */
  rows(sql: string, params: Readonly<Record<string, SqlValue>>): unknown[][];
}

const MAX_STATEMENTS = 512;

/** A runner over `db` (the caller keeps it read-only). */
export function sqlRunner(db: Database.Database): SqlRunner {
  const statements = new Map<string, Database.Statement>();
  const prepared = (sql: string): Database.Statement => {
    let statement = statements.get(sql);
    if (statement === undefined) {
      // Full: start afresh (a client's queries are few shapes; a hostile stream of shapes costs a re-prepare each).
      if (statements.size >= MAX_STATEMENTS) statements.clear();
      statement = db.prepare(sql).raw(true);
      statements.set(sql, statement);
    }
    return statement;
  };
  return { rows: (sql, params) => prepared(sql).all(params) as unknown[][] };
}
