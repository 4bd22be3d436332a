/**
 * Which columns Hasura offers under each aggregate function of `<table>_aggregate { aggregate { … } }`, and with
 * which output type: `sum` and `avg` over the numeric columns (`Int`, `bigint`, `numeric`; `avg` is a `Float`),
 * `max` and `min` over the numeric, text and timestamp columns (their own type). Booleans and jsonb have none, as
 * in the hosted schema (the TypeScript SDK's generated `…SumFields`, `…AvgFields`, `…MaxFields`).
 */
import type { IndexerColumn, IndexerTable } from '../indexer-table.ts';

/** The aggregate functions served besides `count`. */
export type ColumnAggregate = 'sum' | 'avg' | 'max' | 'min';

/** The functions in the order Hasura's schema lists them. */
export const COLUMN_AGGREGATES: readonly ColumnAggregate[] = ['avg', 'max', 'min', 'sum'];

const NUMERIC = new Set(['Int', 'bigint', 'numeric']);
const ORDERED = new Set(['Int', 'bigint', 'numeric', 'String', 'timestamp']);

/** Whether `column` appears under `fn`. */
export function aggregatesColumn(fn: ColumnAggregate, column: IndexerColumn): boolean {
  return fn === 'sum' || fn === 'avg' ? NUMERIC.has(column.type) : ORDERED.has(column.type);
}

/** The columns of `table` under `fn`. */
export function aggregateColumns(table: IndexerTable, fn: ColumnAggregate): readonly IndexerColumn[] {
  return table.columns.filter((c) => aggregatesColumn(fn, c));
}

/** The GraphQL output type of `column` under `fn`. */
export function aggregateOutputType(fn: ColumnAggregate, column: IndexerColumn): string {
  return fn === 'avg' ? 'Float' : column.type;
}
