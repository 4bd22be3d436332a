/**
 * The indexer pass's state as it walks forward in version order (indexer-state.ts, for a file whose write sets are
 * its state rows): per key, the value of its newest write at or below the walk's version and the value before it.
 * The pass tells each transaction's writes before its processors read (`prime`), so a key's value as of the version
 * being derived, or the one before, is known without a SQLite read once the key has been read or written; a key read
 * first is looked up once, as of the walk's version. Reads older than what a key holds fall back to the store.
 */
import type Database from 'better-sqlite3';
import type { SnapshotStore } from '../snapshot/snapshot-store.ts';
import type { PrimedWrite } from './processors/processor-input.ts';

/** Keys the walk holds before it forgets them all and starts again (bounds its memory on any chain length). */
const WALK_KEYS = 100_000;

/** A value valid from version `from` on (up to the next segment, or the walk's version). */
interface Segment {
  readonly from: bigint;
  readonly value: Uint8Array | undefined;
}

interface KeyState {
  /** The key's bytes, or how to make them (needed only when a read falls back to the store). */
  stateKey: Uint8Array | (() => Uint8Array);
  /** The newest write at or below the walk's version (`from` = -2⁶³ when the key has none). */
  current: Segment;
  /** The value before `current` (from `previous.from` up to `current.from`), when known. */
  previous: Segment | undefined;
}

/** No write at or below the walk's version: absent for every version read. */
const NEVER: Segment = { from: -(2n ** 63n), value: undefined };

/** The walk's reads and its priming (see the file's comment). */
export interface StateWalk {
  /**
   * The value as of `version` of the resource (`r`) or resource group (`g`) of type text `type` at the address of hex
   * `address` (`stateKey` makes the key's bytes when it is not held).
   */
  read(
    kind: WalkKind,
    type: string,
    address: string,
    stateKey: () => Uint8Array,
    version: bigint,
  ): Uint8Array | undefined;
  /**
   * The writes of the transaction at `version`. `from`, a pruned file's seed: the writes are every key written at or
   * below `version` (deletions included), `from[i]` the version of `written[i]`, so a key not held was never written.
   */
  prime(version: bigint, written: readonly PrimedWrite[], from?: readonly bigint[]): void;
}

/** A resource (`r`) or a resource group (`g`). */
export type WalkKind = 'r' | 'g';

/** A walk over `store` (connection `db`); empty until its first `prime`. */
export function stateWalk(store: SnapshotStore, db: Database.Database, hex: (bytes: Uint8Array) => string): StateWalk {
  // Keys by kind, type text and address hex: the type texts are few and kept (their hashes too), so a lookup
  // hashes only the address, and no key text is built per read.
  const keys = { r: new Map<string, Map<string, KeyState>>(), g: new Map<string, Map<string, KeyState>>() };
  let held = 0;
  let walked: bigint | undefined;
  // Whether the walk holds every key ever written (the seed's full state, then each write, none forgotten since).
  let complete = false;
  const clear = (): void => {
    keys.r.clear();
    keys.g.clear();
    held = 0;
    complete = false;
  };
  const byAddress = (kind: WalkKind, type: string): Map<string, KeyState> => {
    let map = keys[kind].get(type);
    if (map === undefined) keys[kind].set(type, (map = new Map()));
    return map;
  };
  const bytesOf = (key: KeyState): Uint8Array => {
    if (typeof key.stateKey === 'function') key.stateKey = key.stateKey();
    return key.stateKey;
  };
  const newest = db.prepare(
    'SELECT version, value FROM state_values WHERE state_key = ? AND version <= ? ORDER BY version DESC LIMIT 1',
  );
  // The segment of the newest write of `stateKey` at or below `at`.
  const segmentAt = (stateKey: Uint8Array, at: bigint): Segment => {
    const row = newest.get(stateKey, at) as { version: number; value: unknown } | undefined;
    if (row === undefined) return NEVER;
    // A value that is not bytes is reported by the store's own read (a damaged file, as verify tells it).
    const value = row.value instanceof Uint8Array ? row.value : store.stateValue(stateKey, at);
    return { from: BigInt(row.version), value };
  };
  // The key's state, looked up as of the walk's version `at` when not held.
  const stateOf = (kind: WalkKind, type: string, address: string, stateKey: () => Uint8Array, at: bigint) => {
    const map = byAddress(kind, type);
    let key = map.get(address);
    if (key !== undefined) return key;
    if (complete) key = { stateKey, current: NEVER, previous: undefined };
    else {
      const bytes = stateKey();
      key = { stateKey: bytes, current: segmentAt(bytes, at), previous: undefined };
    }
    if (held >= WALK_KEYS) clear();
    byAddress(kind, type).set(address, key);
    held += 1;
    return key;
  };
  return {
    read: (kind, type, address, stateKey, version) => {
      if (walked === undefined || version > walked) return store.stateValue(stateKey(), version);
      const key = stateOf(kind, type, address, stateKey, walked);
      if (version >= key.current.from) return key.current.value;
      // The value before a key's newest write (a read as of the version before the one derived) is read once.
      if (key.previous === undefined && key.current !== NEVER)
        key.previous = segmentAt(bytesOf(key), key.current.from - 1n);
      if (key.previous !== undefined && version >= key.previous.from) return key.previous.value;
      return store.stateValue(bytesOf(key), version);
    },
    prime: (version, written, from) => {
      // A jump (the helper thread's chunks alternate with the pass's own) leaves writes unseen: start again.
      if (walked === undefined || (version !== walked && version !== walked + 1n) || from !== undefined) {
        clear();
        complete = from !== undefined && written.length < WALK_KEYS;
      }
      walked = version;
      for (let index = 0; index < written.length; index += 1) {
        const write = written[index] as PrimedWrite;
        if (write.kind === 'table_item' || write.address === undefined || write.type === undefined) continue;
        const segment = { from: from?.[index] ?? version, value: write.op.value };
        const map = byAddress(write.kind === 'resource' ? 'r' : 'g', write.type);
        const address = hex(write.address);
        const key = map.get(address);
        if (key === undefined) {
          if (held >= WALK_KEYS) clear();
          // A key the complete walk did not hold had never been written.
          const previous = complete ? NEVER : undefined;
          byAddress(write.kind === 'resource' ? 'r' : 'g', write.type).set(address, {
            stateKey: write.op.stateKey,
            current: segment,
            previous,
          });
          held += 1;
        } else if (key.current.from === version) key.current = segment;
        else {
          key.previous = key.current;
          key.current = segment;
        }
      }
    },
  };
}
