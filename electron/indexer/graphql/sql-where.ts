/**
 * A Hasura `<table>_bool_exp` as a SQL condition: `_and _or _not`, per column the comparison operators
 * (`_eq _neq _gt _gte _lt _lte _in _nin _is_null`, on text `_like _nlike _ilike _nilike`) and nested relationship
 * filters (an `EXISTS` over the related table as of the same version). Values are bound; `numeric` amounts (decimal
 * text) compare as numbers: by length, then text, for the non-negative integers amounts are.
 */
import type { IndexerColumn, IndexerTable } from '../indexer-table.ts';
import { GraphqlFailure } from './graphql-errors.ts';
import { asOfCondition, columnExpression, columnOf, fromTable, type SqlBuilder } from './sql-context.ts';
import { bindValue, isNaturalText } from './sql-values.ts';
import { assertNoSentinel } from './request-template.ts';
import { equalsText, inTexts, isKeyColumn, joinEquals, nullTestRef } from './sql-coded.ts';

/** Bounds of one filter, so a deeply nested or huge `where` costs bounded work. */
const MAX_FILTER_DEPTH = 32;
const MAX_FILTER_NODES = 2_000;

const COMPARISONS: Readonly<Record<string, string>> = {
  _eq: '=',
  _neq: '<>',
  _gt: '>',
  _gte: '>=',
  _lt: '<',
  _lte: '<=',
};

interface WhereState {
  nodes: number;
}

/** The condition of `where` over `table` at `alias` (`1` when there is none). */
export function whereCondition(
  table: IndexerTable,
  alias: string,
  where: Readonly<Record<string, unknown>> | undefined,
  sql: SqlBuilder,
): string {
  if (where === undefined) return '1';
  return boolExp(table, alias, where, sql, 0, { nodes: 0 });
}

function boolExp(
  table: IndexerTable,
  alias: string,
  exp: Readonly<Record<string, unknown>>,
  sql: SqlBuilder,
  depth: number,
  state: WhereState,
): string {
  state.nodes += 1;
  if (depth > MAX_FILTER_DEPTH)
    throw new GraphqlFailure(`where nests deeper than ${MAX_FILTER_DEPTH}`, 'limit-exceeded');
  if (state.nodes > MAX_FILTER_NODES)
    throw new GraphqlFailure(`where has more than ${MAX_FILTER_NODES} conditions`, 'limit-exceeded');
  const parts: string[] = [];
  for (const [name, value] of Object.entries(exp)) {
    if (value === null || value === undefined) continue;
    if (name === '_and' || name === '_or') {
      const list = (value as readonly Record<string, unknown>[]).map((e) =>
        boolExp(table, alias, e, sql, depth + 1, state),
      );
      if (list.length === 0) parts.push(name === '_and' ? '1' : '0');
      else parts.push(`(${list.join(name === '_and' ? ' AND ' : ' OR ')})`);
    } else if (name === '_not') {
      parts.push(`NOT (${boolExp(table, alias, value as Record<string, unknown>, sql, depth + 1, state)})`);
    } else {
      const column = columnOf(table, name);
      if (column)
        parts.push(
          ...columnConditions(
            { table, alias, column },
            columnExpression(table, alias, name, sql),
            value as Record<string, unknown>,
            sql,
            state,
          ),
        );
      else parts.push(relationshipCondition(table, alias, name, value as Record<string, unknown>, sql, depth, state));
    }
  }
  return parts.length === 0 ? '1' : parts.join(' AND ');
}

function relationshipCondition(
  table: IndexerTable,
  alias: string,
  name: string,
  exp: Readonly<Record<string, unknown>>,
  sql: SqlBuilder,
  depth: number,
  state: WhereState,
): string {
  const relationship = table.relationships.find((r) => r.name === name);
  if (!relationship)
    throw new GraphqlFailure(`field ${name} not found in type: '${table.name}_bool_exp'`, 'validation-failed');
  const target = sql.table(relationship.table);
  const inner = sql.alias();
  const joins = Object.entries(relationship.on).map(([local, remote]) =>
    joinEquals(target, inner, remote, table, alias, local),
  );
  const condition = boolExp(target, inner, exp, sql, depth + 1, state);
  const asOf = asOfCondition(target, inner, sql);
  const from = fromTable(target, inner, sql);
  return `EXISTS (SELECT 1 FROM ${from} WHERE ${joins.join(' AND ')} AND ${asOf} AND ${condition})`;
}

/** The column a condition is on, where its table is aliased. */
interface ColumnAt {
  readonly table: IndexerTable;
  readonly alias: string;
  readonly column: IndexerColumn;
}

