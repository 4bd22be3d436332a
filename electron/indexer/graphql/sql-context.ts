/**
 * What SQL compilation shares across one request: the bound parameters (every value a client sends is bound,
 * never written into the SQL text), fresh table aliases, the version answered as of, the tables and the limits.
 * Identifiers in the SQL come only from the declarations (validated names), never from the request.
 */
import { indexerSqlTable, VALID_TO_COLUMN, type IndexerColumn, type IndexerTable } from '../indexer-table.ts';
import { assertNever } from '../../../shared/assert-never.ts';
import type { QueryLimits } from './query-limits.ts';
import { derivedSource } from './served-tables.ts';

/** A value SQLite binds. */
export type SqlValue = string | number | bigint | null;

/** The state of one statement being built. */
export class SqlBuilder {
  /** Named parameters (`@p0`…): the SQL text may use them in any order, and more than once. */
  readonly params: Record<string, SqlValue> = {};
  readonly version: bigint;
  readonly tables: ReadonlyMap<string, IndexerTable>;
  readonly limits: QueryLimits;
  #aliases = 0;
  #params = 0;

  /** A builder answering as of `version`. */
  constructor(version: bigint, tables: ReadonlyMap<string, IndexerTable>, limits: QueryLimits) {
    this.version = version;
    this.tables = tables;
    this.limits = limits;
  }

  /**
   * A parameter bound to `value`, written `+@pN`: SQLite built with STAT4 (as better-sqlite3's is) re-plans a
   * statement on every run when a bare parameter meets an analyzed index; the unary plus keeps the plan without the
   * re-preparation (as electron/snapshot/snapshot-queries.ts `plan` does).
   */
  bind(value: SqlValue): string {
    const name = `p${this.#params}`;
    this.#params += 1;
    // A bigint binds slower than a number (measured: test/bench/indexer-graphql-bench.ts); versions fit a double
    // exactly.
    this.params[name] = typeof value === 'bigint' && Number.isSafeInteger(Number(value)) ? Number(value) : value;
    return `+@${name}`;
  }

  /** A fresh table alias. */
  alias(): string {
    const alias = `t${this.#aliases}`;
    this.#aliases += 1;
    return alias;
  }

  /** The declared table `name`. */
  table(name: string): IndexerTable {
    const table = this.tables.get(name);
    if (!table) throw new Error(`no indexer table ${name}`);
    return table;
  }
}

/** A declared identifier, double-quoted (declarations hold plain identifiers only: indexer-table.ts). */
export function ident(name: string): string {
  let quoted = IDENTIFIERS.get(name);
  if (quoted === undefined) {
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain SQL identifier: ${name}`);
    quoted = `"${name}"`;
    // Declared names only (a bounded set): checked once each.
    IDENTIFIERS.set(name, quoted);
  }
  return quoted;
}

const IDENTIFIERS = new Map<string, string>();

/** `alias."column"`. */
export function columnRef(alias: string, column: string): string {
  return `${alias}.${ident(column)}`;
}

/** `"ix_<table>" AS alias` (a derived table's SELECT as of the version for one not stored: served-tables.ts). */
export function fromTable(table: IndexerTable, alias: string, sql: SqlBuilder): string {
  return `${derivedSource(table, sql) ?? ident(indexerSqlTable(table))} AS ${alias}`;
}

/** The column `name` of `table`, or undefined. */
export function columnOf(table: IndexerTable, name: string): IndexerColumn | undefined {
  return table.columns.find((c) => c.name === name);
}

/**
 * The condition selecting the rows of `table` (at `alias`) visible as of the builder's version
 * (indexer-table.ts, `TableHistory`); `1` for a static table.
 */
export function asOfCondition(table: IndexerTable, alias: string, sql: SqlBuilder): string {
  const history = table.history;
  switch (history.kind) {
    case 'static':
      return '1';
    case 'log':
      return `${columnRef(alias, history.versionColumn)} <= ${sql.bind(sql.version)}`;
    case 'current': {
      const validTo = `${alias}.${VALID_TO_COLUMN}`;
      const version = sql.version;
      return (
        `${columnRef(alias, history.versionColumn)} <= ${sql.bind(version)} ` +
        `AND (${validTo} IS NULL OR ${validTo} > ${sql.bind(version)})`
      );
    }
    default:
      return assertNever(history);
  }
}

/**
 * Columns of static tables that report a version, answered as min(stored, V) as of V: `processor_status` says the
 * processors have reached the version asked, not the file's newest (electron/indexer/tables/tables-status.ts).
 */
const CAPPED_AT_VERSION: Readonly<Record<string, readonly string[]>> = { processor_status: ['last_success_version'] };

/** The value of column `name` of `table` at `alias` as of the builder's version (a plain column reference mostly). */
export function columnExpression(table: IndexerTable, alias: string, name: string, sql: SqlBuilder): string {
  const ref = columnRef(alias, name);
  return CAPPED_AT_VERSION[table.name]?.includes(name) ? `min(${ref}, ${sql.bind(sql.version)})` : ref;
}

/** A SELECT list item for column `name`, named as the column. */
export function selectColumn(table: IndexerTable, alias: string, name: string, sql: SqlBuilder): string {
  if (CAPPED_AT_VERSION[table.name]?.includes(name) !== true) return columnRef(alias, name);
  return `${columnExpression(table, alias, name, sql)} AS ${ident(name)}`;
}
