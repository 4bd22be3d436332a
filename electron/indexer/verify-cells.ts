/**
 * How `snapshot verify` reads an indexer table's stored rows and compares them with the derived ones
 * (verify-indexer.ts). A table kept as coded rows behind a view (`ix_<name>_stored`, indexer-views.ts) is read in its
 * stored form and each derived text compared with its stored value by the codec (indexer-codecs.ts) in JavaScript,
 * instead of through the view, which renders every coded cell in SQL (an `ix_strings` lookup per interned cell) only
 * for verify to compare the texts. That is the same check only while the view renders as this build's does, so the
 * file's view definition must be this build's, word for word; a file whose view differs is compared through its view,
 * as before. A view of the file's own tables (transactions, events, table items) is read through the view, whose
 * rendering is what is checked.
 */
import type Database from 'better-sqlite3';
import { indexerTimestamp } from './processors/processor-input.ts';
import type { IndexerRow, IndexerValue } from './processors/processor-input.ts';
import { STRINGS_TABLE, timeUsec, type StorageCodec } from './indexer-codecs.ts';
import { indexerSqlTable, type IndexerTable } from './indexer-table.ts';
import { indexerViewSql, storageTable } from './indexer-views.ts';
import { writeSetSource } from './table-item-view.ts';

/** A cell as SQLite gives it back. */
export type StoredCell = string | number | bigint | null | Uint8Array;

/** How one column is compared: as SQLite stores the text, or by its codec. */
type CellKind = 'plain' | StorageCodec;

/** Where a table's rows are read and how each column is compared. */
export interface RowSource {
  /** The SQL table or view read (`rowid` names the derivation order in both). */
  readonly from: string;
  /** Whether `from` is a stored table (rowid ranges), or a view of the file's tables (version ranges). */
  readonly stored: boolean;
  /** The `SELECT … FROM from` of the table's columns, in order, without its `WHERE`. */
  readonly select: string;
  readonly kinds: readonly CellKind[];
}

/** Whether the file's view `ix_<name>` is the one this build writes (its SQL as SQLite keeps it). */
function ownView(db: Database.Database, table: IndexerTable): boolean {
  const sql = db
    .prepare("SELECT sql FROM sqlite_master WHERE type = 'view' AND name = ?")
    .pluck()
    .get(indexerSqlTable(table)) as string | undefined;
  const view = indexerViewSql(table, writeSetSource(db));
  return view !== undefined && sql === `CREATE VIEW "${indexerSqlTable(table)}" AS ${view}`;
}

/** Where verify reads `table`'s rows on `db` (see the file's comment). */
export function rowSource(db: Database.Database, table: IndexerTable): RowSource {
  const columns = table.columns.map((c) => `"${c.name}"`).join(', ');
  const stored = storageTable(table);
  const exists =
    stored !== undefined &&
    db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(stored) !== undefined;
  if (stored === undefined || !exists) {
    const from = indexerSqlTable(table);
    return { from, stored: false, select: `SELECT ${columns} FROM "${from}"`, kinds: table.columns.map(() => 'plain') };
  }
  const coded = stored !== indexerSqlTable(table) && ownView(db, table);
  if (stored !== indexerSqlTable(table) && !coded) {
    // An unknown rendering is checked through the view itself, by the rows' version order like a view of the file's.
    const from = indexerSqlTable(table);
    return { from, stored: false, select: `SELECT ${columns} FROM "${from}"`, kinds: table.columns.map(() => 'plain') };
  }
  return {
    from: stored,
    stored: true,
    select: `SELECT ${columns} FROM "${stored}"`,
    kinds: table.columns.map((c) => (coded ? (c.codec ?? 'plain') : 'plain')),
  };
}

/** The texts of `ix_strings` by id, as the views render them (indexer-codecs.ts `renderSql`). */
export function internedTexts(db: Database.Database): Map<number, string> {
  const texts = new Map<number, string>();
  const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(STRINGS_TABLE);
  if (exists === undefined) return texts;
  for (const [id, value] of db.prepare(`SELECT id, value FROM ${STRINGS_TABLE}`).raw().iterate() as Iterable<
    [number, StoredCell]
  >)
    if (typeof id === 'number') texts.set(id, renderHex(value) as string);
  return texts;
}

/** A `hex` cell's text: a BLOB as `0x` + lowercase hex, anything else as it is. */
function renderHex(value: StoredCell): StoredCell {
  return value instanceof Uint8Array
    ? `0x${Buffer.from(value.buffer, value.byteOffset, value.length).toString('hex')}`
    : value;
}

/** A derived value as SQLite stores it (booleans 0/1, a missing column NULL; indexer-storage.ts `storedValue`). */
function derivedCell(value: IndexerValue | undefined): string | number | bigint | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

/** SQLite gives INTEGER back as a number, the processors give bigint: equal when their texts are. */
function samePlain(stored: StoredCell, derived: string | number | bigint | null): boolean {
  if (stored === derived) return true;
  if (stored === null || derived === null) return false;
  // A safe integer equals a bigint exactly when the bigint's nearest number is it (beyond 2^53 none is safe).
  if (typeof stored === 'number' && typeof derived === 'bigint' && Number.isSafeInteger(stored))
    return Number(derived) === stored;
  return String(stored) === String(derived);
}

/** Compares derived rows with stored ones of one table, by its source's kinds; renders cells for the message. */
export interface RowComparer {
  /** The index of the first column that differs, or -1. */
  differs(stored: readonly StoredCell[], derived: IndexerRow): number;
  /** The text of stored column `column` as the view renders it, and the derived one. */
  texts(stored: readonly StoredCell[], derived: IndexerRow, column: number): [string, string];
}

/** A comparer of `table`'s rows read from `source`; `strings`: the interned texts (internedTexts). */
export function rowComparer(table: IndexerTable, source: RowSource, strings: ReadonlyMap<number, string>): RowComparer {
  const names = table.columns.map((c) => c.name);
  const { kinds } = source;
  const render = (cell: StoredCell, kind: CellKind): StoredCell => {
    switch (kind) {
      case 'plain':
        return cell;
      case 'hex':
        return renderHex(cell);
      case 'intern':
        return typeof cell === 'number' ? (strings.get(cell) ?? null) : null;
      case 'time':
        return typeof cell === 'number' && Number.isSafeInteger(cell) ? indexerTimestamp(BigInt(cell)) : cell;
    }
  };
  const same = (cell: StoredCell, kind: CellKind, value: string | number | bigint | null): boolean => {
    switch (kind) {
      case 'plain':
        return samePlain(cell, value);
      case 'hex':
        return cell instanceof Uint8Array ? typeof value === 'string' && renderHex(cell) === value : cell === value;
      case 'intern':
        return (typeof cell === 'number' ? (strings.get(cell) ?? null) : null) === value;
      case 'time':
        if (typeof cell !== 'number' || typeof value !== 'string') return samePlain(render(cell, kind), value);
        try {
          return timeUsec(value) === cell;
        } catch {
          return false;
        }
    }
  };
  return {
    differs(stored, derived) {
      for (let i = 0; i < names.length; i += 1) {
        const cell = stored[i];
        if (cell === undefined || !same(cell, kinds[i] ?? 'plain', derivedCell(derived[names[i] as string]))) return i;
      }
      return -1;
    },
    texts(stored, derived, column) {
      const cell = stored[column];
      return [
        String(cell === undefined ? undefined : render(cell, kinds[column] ?? 'plain')),
        String(derivedCell(derived[names[column] as string])),
      ];
    },
  };
}