function columnConditions(
  at: ColumnAt,
  ref: string,
  ops: Readonly<Record<string, unknown>>,
  sql: SqlBuilder,
  state: WhereState,
): string[] {
  const { column } = at;
  const parts: string[] = [];
  for (const [op, value] of Object.entries(ops)) {
    if (value === null || value === undefined) continue;
    state.nodes += 1;
    const comparison = COMPARISONS[op];
    if (comparison !== undefined) {
      parts.push(compare(at, ref, comparison, value, sql));
    } else if (op === '_in' || op === '_nin') {
      parts.push(membership(at, ref, op === '_nin', value as readonly unknown[], sql));
    } else if (op === '_is_null') {
      // A coded column is NULL exactly when its text is: the stored value is tested (indexable, not rendered).
      const tested = nullTestRef(at.table, at.alias, column.name) ?? ref;
      parts.push(value === true ? `${tested} IS NULL` : `${tested} IS NOT NULL`);
    } else if (op === '_like' || op === '_nlike' || op === '_ilike' || op === '_nilike') {
      parts.push(pattern(ref, op, value, sql));
    } else {
      throw new GraphqlFailure(`operator ${op} is not supported`, 'not-supported');
    }
  }
  return parts;
}

function compare(at: ColumnAt, ref: string, operator: string, value: unknown, sql: SqlBuilder): string {
  const { column } = at;
  const bound = bindValue(column.name, column.type, value);
  if (operator === '=' || operator === '<>') {
    const coded = equalsText(at.table, at.alias, column.name, sql.bind(bound), operator === '<>');
    if (coded !== undefined) return coded;
  }
  if (column.type === 'jsonb') return `json(${ref}) ${operator} json(${sql.bind(bound)})`;
  if (column.type !== 'numeric' || operator === '=' || operator === '<>')
    return `${ref} ${operator} ${sql.bind(bound)}`;
  const text = bound as string;
  if (!isNaturalText(text)) return `CAST(${ref} AS REAL) ${operator} ${sql.bind(Number(text))}`;
  // Decimal text of non-negative integers orders by length, then by text; exact for u64/u128 amounts.
  const strict = operator === '>' || operator === '<' ? operator : operator.slice(0, 1);
  const length = sql.bind(text.length);
  const same = sql.bind(text.length);
  return `(length(${ref}) ${strict} ${length} OR (length(${ref}) = ${same} AND ${ref} ${operator} ${sql.bind(text)}))`;
}

function membership(at: ColumnAt, ref: string, negated: boolean, values: readonly unknown[], sql: SqlBuilder): string {
  const { column } = at;
  if (values.length > sql.limits.maxListItems)
    throw new GraphqlFailure(`an _in list has more than ${sql.limits.maxListItems} items`, 'limit-exceeded');
  if (values.length === 0) return negated ? '1' : '0';
  // One bound JSON array, whatever its length (SQLite's parameter count stays small).
  const items = values.map((v) => {
    const bound = bindValue(column.name, column.type, v);
    return typeof bound === 'bigint' ? bound.toString() : JSON.stringify(bound);
  });
  const json = sql.bind(`[${items.join(',')}]`);
  if (isKeyColumn(at.table, column.name)) return inTexts(at.table, at.alias, column.name, json, negated);
  const list = `(SELECT value FROM json_each(${json}))`;
  const target = column.type === 'jsonb' ? `json(${ref})` : ref;
  return `${target} ${negated ? 'NOT IN' : 'IN'} ${list}`;
}

/** A Postgres LIKE pattern (backslash escapes) as a SQLite GLOB (case-sensitive, like Postgres's LIKE). */
export function likeToGlob(like: string): string {
  let glob = '';
  for (let i = 0; i < like.length; i += 1) {
    const c = like[i] as string;
    if (c === '\\' && i + 1 < like.length) {
      glob += literalGlob(like[i + 1] as string);
      i += 1;
    } else if (c === '%') glob += '*';
    else if (c === '_') glob += '?';
    else glob += literalGlob(c);
  }
  return glob;
}

function literalGlob(c: string): string {
  return c === '*' || c === '?' || c === '[' ? `[${c}]` : c;
}

function pattern(ref: string, op: string, value: unknown, sql: SqlBuilder): string {
  if (typeof value !== 'string') throw new GraphqlFailure(`${op} expects a String`, 'validation-failed');
  // The pattern is checked and transformed here: a template's sentinel cannot stand for it (request-template.ts).
  if (sql.sentinels !== undefined) assertNoSentinel(value);
  const wildcards = value.split('%').length - 1;
  if (value.length > sql.limits.maxPatternLength || wildcards > sql.limits.maxPatternWildcards)
    throw new GraphqlFailure(
      `a ${op} pattern may have up to ${sql.limits.maxPatternLength} characters ` +
        `and ${sql.limits.maxPatternWildcards} % wildcards`,
      'limit-exceeded',
    );
  const not = op.startsWith('_n') ? 'NOT ' : '';
  // SQLite's LIKE ignores ASCII case (Postgres's ILIKE); GLOB is the case-sensitive LIKE.
  if (op === '_ilike' || op === '_nilike') return `${not}${ref} LIKE ${sql.bind(value)} ESCAPE '\\'`;
  return `${not}${ref} GLOB ${sql.bind(likeToGlob(value))}`;
}
