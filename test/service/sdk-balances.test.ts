/**
 * The official TypeScript SDK (@aptos-labs/ts-sdk 5.1.4), unchanged, reading balances and calling view
 * functions against `ledger-explorer serve` and against `serve --remote` in front of it (real processes, real
 * HTTP): `getAccountAPTAmount` and `getAccountCoinAmount` (which call `0x1::coin::balance`), `getBalance`
 * (`/v1/accounts/{a}/balance/{asset}`) and `view`. The expected balance is read from the raw resources by
 * another route: the account's `CoinStore<AptosCoin>` plus the `FungibleStore` of its primary store of `0xa`,
 * whose address the SDK itself derives.
 */
import { AccountAddress, Aptos, AptosConfig, createUserDerivedObjectAddress, Network } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { snapshotInfo, type SnapshotInfo } from '../../electron/snapshot/snapshot-info.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { useTempDir } from '../support/temp-dir.ts';
import { startServe, type ServeProcess } from '../remote/serve-process.ts';

const APT = '0x1::aptos_coin::AptosCoin';

/**
 * The balance as the resources show it, at the latest version or at `ledgerVersion`: coin store plus primary
 * fungible store (0 where absent).
 */
async function resourceBalance(aptos: Aptos, owner: string, ledgerVersion?: bigint): Promise<bigint> {
  const read = async (address: string, type: `${string}::${string}::${string}`, field: string): Promise<bigint> => {
    try {
      const data = await aptos.getAccountResource<Record<string, unknown>>({
        accountAddress: address,
        resourceType: type,
        ...(ledgerVersion === undefined ? {} : { options: { ledgerVersion } }),
      });
      const value = field.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], data);
      return BigInt(value as string);
    } catch (error) {
      if ((error as { status?: number }).status === 404) return 0n;
      throw error;
    }
  };
  const store = createUserDerivedObjectAddress(AccountAddress.from(owner), AccountAddress.A).toString();
  const coin = await read(owner, `0x1::coin::CoinStore<${APT}>` as `${string}::${string}::${string}`, 'coin.value');
  return coin + (await read(store, '0x1::fungible_asset::FungibleStore', 'balance'));
}

describe('@aptos-labs/ts-sdk 5.1.4: balances and view functions', () => {
  const ui = useTempDir('ledger-explorer-sdk-balances-');
  let info: SnapshotInfo;
  let snapshot: ServeProcess;
  let proxy: ServeProcess;
  beforeAll(async () => {
    const store = SnapshotStore.open(fixturePath('main'));
    info = snapshotInfo(store, 5);
    store.close();
    snapshot = await startServe(['--snapshot', fixturePath('main'), '--port', '0', '--ui', ui]);
    proxy = await startServe(['--remote', `${snapshot.url}/v1`, '--port', '0', '--ui', ui]);
  });
  afterAll(async () => {
    await Promise.all([proxy?.stop(), snapshot?.stop()]);
  });

  for (const through of ['serve', 'serve --remote'] as const) {
    const client = (): Aptos =>
      new Aptos(
        new AptosConfig({ network: Network.CUSTOM, fullnode: `${(through === 'serve' ? snapshot : proxy).url}/v1` }),
      );

    it(`${through}: getAccountAPTAmount, getAccountCoinAmount and getBalance equal the resources' sum`, async () => {
      const aptos = client();
      const owners = info.samples.senders.map((sender) => sender.address);
      expect(owners.length).toBeGreaterThan(0);
      for (const owner of owners) {
        const expected = await resourceBalance(aptos, owner);
        expect(expected, owner).toBeGreaterThan(0n);
        expect(BigInt(await aptos.getAccountAPTAmount({ accountAddress: owner }))).toBe(expected);
        expect(BigInt(await aptos.getAccountCoinAmount({ accountAddress: owner, coinType: APT }))).toBe(expected);
        expect(BigInt(await aptos.getBalance({ accountAddress: owner, asset: APT }))).toBe(expected);
      }
    });

    it(`${through}: view answers coin::balance at a version, exists_at and fa metadata, refuses others`, async () => {
      const aptos = client();
      const owner = info.samples.senders[0]!.address;
      const [balance] = await aptos.view<[string]>({
        payload: { function: '0x1::coin::balance', typeArguments: [APT], functionArguments: [owner] },
      });
      expect(BigInt(balance)).toBe(await resourceBalance(aptos, owner));
      const older = String((BigInt(info.oldestVersion) + BigInt(info.latestVersion)) / 2n);
      const [atOlder] = await aptos.view<[string]>({
        payload: { function: '0x1::coin::balance', typeArguments: [APT], functionArguments: [owner] },
        options: { ledgerVersion: BigInt(older) },
      });
      // coin::balance is the coin store plus the primary fungible store, at the older version too (coin.move).
      expect(BigInt(atOlder)).toBe(await resourceBalance(aptos, owner, BigInt(older)));
      const [exists] = await aptos.view<[boolean]>({
        payload: { function: '0x1::account::exists_at', functionArguments: [owner] },
      });
      expect(exists).toBe(true);
      // The SDK resolves the function's ABI first and refuses a non-view function itself, without calling the
      // server; the server's own refusal of a function it does not answer is checked with a plain request.
      await expect(
        aptos.view({ payload: { function: '0x1::aptos_account::transfer', functionArguments: [owner, 1] } }),
      ).rejects.toThrow(/is not an? view function/);
      // fungible_asset::metadata as the official explorer's asset page calls it: Object<ObjectCore>; it is the
      // Metadata resource of the object, field for field.
      const [metadata] = await aptos.view<[Record<string, unknown>]>({
        payload: {
          function: '0x1::fungible_asset::metadata',
          typeArguments: ['0x1::object::ObjectCore'],
          functionArguments: ['0xa'],
        },
      });
      const resource = await aptos.getAccountResource({
        accountAddress: '0xa',
        resourceType: '0x1::fungible_asset::Metadata',
      });
      expect(metadata).toEqual(resource);
      expect(metadata).toMatchObject({ symbol: 'APT', decimals: 8 });
      const url = `${(through === 'serve' ? snapshot : proxy).url}/v1/view`;
      const refused = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ function: '0x1::aptos_account::transfer', type_arguments: [], arguments: [owner, '1'] }),
      });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toMatch(/runs no Move code/);
    });
  }
});
