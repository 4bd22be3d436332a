/**
 * The processors' state reads over an open snapshot during the indexer pass (derive-tables.ts): bounded caches of
 * reads by (version, key), of each key's first version and of table types, and the priming of a transaction's writes.
 */
import { hash } from 'node:crypto';
import type Database from 'better-sqlite3';
import { bytesToHex } from '../../shared/hex.ts';
import { decodeResourceGroup } from '../../shared/resource-group.ts';
import type { StructTag } from '../../shared/type-tag.ts';
import { typeText } from './processors/type-text.ts';
import type { SnapshotStore } from '../snapshot/snapshot-store.ts';
import type { StateReader } from '../service/view/state-reader.ts';
import { groupOfMember } from '../service/view/resource-group-members.ts';
import { resourceGroupStateKey, resourceStateKey } from '../snapshot/state-keys.ts';
import { stateWalk } from './state-walk.ts';
import type { IndexerState } from './processors/processor-input.ts';

/** Entries the state cache of {@link indexerState} holds before it starts again (bounds its memory). */
const STATE_CACHE_ENTRIES = 50_000;

/** SHA3-256 by the platform (node:crypto), for the processors' object addresses and key hashes (object-hashes.ts). */
export function nativeSha3(input: Uint8Array): Uint8Array {
  const digest = hash('sha3-256', input, 'buffer');
  return new Uint8Array(digest.buffer, digest.byteOffset, digest.length);
}

const NO_EXTRA_MEMBERS = new Map<string, StructTag>();
/** The group a type is a member of, by the type's text (`groupOfMember`: a chain has few types, asked constantly). */
const groupsByText = new Map<string, ReturnType<typeof groupOfMember>>();

function groupOf(tag: StructTag, text: string): ReturnType<typeof groupOfMember> {
  if (groupsByText.has(text)) return groupsByText.get(text);
  const group = groupOfMember(tag, NO_EXTRA_MEMBERS);
  if (groupsByText.size >= STATE_CACHE_ENTRIES) groupsByText.clear();
  groupsByText.set(text, group);
  return group;
}

/** A group's members by type text, decoded once per value (a cached read hands out the same bytes again). */
const groupMembers = new WeakMap<Uint8Array, ReadonlyMap<string, Uint8Array>>();

function memberOf(bytes: Uint8Array, text: string): Uint8Array | undefined {
  let members = groupMembers.get(bytes);
  if (members === undefined) {
    const decoded = new Map<string, Uint8Array>();
    // Strict decoding as `withResourceGroups` (electron/service/view/state-reader.ts); keys are unique in a group.
    for (const member of decodeResourceGroup(bytes)) decoded.set(typeText(member.tag), member.bytes);
    groupMembers.set(bytes, decoded);
    members = decoded;
  }
  return members.get(text);
}

/**
 * The processors' state reads over an open snapshot (reads only; `db` is the store's own connection). `primed`:
 * a read as of a version whose write set wrote the key answers the written value without a read (the pass primes
 * each transaction's writes before its processors run: the newest write at or below V of a key written at V is that
 * write). Off for a capture, whose state rows are its version's, not each transaction's.
 */
export function indexerState(store: SnapshotStore, db: Database.Database, primed = false): IndexerState {
  // The processors of one transaction read the same few objects several times (a store's group for its balance,
  // its owner, its metadata), as of its version and the one before: reads are kept by (version, key), bounded.
  // A value as of a version never changes, so an entry is never stale.
  const cache = new Map<string, Uint8Array | undefined>();
  // A file whose write sets are its state rows is read through the walk (state-walk.ts): the pass primes each
  // transaction's writes in version order, so most reads need no SQLite read.
  const walk = primed ? stateWalk(store, db, bytesToHex) : undefined;
  const cached = (kind: 'r' | 'g', address: Uint8Array, tag: StructTag, version: bigint) => {
    if (walk !== undefined) {
      const stateKey = () => (kind === 'r' ? resourceStateKey(address, tag) : resourceGroupStateKey(address, tag));
      return walk.read(kind, typeText(tag), bytesToHex(address), stateKey, version);
    }
    const key = `${version}${kind}${bytesToHex(address)}${typeText(tag)}`;
    const known = cache.get(key);
    if (known !== undefined || cache.has(key)) return known;
    const value = kind === 'r' ? store.resource(address, tag, version) : store.resourceGroup(address, tag, version);
    if (cache.size >= STATE_CACHE_ENTRIES) cache.clear();
    cache.set(key, value);
    return value;
  };
  const raw: StateReader = {
    resource: (address, tag, version) => cached('r', address, tag, version),
    resourceGroup: (address, tag, version) => cached('g', address, tag, version),
    tableItem: (handle, key, version) => store.tableItem(handle, key, version),
  };
  // What `withResourceGroups(raw)` answers (a member from its group's value), with each type's text and group
  // looked up once and each group value decoded once.
  const reader: StateReader = {
    resource: (address, tag, version) => {
      const text = typeText(tag);
      const group = groupOf(tag, text);
      if (group === 'group') return undefined;
      if (group === undefined) return cached('r', address, tag, version);
      const bytes = cached('g', address, group, version);
      return bytes === undefined ? undefined : memberOf(bytes, text);
    },
    tableItem: (handle, key, version) => store.tableItem(handle, key, version),
  };
  const writeVersion = db.prepare(
    'SELECT version FROM state_values WHERE state_key = ? AND version <= ? ORDER BY version DESC LIMIT 1',
  );
  const timestamp = db.prepare('SELECT timestamp_usec FROM transactions WHERE version = ?').pluck();
  const tableTypes = new Map<string, ReturnType<IndexerState['tableTypes']>>();
  return {
    raw,
    reader,
    sha3: nativeSha3,
    abiLookup: (version) => store.abiLookup(version),
    tableTypes: (handle) => {
      // A file has few tables and their types never change: each handle's are read once.
      const name = bytesToHex(handle);
      if (tableTypes.has(name)) return tableTypes.get(name);
      const info = store.tableInfo(handle);
      if (tableTypes.size >= STATE_CACHE_ENTRIES) tableTypes.clear();
      tableTypes.set(name, info);
      return info;
    },
    writeVersion: (stateKey, version) => {
      if (version < 0n) return undefined;
      const row = writeVersion.get(stateKey, version) as { version: number } | undefined;
      return row === undefined ? undefined : BigInt(row.version);
    },
    timestampUsec: (version) => {
      if (version < 0n) return undefined;
      const usec = timestamp.get(version) as number | bigint | undefined;
      return usec === undefined ? undefined : BigInt(usec);
    },
    prime: walk?.prime,
  };
}
