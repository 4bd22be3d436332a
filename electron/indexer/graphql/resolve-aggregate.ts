/**
 * `<t>_aggregate { aggregate { … } }` as Hasura answers it: over the rows the arguments select (as of the version,
 * `where`, and — as Hasura does — `limit`/`offset`/`distinct_on` when given), `count` (also `count(columns:,
 * distinct:)`) and `sum`/`avg`/`max`/`min` per column, computed exactly (sql-aggregates.ts) and rendered as Hasura
 * renders Postgres's results: sums and averages as numbers (an average with Postgres's scale), `max`/`min` in the
 * column's own form. Every function of one `aggregate` is one statement; a count is one more.
 */
import type { IndexerTable } from '../indexer-table.ts';
import { assertNever } from '../../../shared/assert-never.ts';
import { GraphqlFailure } from './graphql-errors.ts';
import { cellJson } from './json-cells.ts';
import { builderOf, rowOffset, type ResolveState } from './resolve-rows.ts';
import { selectQuery } from './select-query.ts';
import type { AggregateFieldPlan, AggregatePartPlan, FieldPlan, RootPlan, SelectArgs } from './selection-plan.ts';
import { asOfCondition, columnExpression, columnOf, fromTable, ident, type SqlBuilder } from './sql-context.ts';
import { SQL_AGGREGATES } from './sql-aggregates.ts';
import { whereCondition } from './sql-where.ts';

type FunctionPlan = Extract<AggregateFieldPlan, { kind: 'function' }>;

function isPaged(args: SelectArgs): boolean {
  if (args.limit !== undefined && args.limit < 0)
    throw new GraphqlFailure('unexpected negative value for limit', 'validation-failed');
  return args.limit !== undefined || args.offset !== undefined || args.distinctOn.length > 0;
}

/** `FROM … WHERE …` of the aggregated rows, and how a column of them is written. */
function rowsSource(
  table: IndexerTable,
  args: SelectArgs,
  columns: readonly string[],
  sql: SqlBuilder,
): { readonly from: string; readonly ref: (column: string) => string } {
  if (isPaged(args)) {
    // Hasura aggregates the rows a limit/offset/distinct_on selects (a count is not capped at 100 rows).
    const window = { limit: args.limit, offset: rowOffset(args) };
    const rows = selectQuery(table, args, columns, sql, window);
    return { from: ` FROM (${rows}) AS _r`, ref: (column) => `_r.${ident(column)}` };
  }
  const alias = sql.alias();
  const where = `${asOfCondition(table, alias, sql)} AND ${whereCondition(table, alias, args.where, sql)}`;
  return {
    from: ` FROM ${fromTable(table, alias, sql)} WHERE ${where}`,
    ref: (column) => columnExpression(table, alias, column, sql),
  };
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
  let text: string;
  if (columns.length === 0) {
    // The plain count: no subquery unless paged, so SQLite counts straight from an index.
    text = `SELECT count(*)${rowsSource(table, args, [], sql).from}`;
  } else {
    const window = { limit: args.limit, offset: rowOffset(args) };
    const rows = `(${selectQuery(table, args, columns, sql, window)})`;
    const quoted = columns.map((c) => ident(c));
    const notNull = quoted.map((c) => `${c} IS NOT NULL`).join(' AND ');
    text = field.distinct
      ? `SELECT count(*) FROM (SELECT DISTINCT ${quoted.join(', ')} FROM ${rows} WHERE ${notNull})`
      : `SELECT count(*) FROM ${rows} WHERE ${notNull}`;
  }
  const [row] = state.runner.rows(text, sql.params);
  return String(row?.[0] ?? 0);
}

/** The SQL of `fn` over one column (its value read back as text or an integer). */
function functionSql(plan: FunctionPlan, type: string, ref: string): string {
  switch (plan.fn) {
    case 'sum':
      return `${SQL_AGGREGATES.sum}(${ref})`;
    case 'avg':
      return `${SQL_AGGREGATES.avg}(${ref})`;
    case 'max':
    case 'min':
      if (type === 'numeric')
        return `${plan.fn === 'max' ? SQL_AGGREGATES.maxNumeric : SQL_AGGREGATES.minNumeric}(${ref})`;
      // Integers as text: exact beyond 2^53 whatever the reading of the row.
      return type === 'String' || type === 'timestamp' ? `${plan.fn}(${ref})` : `CAST(${plan.fn}(${ref}) AS TEXT)`;
    default:
      return assertNever(plan.fn);
  }
}

/** The JSON of every `sum`/`avg`/`max`/`min` field of `fields`, by field, from one statement. */
function functionsJson(
  state: ResolveState,
  table: IndexerTable,
  args: SelectArgs,
  fields: readonly FunctionPlan[],
): Map<FunctionPlan, string> {
  const answers = new Map<FunctionPlan, string>();
  const columns = [...new Set(fields.flatMap((f) => f.columns.flatMap((c) => (c.kind === 'column' ? [c] : []))))];
  const sql = builderOf(state);
  const source = rowsSource(table, args, [...new Set(columns.map((c) => c.column.name))], sql);
  const items: string[] = [];
  for (const field of fields)
    for (const column of field.columns)
      if (column.kind === 'column') items.push(functionSql(field, column.column.type, source.ref(column.column.name)));
  const [row] = items.length === 0 ? [[]] : state.runner.rows(`SELECT ${items.join(', ')}${source.from}`, sql.params);
  let at = 0;
  for (const field of fields) {
    const parts = field.columns.map((column) => {
      const key = JSON.stringify(column.key);
      if (column.kind === 'typename') return `${key}:${JSON.stringify(column.typename)}`;
      const value = row?.[at];
      at += 1;
      // sum/avg are Postgres numerics (JSON numbers); max/min keep the column's type.
      const type = field.fn === 'sum' || field.fn === 'avg' ? 'numeric' : column.column.type;
      return `${key}:${cellJson(type, value)}`;
    });
    answers.set(field, `{${parts.join(',')}}`);
  }
  return answers;
}

function aggregateFieldsJson(
  state: ResolveState,
  plan: Extract<RootPlan, { kind: 'aggregate' }>,
  fields: readonly AggregateFieldPlan[],
): string {
  const functions = fields.filter((f): f is FunctionPlan => f.kind === 'function');
  const values = functions.length > 0 ? functionsJson(state, plan.table, plan.args, functions) : new Map();
  const parts = fields.map((field) => {
    const key = JSON.stringify(field.key);
    switch (field.kind) {
      case 'typename':
        return `${key}:${JSON.stringify(field.typename)}`;
      case 'count':
        return `${key}:${countJson(state, plan.table, plan.args, field)}`;
      case 'function':
        return `${key}:${values.get(field) as string}`;
      default:
        return assertNever(field);
    }
  });
  return `{${parts.join(',')}}`;
}

/** The JSON of `<t>_aggregate`; `nodes` rendered by `nodesJson` (a table field's rows). */
export function aggregateJson(
  state: ResolveState,
  plan: Extract<RootPlan, { kind: 'aggregate' }>,
  nodesJson: (fields: readonly FieldPlan[]) => string,
): string {
  const parts = plan.parts.map((part: AggregatePartPlan) => {
    const key = JSON.stringify(part.key);
    switch (part.kind) {
      case 'typename':
        return `${key}:${JSON.stringify(part.typename)}`;
      case 'nodes':
        return `${key}:${nodesJson(part.fields)}`;
      case 'aggregate':
        return `${key}:${aggregateFieldsJson(state, plan, part.fields)}`;
      default:
        return assertNever(part);
    }
  });
  return `{${parts.join(',')}}`;
}
