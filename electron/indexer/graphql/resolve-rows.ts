/**
 * Rows of a table field and of its relationships, rendered as JSON text. Each relationship of a level is one
 * batched query for every parent row of that level (the parents' join keys sent as one JSON array), never one query
 * per row; an array relationship's `limit`/`offset`/`order_by` apply per parent through a window function.
 */
import type { IndexerScalar, IndexerTable } from '../indexer-table.ts';
import { assertNever } from '../../../shared/assert-never.ts';
import { cellJson } from './json-cells.ts';
import { GraphqlFailure } from './graphql-errors.ts';
import type { FieldPlan, SelectArgs } from './selection-plan.ts';
import {
  asOfCondition,
  columnRef,
  fromTable,
  selectColumn,
  SqlBuilder,
  type ParamSlot,
  type SqlValue,
} from './sql-context.ts';
import { orderClause, orderTerms } from './sql-order.ts';
import type { SqlRunner } from './sql-runner.ts';
import { whereCondition } from './sql-where.ts';
import { matchesText } from './sql-coded.ts';
import { isJoinable, objectJoins, type JoinedColumns } from './object-joins.ts';
import type { QueryLimits } from './query-limits.ts';

/** What resolution shares for one request. */
export interface ResolveState {
  readonly runner: SqlRunner;
  readonly tables: ReadonlyMap<string, IndexerTable>;
  readonly version: bigint;
  readonly limits: QueryLimits;
  /** Rows read so far (bounded by `limits.maxAnswerRows`). */
  rows: number;
  /** Sentinel → request string when the plans come from a template (request-template.ts). */
  readonly sentinels?: ReadonlyMap<string, string> | undefined;
  /** The template's root statements, built on first use (undefined: build each time). */
  readonly roots?: Map<unknown, CompiledRoot> | undefined;
  /** Called with the bytes of a root statement added to `roots` (the template cache's accounting). */
  readonly grew?: ((bytes: number) => void) | undefined;
}

/** A root field's statement, kept by a template: its text, parameters' sources, columns and joins. */
export interface CompiledRoot {
  readonly text: string;
  readonly slots: readonly ParamSlot[];
  readonly columns: readonly string[];
  readonly joined: ReadonlyMap<FieldPlan, JoinedColumns>;
  /** How its rows are written, worked out on the first request (they depend on the fields and columns only). */
  layout?: RowLayout;
}

/** A new SQL builder for one statement of the request. */
export function builderOf(state: ResolveState): SqlBuilder {
  return new SqlBuilder(state.version, state.tables, state.limits, state.sentinels);
}

/** The row cap of a field: `limit` (0 to the cap), never more than the hosted 100. */
export function rowLimit(args: SelectArgs, limits: QueryLimits): number {
  if (args.limit !== undefined && args.limit < 0)
    throw new GraphqlFailure('unexpected negative value for limit', 'validation-failed');
  return Math.min(args.limit ?? limits.maxRows, limits.maxRows);
}

/** The offset of a field (0 by default). */
export function rowOffset(args: SelectArgs): number {
  if (args.offset !== undefined && args.offset < 0)
    throw new GraphqlFailure('unexpected negative value for offset', 'validation-failed');
  return args.offset ?? 0;
}

/** The columns a selection reads: its columns and the local join columns of its relationships. */
export function neededColumns(fields: readonly FieldPlan[], extra: readonly string[] = []): string[] {
  const names = new Set<string>(extra);
  for (const field of fields) {
    if (field.kind === 'column') names.add(field.column.name);
    else if ((field.kind === 'object' && !isJoinable(field)) || field.kind === 'array')
      for (const local of Object.keys(field.relationship.on)) names.add(local);
  }
  return [...names];
}

function count(state: ResolveState, rows: number): void {
  state.rows += rows;
  if (state.rows > state.limits.maxAnswerRows)
    throw new GraphqlFailure(`the answer would hold more than ${state.limits.maxAnswerRows} rows`, 'limit-exceeded');
}

/** How the rows of one statement are written: the column indexes by name and each field's cell. */
export interface RowLayout {
  readonly index: ReadonlyMap<string, number>;
  readonly cells: readonly Cell[];
}

