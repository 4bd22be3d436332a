/**
 * A digest of a snapshot's logical content: SHA-256 over every row of every format table in primary
 * key order. Two files with the same digest answer every query the same, whatever their page layout
 * (SQLite files of equal content can differ in bytes), so this is what "deterministic" is checked by.
 */
import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { NO_PROGRESS, type Progress } from './progress.ts';

const TABLE_ORDER: readonly (readonly [string, string])[] = [
  ['meta', 'key'],
  ['blocks', 'height'],
  ['transactions', 'version'],
  ['account_transactions', 'sender, version'],
  ['state_values', 'state_key, version'],
  ['modules', 'address, name, version'],
  ['events', 'address, creation_number, sequence_number'],
  ['table_info', 'handle'],
  ['accounts', 'address'],
  // Format v2 only (skipped when absent, so a v1 file's digest is what it was).
  ['transaction_details', 'version'],
  ['module_events', 'version, event_index'],
];

function encodeCell(value: unknown): string {
  if (value === null) return 'N';
  if (value instanceof Uint8Array) return `x${Buffer.from(value).toString('hex')}`;
  return `${typeof value === 'string' ? 's' : 'n'}${String(value)}`;
}

/**
 * The text {@link contentDigest} hashes, in pieces (for {@link contentDigestInBackground}): each table's name line,
 * then each row's line.
 */
function* digestInput(db: Database.Database): Generator<string> {
  const present = new Set(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]);
  for (const [table, order] of TABLE_ORDER) {
    if (!present.has(table)) continue;
    yield `table ${table}\n`;
    for (const row of db.prepare(`SELECT * FROM ${table} ORDER BY ${order}`).raw().iterate() as Iterable<unknown[]>) {
      yield `${row.map(encodeCell).join('|')}\n`;
    }
  }
}

/** `sha256:<hex>` of the snapshot's content; `progress` is told the rows hashed, table by table. */
export function contentDigest(db: Database.Database, progress: Progress = NO_PROGRESS): string {
  const hash = createHash('sha256');
  const present = new Set(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]);
  const tables = TABLE_ORDER.filter(([table]) => present.has(table));
  let total = 0;
  for (const [table] of tables) total += db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
  progress.phase('computing the content digest', total, 'rows');
  let rows = 0;
  for (const [table, order] of tables) {
    hash.update(`table ${table}\n`);
    for (const row of db.prepare(`SELECT * FROM ${table} ORDER BY ${order}`).raw().iterate() as Iterable<unknown[]>) {
      rows += 1;
      if (rows % 1024 === 0) progress.update(rows);
      hash.update(row.map(encodeCell).join('|'));
      hash.update('\n');
    }
  }
  progress.update(rows);
  progress.end();
  return `sha256:${hash.digest('hex')}`;
}

/** Rows hashed between two turns of the event loop by {@link contentDigestInBackground}. */
const ROWS_PER_TURN = 2000;

/**
 * The same digest of the file at `path`, read through a connection of its own (read-only) and yielding to the event
 * loop every {@link ROWS_PER_TURN} rows, so a server keeps answering while a large snapshot is hashed (an open
 * iterator only holds its own connection).
 */
export async function contentDigestInBackground(path: string): Promise<string> {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    db.pragma('query_only = ON');
    const hash = createHash('sha256');
    let rows = 0;
    for (const piece of digestInput(db)) {
      hash.update(piece);
      rows += 1;
      if (rows % ROWS_PER_TURN === 0) await nextTurn();
    }
    return `sha256:${hash.digest('hex')}`;
  } finally {
    db.close();
  }
}
