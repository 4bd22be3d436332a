/**
 * Contract tests of the explorer extras (`/explorer/v1/`) over real HTTP against the `small`
 * fixture, expectations from SQL over the same file. The rule map is in RULES.md.
 */
import { describe, expect, it } from 'vitest';
import { bytesToHex } from '../../shared/hex.ts';
import { BCS, expectErrorRecord, get, getJson, useContractServer } from './contract-support.ts';

const env = useContractServer('small');

interface Block {
  height: string;
  epoch: string;
  first_version: string;
  last_version: string;
  timestamp_usec: string;
  full: boolean;
  inclusion_price: string;
  user_transactions: number;
}
interface Table {
  handle: string;
  key_type: string;
  value_type: string;
  owner: { address: string; resource: string; field: string } | null;
}

const short = (bytes: Uint8Array): string => `0x${bytesToHex(bytes).slice(2).replace(/^0+/, '') || '0'}`;

function accountsAt(version: bigint): string[] {
  return (
    env.store.database
      .prepare('SELECT address FROM accounts WHERE created_version <= ? ORDER BY address')
      .all(version) as { address: Uint8Array }[]
  ).map((row) => short(row.address));
}

describe('accounts', () => {
  it('walks every account existing at the version with after/next, ascending, without repeats', async () => {
    const expected = accountsAt(BigInt(env.info.latestVersion));
    expect(expected.length).toBeGreaterThan(40);
    const seen: string[] = [];
    let after: string | null = null;
    for (let guard = 0; guard < 1000; guard += 1) {
      const page: { ledger_version: string; accounts: string[]; next: string | null } = await getJson(
        env,
        `/explorer/v1/accounts?limit=7${after === null ? '' : `&after=${after}`}`,
      );
      expect(page.ledger_version).toBe(env.info.latestVersion);
      expect(page.accounts.length).toBeLessThanOrEqual(7);
      seen.push(...page.accounts);
      after = page.next;
      if (after === null) break;
      expect(after).toBe(page.accounts[page.accounts.length - 1]);
    }
    expect(seen).toEqual(expected);
    const old = BigInt(env.info.oldestVersion);
    const then = await getJson<{ ledger_version: string; accounts: string[] }>(
      env,
      `/explorer/v1/accounts?limit=1000&ledger_version=${old}`,
    );
    expect(then).toEqual({ ledger_version: String(old), accounts: accountsAt(old), next: null });
  });

  it('limits: default 100, at most 1000, 0 refused; bad after or version refused', async () => {
    const expected = accountsAt(BigInt(env.info.latestVersion));
    expect((await getJson<{ accounts: string[] }>(env, '/explorer/v1/accounts')).accounts).toEqual(
      expected.slice(0, 100),
    );
    expect((await getJson<{ accounts: string[] }>(env, '/explorer/v1/accounts?limit=65535')).accounts).toEqual(
      expected.slice(0, 1000),
    );
    await expectErrorRecord(env, await get(env, '/explorer/v1/accounts?limit=0'), 400, 'invalid_input');
    await expectErrorRecord(env, await get(env, '/explorer/v1/accounts?limit=65536'), 400, 'web_framework_error');
    await expectErrorRecord(env, await get(env, '/explorer/v1/accounts?after=0xzz'), 400, 'web_framework_error');
    await expectErrorRecord(
      env,
      await get(env, `/explorer/v1/accounts?ledger_version=${BigInt(env.info.latestVersion) + 1n}`),
      404,
      'version_not_found',
    );
    await expectErrorRecord(
      env,
      await get(env, `/explorer/v1/accounts?ledger_version=${BigInt(env.info.oldestVersion) - 1n}`),
      410,
      'version_pruned',
    );
  });
});

