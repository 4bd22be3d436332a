/**
 * Resolution of a planned operation (selection-plan.ts) to the `data` JSON text: each root table field is one
 * SQL query as of the requested version (where, order, distinct_on, the 100-row cap), its relationships batched per
 * level (resolve-rows.ts); `<t>_aggregate` counts with the same filter and answers `nodes` like a table field.
 */
import type { IndexerTable } from '../indexer-table.ts';
import { assertNever } from '../../../shared/assert-never.ts';
import { GraphqlFailure } from './graphql-errors.ts';
import { builderOf, fetchAndRender, neededColumns, rowLimit, rowOffset, type ResolveState } from './resolve-rows.ts';
import type { AggregateFieldPlan, FieldPlan, RootPlan, SelectArgs } from './selection-plan.ts';
import { asOfCondition, columnOf, columnRef, fromTable, selectColumn, type SqlBuilder } from './sql-context.ts';
import { orderClause, orderTerms } from './sql-order.ts';
import { whereCondition } from './sql-where.ts';
import { objectJoins, type ObjectJoins } from './object-joins.ts';

const NO_JOINS: ObjectJoins = { selects: [], joins: '', joined: new Map() };

/** The filtered, ordered rows of a table field as a SQL query listing `columns` first. */
function selectQuery(
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
    (window.limit === undefined ? ' LIMIT -1' : ` LIMIT ${sql.bind(window.limit)}`) +
    (window.offset > 0 ? ` OFFSET ${sql.bind(window.offset)}` : '');
  const list = [...columns.map((c) => selectColumn(table, alias, c, sql)), ...joined.selects];
  const from = `${fromTable(table, alias)}${joined.joins}`;
  if (args.distinctOn.length === 0)
    return `SELECT ${list.join(', ') || '1'} FROM ${from} WHERE ${where}${orderClause(terms)}${page}`;
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

function rowsJson(state: ResolveState, table: IndexerTable, args: SelectArgs, fields: readonly FieldPlan[]): string {
  const sql = builderOf(state);
  const columns = neededColumns(fields);
  const window = { limit: rowLimit(args, state.limits), offset: rowOffset(args) };
  let joined: ObjectJoins = NO_JOINS;
  const text = selectQuery(table, args, columns, sql, window, (alias) => {
    joined = objectJoins(fields, alias, columns.length, sql);
    return joined;
  });
  const { texts } = fetchAndRender(state, fields, columns, text, sql.params, joined.joined);
  return `[${texts.join(',')}]`;
}

function countJson(
  state: ResolveState,
  table: IndexerTable,
  args: SelectArgs,
  field: Extract<AggregateFieldPlan, { kind: 'count' }>,
): string {
  const sql = builderOf(state);
  const columns = field.columns;
  for (const name of columns)
    if (!columnOf(table, name)) throw new GraphqlFailure(`count: no column ${name}`, 'validation-failed');
  const paged = args.limit !== undefined || args.offset !== undefined || args.distinctOn.length > 0;
  if (args.limit !== undefined && args.limit < 0)
    throw new GraphqlFailure('unexpected negative value for limit', 'validation-failed');
  // A count is not capped at 100 rows (the hosted indexer counts every matching row).
  const window = { limit: args.limit, offset: rowOffset(args) };
  const rows = paged || columns.length > 0 ? `(${selectQuery(table, args, columns, sql, window)})` : undefined;
  let text: string;
  if (rows === undefined) {
    // The plain count: no subquery, so SQLite counts straight from an index.
    const alias = sql.alias();
    const where = `${asOfCondition(table, alias, sql)} AND ${whereCondition(table, alias, args.where, sql)}`;
    text = `SELECT count(*) FROM ${fromTable(table, alias)} WHERE ${where}`;
  } else if (columns.length === 0) {
    text = `SELECT count(*) FROM ${rows}`;
  } else {
    const quoted = columns.map((c) => `"${c}"`);
    const notNull = quoted.map((c) => `${c} IS NOT NULL`).join(' AND ');
    text = field.distinct
      ? `SELECT count(*) FROM (SELECT DISTINCT ${quoted.join(', ')} FROM ${rows} WHERE ${notNull})`
      : `SELECT count(*) FROM ${rows} WHERE ${notNull}`;
  }
  const [row] = state.runner.rows(text, sql.params);
  return String(row?.[0] ?? 0);
}

function aggregateJson(state: ResolveState, plan: Extract<RootPlan, { kind: 'aggregate' }>): string {
  const parts = plan.parts.map((part) => {
    switch (part.kind) {
      case 'typename':
        return `${JSON.stringify(part.key)}:${JSON.stringify(part.typename)}`;
      case 'nodes':
        return `${JSON.stringify(part.key)}:${rowsJson(state, plan.table, plan.args, part.fields)}`;
      case 'aggregate': {
        const fields = part.fields.map((field) =>
          field.kind === 'typename'
            ? `${JSON.stringify(field.key)}:${JSON.stringify(field.typename)}`
            : `${JSON.stringify(field.key)}:${countJson(state, plan.table, plan.args, field)}`,
        );
        return `${JSON.stringify(part.key)}:{${fields.join(',')}}`;
      }
      default:
        return assertNever(part);
    }
  });
  return `{${parts.join(',')}}`;
}

/** The `data` object of `plans` as JSON text. */
export function resolvePlans(state: ResolveState, plans: readonly RootPlan[]): string {
  const parts = plans.map((plan) => {
    const key = JSON.stringify(plan.key);
    switch (plan.kind) {
      case 'typename':
        return `${key}:${JSON.stringify(plan.typename)}`;
      case 'rows':
        return `${key}:${rowsJson(state, plan.table, plan.args, plan.fields)}`;
      case 'aggregate':
        return `${key}:${aggregateJson(state, plan)}`;
      default:
        return assertNever(plan);
    }
  });
  return `{${parts.join(',')}}`;
}
