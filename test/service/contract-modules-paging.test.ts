/**
 * Contract tests of `/v1/accounts/{a}/modules` paging over real HTTP against the `main` fixture, as the node pages
 * it: state-key order (name length, then name), `start` as a state-key cursor (inclusive), `limit` (default and
 * largest 9999; 0 refused), `X-Aptos-Cursor` naming the next module's state key, and BCS as the map module id →
 * bytecode of the page. Expected names come from direct SQL over the file; state keys are written out by §4.
 */
import { describe, expect, it } from 'vitest';
import { parseAddress } from '../../shared/address.ts';
import { BcsReader } from '../../shared/bcs/bcs-reader.ts';
import { bytesToHex } from '../../shared/hex.ts';
import { BCS, bytesOf, expectErrorRecord, get, useContractServer } from './contract-support.ts';
import { moduleKey, plain } from './contract-values.ts';

const env = useContractServer('main');

interface ModuleReply {
  readonly bytecode: string;
  readonly abi: { readonly name: string };
}

/** 0x1's module names as of `version` (those with a stored bytecode), in state-key order. */
function moduleNames(version: bigint): string[] {
  const rows = env.store.database
    .prepare('SELECT DISTINCT name FROM modules WHERE address = ? AND version <= ?')
    .all(parseAddress('0x1'), version) as { name: string }[];
  return rows
    .map((row) => row.name)
    .filter((name) => env.store.module(parseAddress('0x1'), name, version) !== undefined)
    .sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
}

const cursorOf = (name: string): string => bytesToHex(moduleKey(parseAddress('0x1'), name)).replace(/^0x/, '');

async function page(query: string): Promise<{ names: string[]; cursor: string | null }> {
  const reply = await get(env, `/v1/accounts/0x1/modules${query}`);
  expect(reply.status).toBe(200);
  const names = ((await reply.json()) as ModuleReply[]).map((m) => m.abi.name);
  return { names, cursor: reply.headers.get('x-aptos-cursor') };
}

describe('modules paging', () => {
  it('lists every module in state-key order without a cursor by default', async () => {
    const names = moduleNames(BigInt(env.info.latestVersion));
    expect(names.length).toBeGreaterThan(3);
    const { names: listed, cursor } = await page('');
    expect(listed).toEqual(names);
    expect(cursor).toBeNull();
  });

  it('pages by limit and cursor: the cursor is the next module state key; pages join into the listing', async () => {
    const names = moduleNames(BigInt(env.info.latestVersion));
    const first = await page('?limit=2');
    expect(first.names).toEqual(names.slice(0, 2));
    expect(first.cursor).toBe(cursorOf(names[2]!));
    const seen: string[] = [];
    let start = '';
    for (let n = 0; n <= names.length; n += 1) {
      const next = await page(`?limit=3${start}`);
      expect(next.names.length).toBeLessThanOrEqual(3);
      seen.push(...next.names);
      if (next.cursor === null) break;
      expect(next.cursor).toBe(cursorOf(names[seen.length]!));
      start = `&start=${next.cursor}`;
    }
    expect(seen).toEqual(names);
    // `start` is inclusive; a cursor past the last module gives an empty page.
    expect((await page(`?start=${cursorOf(names[1]!)}&limit=1`)).names).toEqual([names[1]]);
    expect((await page(`?start=${cursorOf('z'.repeat(120))}`)).names).toEqual([]);
  });

  it('limit 0 is 400 invalid_input; above 9999 is clamped; a bad cursor is 400 web_framework_error', async () => {
    await expectErrorRecord(env, await get(env, '/v1/accounts/0x1/modules?limit=0'), 400, 'invalid_input');
    expect((await page('?limit=65535')).names).toEqual(moduleNames(BigInt(env.info.latestVersion)));
    await expectErrorRecord(env, await get(env, '/v1/accounts/0x1/modules?start=zz'), 400, 'web_framework_error');
  });

  it('BCS: the page as a map module id → bytecode, sorted by id, with the same cursor header', async () => {
    const names = moduleNames(BigInt(env.info.latestVersion));
    const reply = await get(env, `/v1/accounts/0x1/modules?limit=4&start=${cursorOf(names[1]!)}`, BCS);
    expect(reply.headers.get('x-aptos-cursor')).toBe(cursorOf(names[5]!));
    const r = new BcsReader(await bytesOf(reply));
    const count = r.uleb128();
    expect(count).toBe(4);
    const read: string[] = [];
    for (let i = 0; i < count; i += 1) {
      expect(r.address()).toEqual(parseAddress('0x1'));
      const name = r.string();
      read.push(name);
      const stored = env.store.module(parseAddress('0x1'), name, BigInt(env.info.latestVersion));
      expect(plain(r.bytes())).toEqual(plain(stored?.bytecode));
    }
    r.assertFinished();
    expect(read).toEqual(names.slice(1, 5));
  });

  it('as of an older version: the modules that existed then', async () => {
    const oldest = BigInt(env.info.oldestVersion);
    const names = moduleNames(oldest);
    expect((await page(`?ledger_version=${oldest}&limit=9999`)).names).toEqual(names);
  });
});
