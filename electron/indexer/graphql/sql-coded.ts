/**
 * Filters and joins on coded columns (electron/indexer/indexer-codecs.ts): the view `ix_<name>` renders a coded
 * column as its text and exposes its stored value as `<column>__c`. Equality on a `hex` or `intern` column compares
 * stored values (the literal encoded in SQL as the writer encodes it, so an index on the stored column serves it, and
 * a text never stored matches nothing); a join compares stored values, converting one side to the other's codec;
 * ordering on a `time` column orders its integers (the texts order the same). Everything else compares the rendered
 * text, as before the columns were coded.
 */
import { CODED_SUFFIX, encodeHexSql, internIdSql, internValueSql, STRINGS_TABLE } from '../indexer-codecs.ts';
import type { IndexerColumn, IndexerTable } from '../indexer-table.ts';
import { columnRef } from './sql-context.ts';
import { viewLookup } from '../indexer-views.ts';

/** The view column holding the stored value of `column` (undefined when it is stored as its text). */
function storedRef(column: IndexerColumn | undefined, alias: string): string | undefined {
  return column?.codec === undefined ? undefined : columnRef(alias, `${column.name}${CODED_SUFFIX}`);
}

function columnNamed(table: IndexerTable, name: string): IndexerColumn | undefined {
  return table.columns.find((c) => c.name === name);
}

/** Whether equality on `name` of `table` compares stored values (`hex` and `intern` columns). */
export function isKeyColumn(table: IndexerTable, name: string): boolean {
  const codec = columnNamed(table, name)?.codec;
  return codec === 'hex' || codec === 'intern';
}

/** SQL of the stored value of `column` for the text `value` (SQL text; NULL for an intern text never stored). */
function storedOf(column: IndexerColumn, value: string): string {
  return column.codec === 'intern' ? internIdSql(encodeHexSql(value)) : encodeHexSql(value);
}

/**
 * The condition `column = value` (`value` SQL text of a String), or `<>` when `negated`, on the stored value of a
 * `hex` or `intern` column; undefined for other columns.
 */
export function equalsText(
  table: IndexerTable,
  alias: string,
  name: string,
  value: string,
  negated = false,
): string | undefined {
  const column = columnNamed(table, name);
  if (column === undefined || !isKeyColumn(table, name)) return undefined;
  const ref = storedRef(column, alias) as string;
  // A text never interned has no id: `<>` then holds for every non-null value, as it does on the text.
  if (negated) return `(${ref} IS NOT NULL AND ${ref} IS NOT ${storedOf(column, value)})`;
  return `${ref} = ${storedOf(column, value)}${lookupCondition(table, alias, name, `(${storedOf(column, value)})`)}`;
}

/** ` AND version IN (…)` where an index of the file's tables finds the rows of a view column (indexer-views.ts). */
function lookupCondition(table: IndexerTable, alias: string, name: string, list: string): string {
  const lookup = viewLookup(table, name);
  return lookup === undefined ? '' : ` AND ${columnRef(alias, lookup.versionColumn)} IN (${lookup.versions(list)})`;
}

/** `column IN (texts of the JSON array json)` on the stored value of a `hex` or `intern` column. */
export function inTexts(table: IndexerTable, alias: string, name: string, json: string, negated: boolean): string {
  const column = columnNamed(table, name);
  const ref = storedRef(column, alias);
  if (column === undefined || ref === undefined || !isKeyColumn(table, name))
    throw new Error(`${name} is not compared by its stored value`);
  const forms = `SELECT ${encodeHexSql('value')} FROM json_each(${json})`;
  const list = column.codec === 'intern' ? `SELECT s.id FROM ${STRINGS_TABLE} s WHERE s.value IN (${forms})` : forms;
  if (negated) return `${ref} NOT IN (${list})`;
  return `${ref} IN (${list})${lookupCondition(table, alias, name, `(${list})`)}`;
}

/** The expression `_is_null` tests: the stored value of a coded column (NULL exactly when the text is). */
export function nullTestRef(table: IndexerTable, alias: string, name: string): string | undefined {
  return storedRef(columnNamed(table, name), alias);
}

/** The expression to order `name` by when its stored value orders as its text does (`time`), else undefined. */
export function orderRef(table: IndexerTable, alias: string, name: string): string | undefined {
  const column = columnNamed(table, name);
  return column?.codec === 'time' ? storedRef(column, alias) : undefined;
}

/** The `hex` form (BLOB or text) of `column` at `alias`, in SQL. */
function hexFormOf(column: IndexerColumn | undefined, alias: string, name: string): string {
  if (column?.codec === 'hex') return storedRef(column, alias) as string;
  if (column?.codec === 'intern') return internValueSql(storedRef(column, alias) as string);
  return encodeHexSql(columnRef(alias, name));
}

/**
 * `remote = local` of a relationship, on the remote's stored value when it is a key column (the local side converted
 * to the remote's codec, so the remote's index serves the join), on the texts otherwise.
 */
export function joinEquals(
  target: IndexerTable,
  inner: string,
  remote: string,
  table: IndexerTable,
  alias: string,
  local: string,
): string {
  const a = columnNamed(target, remote);
  const b = columnNamed(table, local);
  if (a === undefined || !isKeyColumn(target, remote))
    return `${columnRef(inner, remote)} = ${columnRef(alias, local)}`;
  const ref = storedRef(a, inner) as string;
  if (a.codec === b?.codec) return `${ref} = ${storedRef(b, alias) as string}`;
  if (b?.codec === 'time') return `${columnRef(inner, remote)} = ${columnRef(alias, local)}`;
  const hex = hexFormOf(b, alias, local);
  return `${ref} = ${a.codec === 'intern' ? internIdSql(hex) : hex}`;
}

/** `column = value` where `value` is SQL text of the column's rendered text (a parent row's value). */
export function matchesText(table: IndexerTable, alias: string, name: string, value: string): string {
  return equalsText(table, alias, name, value) ?? `${columnRef(alias, name)} = ${value}`;
}
