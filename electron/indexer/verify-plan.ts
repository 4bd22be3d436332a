/**
 * How `snapshot verify` splits its indexer check into pieces that need nothing of each other, so two threads can
 * take them (verify-indexer.ts, electron/snapshot/verify-thread.ts): the seed (the current rows of the state before
 * the retained window), chunks of transactions in version order, and the tail (the `static` tables: table metadata,
 * processor status, ledger info). The pass writes each table's rows in derivation order (derive-tables.ts), so in
 * `rowid` order a table's versions never go down; a piece's stored rows of a table are those from the first row at or
 * after its first version up to the next piece's. A stored table is cut by rowid (found by bisection on the version,
 * which needs no index); a view of the file's own tables by its version column (pushed into its tables' indexes).
 * Cuts are kept in order and every row falls in one piece, so a file whose versions do go down still has each row
 * compared once, in the piece its position gives it.
 */
import type Database from 'better-sqlite3';
import type { SnapshotStore } from '../snapshot/snapshot-store.ts';
import { seedVersion } from './derive-transactions.ts';
import { DERIVE_CHUNK } from './derive-thread.ts';
import type { IndexerTable } from './indexer-table.ts';
import { INDEXER_TABLES } from './tables/index.ts';
import type { RowSource } from './verify-cells.ts';

/** One piece: what it derives and, per table, the stored rows it compares (`[from, to)`, `to` null: to the end). */
export interface IndexerPiece {
  readonly kind: 'seed' | 'chunk' | 'tail';
  /** The versions of a chunk's transactions (ascending). */
  readonly versions: readonly number[];
  /** By table name: rowids (a stored table) or versions (a view) of the rows compared; absent: none. */
  readonly ranges: Readonly<Record<string, readonly [number, number | null]>>;
}

/** The pieces of one file's check, in derivation order (their problems are reported in this order). */
export interface IndexerCheckPlan {
  readonly pieces: readonly IndexerPiece[];
}

/** The first rowid of `from` whose version is at least `version`, between `low` and `high` (the end's rowid + 1). */
function firstRowidAt(probe: Database.Statement, version: number, low: number, high: number): number {
  let lo = low;
  let hi = high;
  while (lo < hi) {
    const mid = lo + Math.floor((hi - lo) / 2);
    const row = probe.get(mid) as [number, number | null] | undefined;
    if (row === undefined || (row[1] ?? -Infinity) >= version) hi = mid;
    else lo = row[0] + 1;
  }
  return lo;
}

/** The versions where each piece after the seed starts, for a table (`bounds[i]`: where chunk i starts). */
function tableStarts(table: IndexerTable, firsts: readonly number[], seed: number): number[] {
  // A current table's rows at or below the seed version are the seed's (a chunk's transactions there write none).
  return firsts.map((first) => (table.history.kind === 'current' ? Math.max(first, seed + 1) : first));
}

/**
 * The plan of the check of `store` (connection `db`), whose tables are read from `sources` (by table name); the
 * chunks are those the indexer pass's threads split the transactions into (derive-thread.ts).
 */
export function planIndexerCheck(
  store: SnapshotStore,
  db: Database.Database,
  sources: ReadonlyMap<string, RowSource>,
): IndexerCheckPlan {
  const all = db
    .prepare(
      'SELECT t.version FROM transactions t JOIN transaction_details d ON d.version = t.version ORDER BY t.version',
    )
    .pluck()
    .all() as number[];
  const chunks: number[][] = [];
  for (let at = 0; at < all.length; at += DERIVE_CHUNK) chunks.push(all.slice(at, at + DERIVE_CHUNK));
  const firsts = chunks.map((chunk) => chunk[0] as number);
  const seed = Number(seedVersion(store));
  // cuts[name][i]: where piece i's rows start (the seed's at the start), then the end (null: unbounded).
  const cuts = new Map<string, number[]>();
  for (const table of INDEXER_TABLES) {
    const source = sources.get(table.name);
    if (source === undefined || table.history.kind === 'static') continue;
    const starts = tableStarts(table, firsts, seed);
    const column = `"${table.history.versionColumn}"`;
    if (!source.stored) {
      cuts.set(table.name, [Number.MIN_SAFE_INTEGER, ...starts]);
      continue;
    }
    const ends = db.prepare(`SELECT min(rowid), max(rowid) FROM "${source.from}"`).raw().get() as [
      number | null,
      number | null,
    ];
    const low = ends[0] ?? 1;
    const high = (ends[1] ?? 0) + 1;
    const probe = db
      .prepare(`SELECT rowid, ${column} FROM "${source.from}" WHERE rowid >= ? ORDER BY rowid LIMIT 1`)
      .raw();
    let previous = low;
    const rowids = starts.map((start) => (previous = Math.max(previous, firstRowidAt(probe, start, low, high))));
    cuts.set(table.name, [low, ...rowids]);
  }
  const pieces: IndexerPiece[] = [];
  const rangesOf = (index: number): Record<string, readonly [number, number | null]> => {
    const ranges: Record<string, readonly [number, number | null]> = {};
    for (const [name, list] of cuts) {
      const from = list[index] as number;
      const to = index + 1 < list.length ? (list[index + 1] as number) : null;
      ranges[name] = [from, to];
    }
    return ranges;
  };
  pieces.push({ kind: 'seed', versions: [], ranges: rangesOf(0) });
  chunks.forEach((versions, i) => pieces.push({ kind: 'chunk', versions, ranges: rangesOf(i + 1) }));
  const tail: Record<string, readonly [number, number | null]> = {};
  for (const table of INDEXER_TABLES) {
    const source = sources.get(table.name);
    if (source !== undefined && table.history.kind === 'static')
      tail[table.name] = source.stored ? [Number.MIN_SAFE_INTEGER, null] : [Number.MIN_SAFE_INTEGER, null];
  }
  pieces.push({ kind: 'tail', versions: [], ranges: tail });
  return { pieces };
}

/** The `WHERE` of a piece's rows of a table read from `source` (bound: the range's ends). */
export function rangeWhere(table: IndexerTable, source: RowSource, to: number | null): string {
  const column = source.stored || table.history.kind === 'static' ? 'rowid' : `"${table.history.versionColumn}"`;
  return to === null ? `WHERE ${column} >= ?` : `WHERE ${column} >= ? AND ${column} < ?`;
}
