/**
 * Contract tests of resource groups in the `/v1` account resources over real HTTP against the `main` fixture (format
 * v2, objects in `0x1::object::ObjectGroup`): the listing expands a group key in place into its members (StructTag
 * order), `limit` counts state keys, the cursor of a group key is a Resource key, the BCS map holds the members, and
 * `/resource/{member}` reads a member out of its group while the group tag itself is 404. Expected values come from
 * the group's stored bytes decoded here with the BCS reader and rendered by contract-values.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadService } from '../../electron/service/read-service.ts';
import { startHttpServer, type RunningHttpServer } from '../../electron/service/http-server.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { useEditedCopies } from '../snapshot/edited-copies.ts';
import { parseAddress } from '../../shared/address.ts';
import { BcsReader } from '../../shared/bcs/bcs-reader.ts';
import { BcsWriter } from '../../shared/bcs/bcs-writer.ts';
import { bytesToHex } from '../../shared/hex.ts';
import { encodeStructTag, formatStructTag, readStructTag, type StructTag } from '../../shared/type-tag.ts';
import { BCS, bytesOf, encodeTag, expectErrorRecord, get, getJson, useContractServer } from './contract-support.ts';
import { expectedValue, plain, resourceKey, type Resource } from './contract-values.ts';

const env = useContractServer('main');
const OBJECT_GROUP = '0x1::object::ObjectGroup';

/** The state key of a resource group (§4: path variant 2). */
function groupKey(address: Uint8Array, tag: StructTag): Uint8Array {
  const path = new BcsWriter().variantIndex(2).fixedBytes(encodeStructTag(tag)).toBytes();
  return new BcsWriter().u8(0).address(address).bytes(path).toBytes();
}

interface Member {
  readonly type: string;
  readonly tag: StructTag;
  readonly bytes: Uint8Array;
}

/** The members stored in `account`'s ObjectGroup as of `version`, in StructTag order (address, module, name). */
function storedMembers(account: string, version: bigint): Member[] {
  const address = parseAddress(account);
  const value = env.store.stateValue(groupKey(address, readTag(OBJECT_GROUP)), version);
  if (value === undefined) return [];
  const r = new BcsReader(value);
  const members: Member[] = [];
  for (let i = r.uleb128(); i > 0; i -= 1) {
    const tag = readStructTag(r);
    members.push({ type: formatStructTag(tag), tag, bytes: plain(r.bytes())! });
  }
  const key = (m: Member): string[] => [bytesToHex(parseAddress(m.tag.address)), m.tag.module, m.tag.name];
  return members.sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    for (let i = 0; i < 3; i += 1) if (x[i] !== y[i]) return (x[i] ?? '') < (y[i] ?? '') ? -1 : 1;
    return 0;
  });
}

function readTag(text: string): StructTag {
  const [address = '', module = '', name = ''] = text.split('::');
  return { address, module, name, typeArgs: [] };
}

/** Versions in the retained range at which `account`'s ObjectGroup was written (ascending). */
function groupVersions(account: string): bigint[] {
  const rows = env.store.database
    .prepare('SELECT version FROM state_values WHERE state_key = ? ORDER BY version')
    .all(groupKey(parseAddress(account), readTag(OBJECT_GROUP))) as { version: number }[];
  return rows.map((row) => BigInt(row.version)).filter((v) => v >= BigInt(env.info.oldestVersion));
}

