/**
 * A validated operation turned into the plan the resolver runs: per root field the table, its coerced arguments
 * and the selected columns and relationships, fragments expanded and `@skip`/`@include` applied (graphql-js
 * coerces variables and arguments; the plan only arranges them). Fields sharing a response key are merged, as
 * GraphQL's field collection does (validation has checked they may be).
 */
import {
  getDirectiveValues,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  Kind,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLObjectType,
  type GraphQLSchema,
  type SelectionSetNode,
  type VariableValues,
  valueFromASTUntyped,
} from 'graphql';
import type { IndexerColumn, IndexerRelationship, IndexerTable } from '../indexer-table.ts';
import { GraphqlFailure } from './graphql-errors.ts';
import { aggregatesColumn, type ColumnAggregate } from './aggregate-columns.ts';
import { PRIMARY_KEYS } from './primary-keys.ts';

/** The select arguments of a table field (coerced; absent ones undefined). */
export interface SelectArgs {
  readonly where?: Readonly<Record<string, unknown>> | undefined;
  readonly orderBy: readonly Readonly<Record<string, unknown>>[];
  readonly limit?: number | undefined;
  readonly offset?: number | undefined;
  readonly distinctOn: readonly string[];
}

/** One selected field of a table row. */
export type FieldPlan =
  | { readonly kind: 'typename'; readonly key: string; readonly typename: string }
  | { readonly kind: 'column'; readonly key: string; readonly column: IndexerColumn }
  | {
      readonly kind: 'object';
      readonly key: string;
      readonly relationship: IndexerRelationship;
      readonly target: IndexerTable;
      readonly fields: readonly FieldPlan[];
    }
  | {
      readonly kind: 'array';
      readonly key: string;
      readonly relationship: IndexerRelationship;
      readonly target: IndexerTable;
      readonly args: SelectArgs;
      readonly fields: readonly FieldPlan[];
    };

/** One selected column of `sum { … }`, `avg { … }`, `max { … }` or `min { … }`. */
export type AggregateColumnPlan =
  | { readonly kind: 'typename'; readonly key: string; readonly typename: string }
  | { readonly kind: 'column'; readonly key: string; readonly column: IndexerColumn };

/** One selected field of `<t>_aggregate { aggregate { … } }`. */
export type AggregateFieldPlan =
  | { readonly kind: 'typename'; readonly key: string; readonly typename: string }
  | { readonly kind: 'count'; readonly key: string; readonly columns: readonly string[]; readonly distinct: boolean }
  | {
      readonly kind: 'function';
      readonly key: string;
      readonly fn: ColumnAggregate;
      readonly columns: readonly AggregateColumnPlan[];
    };

/** One selected field of `<t>_aggregate`. */
export type AggregatePartPlan =
  | { readonly kind: 'typename'; readonly key: string; readonly typename: string }
  | { readonly kind: 'aggregate'; readonly key: string; readonly fields: readonly AggregateFieldPlan[] }
  | { readonly kind: 'nodes'; readonly key: string; readonly fields: readonly FieldPlan[] };

/** One root field. */
export type RootPlan =
  | { readonly kind: 'typename'; readonly key: string; readonly typename: string }
  | {
      readonly kind: 'rows';
      readonly key: string;
      readonly table: IndexerTable;
      readonly args: SelectArgs;
      readonly fields: readonly FieldPlan[];
      /** `<t>_by_pk`: the one row (or null) rather than a list. */
      readonly single: boolean;
    }
  | {
      readonly kind: 'aggregate';
      readonly key: string;
      readonly table: IndexerTable;
      readonly args: SelectArgs;
      readonly parts: readonly AggregatePartPlan[];
    };

/** What the planner needs besides the operation. */
export interface PlanContext {
  readonly schema: GraphQLSchema;
  readonly tables: ReadonlyMap<string, IndexerTable>;
  readonly fragments: ReadonlyMap<string, FragmentDefinitionNode>;
  readonly variables: VariableValues;
}

