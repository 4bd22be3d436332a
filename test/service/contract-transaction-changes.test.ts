/**
 * Contract of `GET /explorer/v1/transactions/by_version/{version}/changes` (docs/api.md, "Explorer extras"): for every
 * change of sample transactions chosen by SQL over the fixture — a resource group written and created, a table item
 * created, one modified and one deleted, a plain resource, the oldest retained version (its V − 1 pruned) —
 * the entry matches the node's own `changes` entry at the same position, and its before, existed-before and bytes
 * match independent reads of the node API at V − 1 (resource JSON and BCS, raw table item, module). Then paging,
 * the error records, hostile parameters, and genesis (no before; the fixture prunes it, so the oldest transaction's
 * write set is served as version 0 by a view of the store).
 */
import { describe, expect, it } from 'vitest';
import { resourceGroupStateKey, stateKeyHash } from '../../shared/ledger/state-keys.ts';
import { parseAddress } from '../../shared/address.ts';
import { parseStructTag } from '../../shared/type-tag.ts';
import {
  BCS,
  bytesOf,
  encodeTag,
  expectErrorRecord,
  get,
  getJson,
  post,
  useContractServer,
} from './contract-support.ts';
import { bytesToHex } from '../../shared/hex.ts';
import type { LedgerStore } from '../../electron/snapshot/ledger-store.ts';
import { createReadService } from '../../electron/service/read-service.ts';

const env = useContractServer('main');

type Json = Readonly<Record<string, unknown>>;

interface Facts {
  readonly index: number;
  readonly type: string;
  readonly state_key_hash: string;
  readonly address: string | null;
  readonly resource: string | null;
  readonly module: string | null;
  readonly handle: string | null;
  readonly key: string | null;
  readonly group: string | null;
  readonly existed_before: boolean | null;
  readonly before: unknown;
  readonly after: unknown;
  readonly before_bcs: string | null;
  readonly after_bcs: string | null;
}

interface Page {
  readonly version: string;
  readonly before_version: string | null;
  readonly before_state: string;
  readonly write_set_size: number;
  readonly changes: readonly Facts[];
  readonly next_start: string | null;
}

const path = (version: bigint, query = ''): string => `/explorer/v1/transactions/by_version/${version}/changes${query}`;

/** The first version above the oldest whose write set has a key matching `where` (SQL over `state_values s`). */
function versionWhere(where: string): bigint {
  const row = env.store.database
    .prepare(`SELECT min(s.version) AS v FROM state_values s WHERE s.version > ? AND ${where}`)
    .get(Number(env.info.oldestVersion)) as { v: number | null };
  if (row.v === null) throw new Error(`the fixture has no retained write matching ${where}`);
  return BigInt(row.v);
}

const PREVIOUS = `EXISTS (SELECT 1 FROM state_values p WHERE p.state_key = s.state_key AND p.version < s.version
  AND p.value IS NOT NULL AND p.version = (SELECT max(q.version) FROM state_values q
  WHERE q.state_key = s.state_key AND q.version < s.version))`;
const TABLE_ITEM = "substr(s.state_key, 1, 1) = x'01'";
const GROUP = "substr(s.state_key, 1, 1) = x'00' AND substr(s.state_key, 35, 1) = x'02'";
const RESOURCE = "substr(s.state_key, 1, 1) = x'00' AND substr(s.state_key, 35, 1) = x'01'";

const SAMPLES: Readonly<Record<string, string>> = {
  'a resource group written over an existing one': `${GROUP} AND s.value IS NOT NULL AND ${PREVIOUS}`,
  'a resource group created': `${GROUP} AND s.value IS NOT NULL AND NOT ${PREVIOUS}`,
  'a table item created': `${TABLE_ITEM} AND s.value IS NOT NULL AND NOT ${PREVIOUS}`,
  'a table item modified': `${TABLE_ITEM} AND s.value IS NOT NULL AND ${PREVIOUS}`,
  'a table item deleted': `${TABLE_ITEM} AND s.value IS NULL`,
  // The generator writes plain resources and object groups after its pruning window, and deletes only table items.
  'a plain resource written': `${RESOURCE} AND s.value IS NOT NULL AND ${PREVIOUS}`,
};

