/**
 * The balance endpoint's logic: coin = CoinStore + primary store of the derived paired metadata,
 * FA = primary store only, store balance = FungibleStore.balance or, when 0, the concurrent balance;
 * `{asset_type}` parsing; the JSON and BCS bodies.
 */
import { describe, expect, it } from 'vitest';
import { parseAddress } from '../../../shared/address.ts';
import { parseStructTag } from '../../../shared/type-tag.ts';
import {
  assetBalance,
  balanceBcs,
  balanceJson,
  coinBalance,
  faBalance,
  parseAssetType,
} from '../../../electron/service/view/balances.ts';
import { withResourceGroups } from '../../../electron/service/view/state-reader.ts';
import { ViewError } from '../../../electron/service/view/view-error.ts';
import { ACCOUNT, APT, chainState, MOON, OWNER, OWNER_FA_BALANCE, OWNER_STORE, STAR } from './chain-state.ts';
import { MemoryState } from './memory-state.ts';

const V = 10n;
const addr = parseAddress;

describe('balances', () => {
  it('adds the CoinStore and the primary store of 0xa for APT (the real mainnet store of 0x31de…)', () => {
    const reader = withResourceGroups(chainState());
    expect(coinBalance(reader, addr(OWNER), parseStructTag(APT), V)).toBe(OWNER_FA_BALANCE + 1000n);
    expect(faBalance(reader, addr(OWNER), addr('0xa'), V)).toBe(OWNER_FA_BALANCE);
  });

  it('counts a coin without a paired store and a fungible asset without a store as their parts, else 0', () => {
    const reader = withResourceGroups(chainState());
    expect(coinBalance(reader, addr(ACCOUNT), parseStructTag(MOON), V)).toBe(77n);
    expect(coinBalance(reader, addr(ACCOUNT), parseStructTag(APT), V)).toBe(0n);
    expect(faBalance(reader, addr('0x5'), addr('0xa'), V)).toBe(0n);
  });

  it('reads ConcurrentFungibleBalance only when FungibleStore.balance is 0', () => {
    const reader = withResourceGroups(chainState());
    expect(faBalance(reader, addr(ACCOUNT), addr(STAR), V)).toBe(31n);
    const state = chainState();
    state.putGroup(
      OWNER_STORE,
      {
        '0x1::fungible_asset::ConcurrentFungibleBalance': { balance: { value: '999', max_value: '1000' } },
        '0x1::fungible_asset::FungibleStore': { metadata: '0xa', balance: '12', frozen: false },
      },
      V,
    );
    expect(faBalance(withResourceGroups(state), addr(OWNER), addr('0xa'), V)).toBe(12n);
  });

  it('answers as of the version asked', () => {
    const state = chainState();
    state.putGroup(
      OWNER_STORE,
      { '0x1::fungible_asset::FungibleStore': { metadata: '0xa', balance: '5', frozen: false } },
      7n,
    );
    const reader = withResourceGroups(state);
    expect(faBalance(reader, addr(OWNER), addr('0xa'), 6n)).toBe(OWNER_FA_BALANCE);
    expect(faBalance(reader, addr(OWNER), addr('0xa'), 7n)).toBe(5n);
  });

  it('refuses a sum beyond u64 with a 500 instead of wrapping', () => {
    const state = new MemoryState()
      .put(OWNER, `0x1::coin::CoinStore<${APT}>`, {
        coin: { value: '18446744073709551615' },
        frozen: false,
        deposit_events: { counter: '0', guid: { id: { creation_num: '2', addr: OWNER } } },
        withdraw_events: { counter: '0', guid: { id: { creation_num: '3', addr: OWNER } } },
      })
      .putGroup(OWNER_STORE, {
        '0x1::fungible_asset::FungibleStore': { metadata: '0xa', balance: '1', frozen: false },
      });
    const call = () => coinBalance(withResourceGroups(state), addr(OWNER), parseStructTag(APT), V);
    expect(call).toThrow(ViewError);
    expect(call).toThrow(/overflows u64/);
  });
});

describe('asset_type and reply bodies', () => {
  it('reads an address as fungible asset metadata first, else a struct tag as a coin', () => {
    expect(parseAssetType('0xa')).toEqual({ kind: 'fungible_asset', metadata: addr('0xa') });
    expect(parseAssetType('a')).toEqual({ kind: 'fungible_asset', metadata: addr('0xa') });
    const coin = parseAssetType('0x1::aptos_coin::AptosCoin');
    expect(coin.kind).toBe('coin');
    const reader = withResourceGroups(chainState());
    expect(assetBalance(reader, addr(OWNER), coin, V)).toBe(OWNER_FA_BALANCE + 1000n);
    expect(assetBalance(reader, addr(OWNER), parseAssetType('0xa'), V)).toBe(OWNER_FA_BALANCE);
  });

  it('refuses text that is neither with 400 web_framework_error naming both readings', () => {
    for (const text of ['0x1::coin', 'hello world', '0xzz', '0x1::m::S<']) {
      let error: unknown;
      try {
        parseAssetType(text);
      } catch (e) {
        error = e;
      }
      expect(error, text).toBeInstanceOf(ViewError);
      expect((error as ViewError).status).toBe(400);
      expect((error as ViewError).errorCode).toBe('web_framework_error');
      expect((error as ViewError).message).toContain(`"${text}"`);
    }
  });

  it('writes the JSON body as a bare number, exact beyond 2^53, and the BCS body as u64 little-endian', () => {
    expect(balanceJson(566263899n)).toBe('566263899');
    expect(JSON.parse(balanceJson(566263899n))).toBe(566263899);
    expect(balanceJson(18446744073709551615n)).toBe('18446744073709551615');
    expect([...balanceBcs(0x0102n)]).toEqual([2, 1, 0, 0, 0, 0, 0, 0]);
    expect([...balanceBcs(18446744073709551615n)]).toEqual(Array(8).fill(255));
  });
});