function included(node: FieldNode | { readonly directives?: FieldNode['directives'] }, context: PlanContext): boolean {
  if (!node.directives || node.directives.length === 0) return true;
  if (getDirectiveValues(GraphQLSkipDirective, node, context.variables)?.['if'] === true) return false;
  return getDirectiveValues(GraphQLIncludeDirective, node, context.variables)?.['if'] !== false;
}

/** The fields of a selection set by response key, fragments expanded (GraphQL's CollectFields, one type). */
function collect(
  set: SelectionSetNode,
  context: PlanContext,
  into = new Map<string, FieldNode[]>(),
  seen = new Set<string>(),
) {
  for (const selection of set.selections) {
    if (!included(selection, context)) continue;
    if (selection.kind === Kind.FIELD) {
      const key = selection.alias?.value ?? selection.name.value;
      const list = into.get(key);
      if (list) list.push(selection);
      else into.set(key, [selection]);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      collect(selection.selectionSet, context, into, seen);
    } else if (!seen.has(selection.name.value)) {
      seen.add(selection.name.value);
      const fragment = context.fragments.get(selection.name.value);
      if (fragment) collect(fragment.selectionSet, context, into, seen);
    }
  }
  return into;
}

/** The merged sub-selection of same-key fields. */
function subSelections(nodes: readonly FieldNode[]): SelectionSetNode {
  const selections = nodes.flatMap((node) => node.selectionSet?.selections ?? []);
  return { kind: Kind.SELECTION_SET, selections };
}

/**
 * The arguments of a validated field: literals and variables (already coerced by getVariableValues) as plain values.
 * Validation has checked every literal against its input type, so the untyped reading is exact; it costs a fraction
 * of graphql-js's typed coercion, which dominated a small query's CPU (measured: test/bench/indexer-graphql-bench.ts).
 */
function argumentsOf(node: FieldNode, context: PlanContext): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const argument of node.arguments ?? [])
    args[argument.name.value] = valueFromASTUntyped(argument.value, context.variables.coerced);
  return args;
}

function listOf<T>(value: unknown): readonly T[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]) as T[];
}

function selectArgs(raw: Readonly<Record<string, unknown>>): SelectArgs {
  const where = raw['where'];
  const limit = raw['limit'];
  const offset = raw['offset'];
  return {
    where: where === null || where === undefined ? undefined : (where as Record<string, unknown>),
    orderBy: listOf<Record<string, unknown>>(raw['order_by']),
    limit: typeof limit === 'number' ? limit : undefined,
    offset: typeof offset === 'number' ? offset : undefined,
    distinctOn: listOf<string>(raw['distinct_on']),
  };
}

function objectType(context: PlanContext, name: string): GraphQLObjectType {
  return context.schema.getType(name) as GraphQLObjectType;
}

function tableNamed(context: PlanContext, name: string): IndexerTable {
  const table = context.tables.get(name);
  if (!table) throw new Error(`no indexer table ${name}`);
  return table;
}

/** The plan of a selection on rows of `table`. */
export function planFields(table: IndexerTable, set: SelectionSetNode, context: PlanContext): FieldPlan[] {
  const plans: FieldPlan[] = [];
  for (const [key, nodes] of collect(set, context)) {
    const node = nodes[0] as FieldNode;
    const name = node.name.value;
    if (name === '__typename') {
      plans.push({ kind: 'typename', key, typename: table.name });
      continue;
    }
    const column = table.columns.find((c) => c.name === name);
    if (column) {
      plans.push({ kind: 'column', key, column });
      continue;
    }
    const relationship = table.relationships.find((r) => r.name === name);
    if (!relationship)
      throw new GraphqlFailure(`field ${name} not found in type: '${table.name}'`, 'validation-failed');
    const target = tableNamed(context, relationship.table);
    const fields = planFields(target, subSelections(nodes), context);
    if (relationship.kind === 'object') plans.push({ kind: 'object', key, relationship, target, fields });
    else
      plans.push({
        kind: 'array',
        key,
        relationship,
        target,
        fields,
        args: selectArgs(argumentsOf(node, context)),
      });
  }
  return plans;
}

