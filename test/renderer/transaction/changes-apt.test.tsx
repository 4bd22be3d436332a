/**
 * `aptBalanceChanges` over real write sets of the `main` fixture: every account's APT change agrees
 * with the service's own balance read (coin store plus primary fungible store) at V and V − 1, a
 * transfer moves exactly its amount plus the sender's fee, and the section shows the sender's line
 * as "APT −… (−… octas)".
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { entryFunctionOf, feePayerOf, type JsonValue } from '../../../shared/api/wire-schemas.ts';
import { callOf } from '../../support/wire-transactions.ts';
import { userTransactionOf, type CommittedTransactionJson } from '../../../renderer/api/transaction-json.ts';
import {
  aptBalanceChanges,
  aptReadKey,
  aptStoreReads,
} from '../../../renderer/features/transaction/changes/apt-balance-changes.ts';
import { APT_COIN_STORE, FUNGIBLE_STORE } from '../../../renderer/lib/apt.ts';
import { APT_DECIMALS, formatBaseUnits, formatUnits } from '../../../renderer/lib/format-amount.ts';
import {
  findTransaction,
  findUserTransaction,
  fixture,
  read,
  renderChanges,
  resourceAt,
  section,
} from './changes-support.tsx';

/** The service's APT balance of `account` at `version` (BCS u64; 0 when the account has none). */
async function balance(account: string, version: bigint): Promise<bigint> {
  const answer = await read(`/v1/accounts/${account}/balance/0x1::aptos_coin::AptosCoin?ledger_version=${version}`, {
    headers: { Accept: 'application/x-bcs' },
  });
  if (answer.status === 404) return 0n;
  expect(answer.status).toBe(200);
  const bytes = answer.body as Uint8Array;
  return new DataView(bytes.buffer, bytes.byteOffset, 8).getBigUint64(0, true);
}

/** The befores `aptStoreReads` asks for, read from the service at V − 1. */
async function befores(txn: CommittedTransactionJson): Promise<Map<string, JsonValue | null>> {
  const out = new Map<string, JsonValue | null>();
  for (const r of aptStoreReads(txn.changes))
    out.set(
      aptReadKey(r.address, r.type),
      (await resourceAt(r.address, r.type, BigInt(txn.version) - 1n)) as JsonValue,
    );
  return out;
}

const oldest = () => BigInt(fixture().info.oldestVersion);

describe('aptBalanceChanges', () => {
  it("agrees with the service's balance reads for coin stores and primary fungible stores alike", async () => {
    const seen = { coin: 0, fungible: 0 };
    const checked: string[] = [];
    await findTransaction(async (txn) => {
      if (BigInt(txn.version) <= oldest()) return false;
      const reads = aptStoreReads(txn.changes);
      if (reads.length === 0) return false;
      const hasCoin = reads.some((r) => r.type === APT_COIN_STORE);
      const hasStore = reads.some((r) => r.type === FUNGIBLE_STORE);
      // Enough of each kind, then stop.
      if ((hasCoin && seen.coin >= 4 && !hasStore) || (hasStore && seen.fungible >= 4 && !hasCoin)) return false;
      if (hasCoin) seen.coin += 1;
      if (hasStore) seen.fungible += 1;
      const v = BigInt(txn.version);
      const lines = aptBalanceChanges(txn.changes, await befores(txn), userTransactionOf(txn)?.sender);
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) {
        const [was, now] = [await balance(line.account, v - 1n), await balance(line.account, v)];
        expect([line.account, line.before, line.after, line.delta]).toEqual([line.account, was, now, now - was]);
        checked.push(`${txn.version} ${line.account}`);
      }
      if (txn.sender !== undefined && lines.some((l) => l.account === txn.sender))
        expect(lines[0]?.account).toBe(txn.sender);
      return seen.coin >= 4 && seen.fungible >= 4;
    });
    expect(seen.coin).toBeGreaterThanOrEqual(4);
    expect(seen.fungible).toBeGreaterThanOrEqual(4);
    expect(checked.length).toBeGreaterThanOrEqual(8);
  });

  it("moves a transfer's amount to the recipient and the amount plus the fee out of the sender", async () => {
    const txn = await findUserTransaction(
      (t) =>
        BigInt(t.version) > oldest() &&
        t.success === true &&
        entryFunctionOf(t.payload)?.function === '0x1::aptos_account::transfer' &&
        t.signature.type !== 'fee_payer_signature' &&
        callOf(t).arguments[0] !== t.sender,
    );
    const [recipient, amount] = callOf(txn).arguments as [string, string];
    const fee = BigInt(txn.gas_used) * BigInt(txn.gas_unit_price);
    const lines = aptBalanceChanges(txn.changes, await befores(txn), txn.sender);
    expect(lines.map((l) => [l.account, l.delta])).toEqual([
      [txn.sender, -(BigInt(amount) + fee)],
      [recipient, BigInt(amount)],
    ]);
  });

  it('throws when a before it needs was not given', async () => {
    const txn = await findTransaction((t) => aptStoreReads(t.changes).length > 0);
    expect(() => aptBalanceChanges(txn.changes, new Map())).toThrow(/before the transaction was not given/);
  });
});

describe('the APT line of the changes section', () => {
  it("shows the sender's change in APT and octas, highlighted above the list", async () => {
    const txn = await findUserTransaction(
      (t) =>
        BigInt(t.version) > oldest() &&
        t.success === true &&
        entryFunctionOf(t.payload)?.function === '0x1::aptos_account::transfer' &&
        callOf(t).arguments[0] !== t.sender,
    );
    const v = BigInt(txn.version);
    const delta = (await balance(txn.sender, v)) - (await balance(txn.sender, v - 1n));
    expect(delta).toBeLessThan(0n);
    renderChanges(txn);
    const list = await screen.findByRole('list', { name: 'APT balance changes' });
    const expected = `APT −${formatUnits(-delta, APT_DECIMALS)} (−${formatBaseUnits(-delta)} octas)`;
    expect(list.querySelector('li')?.textContent).toBe(`${txn.sender} ${expected} (sender)`);
    expect(list.querySelector('a')?.getAttribute('href')).toBe(`/accounts/${txn.sender}?ledger_version=${v}`);
    await waitFor(() => expect(section().dataset['changesReady']).toBe('true'));
  });

  it("marks a sponsored transaction's fee payer, whose primary store paid the fee", async () => {
    const sample = fixture().info.samples.transactions.feePayer;
    const txn = await findUserTransaction((t) => t.version === sample?.version);
    const payer = feePayerOf(txn.signature)!;
    expect(payer).not.toBe(txn.sender);
    const fee = BigInt(txn.gas_used) * BigInt(txn.gas_unit_price);
    const v = BigInt(txn.version);
    const delta = (await balance(payer, v)) - (await balance(payer, v - 1n));
    expect(delta).toBe(-fee);
    renderChanges(txn);
    const list = await screen.findByRole('list', { name: 'APT balance changes' });
    const line = [...list.querySelectorAll('li')].find((li) => li.textContent?.startsWith(payer));
    expect(line?.textContent).toBe(
      `${payer} APT −${formatUnits(fee, APT_DECIMALS)} (−${formatBaseUnits(fee)} octas) (fee payer)`,
    );
  });
});
