/**
 * Which of an account's APT stores a transaction wrote, read from real transactions of the fixture (the read
 * service's JSON): a coin-store account's transaction writes its `CoinStore<AptosCoin>`, a primary-store
 * account's the `FungibleStore` at its derived store address; and the paging of the Activity list.
 */
import { describe, expect, it } from 'vitest';
import { parseAddress } from '../../../shared/address.ts';
import { parseStructTag } from '../../../shared/type-tag.ts';
import { requestJson } from '../../../renderer/api/client.ts';
import { pageBelow } from '../../../renderer/api/queries/activity-queries.ts';
import type { UserTransaction } from '../../../shared/api/wire-schemas.ts';
import { mainnetUserTransaction } from '../../support/wire-transactions.ts';
import { aptPrimaryStore } from '../../../renderer/lib/apt.ts';
import { aptWrites, feeOctas, versionBefore } from '../../../renderer/features/activity/apt-change.ts';
import { shortFunction } from '../../../renderer/features/activity/activity-row.tsx';
import { serviceFixture, withApi } from '../support/service-fetch.ts';

const OBJECT_GROUP = parseStructTag('0x1::object::ObjectGroup');

/** The newest sequence-number transactions `address` sent. */
async function sent(address: string): Promise<UserTransaction[]> {
  return withApi(async () => {
    const { sequence_number: n } = (await requestJson<{ sequence_number: string }>(`/v1/accounts/${address}`)).body;
    const start = BigInt(n) - 5n;
    return (await requestJson<UserTransaction[]>(`/v1/accounts/${address}/transactions?start=${start}&limit=5`)).body;
  }, 'main');
}

describe('aptWrites', () => {
  it("finds a coin-store account's CoinStore<AptosCoin> write, and no primary store write", async () => {
    const sender = serviceFixture('main').info.samples.senders[0]!.address;
    const transactions = await sent(sender);
    const writes = transactions.map((transaction) => aptWrites(transaction, sender));
    expect(writes.some((w) => w.coinStore)).toBe(true);
    expect(writes.every((w) => !w.primaryStore)).toBe(true);
    // Another account's view of the same transactions: nothing of its own was written.
    expect(transactions.every((t) => !aptWrites(t, '0x1').coinStore && !aptWrites(t, '0x1').primaryStore)).toBe(true);
  });

  it("finds a primary-store account's FungibleStore write at its derived store address", async () => {
    const { store, info } = serviceFixture('main');
    const latest = BigInt(info.latestVersion);
    const holder = info.samples.senders
      .map((sample) => sample.address)
      .find((address) => store.resourceGroup(parseAddress(aptPrimaryStore(address)), OBJECT_GROUP, latest));
    expect(holder).toBeDefined();
    const writes = (await sent(holder!)).map((transaction) => aptWrites(transaction, holder!));
    expect(writes.some((w) => w.primaryStore)).toBe(true);
    expect(writes.every((w) => !w.coinStore)).toBe(true);
  });
});

describe('activity helpers', () => {
  it('pages backwards from the sequence number without going below 0', () => {
    expect(pageBelow(0n, 25)).toBeUndefined();
    expect(pageBelow(10n, 25)).toEqual({ start: 0n, limit: 10 });
    expect(pageBelow(686n, 25)).toEqual({ start: 661n, limit: 25 });
    expect(pageBelow(661n, 25)).toEqual({ start: 636n, limit: 25 });
  });

  it('fees, versions before, and function names cut in the middle', () => {
    expect(feeOctas({ ...mainnetUserTransaction(), gas_used: '7', gas_unit_price: '100' })).toBe(700n);
    expect(versionBefore('0')).toBeUndefined();
    expect(versionBefore('19999')).toBe('19998');
    expect(shortFunction(`0x${'a5'.repeat(32)}::assets::mint`)).toBe('0xa5a5…5a5a5::assets::mint');
    expect(shortFunction('0x1::aptos_account::transfer')).toBe('0x1::aptos_account::transfer');
  });
});
