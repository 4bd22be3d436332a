/**
 * Resolution of a planned operation (selection-plan.ts) to the `data` JSON text: each root table field is one
 * SQL query as of the requested version (select-query.ts: where, order, distinct_on, the 100-row cap), its
 * relationships batched per level (resolve-rows.ts); `<t>_by_pk` is the same query for one row; `<t>_aggregate`
 * answers its aggregates (resolve-aggregate.ts) and `nodes` like a table field.
 */
import type { IndexerTable } from '../indexer-table.ts';
import { assertNever } from '../../../shared/assert-never.ts';
import {
  builderOf,
  fetchAndRender,
  neededColumns,
  rowLayout,
  rowLimit,
  rowOffset,
  type ResolveState,
} from './resolve-rows.ts';
import type { FieldPlan, RootPlan, SelectArgs } from './selection-plan.ts';
import { objectJoins, type ObjectJoins } from './object-joins.ts';
import { NO_JOINS, selectQuery } from './select-query.ts';
import { paramsOf } from './sql-context.ts';
import { aggregateJson } from './resolve-aggregate.ts';

function rowTexts(
  state: ResolveState,
  table: IndexerTable,
  args: SelectArgs,
  fields: readonly FieldPlan[],
  plan: unknown,
): string[] {
  const kept = state.roots?.get(plan);
  if (kept !== undefined) {
    // The template's statement, with this request's values and version (request-template.ts).
    const params = paramsOf(kept.slots, state.version, state.sentinels);
    kept.layout ??= rowLayout(fields, kept.columns, kept.joined);
    return fetchAndRender(state, fields, kept.columns, kept.text, params, kept.joined, kept.layout).texts;
  }
  const sql = builderOf(state);
  const columns = neededColumns(fields);
  const window = { limit: rowLimit(args, state.limits), offset: rowOffset(args) };
  let joined: ObjectJoins = NO_JOINS;
  const text = selectQuery(table, args, columns, sql, window, (alias) => {
    joined = objectJoins(fields, table, alias, columns.length, sql);
    return joined;
  });
  if (state.roots !== undefined) {
    state.roots.set(plan, { text, slots: sql.slots, columns, joined: joined.joined });
    state.grew?.(text.length * 2 + sql.slots.length * 64);
  }
  return fetchAndRender(state, fields, columns, text, sql.params, joined.joined).texts;
}

/** The JSON array of a table field's rows (`plan` names the field for a template's statements). */
export function rowsJson(
  state: ResolveState,
  table: IndexerTable,
  args: SelectArgs,
  fields: readonly FieldPlan[],
  plan: unknown,
): string {
  return `[${rowTexts(state, table, args, fields, plan).join(',')}]`;
}

/** The `data` object of `plans` as JSON text. */
export function resolvePlans(state: ResolveState, plans: readonly RootPlan[]): string {
  const parts = plans.map((plan) => {
    const key = JSON.stringify(plan.key);
    switch (plan.kind) {
      case 'typename':
        return `${key}:${JSON.stringify(plan.typename)}`;
      case 'rows':
        return plan.single
          ? `${key}:${rowTexts(state, plan.table, plan.args, plan.fields, plan)[0] ?? 'null'}`
          : `${key}:${rowsJson(state, plan.table, plan.args, plan.fields, plan)}`;
      case 'aggregate':
        // `nodes` are keyed by their fields for the template's statements.
        return `${key}:${aggregateJson(state, plan, (nodes) => rowsJson(state, plan.table, plan.args, nodes, nodes))}`;
      default:
        return assertNever(plan);
    }
  });
  return `{${parts.join(',')}}`;
}
