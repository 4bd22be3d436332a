/**
 * The view logic over a real snapshot file: the SQLite store (`LedgerStore`) already has the
 * StateReader's shape (`resource`, `tableItem`), so `withResourceGroups(store)` is all the wiring
 * needs. Expected values are decoded independently from the stored resources with the shared codec
 * and the snapshot's own ABIs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAddress } from '../../../shared/address.ts';
import { decodeMoveValue } from '../../../shared/move/decode.ts';
import { resolveLayout } from '../../../shared/move/layout.ts';
import type { MoveJson } from '../../../shared/move/move-json.ts';
import { parseStructTag } from '../../../shared/type-tag.ts';
import { coinBalance } from '../../../electron/service/view/balances.ts';
import { withResourceGroups } from '../../../electron/service/view/state-reader.ts';
import { callView } from '../../../electron/service/view/view-request.ts';
import { snapshotInfo, type SnapshotInfo } from '../../../electron/snapshot/snapshot-info.ts';
import { SnapshotStore } from '../../../electron/snapshot/snapshot-store.ts';
import { fixturePath } from '../../support/fixture-path.ts';
import { storedApt } from './stored-apt.ts';

const APT = '0x1::aptos_coin::AptosCoin';
let store: SnapshotStore;
let info: SnapshotInfo;

beforeAll(() => {
  store = SnapshotStore.open(fixturePath('main'));
  info = snapshotInfo(store, 5);
});
afterAll(() => store.close());

function stored(address: string, type: string, version: bigint): Record<string, MoveJson> | undefined {
  const tag = parseStructTag(type);
  const bytes = store.resource(parseAddress(address), tag, version);
  if (bytes === undefined) return undefined;
  const layout = resolveLayout({ kind: 'struct', struct: tag }, store.abiLookup(version));
  return decodeMoveValue(bytes, layout) as Record<string, MoveJson>;
}

describe('view logic over a snapshot file', () => {
  it('answers balances and sequence numbers of the sample senders from the stored resources', () => {
    const version = BigInt(info.latestVersion);
    const reader = withResourceGroups(store);
    expect(info.samples.senders.length).toBeGreaterThan(0);
    for (const { address } of info.samples.senders) {
      const account = stored(address, '0x1::account::Account', version);
      // Format v2: APT is the CoinStore plus the primary fungible store of 0xa (a sender may have only the latter).
      const { coin: coinPart, fa } = storedApt(store, address, version);
      expect(coinPart + fa, address).toBeGreaterThan(0n);
      const coin = String(coinPart + fa);
      expect(coinBalance(reader, parseAddress(address), parseStructTag(APT), version)).toBe(BigInt(coin));
      const call = (fn: string, typeArgs: string[]) =>
        callView(reader, { function: fn, type_arguments: typeArgs, arguments: [address] }, version).json;
      // coin::balance (coin.move) adds the fungible half only for a coin paired in 0x1::coin::CoinConversionMap;
      // the /balance endpoint pairs APT with 0xa regardless (coinBalance above).
      const paired = store.resource(parseAddress('0x1'), parseStructTag('0x1::coin::CoinConversionMap'), version);
      expect(call('0x1::coin::balance', [APT])).toEqual([paired ? coin : String(coinPart)]);
      expect(call('0x1::account::get_sequence_number', [])).toEqual([account?.sequence_number]);
      expect(call('0x1::account::exists_at', [])).toEqual([true]);
    }
  });

  it('reads as of the version asked: an older version gives the older sequence number', () => {
    const { address } = info.samples.senders[0]!;
    const reader = withResourceGroups(store);
    const oldest = BigInt(info.oldestVersion);
    const then = callView(
      reader,
      { function: '0x1::account::get_sequence_number', type_arguments: [], arguments: [address] },
      oldest,
    ).json;
    expect(then).toEqual([stored(address, '0x1::account::Account', oldest)?.sequence_number]);
    const latest = stored(address, '0x1::account::Account', BigInt(info.latestVersion))?.sequence_number;
    expect(BigInt(String(then[0]))).toBeLessThan(BigInt(String(latest)));
  });

  it('answers the coin metadata views from the stored CoinInfo', () => {
    const version = BigInt(info.latestVersion);
    const reader = withResourceGroups(store);
    const coinInfo = stored('0x1', `0x1::coin::CoinInfo<${APT}>`, version);
    expect(coinInfo).toBeDefined();
    for (const field of ['name', 'symbol', 'decimals'] as const) {
      const json = callView(reader, { function: `0x1::coin::${field}`, type_arguments: [APT], arguments: [] }, version);
      expect(json.json).toEqual([coinInfo?.[field]]);
    }
  });
});