function aggregateColumnPlans(
  table: IndexerTable,
  fn: ColumnAggregate,
  nodes: readonly FieldNode[],
  context: PlanContext,
): AggregateColumnPlan[] {
  const plans: AggregateColumnPlan[] = [];
  for (const [key, inner] of collect(subSelections(nodes), context)) {
    const name = (inner[0] as FieldNode).name.value;
    if (name === '__typename') {
      plans.push({ kind: 'typename', key, typename: `${table.name}_${fn}_fields` });
      continue;
    }
    const column = table.columns.find((c) => c.name === name);
    if (!column || !aggregatesColumn(fn, column))
      throw new GraphqlFailure(`field ${name} not found in type: '${table.name}_${fn}_fields'`, 'validation-failed');
    plans.push({ kind: 'column', key, column });
  }
  return plans;
}

/** The where of `<t>_by_pk(k1: …, k2: …)`: every key column equal to its argument. */
function byPkArgs(table: IndexerTable, raw: Readonly<Record<string, unknown>>): SelectArgs {
  const keys = PRIMARY_KEYS[table.name] ?? [];
  const where: Record<string, unknown> = {};
  for (const key of keys) where[key] = { _eq: raw[key] };
  return { where, orderBy: [], limit: 1, offset: undefined, distinctOn: [] };
}

function planAggregate(table: IndexerTable, set: SelectionSetNode, context: PlanContext): AggregatePartPlan[] {
  const parts: AggregatePartPlan[] = [];
  const fieldsType = objectType(context, `${table.name}_aggregate_fields`);
  for (const [key, nodes] of collect(set, context)) {
    const name = (nodes[0] as FieldNode).name.value;
    if (name === '__typename') parts.push({ kind: 'typename', key, typename: `${table.name}_aggregate` });
    else if (name === 'nodes')
      parts.push({ kind: 'nodes', key, fields: planFields(table, subSelections(nodes), context) });
    else {
      const fields: AggregateFieldPlan[] = [];
      for (const [inner, innerNodes] of collect(subSelections(nodes), context)) {
        const node = innerNodes[0] as FieldNode;
        if (node.name.value === '__typename') {
          fields.push({ kind: 'typename', key: inner, typename: fieldsType.name });
          continue;
        }
        const fn = node.name.value;
        if (fn === 'sum' || fn === 'avg' || fn === 'max' || fn === 'min') {
          fields.push({
            kind: 'function',
            key: inner,
            fn,
            columns: aggregateColumnPlans(table, fn, innerNodes, context),
          });
          continue;
        }
        const args = argumentsOf(node, context);
        fields.push({
          kind: 'count',
          key: inner,
          columns: listOf<string>(args['columns']),
          distinct: args['distinct'] === true,
        });
      }
      parts.push({ kind: 'aggregate', key, fields });
    }
  }
  return parts;
}

/** The plan of an operation's root selection set. */
export function planOperation(set: SelectionSetNode, context: PlanContext): RootPlan[] {
  const root = context.schema.getQueryType();
  if (!root) throw new Error('the indexer schema has no query type');
  const plans: RootPlan[] = [];
  for (const [key, nodes] of collect(set, context)) {
    const node = nodes[0] as FieldNode;
    const name = node.name.value;
    if (name === '__typename') {
      plans.push({ kind: 'typename', key, typename: root.name });
      continue;
    }
    const suffix = /_(aggregate|by_pk)$/.exec(name);
    const base = suffix && context.tables.has(name.slice(0, suffix.index)) ? name.slice(0, suffix.index) : name;
    const table = tableNamed(context, base);
    const raw = argumentsOf(node, context);
    const fields = (): FieldPlan[] => planFields(table, subSelections(nodes), context);
    if (base === name) plans.push({ kind: 'rows', key, table, args: selectArgs(raw), fields: fields(), single: false });
    else if (suffix?.[1] === 'by_pk')
      plans.push({ kind: 'rows', key, table, args: byPkArgs(table, raw), fields: fields(), single: true });
    else {
      const parts = planAggregate(table, subSelections(nodes), context);
      plans.push({ kind: 'aggregate', key, table, args: selectArgs(raw), parts });
    }
  }
  return plans;
}