/** Every page of a version's changes, walked by `next_start` with a small limit (so paging is exercised too). */
async function allChanges(version: bigint): Promise<{ readonly first: Page; readonly changes: Facts[] }> {
  const first = await getJson<Page>(env, path(version, '?limit=3'));
  const changes = [...first.changes];
  let next = first.next_start;
  while (next !== null) {
    const page = await getJson<Page>(env, path(version, `?start=${next}&limit=3`));
    expect(page.changes.every((c) => c.index >= Number(next))).toBe(true);
    changes.push(...page.changes);
    next = page.next_start;
  }
  return { first, changes };
}

/** The resource at V − 1 as JSON and BCS through the node API; undefined when it answers 404. */
async function resourceBefore(address: string, type: string, before: bigint) {
  const url = `/v1/accounts/${address}/resource/${encodeTag(type)}?ledger_version=${before}`;
  const json = await get(env, url);
  const bcs = await get(env, url, BCS);
  if (json.status === 404) {
    expect(bcs.status).toBe(404);
    return undefined;
  }
  expect(json.status).toBe(200);
  return { json: (await json.json()) as unknown, bcs: bytesToHex(await bytesOf(bcs)) };
}

/** Checks one entry against the node's own change and independent reads at V − 1. */
async function expectMatches(facts: Facts, node: Json, before: bigint): Promise<void> {
  expect(facts.type).toBe(node.type);
  expect(facts.state_key_hash).toBe(node.state_key_hash);
  switch (facts.type) {
    case 'write_resource':
    case 'delete_resource': {
      expect(facts.address).toBe(node.address);
      const type = facts.type === 'write_resource' ? (node.data as Json).type : node.resource;
      expect(facts.resource).toBe(type);
      if (facts.type === 'write_resource') expect(facts.after).toEqual(node.data);
      if (facts.group !== null) {
        // The group named hashes to the change's key: what the page re-derived by hashing before.
        const key = resourceGroupStateKey(parseAddress(facts.address!), parseStructTag(facts.group));
        expect(stateKeyHash(key)).toBe(facts.state_key_hash);
      } else {
        expect(
          stateKeyHash(resourceGroupStateKey(parseAddress(facts.address!), parseStructTag(facts.resource!))),
        ).not.toBe(facts.state_key_hash);
      }
      if (facts.type === 'delete_resource' && facts.group !== null) {
        // A deleted group: its members at V − 1 are the account's resources that share its key hash then.
        expect(facts.existed_before).toBe(true);
        expect(Array.isArray(facts.before)).toBe(true);
        for (const member of facts.before as Json[]) {
          const read = await resourceBefore(facts.address!, String(member.type), before);
          expect(read?.json).toEqual(member);
        }
        return;
      }
      const read = await resourceBefore(facts.address!, facts.resource!, before);
      expect(facts.existed_before).toBe(read !== undefined);
      expect(facts.before).toEqual(read?.json ?? null);
      expect(facts.before_bcs).toBe(read?.bcs ?? null);
      if (facts.type === 'write_resource') {
        const at = await get(
          env,
          `/v1/accounts/${facts.address}/resource/${encodeTag(facts.resource!)}?ledger_version=${before + 1n}`,
          BCS,
        );
        expect(facts.after_bcs).toBe(bytesToHex(await bytesOf(at)));
      } else expect(facts.after_bcs).toBeNull();
      return;
    }
    case 'write_table_item':
    case 'delete_table_item': {
      expect(facts.handle).toBe(node.handle);
      expect(facts.key).toBe(node.key);
      expect(facts.after_bcs).toBe(facts.type === 'write_table_item' ? node.value : null);
      const raw = await post(
        env,
        `/v1/tables/${facts.handle}/raw_item?ledger_version=${before}`,
        { key: facts.key },
        BCS,
      );
      if (raw.status === 404) {
        expect(facts.existed_before).toBe(false);
        expect(facts.before_bcs).toBeNull();
        expect(facts.before).toBeNull();
      } else {
        expect(raw.status).toBe(200);
        expect(facts.existed_before).toBe(true);
        expect(facts.before_bcs).toBe(bytesToHex(await bytesOf(raw)));
      }
      return;
    }
    case 'write_module':
    case 'delete_module': {
      const [address, name] = String(facts.module).split('::');
      expect(facts.address).toBe(node.address);
      const module = await get(env, `/v1/accounts/${address}/module/${name}?ledger_version=${before}`);
      expect([200, 404]).toContain(module.status);
      expect(facts.existed_before).toBe(module.status === 200);
      return;
    }
    default:
      throw new Error(`unexpected change type ${facts.type}`);
  }
}

