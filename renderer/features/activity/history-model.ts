/**
 * What one history row shows, worked out from the indexer's rows (renderer/api/queries/history-queries.ts): the
 * account's signed balance change per asset (deposits add, withdrawals and the gas fee it paid subtract; APT's coin
 * and fungible-asset forms are one APT), the fee it paid, the direction, the status, the time and the function.
 */
import {
  APT_ASSET_TYPES,
  DEPOSIT_TYPES,
  type Direction,
  type HistoryActivity,
  type HistoryRow,
} from '../../api/queries/history-queries.ts';
import { APT_DECIMALS } from '../../lib/format-amount.ts';

/** One asset's change in a transaction. */
export interface AssetChange {
  /** The asset's type (APT's coin type for either form of APT). */
  readonly assetType: string;
  readonly symbol: string;
  /** Decimals, or undefined when the asset's metadata is unknown (the change is then shown in base units). */
  readonly decimals: number | undefined;
  /** Signed, in base units. */
  readonly amount: bigint;
}

/** A history row ready to show. */
export interface HistoryEntry {
  readonly version: string;
  /** ISO text in UTC (the indexer's timestamp), or undefined. */
  readonly time: string | undefined;
  readonly fn: string | undefined;
  readonly direction: Direction;
  readonly success: boolean;
  /** The gas fee the account paid (octas), or undefined when it paid none. */
  readonly fee: bigint | undefined;
  readonly changes: readonly AssetChange[];
}

const DEPOSITS: ReadonlySet<string> = new Set(DEPOSIT_TYPES);
const APT_TYPES: ReadonlySet<string> = new Set(APT_ASSET_TYPES);

/** The account's signed change of one activity (0 for one that moves none of its balance, e.g. a freeze). */
function signedAmount(activity: HistoryActivity, address: string): bigint {
  if (activity.amount === null) return 0n;
  const amount = BigInt(activity.amount);
  if (activity.is_gas_fee) return (activity.gas_fee_payer_address ?? activity.owner_address) === address ? -amount : 0n;
  if (activity.owner_address !== address) return 0n;
  if (DEPOSITS.has(activity.type)) return amount;
  return /withdraw/i.test(activity.type) ? -amount : 0n;
}

/** The row's changes per asset, in first-seen order; assets whose changes cancel out are kept (as 0). */
export function assetChanges(row: HistoryRow, address: string): AssetChange[] {
  const byType = new Map<string, AssetChange>();
  for (const activity of row.fungible_asset_activities) {
    if (activity.asset_type === null) continue;
    const apt = APT_TYPES.has(activity.asset_type);
    const assetType = apt ? APT_ASSET_TYPES[0] : activity.asset_type;
    const amount = signedAmount(activity, address);
    const known = byType.get(assetType);
    if (known !== undefined) {
      byType.set(assetType, { ...known, amount: known.amount + amount });
      continue;
    }
    byType.set(assetType, {
      assetType,
      symbol: apt ? 'APT' : (activity.metadata?.symbol ?? assetType),
      decimals: apt ? APT_DECIMALS : activity.metadata?.decimals,
      amount,
    });
  }
  return [...byType.values()];
}

/** A history row as the Activity list shows it (`address` in the indexer's long form). */
export function historyEntry(row: HistoryRow, address: string): HistoryEntry {
  const changes = assetChanges(row, address);
  const gas = row.fungible_asset_activities.find(
    (activity) => activity.is_gas_fee && (activity.gas_fee_payer_address ?? activity.owner_address) === address,
  );
  const sent = row.user_transaction?.sender === address;
  const deposited = row.fungible_asset_activities.some(
    (activity) => activity.owner_address === address && DEPOSITS.has(activity.type),
  );
  const first = row.fungible_asset_activities[0];
  return {
    version: String(row.transaction_version),
    time: row.user_transaction?.timestamp ?? first?.transaction_timestamp,
    fn: row.user_transaction?.entry_function_id_str ?? undefined,
    direction: sent ? 'sent' : deposited ? 'received' : 'other',
    success: first?.is_transaction_success ?? row.status[0]?.is_transaction_success ?? true,
    fee: gas?.amount === undefined || gas.amount === null ? undefined : BigInt(gas.amount),
    changes,
  };
}
