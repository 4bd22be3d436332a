/**
 * The snapshot writer on a worker thread (electron/snapshot/writer-thread.ts, issue 29): every writer call survives
 * the trip through a batch unchanged; a chain generated with the thread is the same file, by content digest, as one
 * written in one thread; and a failure inside the writer thread comes back as an error with SQLite's message and
 * code, the partial file removed, instead of a hang.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { generateSnapshot } from '../../electron/snapshot/generate.ts';
import { DEFAULT_NODE_SETTINGS } from '../../electron/snapshot/node-settings.ts';
import type { LedgerRowSink } from '../../electron/snapshot/row-sink.ts';
import { contentDigest } from '../../electron/snapshot/snapshot-digest.ts';
import { BatchEncoder } from '../../electron/snapshot/writer-batch.ts';
import { replayBatch } from '../../electron/snapshot/writer-batch-replay.ts';
import { ThreadedSnapshotWriter, writerThreadAvailable } from '../../electron/snapshot/writer-thread.ts';
import { useTempDir } from '../support/temp-dir.ts';

const dir = useTempDir('writer-thread-');
const bytes = (...values: number[]): Uint8Array => Uint8Array.from(values);
const address = (last: number): Uint8Array => Uint8Array.from({ length: 32 }, (_, i) => (i === 31 ? last : i));

/** A sink that records every call with its arguments. */
function recordingSink(): { calls: unknown[][]; sink: LedgerRowSink } {
  const calls: unknown[][] = [];
  const record =
    (name: string) =>
    (...args: unknown[]): void =>
      void calls.push([name, ...args.map((arg) => (arg instanceof Uint8Array ? [...arg] : arg))]);
  const sink = {
    format: 3,
    stateValue: record('stateValue'),
    transaction: record('transaction'),
    event: record('event'),
    moduleEvent: record('moduleEvent'),
    block: record('block'),
    module: record('module'),
    tableInfo: record('tableInfo'),
    account: record('account'),
  } as LedgerRowSink;
  return { calls, sink };
}

/** The same calls with every byte array made a plain array (so nested rows compare by value). */
function plain(value: unknown): unknown {
  if (value instanceof Uint8Array) return [...value];
  if (Array.isArray(value)) return value.map(plain);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, plain(inner)]));
  return value;
}

describe('writer batches', () => {
  it('replay every call with the same arguments, nulls, text and large integers included', () => {
    const encoder = new BatchEncoder(16);
    const direct = recordingSink();
    const calls = (sink: LedgerRowSink | BatchEncoder): void => {
      sink.stateValue(bytes(1, 2, 3), 7, bytes(9));
      sink.stateValue(bytes(4), 8, null);
      sink.stateValue(bytes(5), 9, new Uint8Array(0));
      sink.event(address(1), 2, 3, 9, 0, '0x1::coin::DepositEvent', bytes(1, 0));
      sink.moduleEvent(9, 1, '0x1::fungible_asset::Deposit — “quoted” 🎉', bytes());
      sink.transaction(
        {
          version: 9,
          blockHeight: 2,
          hash: address(9),
          kind: 'user',
          sender: address(1),
          sequenceNumber: 0,
          nonce: null,
          entryFunction: '0x1::aptos_account::transfer',
          gasUnitPrice: 100,
          maxGasAmount: 2_000_000,
          gasUsed: 11,
          success: false,
          timestampUsec: 1_700_000_000_123_456n,
        },
        {
          vmStatus: 'Move abort',
          expirationTimestampSecs: 1_700_000_060,
          payload: '{"type":"entry_function_payload"}',
          payloadBcs: bytes(2, 0),
          signature: null,
          signatureKind: 'fee_payer_signature',
          secondarySigners: [address(2), address(3)],
          feePayer: address(4),
          kindFields: null,
          stateCheckpointHash: null,
          accumulatorRootHash: address(5),
          recorded: { writeSetSize: 3, stateChangeHash: address(6), eventCount: 2, eventRootHash: address(7) },
        },
      );
      sink.transaction({
        version: 10,
        blockHeight: 2,
        hash: address(10),
        kind: 'block_epilogue',
        sender: null,
        sequenceNumber: null,
        nonce: 2 ** 53 - 1,
        entryFunction: null,
        gasUnitPrice: 0,
        maxGasAmount: 0,
        gasUsed: 0,
        success: true,
        timestampUsec: -1n,
      });
      sink.block({
        height: 2,
        epoch: 1,
        round: 5,
        firstVersion: 8,
        lastVersion: 10,
        timestampUsec: 42n,
        hash: address(11),
        blockLimitReached: true,
      });
      sink.module(address(1), 'coin', 0, '{"name":"coin"}');
      sink.tableInfo(address(12), 'address', 'u64', null, 3);
      sink.tableInfo(
        address(13),
        'vector<u8>',
        '0x1::string::String',
        { address: address(1), resource: 'R', field: 'f' },
        4,
      );
      sink.account(address(14), 10);
    };
    calls(encoder);
    calls(direct.sink);
    const replayed = recordingSink();
    replayBatch(encoder.take(), replayed.sink);
    expect(plain(replayed.calls)).toEqual(plain(direct.calls));
    expect(encoder.size).toBe(0);
  });
});

describe('the writer thread', () => {
  it('is available when run from the sources', () => {
    expect(writerThreadAvailable()).toBe(true);
  });

  it('writes the same file as one thread does, by content digest', () => {
    const options = { seed: 5, versions: 1_500, accounts: 30, coinStores: 50 };
    const threaded = generateSnapshot({ ...options, out: join(dir, 'threaded.db'), writerThread: true });
    const single = generateSnapshot({ ...options, out: join(dir, 'single.db'), writerThread: false });
    expect(threaded.latestVersion).toBe(single.latestVersion);
    const digest = (name: string): string => {
      const db = new Database(join(dir, name), { readonly: true });
      try {
        return contentDigest(db);
      } finally {
        db.close();
      }
    };
    expect(digest('threaded.db')).toBe(digest('single.db'));
  });

  it('rethrows a failure inside the thread with SQLite’s message and code, and removes the partial file', () => {
    const path = join(dir, 'failing.db');
    const writer = new ThreadedSnapshotWriter(path, { format: 3 });
    // Two accounts rows for one address: the accounts table's primary key refuses the second in the thread.
    writer.account(address(1), 0);
    writer.account(address(1), 1);
    let thrown: unknown;
    try {
      writer.finish({
        chainId: 4,
        oldestVersion: 0,
        latestVersion: 1,
        settings: DEFAULT_NODE_SETTINGS,
        generator: 'test',
      });
    } catch (error) {
      thrown = error;
    } finally {
      writer.abort();
    }
    expect(thrown).toBeInstanceOf(Error);
    expect((thrown as Error).message).toMatch(/UNIQUE constraint failed: accounts\.address/);
    expect((thrown as { code?: string }).code).toMatch(/^SQLITE_CONSTRAINT/);
    expect(existsSync(path)).toBe(false);
    expect(readdirSync(dir).filter((name) => name.startsWith('failing.db'))).toEqual([]);
  });
});
