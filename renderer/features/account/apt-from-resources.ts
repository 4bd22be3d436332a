/**
 * The APT balance read from the resources themselves, for a node without the balance endpoint (or one that refuses
 * it): the account's `CoinStore<AptosCoin>` (`coin.value`) plus its APT primary store's `FungibleStore.balance`, or
 * the store's `ConcurrentFungibleBalance` when that is 0 — the sum the balance endpoint answers
 * (docs/api.md, the assets endpoint counts a store the same way). An absent resource counts 0.
 */
import { useQuery } from '@tanstack/react-query';
import { resourceJsonQuery } from '../../api/queries/asset-queries.ts';
import type { MoveResourceJson } from '../../api/types.ts';
import { APT_COIN_STORE, aptPrimaryStore, FUNGIBLE_STORE } from '../../lib/apt.ts';

const CONCURRENT_BALANCE = '0x1::fungible_asset::ConcurrentFungibleBalance';

/** A u64 field as the node writes it: decimal text, or an aggregator `{"value": "…"}`. */
function u64Of(value: unknown): bigint {
  if (typeof value === 'string' && /^\d+$/.test(value)) return BigInt(value);
  if (typeof value === 'object' && value !== null && 'value' in value) return u64Of(value.value);
  return 0n;
}

/** A resource's field (null resource: absent). */
function field(resource: MoveResourceJson | null | undefined, name: string): unknown {
  const data = resource?.data as Record<string, unknown> | undefined;
  return data?.[name];
}

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
  const coinPart = u64Of(field(coin.data, 'coin'));
  const storePart = u64Of(field(fungible.data, 'balance'));
  const octas = coinPart + (storePart === 0n ? u64Of(field(concurrent.data, 'balance')) : storePart);
  return { octas, error };
}
