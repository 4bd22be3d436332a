/**
 * Contract of `GET /explorer/v1/accounts/{address}/assets` over real HTTP against the `main` fixture: the objects
 * an account owns. Expectations come from SQL over the same file (every ObjectGroup key, decoded apart from the
 * service's skip-scan) and, for balances, from the node endpoint `GET /v1/accounts/{a}/balance/{metadata}`.
 */
import { describe, expect, it } from 'vitest';
import { formatAddress, parseAddress } from '../../shared/address.ts';
import { decodeResourceGroup } from '../../shared/resource-group.ts';
import { formatStructTag } from '../../shared/type-tag.ts';
import { decodeStateKey } from '../../electron/snapshot/state-keys.ts';
import { expectErrorRecord, expectLedgerHeaders, get, getJson, useContractServer } from './contract-support.ts';

const env = useContractServer('main');

interface AssetsJson {
  readonly ledger_version: string;
  readonly objects: readonly {
    readonly address: string;
    readonly allow_ungated_transfer: boolean;
    readonly resources: readonly string[];
    readonly fungible_store: { metadata: string; balance: string; frozen: boolean; primary: boolean } | null;
  }[];
}

/** Owner → owned objects (ascending by address) as of `version`, from a plain SQL scan of every group key. */
function ownersBySql(version: bigint): Map<string, string[]> {
  const db = env.store.database;
  const keys = db
    .prepare(
      `SELECT DISTINCT state_key FROM state_values WHERE substr(state_key, 1, 1) = x'00'
       AND substr(state_key, 35, 1) = x'02' ORDER BY state_key`,
    )
    .pluck()
    .all() as Uint8Array[];
  const valueAt = db
    .prepare('SELECT value FROM state_values WHERE state_key = ? AND version <= ? ORDER BY version DESC LIMIT 1')
    .pluck();
  const owners = new Map<string, string[]>();
  for (const key of keys) {
    const decoded = decodeStateKey(key);
    if (decoded.kind !== 'resource_group' || formatStructTag(decoded.tag) !== '0x1::object::ObjectGroup') continue;
    const value = valueAt.get(key, version) as Uint8Array | null | undefined;
    if (!value) continue;
    const core = decodeResourceGroup(value).find((m) => formatStructTag(m.tag) === '0x1::object::ObjectCore');
    if (!core) continue;
    // ObjectCore: guid_creation_num (8 bytes), then the owner's 32 bytes.
    const owner = formatAddress(core.bytes.subarray(8, 40));
    owners.set(owner, [...(owners.get(owner) ?? []), decoded.address]);
  }
  return owners;
}

const latest = (): bigint => BigInt(env.info.latestVersion);

describe('GET /explorer/v1/accounts/{address}/assets', () => {
  it('lists the objects each sampled owner owns, with the stores the balance endpoint counts', async () => {
    const owners = ownersBySql(latest());
    const sampled = [...owners.entries()].filter(([, objects]) => objects.length > 1).slice(0, 4);
    expect(sampled.length).toBeGreaterThan(1);
    for (const [owner, objects] of sampled) {
      const response = await get(env, `/explorer/v1/accounts/${owner}/assets`);
      expect(response.status).toBe(200);
      expectLedgerHeaders(response.headers, env.info);
      const body = (await response.json()) as AssetsJson;
      expect(body.ledger_version).toBe(env.info.latestVersion);
      expect(body.objects.map((o) => o.address)).toEqual(objects);
      for (const object of body.objects) {
        expect(object.resources).toContain('0x1::object::ObjectCore');
        const store = object.fungible_store;
        expect(store !== null).toBe(object.resources.includes('0x1::fungible_asset::FungibleStore'));
        if (store === null || !store.primary) continue;
        // A primary store's balance is what the node's balance endpoint answers for its metadata.
        const balance = await getJson<number>(env, `/v1/accounts/${owner}/balance/${store.metadata}`);
        expect(BigInt(store.balance)).toBe(BigInt(balance));
      }
    }
  });

  it('answers as of a pinned version: the owners found by SQL at that version', async () => {
    const middle = (BigInt(env.info.oldestVersion) + latest()) / 2n;
    const owners = ownersBySql(middle);
    const [owner, objects] = [...owners.entries()].find(([, list]) => list.length > 0)!;
    const body = await getJson<AssetsJson>(env, `/explorer/v1/accounts/${owner}/assets?ledger_version=${middle}`);
    expect(body.ledger_version).toBe(String(middle));
    expect(body.objects.map((o) => o.address)).toEqual(objects);
  });

  it('owning nothing is an empty list; versions outside the window and bad addresses are refused', async () => {
    const nobody = formatAddress(parseAddress(`0x${'ab'.repeat(32)}`));
    expect((await getJson<AssetsJson>(env, `/explorer/v1/accounts/${nobody}/assets`)).objects).toEqual([]);
    await expectErrorRecord(
      env,
      await get(env, `/explorer/v1/accounts/0x1/assets?ledger_version=${latest() + 1n}`),
      404,
      'version_not_found',
    );
    await expectErrorRecord(
      env,
      await get(env, `/explorer/v1/accounts/0x1/assets?ledger_version=${BigInt(env.info.oldestVersion) - 1n}`),
      410,
      'version_pruned',
    );
    await expectErrorRecord(env, await get(env, '/explorer/v1/accounts/0xzz/assets'), 400, 'web_framework_error');
  });
});