/** The layout of rows of `columns` (then the `joined` relationships' columns) rendered with `fields`. */
export function rowLayout(
  fields: readonly FieldPlan[],
  columns: readonly string[],
  joined: ReadonlyMap<FieldPlan, JoinedColumns>,
): RowLayout {
  const index = new Map(columns.map((name, i) => [name, i]));
  return { index, cells: cellsOf(fields, index, joined) };
}

/**
 * Runs `sql` (its SELECT lists `columns` first) and renders each row with `fields`; the raw rows come
 * back too (their leading columns are `columns`). `layout`: the rows' layout when kept from an earlier request.
 */
export function fetchAndRender(
  state: ResolveState,
  fields: readonly FieldPlan[],
  columns: readonly string[],
  sql: string,
  params: Readonly<Record<string, SqlValue>>,
  joined: ReadonlyMap<FieldPlan, JoinedColumns> = new Map(),
  layout: RowLayout = rowLayout(fields, columns, joined),
): { readonly rows: unknown[][]; readonly texts: string[] } {
  const rows = state.runner.rows(sql, params);
  // A joined object relationship is a related row too.
  count(state, rows.length * (1 + joined.size));
  let nested: Map<FieldPlan, Map<string, string[]>> | undefined;
  for (const field of fields)
    if ((field.kind === 'object' && !joined.has(field)) || field.kind === 'array') {
      nested ??= new Map();
      nested.set(field, related(state, field, rows, layout.index));
    }
  const texts: string[] = new Array<string>(rows.length);
  for (let i = 0; i < rows.length; i += 1) texts[i] = renderRow(layout.cells, rows[i] as unknown[], nested);
  return { rows, texts };
}

function keyOf(values: readonly unknown[]): string | undefined {
  if (values.some((v) => v === null || v === undefined)) return undefined;
  return values.length === 1 ? String(values[0]) : JSON.stringify(values.map(String));
}

/** How one field of a row is written: its `"key":` prefix, then the cell, the constant or the nested rows. */
type Cell =
  | { readonly prefix: string; readonly kind: 'constant'; readonly text: string }
  | { readonly prefix: string; readonly kind: 'joined'; readonly present: number; readonly cells: readonly Cell[] }
  | { readonly prefix: string; readonly kind: 'column'; readonly scalar: IndexerScalar; readonly at: number }
  | {
      readonly prefix: string;
      readonly kind: 'object' | 'array';
      readonly at: readonly number[];
      /** The relationship, whose rows this request's `nested` map holds. */
      readonly field: FieldPlan;
    };

/** The cells of `fields`, worked out once per level rather than per row. */
function cellsOf(
  fields: readonly FieldPlan[],
  index: ReadonlyMap<string, number>,
  joined: ReadonlyMap<FieldPlan, JoinedColumns> = new Map(),
): Cell[] {
  return fields.map((field, i): Cell => {
    const prefix = `${i > 0 ? ',' : ''}${JSON.stringify(field.key)}:`;
    const join = joined.get(field);
    if (join !== undefined && field.kind === 'object') {
      const inner = new Map(join.columns.map((name, at) => [name, join.start + 1 + at]));
      return { prefix, kind: 'joined', present: join.start, cells: cellsOf(field.fields, inner) };
    }
    switch (field.kind) {
      case 'typename':
        return { prefix, kind: 'constant', text: JSON.stringify(field.typename) };
      case 'column':
        return { prefix, kind: 'column', scalar: field.column.type, at: index.get(field.column.name) as number };
      case 'object':
      case 'array':
        return {
          prefix,
          kind: field.kind,
          at: Object.keys(field.relationship.on).map((c) => index.get(c) as number),
          field,
        };
      default:
        return assertNever(field);
    }
  });
}