describe('a transaction’s changes in one read', () => {
  for (const [what, where] of Object.entries(SAMPLES)) {
    it(`matches the node's changes and the reads at V − 1 for ${what}`, async () => {
      const version = versionWhere(where);
      const { first, changes } = await allChanges(version);
      const node = await getJson<Json>(env, `/v1/transactions/by_version/${version}`);
      const nodeChanges = node.changes as Json[];
      expect(first.version).toBe(String(version));
      expect(first.before_version).toBe(String(version - 1n));
      expect(first.before_state).toBe('readable');
      expect(first.write_set_size).toBe(env.store.writeSet(version)!.length);
      expect(changes.map((c) => c.state_key_hash)).toEqual(nodeChanges.map((c) => c.state_key_hash));
      // Positions: ascending write-set indexes, a group's members sharing theirs.
      expect(changes.map((c) => c.index)).toEqual([...changes.map((c) => c.index)].sort((a, b) => a - b));
      expect(new Set(changes.map((c) => c.index)).size).toBe(first.write_set_size);
      for (const [i, facts] of changes.entries()) await expectMatches(facts, nodeChanges[i]!, version - 1n);
    });
  }

  it('marks a resource-group member with its group, and its existed-before as the member’s own', async () => {
    const version = versionWhere(`${GROUP} AND s.value IS NOT NULL AND ${PREVIOUS}`);
    const { changes } = await allChanges(version);
    const members = changes.filter((c) => c.group !== null && c.type === 'write_resource');
    expect(members.length).toBeGreaterThan(0);
    expect(members.map((m) => m.group)).toContain('0x1::object::ObjectGroup');
  });

  it('says the before is pruned at the oldest retained version: existed-before unknown, no before', async () => {
    const oldest = BigInt(env.info.oldestVersion);
    const page = await getJson<Page>(env, path(oldest, '?limit=1000'));
    expect(page.before_state).toBe('pruned');
    expect(page.before_version).toBe(String(oldest - 1n));
    expect(page.write_set_size).toBe(env.store.writeSet(oldest)!.length);
    for (const change of page.changes) {
      expect(change.existed_before).toBeNull();
      expect(change.before).toBeNull();
      expect(change.before_bcs).toBeNull();
    }
    const node = await getJson<Json>(env, `/v1/transactions/by_version/${oldest}`);
    expect(page.changes.map((c) => c.state_key_hash)).toEqual((node.changes as Json[]).map((c) => c.state_key_hash));
  });

  it('answers the error records of the transaction route: pruned 410 (genesis too, here), unknown 404', async () => {
    const oldest = BigInt(env.info.oldestVersion);
    const latest = BigInt(env.info.latestVersion);
    await expectErrorRecord(env, await get(env, path(oldest - 1n)), 410, 'version_pruned');
    // Genesis (version 0) lies in the fixture's pruned range: the node's own route answers the same.
    await expectErrorRecord(env, await get(env, path(0n)), 410, 'version_pruned');
    await expectErrorRecord(env, await get(env, '/v1/transactions/by_version/0'), 410, 'version_pruned');
    await expectErrorRecord(env, await get(env, path(latest + 1n)), 404, 'transaction_not_found');
    await expectErrorRecord(env, await get(env, path(18446744073709551615n)), 404, 'transaction_not_found');
  });

  it('refuses hostile paths and parameters with error records, and clamps or empties what it may', async () => {
    const version = versionWhere(`${TABLE_ITEM} AND s.value IS NOT NULL`);
    for (const bad of ['abc', '-1', '1.5', '0x10', '18446744073709551616', '%00', '..%2F..']) {
      const response = await get(env, `/explorer/v1/transactions/by_version/${bad}/changes`);
      expect(response.status, bad).toBeGreaterThanOrEqual(400);
      expect(response.status, bad).toBeLessThan(500);
      const body = (await response.json()) as Json;
      expect(Object.keys(body).sort(), bad).toEqual(['error_code', 'message', 'vm_error_code']);
    }
    await expectErrorRecord(env, await get(env, path(version, '?limit=0')), 400, 'invalid_input');
    for (const bad of ['?start=-1', '?start=abc', '?limit=abc', `?start=${'9'.repeat(30)}`]) {
      const response = await get(env, path(version, bad));
      expect(response.status, bad).toBe(400);
      expectRecordShape((await response.json()) as Json);
    }
    const clamped = await getJson<Page>(env, path(version, '?limit=60000'));
    expect(clamped.changes.length).toBeGreaterThan(0);
    expect(clamped.next_start).toBeNull();
    const beyond = await getJson<Page>(env, path(version, '?start=18446744073709551615'));
    expect(beyond.changes).toEqual([]);
    expect(beyond.next_start).toBeNull();
    // JSON only: a BCS request gets JSON or a refusal, never a body of another shape.
    const bcs = await get(env, path(version), BCS);
    expect([200, 406]).toContain(bcs.status);
  });
});

