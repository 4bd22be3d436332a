/**
 * Contract tests of `ledger_version` on every versioned endpoint of the node-compatible `/v1` API
 * over real HTTP against the `main` fixture: 404 above the latest, 410 below the oldest, 400 when
 * not a decimal u64. The rule map is in RULES.md.
 */
import { describe, expect, it } from 'vitest';
import { BCS, expectErrorRecord, get, post, useContractServer } from './contract-support.ts';

const env = useContractServer('main');

const latest = (): bigint => BigInt(env.info.latestVersion);
const oldest = (): bigint => BigInt(env.info.oldestVersion);

describe('version checks', () => {
  const versioned = (): [string, string, unknown?][] => {
    const table = env.info.samples.tables[0]!;
    return [
      ['GET', '/v1/accounts/0x1/resources'],
      ['GET', '/v1/accounts/0x1/resource/0x1::account::Account'],
      ['GET', '/v1/accounts/0x1/modules'],
      ['GET', '/v1/accounts/0x1/module/coin'],
      [
        'POST',
        `/v1/tables/${table.handle}/item`,
        { key_type: table.keyType, value_type: table.valueType, key: table.keys[0] },
      ],
      ['POST', `/v1/tables/${table.handle}/raw_item`, { key: table.rawKeys[0] }],
    ];
  };
  const send = (method: string, path: string, body: unknown): Promise<Response> =>
    method === 'GET' ? get(env, path, BCS) : post(env, path, body, BCS);

  it('404 version_not_found above the latest, 410 version_pruned below the oldest, 200 at both ends', async () => {
    for (const [method, path, body] of versioned()) {
      await expectErrorRecord(
        env,
        await send(method, `${path}?ledger_version=${latest() + 1n}`, body),
        404,
        'version_not_found',
      );
      await expectErrorRecord(
        env,
        await send(method, `${path}?ledger_version=18446744073709551615`, body),
        404,
        'version_not_found',
      );
      await expectErrorRecord(
        env,
        await send(method, `${path}?ledger_version=${oldest() - 1n}`, body),
        410,
        'version_pruned',
      );
      await expectErrorRecord(env, await send(method, `${path}?ledger_version=0`, body), 410, 'version_pruned');
      expect((await send(method, `${path}?ledger_version=${latest()}`, body)).status).toBe(200);
    }
    expect((await get(env, `/v1/accounts/0x1/resources?ledger_version=${oldest()}`)).status).toBe(200);
  });

  it('a ledger_version that is not a decimal u64 is 400 web_framework_error', async () => {
    for (const [method, path, body] of versioned()) {
      for (const bad of ['-1', '1.5', '0x10', '18446744073709551616', 'abc', '', '1e3', '%20']) {
        await expectErrorRecord(
          env,
          await send(method, `${path}?ledger_version=${bad}`, body),
          400,
          'web_framework_error',
        );
      }
    }
    // Leading zeros are digits too.
    expect((await get(env, `/v1/accounts/0x1/resources?ledger_version=000${latest()}`)).status).toBe(200);
  });
});