function renderRow(
  cells: readonly Cell[],
  row: readonly unknown[],
  nested: ReadonlyMap<FieldPlan, ReadonlyMap<string, string[]>> | undefined,
): string {
  let text = '{';
  for (const cell of cells) {
    text += cell.prefix;
    switch (cell.kind) {
      case 'constant':
        text += cell.text;
        break;
      case 'joined':
        text += row[cell.present] === null ? 'null' : renderRow(cell.cells, row, nested);
        break;
      case 'column':
        text += cellJson(cell.scalar, row[cell.at]);
        break;
      case 'object':
      case 'array': {
        const key = keyOf(cell.at.map((at) => row[at]));
        const found = key === undefined ? undefined : nested?.get(cell.field)?.get(key);
        text += cell.kind === 'object' ? (found?.[0] ?? 'null') : `[${found?.join(',') ?? ''}]`;
        break;
      }
      default:
        assertNever(cell);
    }
  }
  return `${text}}`;
}

/** The rendered rows of one relationship for every parent row, grouped by the parents' join key. */
function related(
  state: ResolveState,
  field: Extract<FieldPlan, { kind: 'object' | 'array' }>,
  parents: readonly unknown[][],
  parentIndex: ReadonlyMap<string, number>,
): Map<string, string[]> {
  const locals = Object.keys(field.relationship.on);
  const remotes = Object.values(field.relationship.on);
  const keys = new Map<string, readonly unknown[]>();
  for (const row of parents) {
    const values = locals.map((c) => row[parentIndex.get(c) as number]);
    const key = keyOf(values);
    if (key !== undefined) keys.set(key, values);
  }
  const grouped = new Map<string, string[]>();
  if (keys.size === 0) return grouped;
  const sql = builderOf(state);
  const alias = sql.alias();
  const columns = neededColumns(field.fields, remotes);
  const list = sql.bind(JSON.stringify([...keys.values()].map((v) => (v.length === 1 ? v[0] : v))));
  // The keys drive the loop (CROSS JOIN keeps json_each outside): one index probe per parent key.
  const match =
    remotes.length === 1
      ? matchesText(field.target, alias, remotes[0] as string, '_k.value')
      : remotes.map((r, i) => matchesText(field.target, alias, r, `json_extract(_k.value, '$[${i}]')`)).join(' AND ');
  const target = field.target;
  const joins = objectJoins(field.fields, target, alias, columns.length, sql);
  const source = `json_each(${list}) AS _k CROSS JOIN ${fromTable(target, alias, sql)}${joins.joins}`;
  const selected = [...columns.map((c) => selectColumn(target, alias, c, sql)), ...joins.selects].join(', ');
  let where = `${match} AND ${asOfCondition(target, alias, sql)}`;
  let text: string;
  if (field.kind === 'object') {
    text = `SELECT ${selected} FROM ${source} WHERE ${where}`;
  } else {
    if (field.args.distinctOn.length > 0)
      throw new GraphqlFailure('distinct_on is not supported on array relationships', 'not-supported');
    where += ` AND ${whereCondition(target, alias, field.args.where, sql)}`;
    const terms = orderTerms(target, alias, field.args.orderBy, sql);
    const limit = rowLimit(field.args, state.limits);
    const offset = rowOffset(field.args);
    const partition = remotes.map((r) => columnRef(alias, r)).join(', ');
    const order = orderClause(terms) || ` ORDER BY ${alias}.rowid`;
    const inner =
      `SELECT ${selected}, ROW_NUMBER() OVER (PARTITION BY ${partition}${order}) AS _rn ` +
      `FROM ${source} WHERE ${where}`;
    const window = `_rn > ${sql.bind(offset)} AND _rn <= ${sql.bind(offset + limit)}`;
    text = `SELECT * FROM (${inner}) WHERE ${window} ORDER BY _rn`;
  }
  const { rows, texts } = fetchAndRender(state, field.fields, columns, text, sql.params, joins.joined);
  const remoteIndexes = remotes.map((r) => columns.indexOf(r));
  rows.forEach((row, i) => {
    const key = keyOf(remoteIndexes.map((at) => row[at]));
    if (key === undefined) return;
    const list = grouped.get(key);
    if (list) list.push(texts[i] as string);
    else grouped.set(key, [texts[i] as string]);
  });
  return grouped;
}
