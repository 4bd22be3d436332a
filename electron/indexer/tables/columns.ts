/**
 * A compact way to declare a table's columns: `{ name: 'bigint' }`, a trailing `?` for a nullable column
 * (Hasura allows `_is_null` on it). Order is kept: it is the order of the SQLite columns.
 */

import type { IndexerColumn, IndexerScalar } from '../indexer-table.ts';

/** A column's scalar, `?`-suffixed when nullable. */
export type ColumnSpec = IndexerScalar | `${IndexerScalar}?`;

/** The columns of `spec`, in its order. */
export function columns(spec: Readonly<Record<string, ColumnSpec>>): readonly IndexerColumn[] {
  return Object.entries(spec).map(([name, s]) =>
    s.endsWith('?')
      ? { name, type: s.slice(0, -1) as IndexerScalar, nullable: true }
      : { name, type: s as IndexerScalar },
  );
}
