/**
 * `GET /v1/accounts/{address}` as the node answers it (sequence number and authentication key of
 * `0x1::account::Account` at `ledger_version`; BCS = the resource's bytes; none: 404 while the chain's
 * default-account feature is off — account-features.test.ts has the stateless accounts of a chain where it is on), and
 * the 404 for node endpoints a snapshot does not serve, distinct from a mistyped path.
 */
import { Aptos, AptosConfig, Network } from '@aptos-labs/ts-sdk';
import { describe, expect, it } from 'vitest';
import { parseAddress } from '../../shared/address.ts';
import { bytesToHex } from '../../shared/hex.ts';
import { parseStructTag } from '../../shared/type-tag.ts';
import {
  BCS,
  bytesOf,
  expectErrorRecord,
  expectLedgerHeaders,
  get,
  getJson,
  post,
  useContractServer,
} from './contract-support.ts';

const env = useContractServer('main');
const ACCOUNT = '0x1::account::Account';

interface AccountResource {
  readonly data: { readonly sequence_number: string; readonly authentication_key: string };
}

describe('GET /v1/accounts/{address}', () => {
  it('answers sequence number and authentication key of the Account resource, in the node field order', async () => {
    for (const { address } of env.info.samples.senders) {
      const response = await get(env, `/v1/accounts/${address}`);
      expect(response.status).toBe(200);
      expectLedgerHeaders(response.headers, env.info);
      const text = await response.text();
      const resource = await getJson<AccountResource>(env, `/v1/accounts/${address}/resource/${ACCOUNT}`);
      expect(JSON.parse(text)).toEqual({
        sequence_number: resource.data.sequence_number,
        authentication_key: resource.data.authentication_key,
      });
      expect(text.indexOf('sequence_number')).toBeLessThan(text.indexOf('authentication_key'));
      expect(Number(resource.data.sequence_number)).toBeGreaterThan(0);
    }
  });

  it('reads at ledger_version: an older version shows the older sequence number', async () => {
    const { address } = env.info.samples.senders[0]!;
    const oldest = env.info.oldestVersion;
    const then = await getJson<{ sequence_number: string }>(env, `/v1/accounts/${address}?ledger_version=${oldest}`);
    const now = await getJson<{ sequence_number: string }>(env, `/v1/accounts/${address}`);
    const resource = await getJson<AccountResource>(
      env,
      `/v1/accounts/${address}/resource/${ACCOUNT}?ledger_version=${oldest}`,
    );
    expect(then.sequence_number).toBe(resource.data.sequence_number);
    expect(BigInt(then.sequence_number)).toBeLessThan(BigInt(now.sequence_number));
  });

  it('BCS is the stored Account resource', async () => {
    const { address } = env.info.samples.senders[0]!;
    const bytes = await bytesOf(await get(env, `/v1/accounts/${address}`, BCS));
    const stored = env.store.resource(parseAddress(address), parseStructTag(ACCOUNT), BigInt(env.info.latestVersion))!;
    expect(bytesToHex(bytes)).toBe(bytesToHex(stored));
  });

  it('an address without an Account resource is 404 account_not_found (no stateless accounts here)', async () => {
    // The generated chain's 0x1::features::Features leaves DEFAULT_ACCOUNT_RESOURCE (91) off, as
    // 0x1::account::exists_at says; a transaction hash (32 bytes, so also an address) is no account either.
    const [transaction] = await getJson<{ hash: string }[]>(env, '/v1/transactions?limit=1');
    for (const address of ['0xdead00000000000000000000000000000000000000000000000000000000beef', transaction!.hash]) {
      expect(
        env.store.resource(parseAddress(address), parseStructTag(ACCOUNT), BigInt(env.info.latestVersion)),
      ).toBeUndefined();
      const message = await expectErrorRecord(env, await get(env, `/v1/accounts/${address}`), 404, 'account_not_found');
      expect(message).toBe(`Account not found by Address(${address}) and Ledger version(${env.info.latestVersion})`);
      await expectErrorRecord(env, await get(env, `/v1/accounts/${address}`, BCS), 404, 'account_not_found');
      const exists = await post(env, '/v1/view', {
        function: '0x1::account::exists_at',
        type_arguments: [],
        arguments: [address],
      });
      expect(await exists.json()).toEqual([false]);
    }
    const { address } = env.info.samples.senders[0]!;
    const exists = await post(env, '/v1/view', {
      function: '0x1::account::exists_at',
      type_arguments: [],
      arguments: [address],
    });
    expect(await exists.json()).toEqual([true]);
  });

  it('checks address and ledger_version like every account endpoint', async () => {
    await expectErrorRecord(env, await get(env, '/v1/accounts/0xzz'), 400, 'web_framework_error');
    await expectErrorRecord(
      env,
      await get(env, `/v1/accounts/0x1?ledger_version=${BigInt(env.info.latestVersion) + 1n}`),
      404,
      'version_not_found',
    );
    if (BigInt(env.info.oldestVersion) > 0n) {
      await expectErrorRecord(
        env,
        await get(env, `/v1/accounts/0x1?ledger_version=${BigInt(env.info.oldestVersion) - 1n}`),
        410,
        'version_pruned',
      );
    }
  });

  it('works with the official SDK', async () => {
    const aptos = new Aptos(new AptosConfig({ network: Network.CUSTOM, fullnode: `${env.server.url}/v1` }));
    const { address } = env.info.samples.senders[0]!;
    const resource = await getJson<AccountResource>(env, `/v1/accounts/${address}/resource/${ACCOUNT}`);
    const info = await aptos.getAccountInfo({ accountAddress: address });
    expect(info).toEqual({
      sequence_number: resource.data.sequence_number,
      authentication_key: resource.data.authentication_key,
    });
    // No account there: the SDK surfaces the node's 404 record.
    await expect(
      aptos.getAccountInfo({ accountAddress: '0xdead00000000000000000000000000000000000000000000000000000000beef' }),
    ).rejects.toMatchObject({ status: 404, data: { error_code: 'account_not_found' } });
  });
});

describe('node endpoints a snapshot does not serve', () => {
  it('answer 404 saying so, unlike a mistyped path', async () => {
    for (const [method, path] of [
      ['POST', '/v1/transactions'],
      ['GET', '/v1/spec'],
      ['GET', '/v1/-/healthy'],
    ] as const) {
      const response = await fetch(`${env.server.url}${path}`, {
        method,
        ...(method === 'POST' ? { body: '{}', headers: { 'content-type': 'application/json' } } : {}),
      });
      const message = await expectErrorRecord(env, response, 404, 'web_framework_error');
      expect(message, `${method} ${path}`).toContain('not served by a snapshot');
    }
    // GET /v1/transactions is served, so another method there is refused like on any served path.
    const deleted = await fetch(`${env.server.url}/v1/transactions`, { method: 'DELETE' });
    await expectErrorRecord(env, deleted, 405, 'web_framework_error');
    for (const path of ['/v1/transaction/by_version/5', '/v1/blocks/by_heigth/1', '/v1/accounts/0x1/nope']) {
      expect(await expectErrorRecord(env, await get(env, path), 404, 'web_framework_error')).toBe('not found');
    }
  });
});
