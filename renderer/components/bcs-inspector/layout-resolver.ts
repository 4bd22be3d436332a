/**
 * Turns a type tag text into a Move layout, fetching the module ABIs it needs from the current
 * source (one module at a time, as the resolver discovers them). Primitive types, vectors of them,
 * String, Option and Object need no network at all: that is what lets `/inspect` work offline.
 */
import { skipToken, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../../api/client.ts';
import { moduleAbiQuery } from '../../api/queries/table-queries.ts';
import { DERIVED_KEYS, UNVERSIONED } from '../../api/query-keys.ts';
import type { MoveModuleAbi } from '../../../shared/move/abi.ts';
import { LayoutError } from '../../../shared/codec-error.ts';
import { resolveLayout, type MoveLayout } from '../../../shared/move/layout.ts';
import { parseTypeTag } from '../../../shared/type-tag.ts';

/** Bound on fetch-and-retry rounds (each round fetches the modules the last attempt missed). */
const MAX_ROUNDS = 64;

/** Fetches one module's ABI; `undefined` when the module does not exist. */
export type ModuleFetcher = (address: string, name: string) => Promise<MoveModuleAbi | undefined>;

/** Resolves `typeText`, fetching missing modules through `fetchModule`; throws the codec's error when it cannot. */
export async function resolveLayoutFetching(typeText: string, fetchModule: ModuleFetcher): Promise<MoveLayout> {
  const tag = parseTypeTag(typeText.trim());
  const modules = new Map<string, MoveModuleAbi | undefined>();
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const missing = new Set<string>();
    // A fresh lookup per round: the codec caches layouts per lookup, and answers must not change under it.
    const lookup = (address: string, module: string): MoveModuleAbi | undefined => {
      const key = `${address}::${module}`;
      if (!modules.has(key)) missing.add(key);
      return modules.get(key);
    };
    try {
      return resolveLayout(tag, lookup);
    } catch (error) {
      if (!(error instanceof LayoutError) || missing.size === 0) throw error;
    }
    await Promise.all(
      [...missing].map(async (key) => {
        const [address = '', name = ''] = key.split('::');
        modules.set(key, await fetchModule(address, name));
      }),
    );
  }
  throw new LayoutError(`${typeText}: too many modules to resolve`);
}

/** A module fetcher over the query cache, at one ledger version (a 404 means "no such module"). */
export function cachedModuleFetcher(client: QueryClient, version: string | undefined): ModuleFetcher {
  return async (address, name) => {
    try {
      return (await client.fetchQuery(moduleAbiQuery(address, name, version))) ?? undefined;
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 404) return undefined;
      throw error;
    }
  };
}

/** The layout of `typeText` at `version` (ABIs from the current source), as a query. */
export function useMoveLayout(typeText: string, version: string | undefined) {
  const client = useQueryClient();
  const text = typeText.trim();
  return useQuery({
    queryKey: DERIVED_KEYS.moveLayout(text, version ?? UNVERSIONED),
    // An empty type field asks nothing.
    queryFn: text === '' ? skipToken : () => resolveLayoutFetching(text, cachedModuleFetcher(client, version)),
    // Without a version the ABIs are the source's latest, which moves: never served as fresh.
    staleTime: version === undefined ? 0 : Infinity,
    structuralSharing: false,
    retry: false,
  });
}