describe('tables', () => {
  it('lists every known table ascending by handle and serves each one; search finds them', async () => {
    const rows = env.store.database
      .prepare(
        `SELECT handle, key_type, value_type, owner_address, owner_resource, owner_field FROM table_info
         ORDER BY handle`,
      )
      .all() as {
      handle: Uint8Array;
      key_type: string;
      value_type: string;
      owner_address: Uint8Array | null;
      owner_resource: string | null;
      owner_field: string | null;
    }[];
    const expected: Table[] = rows.map((row) => ({
      handle: short(row.handle),
      key_type: row.key_type,
      value_type: row.value_type,
      owner:
        row.owner_address === null
          ? null
          : { address: short(row.owner_address), resource: row.owner_resource!, field: row.owner_field! },
    }));
    expect(expected.length).toBeGreaterThan(0);
    expect(await getJson(env, '/explorer/v1/tables')).toEqual({ tables: expected, next: null });
    const first = await getJson<{ tables: Table[]; next: string | null }>(env, '/explorer/v1/tables?limit=2');
    expect(first).toEqual({ tables: expected.slice(0, 2), next: expected[1]!.handle });
    expect((await getJson<{ tables: Table[] }>(env, `/explorer/v1/tables?after=${first.next}`)).tables).toEqual(
      expected.slice(2),
    );
    for (const table of expected) {
      expect(await getJson(env, `/explorer/v1/tables/${table.handle}`)).toEqual(table);
      expect(
        await getJson(env, `/explorer/v1/tables/${table.handle.slice(2).padStart(64, '0').toUpperCase()}`),
      ).toEqual(table);
      const found = await getJson<{ results: Record<string, unknown>[] }>(env, `/explorer/v1/search?q=${table.handle}`);
      expect(found.results).toContainEqual({ kind: 'table', ...table });
    }
    await expectErrorRecord(env, await get(env, '/explorer/v1/tables/0x1234'), 404, 'state_value_not_found');
    await expectErrorRecord(env, await get(env, '/explorer/v1/tables/0xzz'), 400, 'web_framework_error');
  });
});

describe('blocks', () => {
  it('lists blocks newest first as stored; next_before pages (before is inclusive)', async () => {
    const rows = env.store.database
      .prepare(
        'SELECT height, epoch, first_version, last_version, timestamp_usec FROM blocks ORDER BY height DESC LIMIT 10',
      )
      .all() as {
      height: number;
      epoch: number;
      first_version: number;
      last_version: number;
      timestamp_usec: number;
    }[];
    const first = await getJson<{ blocks: Block[]; next_before: string }>(env, '/explorer/v1/blocks?limit=5');
    expect(first.blocks[0]!.height).toBe(env.info.blockHeight);
    expect(first.blocks.map((b) => [b.height, b.epoch, b.first_version, b.last_version, b.timestamp_usec])).toEqual(
      rows.slice(0, 5).map((r) => [r.height, r.epoch, r.first_version, r.last_version, r.timestamp_usec].map(String)),
    );
    expect(first.next_before).toBe(String(rows[5]!.height));
    const second = await getJson<{ blocks: Block[] }>(env, `/explorer/v1/blocks?limit=5&before=${first.next_before}`);
    expect(second.blocks.map((b) => b.height)).toEqual(rows.slice(5, 10).map((r) => String(r.height)));
    expect(await getJson(env, '/explorer/v1/blocks?limit=5&before=18446744073709551615')).toEqual(first);
    expect(
      (await getJson<{ blocks: Block[]; next_before: string | null }>(env, '/explorer/v1/blocks?before=0')).next_before,
    ).toBeNull();
    await expectErrorRecord(env, await get(env, '/explorer/v1/blocks?before=-1'), 400, 'web_framework_error');
    await expectErrorRecord(env, await get(env, '/explorer/v1/blocks?limit=0'), 400, 'invalid_input');
  });
});

