/**
 * What SQL compilation shares across one request: the bound parameters (every value a client sends is bound,
 * never written into the SQL text), fresh table aliases, the version answered as of, the tables and the limits.
 * Identifiers in the SQL come only from the declarations (validated names), never from the request.
 */
import { indexerSqlTable, VALID_TO_COLUMN, type IndexerColumn, type IndexerTable } from '../indexer-table.ts';
import { assertNever } from '../../../shared/assert-never.ts';
import type { QueryLimits } from './query-limits.ts';
import { derivedSource } from './served-tables.ts';
import { isSentinel, SENTINEL_MARK, TaintedTemplate } from './request-template.ts';

/** A value SQLite binds. */
export type SqlValue = string | number | bigint | null;

/** How one parameter of a statement gets its value: a constant, the version asked, or a request string. */
export type ParamSlot =
  | { readonly name: string; readonly kind: 'constant'; readonly value: SqlValue }
  | { readonly name: string; readonly kind: 'version' }
  | { readonly name: string; readonly kind: 'variable'; readonly sentinel: string };

/** The state of one statement being built. */
export class SqlBuilder {
  /** Named parameters (`@p0`…): the SQL text may use them in any order, and more than once. */
  readonly params: Record<string, SqlValue> = {};
  /** Where each parameter's value comes from (request-template.ts: a statement reused with other values). */
  readonly slots: ParamSlot[] = [];
  readonly version: bigint;
  readonly tables: ReadonlyMap<string, IndexerTable>;
  readonly limits: QueryLimits;
  /** Sentinel → request string, when the plan was made from a template's variables; undefined otherwise. */
  readonly sentinels: ReadonlyMap<string, string> | undefined;
  #aliases = 0;
  #params = 0;
  #version: string | undefined;

  /** A builder answering as of `version`. */
  constructor(
    version: bigint,
    tables: ReadonlyMap<string, IndexerTable>,
    limits: QueryLimits,
    sentinels?: ReadonlyMap<string, string>,
  ) {
    this.version = version;
    this.tables = tables;
    this.limits = limits;
    this.sentinels = sentinels;
  }

  /**
   * A parameter bound to `value`, written `+@pN`: SQLite built with STAT4 (as better-sqlite3's is) re-plans a
   * statement on every run when a bare parameter meets an analyzed index; the unary plus keeps the plan without the
   * re-preparation (as electron/snapshot/snapshot-queries.ts `plan` does). Under a template, a sentinel binds the
   * request's string; a value holding a sentinel otherwise is refused (request-template.ts).
   */
  bind(value: SqlValue): string {
    const name = this.#next();
    if (this.sentinels !== undefined && typeof value === 'string' && value.includes(SENTINEL_MARK)) {
      const real = this.sentinels.get(value);
      if (real === undefined || !isSentinel(value)) throw new TaintedTemplate('a sentinel is bound transformed');
      this.params[name] = real;
      this.slots.push({ name, kind: 'variable', sentinel: value });
      return `+@${name}`;
    }
    // A bigint binds slower than a number (measured: test/bench/indexer-graphql-bench.ts).
    const bound = typeof value === 'bigint' && Number.isSafeInteger(Number(value)) ? Number(value) : value;
    this.params[name] = bound;
    this.slots.push({ name, kind: 'constant', value: bound });
    return `+@${name}`;
  }

  /** The parameter of the version asked (one per statement, however often used). */
  bindVersion(): string {
    if (this.#version === undefined) {
      const name = this.#next();
      this.params[name] = versionValue(this.version);
      this.slots.push({ name, kind: 'version' });
      this.#version = `+@${name}`;
    }
    return this.#version;
  }

  #next(): string {
    const name = `p${this.#params}`;
    this.#params += 1;
    return name;
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

/** A version as SQLite binds it fastest (versions fit a double exactly up to 2^53). */
function versionValue(version: bigint): SqlValue {
  return Number.isSafeInteger(Number(version)) ? Number(version) : version;
}

/** The parameters of a statement built earlier (its `slots`), for `version` and the request strings `sentinels`. */
export function paramsOf(
  slots: readonly ParamSlot[],
  version: bigint,
  sentinels: ReadonlyMap<string, string> | undefined,
): Record<string, SqlValue> {
  const params: Record<string, SqlValue> = {};
  for (const slot of slots) {
    if (slot.kind === 'constant') params[slot.name] = slot.value;
    else if (slot.kind === 'version') params[slot.name] = versionValue(version);
    else {
      const real = sentinels?.get(slot.sentinel);
      if (real === undefined) throw new TaintedTemplate('a template statement meets a request without its value');
      params[slot.name] = real;
    }
  }
  return params;
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
      return `${columnRef(alias, history.versionColumn)} <= ${sql.bindVersion()}`;
    case 'current': {
      const validTo = `${alias}.${VALID_TO_COLUMN}`;
      const version = sql.bindVersion();
      return (
        `${columnRef(alias, history.versionColumn)} <= ${version} ` +
        `AND (${validTo} IS NULL OR ${validTo} > ${version})`
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
  return CAPPED_AT_VERSION[table.name]?.includes(name) ? `min(${ref}, ${sql.bindVersion()})` : ref;
}

/** A SELECT list item for column `name`, named as the column. */
export function selectColumn(table: IndexerTable, alias: string, name: string, sql: SqlBuilder): string {
  if (CAPPED_AT_VERSION[table.name]?.includes(name) !== true) return columnRef(alias, name);
  return `${columnExpression(table, alias, name, sql)} AS ${ident(name)}`;
}
