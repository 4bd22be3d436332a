/**
 * Hasura's `order_by` (a list of `<table>_order_by` objects, keys in the order written) as SQL order terms:
 * `asc` puts nulls last and `desc` nulls first, as Postgres does; `numeric` amounts (decimal text) order as numbers
 * (by length, then text); an object relationship orders by its column through a correlated subquery as of the
 * same version.
 */
import type { IndexerTable } from '../indexer-table.ts';
import { GraphqlFailure } from './graphql-errors.ts';
import { asOfCondition, columnExpression, columnOf, fromTable, type SqlBuilder } from './sql-context.ts';
import { joinEquals, orderRef } from './sql-coded.ts';

/** One order term: the expression and its direction with null placement. */
export interface OrderTerm {
  readonly expression: string;
  readonly direction: string;
}

const DIRECTIONS: Readonly<Record<string, string>> = {
  asc: 'ASC NULLS LAST',
  asc_nulls_last: 'ASC NULLS LAST',
  asc_nulls_first: 'ASC NULLS FIRST',
  desc: 'DESC NULLS FIRST',
  desc_nulls_first: 'DESC NULLS FIRST',
  desc_nulls_last: 'DESC NULLS LAST',
};

/** The order terms of `orderBy` over `table` at `alias`. */
export function orderTerms(
  table: IndexerTable,
  alias: string,
  orderBy: readonly Readonly<Record<string, unknown>>[],
  sql: SqlBuilder,
): OrderTerm[] {
  const terms: OrderTerm[] = [];
  for (const item of orderBy) addTerms(table, alias, item, sql, terms, (e) => e, 0);
  return terms;
}

function addTerms(
  table: IndexerTable,
  alias: string,
  item: Readonly<Record<string, unknown>>,
  sql: SqlBuilder,
  terms: OrderTerm[],
  wrap: (expression: string) => string,
  depth: number,
): void {
  if (depth > 4) throw new GraphqlFailure('order_by nests relationships deeper than 4', 'limit-exceeded');
  for (const [name, value] of Object.entries(item)) {
    if (value === null || value === undefined) continue;
    const column = columnOf(table, name);
    if (column) {
      const direction = DIRECTIONS[value as string];
      if (direction === undefined) throw new GraphqlFailure(`unexpected order ${String(value)}`, 'validation-failed');
      // A timestamp orders by its stored integer (as its text would); other coded columns by their text.
      const ref = orderRef(table, alias, name) ?? columnExpression(table, alias, name, sql);
      if (column.type === 'numeric') terms.push({ expression: wrap(`length(${ref})`), direction });
      terms.push({ expression: wrap(ref), direction });
      continue;
    }
    const relationship = table.relationships.find((r) => r.name === name && r.kind === 'object');
    if (!relationship) throw new GraphqlFailure(`cannot order ${table.name} by ${name}`, 'validation-failed');
    const target = sql.table(relationship.table);
    const inner = sql.alias();
    const joins = Object.entries(relationship.on)
      .map(([local, remote]) => joinEquals(target, inner, remote, table, alias, local))
      .join(' AND ');
    // Bound parameters of the subquery are added once per use: each term repeats the subquery text.
    addTerms(
      target,
      inner,
      value as Record<string, unknown>,
      sql,
      terms,
      (expression) =>
        wrap(
          `(SELECT ${expression} FROM ${fromTable(target, inner, sql)} ` +
            `WHERE ${joins} AND ${asOfCondition(target, inner, sql)} LIMIT 1)`,
        ),
      depth + 1,
    );
  }
}

/** `ORDER BY …` text of terms (empty when none). */
export function orderClause(terms: readonly OrderTerm[]): string {
  return terms.length === 0 ? '' : ` ORDER BY ${terms.map((t) => `${t.expression} ${t.direction}`).join(', ')}`;
}
