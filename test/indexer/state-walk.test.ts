/**
 * The indexer pass's state walk (electron/indexer/state-walk.ts) on a real generated file: primed with the seed's
 * state and then each transaction's writes in version order, as the pass primes it, its reads as of the version
 * derived and the one before answer what the store reads from SQLite, for keys written there, keys written long
 * before, keys never written and deleted keys; after a jump (the helper thread's chunks) and with the walk's memory
 * bound reached alike.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bytesToHex } from '../../shared/hex.ts';
import { generateSnapshot } from '../../electron/snapshot/generate.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { stateWalk, type WalkKind } from '../../electron/indexer/state-walk.ts';
import { writtenKeys, type WrittenResource } from '../../electron/indexer/processors/written-state.ts';
import { useTempDir } from '../support/temp-dir.ts';

const dir = useTempDir('state-walk-');
const file = join(dir, 'chain.db');
generateSnapshot({ out: file, seed: 5, versions: 1_200, accounts: 12, coinStores: 40 });
const store = SnapshotStore.open(file);
afterAll(() => store.close());
const db = store.database;

interface StateRow {
  readonly state_key: Uint8Array;
  readonly version: number;
  readonly value: Uint8Array | null;
}

const rowsAt = db.prepare('SELECT state_key, version, value FROM state_values WHERE version = ? ORDER BY state_key');

/** A resource or group key of the file: how the walk names it, and its bytes. */
interface Key {
  readonly kind: WalkKind;
  readonly type: string;
  readonly address: string;
  readonly stateKey: Uint8Array;
}

function keysOf(rows: readonly StateRow[]): Key[] {
  const ops = rows.map((row) => ({ stateKey: row.state_key, value: row.value ?? undefined, existed: true }));
  return writtenKeys(ops)
    .filter((key): key is WrittenResource => key.kind !== 'table_item')
    .map((key) => ({
      kind: key.kind === 'resource' ? ('r' as const) : ('g' as const),
      type: key.type,
      address: bytesToHex(key.address),
      stateKey: key.op.stateKey,
    }));
}

const seed = store.meta.oldestVersion - 1n;
const seedRows = db
  .prepare(
    `SELECT s.state_key, s.version, s.value FROM state_values s WHERE s.state_key < x'01' AND s.version <= ?
     AND s.version = (SELECT max(version) FROM state_values p WHERE p.state_key = s.state_key AND p.version <= ?)
     ORDER BY s.version`,
  )
  .all(seed, seed) as StateRow[];
const everyKey = keysOf(
  db
    .prepare("SELECT DISTINCT state_key, 0 AS version, NULL AS value FROM state_values WHERE state_key < x'01'")
    .all() as StateRow[],
);
// Keys written once long ago, often, and never (an address nobody uses).
const sampled = everyKey.filter((_, i) => i % 7 === 0);
const never: Key = keysOf([{ state_key: everyKey[0]!.stateKey.slice(), version: 0, value: null }]).map((key) => ({
  ...key,
  address: key.address.replace(/^0x[0-9a-f]{4}/, '0xdead'),
  stateKey: new Uint8Array(0),
}))[0]!;

/** Primes a walk over the file in version order from `start` (the seed first when `start` is the oldest version). */
function walkFrom(
  start: bigint,
  check: (version: bigint, read: (key: Key, at: bigint) => Uint8Array | undefined) => void,
) {
  const walk = stateWalk(store, db, bytesToHex);
  if (start === store.meta.oldestVersion) {
    const written = writtenKeys(
      seedRows.map((row) => ({ stateKey: row.state_key, value: row.value ?? undefined, existed: true })),
    );
    const from = written.map((key) => BigInt(seedRows.find((row) => row.state_key === key.op.stateKey)!.version));
    walk.prime(seed, written, from);
    check(seed, (key, at) => walk.read(key.kind, key.type, key.address, () => key.stateKey, at));
  }
  for (let version = start; version <= store.meta.latestVersion; version += 1n) {
    const rows = rowsAt.all(version) as StateRow[];
    walk.prime(
      version,
      writtenKeys(rows.map((row) => ({ stateKey: row.state_key, value: row.value ?? undefined, existed: true }))),
    );
    check(version, (key, at) => walk.read(key.kind, key.type, key.address, () => key.stateKey, at));
  }
}

const expected = (key: Key, at: bigint): Uint8Array | undefined =>
  key.stateKey.length === 0 ? undefined : store.stateValue(key.stateKey, at);

describe('the indexer pass state walk', () => {
  it('answers reads as of the version derived and the one before as the store does, from the seed on', () => {
    let checked = 0;
    walkFrom(store.meta.oldestVersion, (version, read) => {
      const written = keysOf(rowsAt.all(version) as StateRow[]);
      const next = keysOf(rowsAt.all(version + 1n) as StateRow[]);
      for (const key of [...written, ...next, ...(version % 50n === 0n ? sampled : []), never])
        for (const at of [version, version - 1n]) {
          expect(read(key, at), `${key.kind} ${key.address} ${key.type} at ${at} (walk at ${version})`).toEqual(
            expected(key, at),
          );
          checked += 1;
        }
    });
    expect(checked).toBeGreaterThan(5_000);
  });

  it('starts again after a jump and answers alike', () => {
    const walk = stateWalk(store, db, bytesToHex);
    const middle = (store.meta.oldestVersion + store.meta.latestVersion) / 2n;
    for (const start of [store.meta.oldestVersion + 10n, middle, store.meta.oldestVersion + 20n]) {
      for (let version = start; version < start + 30n; version += 1n) {
        const rows = rowsAt.all(version) as StateRow[];
        walk.prime(
          version,
          writtenKeys(rows.map((row) => ({ stateKey: row.state_key, value: row.value ?? undefined, existed: true }))),
        );
        for (const key of [...keysOf(rows), ...sampled.slice(0, 20)])
          for (const at of [version, version - 1n, version - 5n])
            expect(
              walk.read(key.kind, key.type, key.address, () => key.stateKey, at),
              `${key.kind} ${key.address} ${key.type} at ${at}`,
            ).toEqual(expected(key, at));
      }
    }
  });
});
