/**
 * `placeholderData` that keeps the previous answer on screen only while the new key agrees with it
 * on the parts that decide what the view shows (e.g. the same account and version, another page
 * size): never across versions, accounts, streams or ranges where the rule says so, because the old
 * rows would sit under the new view's label. The parts are compared by name (see query-keys.ts).
 */
import type { QueryKey } from '@tanstack/react-query';
import { keyParts, type DomainKey, type KeyParts } from '../query-keys.ts';

/**
 * Keeps the previous query's data when its key is of the same domain as `queryKey` and has the same
 * values for each part named in `same`.
 */
export function keepPreviousWhileSame<P extends KeyParts>(queryKey: DomainKey<P>, same: readonly (keyof P & string)[]) {
  const [, domain, parts] = queryKey;
  return <T>(previous: T | undefined, previousQuery: { readonly queryKey: QueryKey } | undefined): T | undefined => {
    const before = previousQuery === undefined ? undefined : keyParts(previousQuery.queryKey);
    return before !== undefined && before.domain === domain && same.every((name) => before.parts[name] === parts[name])
      ? previous
      : undefined;
  };
}
