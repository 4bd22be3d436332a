/**
 * Contract tests of the explorer extras (`/explorer/v1/`) and of the HTTP edge (errors, limits)
 * over real HTTP against a generated snapshot.
 */
import { describe, expect, it } from 'vitest';
import { expectErrorRecord, get, getJson, post, useContractServer } from './contract-support.ts';

const env = useContractServer('small');

interface Block { height: string; epoch: string; full: boolean; inclusion_price: string; user_transactions: number }

describe('explorer listings', () => {
  it('walks every account with after/next, ascending, without repeats', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    for (let guard = 0; guard < 1000; guard += 1) {
      const page: { accounts: string[]; next: string | null } = await getJson(env, `/explorer/v1/accounts?limit=7${after === null ? '' : `&after=${after}`}`);
      seen.push(...page.accounts);
      after = page.next;
      if (after === null) break;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toContain('0x1');
    const padded = seen.map((a) => a.slice(2).padStart(64, '0'));
    expect(padded).toEqual([...padded].sort());
    expect(seen.length).toBeGreaterThan(40);
  });

  it('lists tables and serves table info; search finds them', async () => {
    const { tables } = await getJson<{ tables: { handle: string; key_type: string }[] }>(env, '/explorer/v1/tables');
    expect(tables.length).toBeGreaterThan(0);
    for (const table of tables) {
      expect(await getJson(env, `/explorer/v1/tables/${table.handle}`)).toEqual(table);
      const found = await getJson<{ results: { kind: string }[] }>(env, `/explorer/v1/search?q=${table.handle}`);
      expect(found.results.map((r) => r.kind)).toContain('table');
    }
    await expectErrorRecord(await get(env, '/explorer/v1/tables/0x1234'), 404, 'state_value_not_found');
  });

  it('lists blocks newest first and pages with next_before', async () => {
    const first = await getJson<{ blocks: Block[]; next_before: string }>(env, '/explorer/v1/blocks?limit=5');
    expect(first.blocks[0]!.height).toBe(env.info.blockHeight);
    const heights = first.blocks.map((b) => BigInt(b.height));
    expect(heights).toEqual([...heights].sort((a, b) => (a > b ? -1 : 1)));
    const second = await getJson<{ blocks: Block[] }>(env, `/explorer/v1/blocks?limit=5&before=${first.next_before}`);
    expect(BigInt(second.blocks[0]!.height)).toBe(heights[heights.length - 1]! - 1n);
  });

  it('search resolves versions, accounts, modules and struct tags', async () => {
    const kinds = async (q: string): Promise<string[]> =>
      (await getJson<{ results: { kind: string }[] }>(env, `/explorer/v1/search?q=${encodeURIComponent(q)}`)).results.map((r) => r.kind);
    expect(await kinds(env.info.latestVersion)).toContain('version');
    expect(await kinds('0x1')).toEqual(['account']);
    expect(await kinds('0x1::coin')).toEqual(['module']);
    expect(await kinds('0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>')).toEqual(['struct_tag']);
    expect(await kinds('hello')).toEqual([]);
  });
});

describe('HTTP edge', () => {
  it('404 / 405 / 415 / 413 / Host are error records with ledger headers', async () => {
    await expectErrorRecord(await get(env, '/v1/no/such/route'), 404, 'web_framework_error');
    await expectErrorRecord(await get(env, '/explorer/v2/blocks'), 404, 'web_framework_error');
    const wrong = await fetch(`${env.server.url}/v1/accounts/0x1/resources`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(wrong.headers.get('allow')).toBe('GET, HEAD');
    await expectErrorRecord(wrong, 405, 'web_framework_error');
    const media = await fetch(`${env.server.url}/v1/tables/0x1/item`, { method: 'POST', body: '{}', headers: { 'content-type': 'text/plain' } });
    await expectErrorRecord(media, 415, 'web_framework_error');
    const big = await post(env, '/v1/tables/0x1/item', { key: 'x'.repeat(9 * 1024 * 1024) }).catch(() => undefined);
    if (big !== undefined) await expectErrorRecord(big, 413, 'web_framework_error');
  });

  it('percent-encoding errors are 400 web_framework_error', async () => {
    await expectErrorRecord(await get(env, '/v1/accounts/0x1/resource/0x1%3A%3Aaccount%3A%3AAccount%E0%A4%A'), 400, 'web_framework_error');
  });
});