describe('search', () => {
  const results = async (q: string): Promise<Record<string, unknown>[]> =>
    (
      await getJson<{ query: string; results: Record<string, unknown>[] }>(
        env,
        `/explorer/v1/search?q=${encodeURIComponent(q)}`,
      )
    ).results;
  const kinds = async (q: string): Promise<unknown[]> => (await results(q)).map((r) => r['kind']);

  it('resolves retained versions, accounts, modules and struct tags; nothing matched is []', async () => {
    expect(await kinds(env.info.latestVersion)).toContain('version');
    expect(await kinds(String(BigInt(env.info.oldestVersion) - 1n))).not.toContain('version');
    expect(await kinds(String(BigInt(env.info.latestVersion) + 1n))).not.toContain('version');
    expect(await kinds('0x1')).toEqual(['account']);
    expect(await results('0x1::coin')).toEqual([{ kind: 'module', address: '0x1', name: 'coin', exists: true }]);
    expect(await results('0x1::nope')).toEqual([{ kind: 'module', address: '0x1', name: 'nope', exists: false }]);
    expect(await results('0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>')).toEqual([
      {
        kind: 'struct_tag',
        type: '0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>',
        module_exists: true,
        struct_exists: true,
      },
    ]);
    expect(await kinds('hello')).toEqual([]);
    expect(await kinds('')).toEqual([]);
    expect(await kinds('18446744073709551616')).toEqual([]);
    await expectErrorRecord(env, await get(env, '/explorer/v1/search'), 400, 'web_framework_error');
  });

  it('finds a committed transaction by hash (with or without 0x, any case), at its version', async () => {
    const samples = Object.values(env.info.samples.transactions).filter((sample) => sample !== null);
    expect(samples.length).toBeGreaterThan(2);
    for (const sample of samples) {
      const row = env.store.database
        .prepare('SELECT version FROM transactions WHERE hash = ?')
        .get(Buffer.from(sample.hash.slice(2), 'hex')) as { version: number };
      const expected = { kind: 'transaction', hash: sample.hash, version: String(row.version) };
      expect((await results(sample.hash)).filter((r) => r['kind'] === 'transaction')).toEqual([expected]);
      expect((await results(sample.hash.slice(2).toUpperCase())).filter((r) => r['kind'] === 'transaction')).toEqual([
        expected,
      ]);
    }
    const unknown = `0x${'ab'.repeat(32)}`;
    expect(await kinds(unknown)).not.toContain('transaction');
  });

  it('finds a retained block by height ("block N" or bare digits, which are also a version)', async () => {
    const ledger = env.store.ledgerInfo();
    const block = (height: bigint): Record<string, unknown> => {
      const row = env.store.database
        .prepare('SELECT height, first_version, last_version, timestamp_usec FROM blocks WHERE height = ?')
        .get(height) as Record<string, number | bigint>;
      return {
        kind: 'block',
        height: String(row['height']),
        first_version: String(row['first_version']),
        last_version: String(row['last_version']),
        timestamp_usec: String(row['timestamp_usec']),
      };
    };
    const latest = ledger.blockHeight;
    expect(await results(`block ${latest}`)).toEqual([block(latest)]);
    expect(await results(`Block #${ledger.oldestBlockHeight}`)).toEqual([block(ledger.oldestBlockHeight)]);
    expect(await results(`block ${latest + 1n}`)).toEqual([]);
    expect(await results(`block ${ledger.oldestBlockHeight - 1n}`)).toEqual([]);
    // Bare digits are a height and a version (and an address): each listed when it exists, version first.
    for (const height of [latest, ledger.oldestBlockHeight]) {
      const found = await results(String(height));
      const version = height >= ledger.oldestLedgerVersion && height <= ledger.ledgerVersion;
      expect(found.filter((r) => r['kind'] !== 'account')).toEqual([
        ...(version ? [expect.objectContaining({ kind: 'version', version: String(height) })] : []),
        block(height),
      ]);
    }
    expect(await kinds(env.info.latestVersion)).not.toContain('block');
  });

  it('finds objects (owner) and fungible asset metadata (name, symbol, decimals) as the node API has it', async () => {
    const { objects, fungibleAssets } = env.info.samples;
    expect(objects.length).toBeGreaterThan(2);
    expect(fungibleAssets.length).toBeGreaterThan(1);
    for (const address of [...objects, ...fungibleAssets]) {
      const core = await getJson<{ data: { owner: string } }>(
        env,
        `/v1/accounts/${address}/resource/0x1::object::ObjectCore`,
      );
      const found = await results(address);
      expect(found).toContainEqual({ kind: 'object', address, owner: core.data.owner });
      const metadata = await get(env, `/v1/accounts/${address}/resource/0x1::fungible_asset::Metadata`);
      const asset = found.filter((r) => r['kind'] === 'fungible_asset');
      if (metadata.status === 404) {
        expect(asset).toEqual([]);
        continue;
      }
      const { data } = (await metadata.json()) as { data: { name: string; symbol: string; decimals: number } };
      expect(asset).toEqual([
        { kind: 'fungible_asset', address, name: data.name, symbol: data.symbol, decimals: data.decimals },
      ]);
      expect(fungibleAssets).toContain(address);
    }
    // An ordinary account is no object.
    expect(await kinds('0x1')).toEqual(['account']);
  });

  it('is JSON only: an Accept of application/x-bcs is ignored', async () => {
    for (const path of [
      '/explorer/v1/search?q=0x1',
      '/explorer/v1/blocks?limit=1',
      '/explorer/v1/tables',
      '/explorer/v1/accounts?limit=1',
    ]) {
      const response = await get(env, path, BCS);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await response.json()).toEqual(await getJson(env, path));
    }
  });
});
