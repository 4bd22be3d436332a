/**
 * The SQL of a table field's rows: as of the version, filtered (`where`), ordered (`order_by`), windowed
 * (`limit`/`offset`) and deduplicated (`distinct_on`, as Postgres's DISTINCT ON), listing the asked columns first
 * and then the values of object relationships joined in the same statement (object-joins.ts).
 */
import type { IndexerTable } from '../indexer-table.ts';
import { GraphqlFailure } from './graphql-errors.ts';
import type { SelectArgs } from './selection-plan.ts';
import { asOfCondition, columnOf, columnRef, fromTable, ident, selectColumn, type SqlBuilder } from './sql-context.ts';
import { orderClause, orderTerms } from './sql-order.ts';
import { whereCondition } from './sql-where.ts';
import type { ObjectJoins } from './object-joins.ts';

/** No joined object relationships. */
export const NO_JOINS: ObjectJoins = { selects: [], joins: '', joined: new Map() };

/**
 * A window bound written into the SQL text: a bound LIMIT costs SQLite a sixth more on a 25-row page (measured:
 * test/bench/indexer-graphql-bench.ts); the values are coerced GraphQL `Int`s, checked here again.
 */
function integerText(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new GraphqlFailure(`not a row count: ${value}`, 'validation-failed');
  return String(value);
}

/** The filtered, ordered rows of a table field as a SQL query listing `columns` first. */
export function selectQuery(
  table: IndexerTable,
  args: SelectArgs,
  columns: readonly string[],
  sql: SqlBuilder,
  window: { readonly limit: number | undefined; readonly offset: number },
  joins: (alias: string) => ObjectJoins = () => NO_JOINS,
): string {
  const alias = sql.alias();
  const joined = joins(alias);
  const where = `${asOfCondition(table, alias, sql)} AND ${whereCondition(table, alias, args.where, sql)}`;
  const terms = orderTerms(table, alias, args.orderBy, sql);
  const page =
    (window.limit === undefined ? ' LIMIT -1' : ` LIMIT ${integerText(window.limit)}`) +
    (window.offset > 0 ? ` OFFSET ${integerText(window.offset)}` : '');
  const list = [...columns.map((c) => selectColumn(table, alias, c, sql)), ...joined.selects];
  const from = `${fromTable(table, alias, sql)}${joined.joins}`;
  if (args.distinctOn.length === 0) {
    const decoded = table.decodedOnRead;
    if (decoded !== undefined && joined.selects.length === 0 && columns.some((c) => decoded[c] !== undefined)) {
      // Sorted and windowed without the decoded columns, which are rendered for the rows kept only (SQLite would
      // compute them for every row it sorts): decoded-on-read.ts.
      const kept = [...new Set(columns.flatMap((c) => decoded[c]?.reads ?? [c]))];
      const inner = kept.map((c) => `${columnRef(alias, c)} AS ${ident(c)}`);
      const ref = (column: string): string => `_k.${ident(column)}`;
      const outer = columns.map((c) => {
        const column = decoded[c];
        return column === undefined ? ref(c) : `${column.sql(ref)} AS ${ident(c)}`;
      });
      return (
        `SELECT ${outer.join(', ')} FROM (SELECT ${inner.join(', ')} FROM ${from} WHERE ${where}` +
        `${orderClause(terms)}${page}) AS _k`
      );
    }
    return `SELECT ${list.join(', ') || '1'} FROM ${from} WHERE ${where}${orderClause(terms)}${page}`;
  }
  for (const name of args.distinctOn)
    if (!columnOf(table, name)) throw new GraphqlFailure(`distinct_on: no column ${name}`, 'validation-failed');
  // Postgres's DISTINCT ON: the first row of each group in the requested order, then that order.
  const partition = args.distinctOn.map((c) => columnRef(alias, c)).join(', ');
  const keys = terms.map((t, i) => `${t.expression} AS _o${i}`);
  const inner =
    `SELECT ${[...list, ...keys].join(', ') || '1'}, ` +
    `ROW_NUMBER() OVER (PARTITION BY ${partition}${orderClause(terms)}) AS _rn ` +
    `FROM ${from} WHERE ${where}`;
  const outerOrder = terms.length === 0 ? '' : ` ORDER BY ${terms.map((t, i) => `_o${i} ${t.direction}`).join(', ')}`;
  return `SELECT * FROM (${inner}) WHERE _rn = 1${outerOrder}${page}`;
}
