/**
 * `snapshot verify`'s check of the JSON a v2 file stores per transaction (`payload`, `signature`, `kind_fields` of
 * `transaction_details`): each parses and nests at most `MAX_STORED_JSON_NESTING` levels, as the service needs to
 * render it (stored-json.ts). A value that does not is named by version and column.
 */
import type Database from 'better-sqlite3';
import { storedJsonProblem } from './stored-json.ts';

const COLUMNS = ['payload', 'signature', 'kind_fields'] as const;

type Row = { readonly version: number } & Readonly<Record<(typeof COLUMNS)[number], unknown>>;

/** Checks every stored JSON value of `transaction_details`; returns how many were checked. */
export function verifyStoredJson(db: Database.Database, problem: (text: string) => void): number {
  let checked = 0;
  for (const row of db
    .prepare(`SELECT version, ${COLUMNS.join(', ')} FROM transaction_details ORDER BY version`)
    .iterate() as Iterable<Row>) {
    for (const column of COLUMNS) {
      const value = row[column];
      if (value === null) continue;
      checked += 1;
      if (typeof value !== 'string') {
        problem(`transaction ${row.version}: its stored ${column} is not TEXT (JSON)`);
        continue;
      }
      const found = storedJsonProblem(value);
      if (found !== undefined) problem(`transaction ${row.version}: its stored ${column} JSON ${found}`);
    }
  }
  return checked;
}
