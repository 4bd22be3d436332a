/**
 * The APT balance read from the resources themselves, for a node without the balance endpoint (or one that refuses
 * it): the account's `CoinStore<AptosCoin>` (`coin.value`) plus its APT primary store's `FungibleStore.balance`, or
 * the store's `ConcurrentFungibleBalance` when that is 0 — the sum the balance endpoint answers
 * (docs/api.md, the assets endpoint counts a store the same way). An absent resource counts 0.
 */
import { useQuery } from '@tanstack/react-query';
import { resourceJsonQuery } from '../../api/queries/asset-queries.ts';
import {
  APT_COIN_STORE,
  aptPrimaryStore,
  coinStoreValue,
  CONCURRENT_BALANCE,
  FUNGIBLE_STORE,
  fungibleStoreBalance,
} from '../../lib/apt.ts';

/** The APT balance from the stores' resources at `version`, read only when `enabled`; undefined until known. */
export function useAptFromResources(
  address: string,
  version: string | undefined,
  enabled: boolean,
): { readonly octas: bigint | undefined; readonly error: unknown } {
  const store = aptPrimaryStore(address);
  const coin = useQuery(resourceJsonQuery(enabled ? address : undefined, APT_COIN_STORE, version));
  const fungible = useQuery(resourceJsonQuery(enabled ? store : undefined, FUNGIBLE_STORE, version));
  const concurrent = useQuery(resourceJsonQuery(enabled ? store : undefined, CONCURRENT_BALANCE, version));
  const error = coin.error ?? fungible.error ?? concurrent.error;
  if (coin.data === undefined || fungible.data === undefined || concurrent.data === undefined) {
    return { octas: undefined, error };
  }
  const octas = coinStoreValue(coin.data?.data) + fungibleStoreBalance(fungible.data?.data, concurrent.data?.data);
  return { octas, error };
}
