/**
 * Checking the SQLite type of stored bytes. SQLite lets any column hold any type, so a damaged or
 * hand-edited snapshot may hold a state value or event as TEXT or a number; decoding that would fail
 * deep inside the codec with a message about DataView. Reads check the type and say what is wrong.
 */
import { CodecError } from '../../shared/codec-error.ts';

/** Stored data of the wrong SQLite type (the read service answers it 500, like undecodable data). */
export class StoredTypeError extends CodecError {}

function sqliteTypeOf(value: unknown): string {
  if (typeof value === 'string') return 'TEXT';
  if (typeof value === 'number' || typeof value === 'bigint') return 'a number';
  return typeof value;
}

/**
 * `value` as bytes (null stays null). Anything else throws a {@link StoredTypeError} naming the
 * file (`file`: its name) and what was read (`what`, e.g. "state value 0x… at version 7").
 */
export function storedBlob(value: unknown, file: string, what: () => string): Uint8Array | null {
  if (value === null || value instanceof Uint8Array) return value;
  throw new StoredTypeError(
    `${file}: ${what()} is stored as ${sqliteTypeOf(value)}, not as bytes ` +
      '(a BLOB); the file is damaged (run "ledger-explorer snapshot verify")',
  );
}