function expectRecordShape(body: Json): void {
  expect(body).toEqual({ message: expect.any(String), error_code: expect.any(String), vm_error_code: null });
}

/**
 * The fixture's store seen as a chain retained from genesis: version 0 holds the oldest transaction's write set (a
 * generated file keeps a pruned range's first transaction, not genesis: test/support/genesis-transaction.ts does the
 * same for the transaction's JSON). Everything else is the store's own.
 */
function fromGenesis(store: LedgerStore): LedgerStore {
  const oldest = store.ledgerInfo().oldestLedgerVersion;
  const at = (version: bigint): bigint => (version === 0n ? oldest : version);
  return new Proxy(store, {
    get(target, property) {
      if (property === 'ledgerInfo') return () => ({ ...target.ledgerInfo(), oldestLedgerVersion: 0n });
      if (property === 'writeSet') return (version: bigint) => target.writeSet(at(version));
      if (property === 'writeSetWithBefore')
        return (version: bigint) => (version === 0n ? undefined : target.writeSetWithBefore(version));
      if (property === 'abiLookup') return (version: bigint) => target.abiLookup(at(version));
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe('genesis', () => {
  it('has no before: nothing existed, no value, no V − 1', async () => {
    const service = createReadService({ store: fromGenesis(env.store), responseCache: false });
    const reply = await service.serve({
      method: 'GET',
      url: new URL(`http://127.0.0.1${path(0n, '?limit=1000')}`),
      header: () => null,
      body: () => Promise.resolve(new Uint8Array(0)),
    });
    expect(reply.status).toBe(200);
    const page = JSON.parse(String(reply.body)) as Page;
    expect(page.before_state).toBe('genesis');
    expect(page.before_version).toBeNull();
    expect(page.write_set_size).toBe(env.store.writeSet(BigInt(env.info.oldestVersion))!.length);
    expect(page.changes.length).toBeGreaterThan(0);
    for (const change of page.changes) {
      expect(change.existed_before).toBe(false);
      expect(change.before).toBeNull();
      expect(change.before_bcs).toBeNull();
    }
    // The values written are the oldest transaction's, as the snapshot serves them at that version.
    const oldest = await getJson<Page>(env, path(BigInt(env.info.oldestVersion), '?limit=1000'));
    expect(page.changes.map((c) => c.after)).toEqual(oldest.changes.map((c) => c.after));
  });
});