describe('resource groups in the resources listing', () => {
  it('lists the members of 0xa (the APT paired fungible asset) in StructTag order with their data', async () => {
    const latest = BigInt(env.info.latestVersion);
    const members = storedMembers('0xa', latest);
    expect(members.map((m) => m.type)).toEqual(
      expect.arrayContaining(['0x1::object::ObjectCore', '0x1::fungible_asset::Metadata', '0x1::coin::PairedCoinType']),
    );
    const list = await getJson<Resource[]>(env, '/v1/accounts/0xa/resources');
    expect(list.map((r) => r.type)).toEqual(members.map((m) => m.type));
    expect(list.map((r) => r.type)).not.toContain(OBJECT_GROUP);
    list.forEach((resource, i) => expect(resource.data).toEqual(expectedValue(env, members[i]!.bytes, resource.type)));
  });

  it('BCS: a map StructTag → bytes of the members, keys in byte order', async () => {
    const members = storedMembers('0xa', BigInt(env.info.latestVersion));
    const r = new BcsReader(await bytesOf(await get(env, '/v1/accounts/0xa/resources', BCS)));
    const count = r.uleb128();
    expect(count).toBe(members.length);
    const keys: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const start = r.offset;
      const tag = readStructTag(r);
      keys.push(bytesToHex(r.input.subarray(start, r.offset)));
      expect(plain(r.bytes())).toEqual(members.find((m) => m.type === formatStructTag(tag))?.bytes);
    }
    r.assertFinished();
    expect(keys).toEqual([...keys].sort());
  });

  it('limit counts state keys: limit=1 on a group-only account returns every member and no cursor', async () => {
    const members = storedMembers('0xa', BigInt(env.info.latestVersion));
    expect(members.length).toBeGreaterThan(1);
    const reply = await get(env, '/v1/accounts/0xa/resources?limit=1');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('x-aptos-cursor')).toBeNull();
    expect(((await reply.json()) as Resource[]).map((r) => r.type)).toEqual(members.map((m) => m.type));
  });

  it('as of an older version: the members and values the group held then', async () => {
    // A fungible asset whose group was rewritten inside the retained range (its supply moved).
    const latest = BigInt(env.info.latestVersion);
    const candidates = env.info.samples.fungibleAssets.map((account) => ({
      account,
      versions: groupVersions(account),
    }));
    const changed = candidates.find((c) => c.versions.length > 1);
    expect(changed).toBeDefined();
    const { account, versions } = changed!;
    const older = versions[0]!;
    const members = storedMembers(account, older);
    expect(members.map((m) => m.bytes)).not.toEqual(storedMembers(account, latest).map((m) => m.bytes));
    const list = await getJson<Resource[]>(env, `/v1/accounts/${account}/resources?ledger_version=${older}`);
    expect(list.map((r) => r.type)).toEqual(members.map((m) => m.type));
    list.forEach((resource, i) => expect(resource.data).toEqual(expectedValue(env, members[i]!.bytes, resource.type)));
    for (const member of members) {
      const path = `/v1/accounts/${account}/resource/${encodeTag(member.type)}?ledger_version=${older}`;
      expect(await bytesOf(await get(env, path, BCS))).toEqual(member.bytes);
    }
    const before = `/v1/accounts/${account}/resources?ledger_version=${versions[0]! - 1n}`;
    if (versions[0]! > BigInt(env.info.oldestVersion)) {
      const earlier = storedMembers(account, versions[0]! - 1n).map((m) => m.type);
      expect((await getJson<Resource[]>(env, before)).map((r) => r.type)).toEqual(earlier);
    }
  });
});

