/**
 * `placeholderData` that keeps the previous answer on screen only while the new key differs in its
 * paging parameters alone (e.g. another page size): never across versions, accounts, streams or
 * ranges, where the old rows would sit under the new view's label.
 */
import type { QueryKey } from '@tanstack/react-query';

/** Keeps the previous query's data when its key starts with `prefix` (the same view at the same version). */
export function keepPreviousWithin(prefix: QueryKey) {
  return <T>(previous: T | undefined, previousQuery: { readonly queryKey: QueryKey } | undefined): T | undefined =>
    previousQuery !== undefined && prefix.every((part, index) => previousQuery.queryKey[index] === part)
      ? previous
      : undefined;
}
