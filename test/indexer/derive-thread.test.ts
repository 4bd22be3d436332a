/**
 * The indexer pass's helper thread (electron/indexer/derive-thread.ts): on a real file, the pass derives the same rows
 * in the same order with the helper as in one thread, the helper's chunks are what the pass's own step derives for
 * those versions, and a transaction the processors cannot derive is reported with its version and message alike
 * whichever thread derived it.
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { deriveIndexerRows } from '../../electron/indexer/derive-tables.ts';
import {
  DERIVE_CHUNK,
  DERIVE_THREADS_ENV,
  helperWanted,
  startDeriveHelper,
} from '../../electron/indexer/derive-thread.ts';
import { transactionDeriver } from '../../electron/indexer/derive-transactions.ts';
import { indexerState } from '../../electron/indexer/indexer-state.ts';
import { generateSnapshot } from '../../electron/snapshot/generate.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { useTempDir } from '../support/temp-dir.ts';

const dir = useTempDir('derive-thread-');
const file = join(dir, 'chain.db');
generateSnapshot({ out: file, seed: 3, versions: 2_600, accounts: 20, coinStores: 0 });

afterEach(() => {
  delete process.env[DERIVE_THREADS_ENV];
});

const text = (value: unknown): string =>
  JSON.stringify(value, (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v instanceof Map ? [...v] : v));

/** Every batch the pass derives from `path`, and the transactions it could not derive. */
function derived(path: string, oneThread: boolean): { batches: string[]; failures: string[] } {
  process.env[DERIVE_THREADS_ENV] = oneThread ? '1' : '2';
  const store = SnapshotStore.open(path);
  try {
    const batches: string[] = [];
    const failures: string[] = [];
    deriveIndexerRows(
      store,
      store.database,
      (rows) => void batches.push(text(rows)),
      (version, error) => void failures.push(`${version}: ${(error as Error).message}`),
    );
    return { batches, failures };
  } finally {
    store.close();
  }
}

/** The versions of the file's transactions the pass derives, in order. */
function transactionVersions(path: string): number[] {
  const db = new Database(path, { readonly: true });
  try {
    return db
      .prepare('SELECT t.version FROM transactions t JOIN transaction_details d USING (version) ORDER BY 1')
      .pluck()
      .all() as number[];
  } finally {
    db.close();
  }
}

describe('the indexer pass with a helper thread', () => {
  it('derives the same rows in the same order as one thread', () => {
    expect(transactionVersions(file).length).toBeGreaterThan(3 * DERIVE_CHUNK + 100);
    const two = derived(file, false);
    const one = derived(file, true);
    expect(two.failures).toEqual([]);
    expect(two.batches.length).toBeGreaterThan(2 * DERIVE_CHUNK);
    expect(two.batches).toEqual(one.batches);
  });

  it("sends the pass's own step's rows for the chunks it is given, and is off when asked", () => {
    const store = SnapshotStore.open(file);
    try {
      process.env[DERIVE_THREADS_ENV] = '2';
      expect(helperWanted()).toBe(true);
      const chunk = transactionVersions(file).slice(DERIVE_CHUNK, DERIVE_CHUNK + 40);
      const helper = startDeriveHelper(file, store.meta, [chunk.slice(0, 20), chunk.slice(20)]);
      expect(helper).toBeDefined();
      const items = [...(helper?.next() ?? []), ...(helper?.next() ?? [])];
      helper?.finish();
      const derive = transactionDeriver(store, store.database, indexerState(store, store.database, true));
      const expected = chunk.map((version) => ({ version, rows: derive(version)?.rows }));
      expect(text(items)).toBe(text(expected));
      process.env[DERIVE_THREADS_ENV] = '1';
      expect(helperWanted()).toBe(false);
      expect(startDeriveHelper(file, store.meta, [chunk])).toBeUndefined();
    } finally {
      store.close();
    }
  });

  it('reports a transaction that does not derive, in either thread, with its version', () => {
    const broken = join(dir, 'broken.db');
    copyFileSync(file, broken);
    const versions = transactionVersions(file);
    // One coin event in a chunk of the helper's, one in a chunk of the pass's own thread (in the retained window, whose
    // write sets say which coin each event stream is).
    const planted = [versions[DERIVE_CHUNK + 100], versions[3 * DERIVE_CHUNK + 100]] as number[];
    const db = new Database(broken);
    try {
      const pick = db.prepare(
        'SELECT version, address, creation_number, sequence_number FROM events ' +
          "WHERE type_tag = '0x1::coin::DepositEvent' AND version >= ? ORDER BY version LIMIT 1",
      );
      for (const [i, from] of planted.entries()) {
        const event = pick.get(from) as {
          version: number;
          address: Buffer;
          creation_number: number;
          sequence_number: number;
        };
        planted[i] = event.version;
        db.prepare(
          "UPDATE events SET data = x'01' WHERE address = ? AND creation_number = ? AND sequence_number = ?",
        ).run(event.address, event.creation_number, event.sequence_number);
      }
    } finally {
      db.close();
    }
    const two = derived(broken, false);
    const one = derived(broken, true);
    expect(two.failures.map((line) => Number(line.split(':')[0]))).toEqual(planted);
    expect(two.failures).toEqual(one.failures);
    expect(two.batches).toEqual(one.batches);
  });
});