describe('a group among plain resources (0xcafe of an edited small fixture, given an ObjectGroup)', () => {
  const { editedCopy } = useEditedCopies('resources-groups-');
  let server: RunningHttpServer | undefined;
  let store: SnapshotStore | undefined;
  let url = '';
  let members: Member[] = [];
  const cafe = parseAddress('0xcafe');
  beforeAll(async () => {
    // 0xa's group of the main fixture, copied under 0xcafe of the small one at its latest version.
    const value = env.store.stateValue(
      groupKey(parseAddress('0xa'), readTag(OBJECT_GROUP)),
      BigInt(env.info.latestVersion),
    );
    const path = editedCopy((db) => {
      const latest = (db.prepare("SELECT value FROM meta WHERE key = 'latest_version'").get() as { value: string })
        .value;
      db.prepare('INSERT INTO state_values (state_key, version, value) VALUES (?, ?, ?)').run(
        groupKey(cafe, readTag(OBJECT_GROUP)),
        Number(latest),
        value,
      );
    });
    store = SnapshotStore.open(path);
    members = storedMembers('0xa', BigInt(env.info.latestVersion));
    server = await startHttpServer({ handler: createReadService({ store }), port: 0 });
    url = server.url;
  });
  afterAll(async () => {
    await server?.close();
    store?.close();
  });
  const page = async (query: string): Promise<{ types: string[]; cursor: string | null }> => {
    const reply = await fetch(`${url}/v1/accounts/0xcafe/resources${query}`);
    expect(reply.status).toBe(200);
    const types = ((await reply.json()) as Resource[]).map((r) => r.type);
    return { types, cursor: reply.headers.get('x-aptos-cursor') };
  };

  it('expands the group in place; limit counts keys; the cursor before the group is its Resource key', async () => {
    const all = (await page('')).types;
    const first = all.indexOf(members[0]!.type);
    expect(first).toBeGreaterThan(0);
    expect(all.slice(first, first + members.length)).toEqual(members.map((m) => m.type));
    expect(all).not.toContain(OBJECT_GROUP);
    // One key per page: the group's page holds all its members; the page before it points at the group.
    const groupCursor = bytesToHex(resourceKey(cafe, readTag(OBJECT_GROUP))).replace(/^0x/, '');
    let start = '';
    let sawGroupCursor = false;
    const seen: string[] = [];
    for (let n = 0; n <= all.length; n += 1) {
      const { types, cursor } = await page(`?limit=1${start}`);
      if (types[0] === members[0]!.type) expect(types).toEqual(members.map((m) => m.type));
      else expect(types).toHaveLength(1);
      seen.push(...types);
      if (cursor === null) break;
      if (all[seen.length] === members[0]!.type) {
        expect(cursor).toBe(groupCursor);
        sawGroupCursor = true;
      }
      start = `&start=${cursor}`;
    }
    expect(sawGroupCursor).toBe(true);
    expect(seen).toEqual(all);
    // Resuming at the Resource key of the group tag (no such resource) starts at the group.
    expect((await page(`?start=${groupCursor}&limit=1`)).types).toEqual(members.map((m) => m.type));
    // A page of `first + 1` keys ends with the whole group: more items than the limit.
    const { types } = await page(`?limit=${first + 1}`);
    expect(types).toEqual(all.slice(0, first + members.length));
    expect(types.length).toBeGreaterThan(first + 1);
  });
});

describe('a single resource-group member', () => {
  it('/resource/{member} reads the member from its group (JSON equals the listing entry, BCS the bytes)', async () => {
    const members = storedMembers('0xa', BigInt(env.info.latestVersion));
    const list = await getJson<Resource[]>(env, '/v1/accounts/0xa/resources');
    for (const [i, member] of members.entries()) {
      expect(await getJson<Resource>(env, `/v1/accounts/0xa/resource/${encodeTag(member.type)}`)).toEqual(list[i]);
      const bcs = await get(env, `/v1/accounts/0xa/resource/${encodeTag(member.type)}`, BCS);
      expect(await bytesOf(bcs)).toEqual(member.bytes);
    }
  });

  it('the group tag itself is 404 resource_not_found; a member the group lacks too', async () => {
    const message = await expectErrorRecord(
      env,
      await get(env, `/v1/accounts/0xa/resource/${encodeTag(OBJECT_GROUP)}`),
      404,
      'resource_not_found',
    );
    expect(message).toContain(OBJECT_GROUP);
    const members = storedMembers('0xa', BigInt(env.info.latestVersion)).map((m) => m.type);
    const absent = ['0x1::object::TombStone', '0x1::object::Untransferable'].find((t) => !members.includes(t))!;
    await expectErrorRecord(
      env,
      await get(env, `/v1/accounts/0xa/resource/${encodeTag(absent)}`),
      404,
      'resource_not_found',
    );
  });
});
