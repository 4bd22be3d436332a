/**
 * A compact way to declare a table's columns: `{ name: 'bigint' }`, a trailing `?` for a nullable column
 * (Hasura allows `_is_null` on it). Order is kept: it is the order of the SQLite columns.
 */

import type { StorageCodec } from '../indexer-codecs.ts';
import type { IndexerColumn, IndexerScalar } from '../indexer-table.ts';

/** A column's scalar, `?`-suffixed when nullable. */
export type ColumnSpec = IndexerScalar | `${IndexerScalar}?`;

/**
 * The columns of `spec`, in its order; `hex` and `intern` name the columns stored with those codecs
 * (electron/indexer/indexer-codecs.ts), and every `timestamp` column is stored with the `time` codec.
 */
export function columns(
  spec: Readonly<Record<string, ColumnSpec>>,
  hex: readonly string[] = [],
  intern: readonly string[] = [],
): readonly IndexerColumn[] {
  for (const name of [...hex, ...intern])
    if (!Object.hasOwn(spec, name)) throw new Error(`codec on unknown column ${name}`);
  return Object.entries(spec).map(([name, s]) => {
    const type = (s.endsWith('?') ? s.slice(0, -1) : s) as IndexerScalar;
    const codec: StorageCodec | undefined = hex.includes(name)
      ? 'hex'
      : intern.includes(name)
        ? 'intern'
        : type === 'timestamp'
          ? 'time'
          : undefined;
    return { name, type, ...(s.endsWith('?') ? { nullable: true } : {}), ...(codec ? { codec } : {}) };
  });
}
