/**
 * The columns the connection's TEMP views render with the indexer's functions (electron/indexer/event-view.ts,
 * table-item-view.ts), declared on the served tables when this file's views are of this build's layout. A query
 * ordered by a column the view's branches are not ordered by (an event stream's newest, by `sequence_number`) would
 * otherwise decode every row of the filtered set before its sort keeps the page: with the declaration, the statement
 * sorts and limits the rows without the decoded columns and renders them for the rows kept only (select-query.ts).
 * A file of an earlier writer (its rows stored, no TEMP view) keeps the plain statement.
 */
import type Database from 'better-sqlite3';
import { EVENTS_DECODED_ON_READ } from '../event-view.ts';
import { indexerSqlTable, type DecodedColumns, type IndexerTable } from '../indexer-table.ts';
import { TABLE_ITEMS_DECODED_ON_READ } from '../table-item-view.ts';

const DECODED: Readonly<Record<string, DecodedColumns>> = {
  events: EVENTS_DECODED_ON_READ,
  table_items: TABLE_ITEMS_DECODED_ON_READ,
};

/** `tables`, each whose TEMP view in `db` has the columns its decodings read declaring them (others as they are). */
export function withDecodedOnRead(db: Database.Database, tables: readonly IndexerTable[]): IndexerTable[] {
  const columnsOf = db.prepare("SELECT name FROM pragma_table_xinfo(?, 'temp')").pluck();
  return tables.map((table) => {
    const decoded = DECODED[table.name];
    if (decoded === undefined) return table;
    const columns = new Set(columnsOf.all(indexerSqlTable(table)) as string[]);
    const usable = Object.entries(decoded).every(
      ([name, column]) => columns.has(name) && column.reads.every((read) => columns.has(read)),
    );
    return usable ? { ...table, decodedOnRead: decoded } : table;
  });
}
