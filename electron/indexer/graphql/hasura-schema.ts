/**
 * The GraphQL schema of the indexer tables in Hasura's dialect, generated from their declarations
 * (electron/indexer/indexer-table.ts), so the official clients' queries (the TypeScript SDK's
 * `src/internal/queries/*.graphql`, the explorer's hooks) validate unchanged: per table the object type `<t>`, the
 * root fields `<t>`, `<t>_by_pk` (primary-keys.ts) and (where declared) `<t>_aggregate` with `count`, `sum`, `avg`,
 * `max`, `min` (aggregate-columns.ts), and the input types `<t>_bool_exp`, `<t>_order_by`,
 * `<t>_select_column`, `<scalar>_comparison_exp` and the enum `order_by`, spelled as Hasura spells them.
 * graphql-js builds and validates against it; resolution is ours (resolve-plan.ts).
 */
import { buildSchema, type GraphQLSchema } from 'graphql';
import type { IndexerScalar, IndexerTable } from '../indexer-table.ts';
import { aggregateColumns, aggregateOutputType, COLUMN_AGGREGATES } from './aggregate-columns.ts';
import { PRIMARY_KEYS } from './primary-keys.ts';

/** The scalars Hasura declares itself (the rest are GraphQL's own). */
const CUSTOM_SCALARS: readonly IndexerScalar[] = ['bigint', 'numeric', 'timestamp', 'jsonb'];

/** Arguments of a table root field and of an array relationship (Hasura's select arguments). */
function selectArguments(table: string): string {
  return (
    `(distinct_on: [${table}_select_column!], limit: Int, offset: Int, ` +
    `order_by: [${table}_order_by!], where: ${table}_bool_exp)`
  );
}

/** `<scalar>_comparison_exp`: the operators the resolver answers (sql-where.ts). */
function comparisonType(scalar: IndexerScalar): string {
  const lines = [
    `_eq: ${scalar}`,
    `_neq: ${scalar}`,
    `_gt: ${scalar}`,
    `_gte: ${scalar}`,
    `_lt: ${scalar}`,
    `_lte: ${scalar}`,
    `_in: [${scalar}!]`,
    `_nin: [${scalar}!]`,
    '_is_null: Boolean',
  ];
  if (scalar === 'String') lines.push('_like: String', '_nlike: String', '_ilike: String', '_nilike: String');
  return `input ${scalar}_comparison_exp {\n  ${lines.join('\n  ')}\n}`;
}

/** `<t>_aggregate` and its fields: `count`, and `sum`/`avg`/`max`/`min` over the columns each applies to. */
function aggregateTypes(table: IndexerTable): string[] {
  const name = table.name;
  const functions = COLUMN_AGGREGATES.filter((fn) => aggregateColumns(table, fn).length > 0);
  return [
    `type ${name}_aggregate {\n  aggregate: ${name}_aggregate_fields\n  nodes: [${name}!]!\n}`,
    `type ${name}_aggregate_fields {\n  ` +
      [
        `count(columns: [${name}_select_column!], distinct: Boolean): Int!`,
        ...functions.map((fn) => `${fn}: ${name}_${fn}_fields`),
      ].join('\n  ') +
      '\n}',
    ...functions.map(
      (fn) =>
        `type ${name}_${fn}_fields {\n  ` +
        aggregateColumns(table, fn)
          .map((c) => `${c.name}: ${aggregateOutputType(fn, c)}`)
          .join('\n  ') +
        '\n}',
    ),
  ];
}

/** `<t>_by_pk(<key columns>!): <t>` where the hosted indexer has it (primary-keys.ts). */
function byPkRoot(table: IndexerTable): string[] {
  const keys = PRIMARY_KEYS[table.name];
  if (keys === undefined) return [];
  const args = keys.map((key) => {
    const column = table.columns.find((c) => c.name === key);
    if (!column) throw new Error(`indexer table ${table.name}: primary key ${key} is no column`);
    return `${key}: ${column.type}!`;
  });
  return [`${table.name}_by_pk(${args.join(', ')}): ${table.name}`];
}

function tableTypes(table: IndexerTable, byName: ReadonlyMap<string, IndexerTable>): string {
  const name = table.name;
  const fields = table.columns.map((c) => `${c.name}: ${c.type}${c.nullable ? '' : '!'}`);
  const filters = table.columns.map((c) => `${c.name}: ${c.type}_comparison_exp`);
  const orders = table.columns.map((c) => `${c.name}: order_by`);
  for (const relationship of table.relationships) {
    const target = byName.get(relationship.table);
    if (!target)
      throw new Error(`indexer table ${name}: relationship ${relationship.name} names ${relationship.table}`);
    if (relationship.kind === 'array') {
      fields.push(`${relationship.name}${selectArguments(target.name)}: [${target.name}!]!`);
    } else {
      fields.push(`${relationship.name}: ${target.name}`);
      orders.push(`${relationship.name}: ${target.name}_order_by`);
    }
    filters.push(`${relationship.name}: ${target.name}_bool_exp`);
  }
  const parts = [
    `type ${name} {\n  ${fields.join('\n  ')}\n}`,
    `input ${name}_bool_exp {\n  _and: [${name}_bool_exp!]\n  _not: ${name}_bool_exp\n  _or: [${name}_bool_exp!]\n  ` +
      `${filters.join('\n  ')}\n}`,
    `input ${name}_order_by {\n  ${orders.join('\n  ')}\n}`,
    `enum ${name}_select_column {\n  ${table.columns.map((c) => c.name).join('\n  ')}\n}`,
  ];
  if (table.aggregate) parts.push(...aggregateTypes(table));
  return parts.join('\n\n');
}

/** The SDL text of the schema of `tables` (exported for the docs and tests). */
export function indexerSchemaSdl(tables: readonly IndexerTable[]): string {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const used = new Set<IndexerScalar>(['String', 'Boolean', 'Int']);
  for (const table of tables) for (const column of table.columns) used.add(column.type);
  const roots = tables.flatMap((t) => [
    `${t.name}${selectArguments(t.name)}: [${t.name}!]!`,
    ...(t.aggregate ? [`${t.name}_aggregate${selectArguments(t.name)}: ${t.name}_aggregate!`] : []),
    ...byPkRoot(t),
  ]);
  return [
    'schema {\n  query: query_root\n}',
    ...CUSTOM_SCALARS.map((s) => `scalar ${s}`),
    'enum order_by {\n  asc\n  asc_nulls_first\n  asc_nulls_last\n  desc\n  desc_nulls_first\n  desc_nulls_last\n}',
    ...[...used].sort().map(comparisonType),
    `type query_root {\n  ${roots.join('\n  ')}\n}`,
    ...tables.map((t) => tableTypes(t, byName)),
  ].join('\n\n');
}

/** The schema of `tables`, built (and checked) by graphql-js. */
export function buildIndexerSchema(tables: readonly IndexerTable[]): GraphQLSchema {
  return buildSchema(indexerSchemaSdl(tables));
}
