/**
 * The history row model (renderer/features/activity/history-model.ts) on rows shaped as `/v1/graphql` answers them:
 * signed changes per asset with APT's two forms as one, the fee only when this account paid it (a fee payer pays
 * for the sender), direction, status. Amounts above 2^53 stay exact.
 */
import { describe, expect, it } from 'vitest';
import type { HistoryActivity, HistoryRow } from '../../../renderer/api/queries/history-queries.ts';
import { historyEntry } from '../../../renderer/features/activity/history-model.ts';
import { changeText } from '../../../renderer/features/activity/history-row.tsx';

const ME = `0x${'1'.repeat(64)}`;
const OTHER = `0x${'2'.repeat(64)}`;
const PAYER = `0x${'3'.repeat(64)}`;
const FA_APT = `0x${'0'.repeat(63)}a`;
const USDC = `0x${'c'.repeat(64)}`;

function activity(part: Partial<HistoryActivity>): HistoryActivity {
  return {
    owner_address: ME,
    asset_type: '0x1::aptos_coin::AptosCoin',
    amount: '0',
    type: '0x1::coin::WithdrawEvent',
    is_gas_fee: false,
    gas_fee_payer_address: null,
    is_transaction_success: true,
    transaction_timestamp: '2024-06-01T00:11:00.123456',
    metadata: null,
    ...part,
  };
}

function row(sender: string | null, activities: HistoryActivity[]): HistoryRow {
  return {
    transaction_version: 42,
    user_transaction:
      sender === null
        ? null
        : { sender, entry_function_id_str: '0x1::aptos_account::transfer', timestamp: '2024-06-01T00:11:00' },
    fungible_asset_activities: activities,
    status: [{ is_transaction_success: activities[0]?.is_transaction_success ?? true }],
  };
}

describe('history row model', () => {
  it('sent: coin and fungible-asset APT add up to one APT change, the fee included and shown', () => {
    const entry = historyEntry(
      row(ME, [
        activity({ amount: '100', type: '0x1::coin::WithdrawEvent' }),
        activity({ amount: '50', type: '0x1::fungible_asset::Withdraw', asset_type: FA_APT }),
        activity({ amount: '7', type: '0x1::aptos_coin::GasFeeEvent', is_gas_fee: true }),
      ]),
      ME,
    );
    expect(entry.direction).toBe('sent');
    expect(entry.fee).toBe(7n);
    expect(entry.changes).toEqual([
      { assetType: '0x1::aptos_coin::AptosCoin', symbol: 'APT', decimals: 8, amount: -157n },
    ]);
    expect(changeText(entry.changes[0]!)).toBe('−0.00000157 APT');
  });

  it('received: a deposit in someone else transaction, with its decimals from the metadata; no fee', () => {
    const big = (2n ** 60n + 1n).toString();
    const entry = historyEntry(
      row(OTHER, [
        activity({
          amount: big,
          type: '0x1::fungible_asset::Deposit',
          asset_type: USDC,
          metadata: { symbol: 'USDC', decimals: 6 },
        }),
      ]),
      ME,
    );
    expect(entry.direction).toBe('received');
    expect(entry.fee).toBeUndefined();
    expect(entry.changes[0]!.amount).toBe(2n ** 60n + 1n);
    expect(changeText(entry.changes[0]!)).toBe('+1,152,921,504,606.846977 USDC');
  });

  it('a fee payer pays the gas: the fee is its, not the sender', () => {
    const gas = activity({ amount: '9', type: '0x1::aptos_coin::GasFeeEvent', is_gas_fee: true });
    const paid = { ...gas, owner_address: OTHER, gas_fee_payer_address: PAYER };
    expect(historyEntry(row(OTHER, [paid]), PAYER).fee).toBe(9n);
    expect(historyEntry(row(OTHER, [paid]), PAYER).changes[0]!.amount).toBe(-9n);
    expect(historyEntry(row(OTHER, [paid]), OTHER).fee).toBeUndefined();
  });

  it('failed, and other: a failed transaction keeps its status; an untouched balance is "other"', () => {
    const failed = historyEntry(
      row(ME, [activity({ amount: '3', is_gas_fee: true, is_transaction_success: false, type: 'gas' })]),
      ME,
    );
    expect(failed.success).toBe(false);
    const other = historyEntry(row(null, []), ME);
    expect(other).toMatchObject({ direction: 'other', success: true, fee: undefined, changes: [], fn: undefined });
  });
});
