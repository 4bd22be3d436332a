/**
 * The rows of the Assets tab: every coin (`0x1::coin::CoinStore<T>` of the account, with `CoinInfo<T>` from the
 * coin's own address) and every fungible store the account owns (with `0x1::fungible_asset::Metadata` of its
 * asset), as plain data the table sorts and the export writes. Balances stay exact (bigint base units).
 */
import { isAddress, normalizeAddress } from '../../../shared/address.ts';
import type { MoveResourceJson } from '../../api/types.ts';
import { formatUnits } from '../../lib/format-amount.ts';
import { isDecimalText } from '../../../shared/ledger/u64.ts';

/** What a row is: a coin in a `CoinStore`, or a fungible asset in a store object. */
export type AssetKind = 'coin' | 'fungible_asset';

/** Name, symbol and decimals of an asset (from `CoinInfo<T>` or `Metadata`); undefined while unknown. */
export interface AssetInfo {
  readonly name: string;
  readonly symbol: string;
  readonly decimals: number;
}

/** One row of the table. */
export interface AssetRow {
  /** Coin type, or store address: unique in the table. */
  readonly id: string;
  readonly kind: AssetKind;
  /** The coin type, or the fungible asset's metadata address. */
  readonly asset: string;
  /** Where the balance sits: the account itself for a coin, the store object for a fungible asset. */
  readonly store: string;
  readonly balance: bigint;
  readonly frozen: boolean;
  /** A fungible asset in the account's primary store (false for coins and secondary stores). */
  readonly primary: boolean;
  /** Undefined until read, or when the asset has no info (a coin without `CoinInfo`). */
  readonly info: AssetInfo | undefined;
}

const COIN_STORE = /^0x1::coin::CoinStore<(.+)>$/;

/** The coin type of a `CoinStore<T>` resource type, or undefined for any other type. */
export function coinTypeOf(resourceType: string): string | undefined {
  return COIN_STORE.exec(resourceType)?.[1];
}

/** The address a coin type is published at (`0xc0::m::T` → `0xc0`). */
export function coinAddress(coinType: string): string | undefined {
  const address = coinType.split('::')[0];
  return address !== undefined && isAddress(address) ? normalizeAddress(address) : undefined;
}

function digits(value: unknown): bigint {
  return typeof value === 'string' && isDecimalText(value) ? BigInt(value) : 0n;
}

/** The coin rows of an account's resources: balance `coin.value`, frozen flag; info added by the caller. */
export function coinRows(address: string, resources: readonly MoveResourceJson[]): AssetRow[] {
  const rows: AssetRow[] = [];
  for (const resource of resources) {
    const coinType = coinTypeOf(resource.type);
    if (coinType === undefined) continue;
    const data = resource.data as { coin?: { value?: unknown }; frozen?: unknown };
    rows.push({
      id: coinType,
      kind: 'coin',
      asset: coinType,
      store: address,
      balance: digits(data.coin?.value),
      frozen: data.frozen === true,
      primary: false,
      info: undefined,
    });
  }
  return rows;
}

/** A coin's info from `CoinInfo<T>`'s JSON, or a fungible asset's from `Metadata`'s (same three fields). */
export function infoOf(data: unknown): AssetInfo | undefined {
  const fields = data as { name?: unknown; symbol?: unknown; decimals?: unknown } | undefined;
  if (typeof fields?.name !== 'string' || typeof fields.symbol !== 'string') return undefined;
  const decimals = Number(fields.decimals);
  return Number.isInteger(decimals) && decimals >= 0 && decimals <= 255
    ? { name: fields.name, symbol: fields.symbol, decimals }
    : undefined;
}

/** The balance as people read it (the asset's decimals), or the base units when the decimals are unknown. */
export function balanceText(row: AssetRow): string {
  return row.info === undefined
    ? `${row.balance.toLocaleString('en-US')} (base units)`
    : formatUnits(row.balance, row.info.decimals);
}

/** A row as exported (CSV/JSON): exact base units beside the decimal text, every fact a column. */
export function exportRow(row: AssetRow): Record<string, string | number | boolean> {
  return {
    kind: row.kind,
    name: row.info?.name ?? '',
    symbol: row.info?.symbol ?? '',
    decimals: row.info?.decimals ?? '',
    balance: row.info === undefined ? '' : formatUnits(row.balance, row.info.decimals).replaceAll(',', ''),
    balance_base_units: row.balance.toString(),
    asset: row.asset,
    store: row.store,
    primary_store: row.primary,
    frozen: row.frozen,
  };
}
