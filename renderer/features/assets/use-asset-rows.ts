/**
 * Everything the Assets tab reads, as of the view's version. Coins: the account's resources (every page) give
 * each `CoinStore<T>`; each coin's `CoinInfo<T>` is read from the resources of the coin's own address (one listing
 * per publisher, not one request per coin: an account may hold 10,000 coins of one publisher). Fungible stores:
 * on a snapshot, every store object the account owns (`/explorer/v1/accounts/{a}/assets`); on a node, which has
 * no such query, the primary stores that can be derived — of APT (`0xa`) and of each coin's paired asset
 * (`0x1::coin::paired_metadata`) — read where they would be (sha3-256(owner ‖ metadata ‖ 0xFC)). Each store's
 * asset info is its metadata object's `0x1::fungible_asset::Metadata`.
 */
import { useMemo } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { formatAddress, parseAddress } from '../../../shared/address.ts';
import { APT_METADATA_ADDRESS, primaryStoreAddress } from '../../../shared/object-address.ts';
import {
  accountAssetsQuery,
  isObjectQuery,
  pairedMetadataQuery,
  resourceJsonQuery,
  type OwnedObjectJson,
} from '../../api/queries/asset-queries.ts';
import { allResourcesQuery } from '../../api/queries/table-queries.ts';
import { balanceQuery } from '../../api/queries/transaction-queries.ts';
import { coinAddress, coinRows, infoOf, type AssetInfo, type AssetRow } from './asset-rows.ts';

const FUNGIBLE_STORE = '0x1::fungible_asset::FungibleStore';
const METADATA = '0x1::fungible_asset::Metadata';
/** On a node, how many coins' pairings are asked for (one view call each). */
export const MAX_PAIRINGS = 50;

/** What the tab shows and how it was found. */
export interface AssetRowsState {
  readonly rows: readonly AssetRow[];
  /** The objects the account owns that are not fungible stores (tokens…); undefined on a node. */
  readonly otherObjects: readonly OwnedObjectJson[] | undefined;
  /** How the fungible stores were found. */
  readonly storesFrom: 'explorer' | 'derived' | undefined;
  /** How many coins' pairings were not asked for (on a node, past {@link MAX_PAIRINGS}). */
  readonly unpairedCoins: number;
  readonly pending: boolean;
  /** The failure of a read the table cannot do without (the resources, or the owned objects). */
  readonly error: unknown;
}

function unique(values: readonly (string | undefined | null)[]): string[] {
  return [...new Set(values.filter((value): value is string => typeof value === 'string'))];
}

/** The rows and facts of the Assets tab for `address` at `version`. */
export function useAssetRows(address: string, version: string | undefined): AssetRowsState {
  const resources = useQuery(allResourcesQuery(address, version));
  const assets = useQuery(accountAssetsQuery(address, version));
  const coins = useMemo(() => coinRows(address, resources.data ?? []), [address, resources.data]);
  const derived = assets.data === null;

  // Coin info: the listing of each publisher's resources (the account's own listing is shared by key).
  const publishers = useMemo(() => unique(coins.map((coin) => coinAddress(coin.asset))), [coins]);
  const listings = useQueries({ queries: publishers.map((publisher) => allResourcesQuery(publisher, version)) });
  const coinInfo = new Map<string, AssetInfo>();
  for (const listing of listings) {
    for (const resource of listing.data ?? []) {
      const match = /^0x1::coin::CoinInfo<(.+)>$/.exec(resource.type);
      const info = match?.[1] === undefined ? undefined : infoOf(resource.data);
      if (match?.[1] !== undefined && info !== undefined) coinInfo.set(match[1], info);
    }
  }

  // A node: the primary stores of APT and of the coins' paired assets.
  const pairings = useQueries({
    queries: derived ? coins.slice(0, MAX_PAIRINGS).map((coin) => pairedMetadataQuery(coin.asset, version)) : [],
  });
  const candidates = derived ? unique([APT_METADATA_ADDRESS, ...pairings.map((pairing) => pairing.data)]) : [];
  const owner = parseAddress(address);
  const derivedAddresses = candidates.map((metadata) =>
    formatAddress(primaryStoreAddress(owner, parseAddress(metadata))),
  );
  // Whether each store exists first (a view's answer), so a store the account does not have costs no 404.
  const derivedExist = useQueries({ queries: derivedAddresses.map((store) => isObjectQuery(store, version)) });
  const derivedStores = useQueries({
    queries: derivedAddresses.map((store, i) =>
      resourceJsonQuery(derivedExist[i]?.data?.[0] === true ? store : undefined, FUNGIBLE_STORE, version),
    ),
  });
  // The balance endpoint of a fungible asset counts exactly its primary store (a concurrent balance included).
  const derivedBalances = useQueries({
    queries: candidates.map((metadata, i) =>
      balanceQuery(derivedStores[i]?.data ? address : undefined, metadata, version),
    ),
  });

  const storeRows: AssetRow[] = derived
    ? candidates.flatMap((metadata, i): AssetRow[] => {
        const store = derivedStores[i]?.data;
        const balance = derivedBalances[i]?.data;
        if (!store || balance === undefined) return [];
        const data = store.data as { frozen?: unknown };
        return [
          {
            id: derivedAddresses[i] ?? metadata,
            kind: 'fungible_asset',
            asset: metadata,
            store: derivedAddresses[i] ?? '',
            balance,
            frozen: data.frozen === true,
            primary: true,
            info: undefined,
          },
        ];
      })
    : (assets.data?.objects ?? []).flatMap((object): AssetRow[] =>
        object.fungible_store === null
          ? []
          : [
              {
                id: object.address,
                kind: 'fungible_asset',
                asset: object.fungible_store.metadata,
                store: object.address,
                balance: BigInt(object.fungible_store.balance),
                frozen: object.fungible_store.frozen,
                primary: object.fungible_store.primary,
                info: undefined,
              },
            ],
      );

  const metadataAddresses = unique(storeRows.map((row) => row.asset));
  const metadata = useQueries({
    queries: metadataAddresses.map((asset) => resourceJsonQuery(asset, METADATA, version)),
  });
  const faInfo = new Map<string, AssetInfo | undefined>(
    metadataAddresses.map((asset, i) => [asset, infoOf(metadata[i]?.data?.data)]),
  );

  const rows = [
    ...coins.map((row) => ({ ...row, info: coinInfo.get(row.asset) })),
    ...storeRows.map((row) => ({ ...row, info: faInfo.get(row.asset) })),
  ];
  return {
    rows,
    otherObjects: assets.data?.objects.filter((object) => object.fungible_store === null),
    storesFrom: assets.data === undefined ? undefined : derived ? 'derived' : 'explorer',
    unpairedCoins: derived ? Math.max(0, coins.length - MAX_PAIRINGS) : 0,
    pending: resources.isPending || assets.isPending,
    error: resources.error ?? assets.error ?? undefined,
  };
}
