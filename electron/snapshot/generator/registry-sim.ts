/**
 * Behaviour of the sample application 0xcafe::registry over time: records are created, updated and
 * removed, so its five tables see inserts, updates and deletions at many versions (what an
 * auditor's time travel and the table-item panel need to show).
 */
import { createHash } from 'node:crypto';
import { bytesToHex } from '../../../shared/hex.ts';
import { parseAddress } from '../../../shared/address.ts';
import { APP_ADDRESS, APP_MODULE, REGISTRY_TABLES } from './app-abis.ts';
import { eventHandle } from './framework-values.ts';
import type { Random } from './random.ts';
import type { ValueEncoder } from './value-encoder.ts';

/** Where the registry's state changes go: the chain simulation provides it per transaction. */
export interface StateSink {
  tableItem(handle: Uint8Array, key: Uint8Array, value: Uint8Array | null): void;
  resource(address: Uint8Array, typeText: string, value: Uint8Array): void;
  event(address: Uint8Array, creationNumber: number, sequenceNumber: number, typeText: string, data: Uint8Array): void;
}

/** Creation number of the registry's `record_events` handle under 0xcafe (after Account's 0..3). */
export const REGISTRY_EVENT_STREAM = 4;

const REGISTRY_TYPE = `${APP_ADDRESS}::${APP_MODULE}::Registry`;
const RECORD_EVENT_TYPE = `${APP_ADDRESS}::${APP_MODULE}::RecordEvent`;
const WORDS = [
  'alpha',
  'beta',
  'gamma',
  'delta',
  'omega',
  'vault',
  'pool',
  'relay',
  'oracle',
  'bridge',
  'ünïcode',
  '名前',
];

interface RecordState {
  readonly id: number;
  readonly owner: string;
  readonly slot: number;
  readonly name: string;
  readonly hashKey: Uint8Array;
  value: Record<string, unknown>;
}

/** Table handles of the registry, derived from the seed (a real node derives them from the txn hash). */
export function registryHandles(seed: number): Uint8Array[] {
  return REGISTRY_TABLES.map(({ field }) => createHash('sha3-256').update(`table:${seed}:${field}`).digest());
}

/** The registry's state and the operations its entry functions perform. */
export class RegistrySim {
  readonly #records = new Map<number, RecordState>();
  /** Live record ids, with each id's position for O(1) swap-removal. */
  readonly #live: number[] = [];
  readonly #livePosition = new Map<number, number>();
  /** Per owner: the next slot number (never reused) and how many live records it owns. */
  readonly #ownerSlots = new Map<string, number>();
  readonly #ownerLive = new Map<string, number>();
  readonly #handles: Uint8Array[];
  readonly #encoder: ValueEncoder;
  readonly #random: Random;
  readonly #address = parseAddress(APP_ADDRESS);
  #nextId = 1;
  #events = 0;

  /** `handles` are the five tables' handles, in REGISTRY_TABLES order. */
  constructor(encoder: ValueEncoder, handles: Uint8Array[], random: Random) {
    this.#encoder = encoder;
    this.#handles = handles;
    this.#random = random;
  }

  /** Number of records currently stored. */
  get liveRecords(): number {
    return this.#live.length;
  }

  /** Writes the Registry resource as it is now. */
  writeRegistry(sink: StateSink): void {
    const value: Record<string, unknown> = {
      record_count: String(this.#live.length),
      admin: APP_ADDRESS,
      record_events: eventHandle(this.#events, REGISTRY_EVENT_STREAM, APP_ADDRESS),
    };
    REGISTRY_TABLES.forEach(({ field }, i) => {
      value[field] = { handle: bytesToHex(this.#handle(i)) };
    });
    sink.resource(this.#address, REGISTRY_TYPE, this.#encoder.encode(REGISTRY_TYPE, value));
  }

  #handle(index: number): Uint8Array {
    const handle = this.#handles[index];
    if (!handle) throw new Error(`registry table ${index} has no handle`);
    return handle;
  }

  #put(index: number, key: unknown, value: unknown | null, sink: StateSink): void {
    const spec = REGISTRY_TABLES[index];
    if (!spec) throw new Error(`no registry table ${index}`);
    const keyBytes = this.#encoder.encode(spec.keyType, key);
    sink.tableItem(this.#handle(index), keyBytes, value === null ? null : this.#encoder.encode(spec.valueType, value));
  }

  #emit(id: number, action: number, owner: string, sink: StateSink): void {
    const data = this.#encoder.encode(RECORD_EVENT_TYPE, { id: String(id), action, owner });
    sink.event(this.#address, REGISTRY_EVENT_STREAM, this.#events, RECORD_EVENT_TYPE, data);
    this.#events += 1;
  }

  /**
   * `create(owner)`: inserts into every table (by_owner counts the owner's live records); returns the call's name and
   * tags arguments.
   */
  create(owner: string, version: number, sink: StateSink): { readonly name: string; readonly tags: string[] } {
    const r = this.#random;
    const id = this.#nextId++;
    const slot = this.#ownerSlots.get(owner) ?? 0;
    const owned = (this.#ownerLive.get(owner) ?? 0) + 1;
    const name = `${r.pick(WORDS)}-${id}`;
    const hashKey = createHash('sha3-256').update(name).digest().subarray(0, r.int(1, 12));
    const value: Record<string, unknown> = {
      id: String(id),
      owner,
      name,
      tags: Array.from({ length: r.int(0, 3) }, () => r.pick(WORDS)),
      metadata: {
        kind: r.int(0, 255),
        flags: Array.from({ length: r.int(0, 4) }, () => r.chance(0.5)),
        note: { vec: r.chance(0.4) ? [`note for ${name}`] : [] },
        limits: {
          min: r.int(0, 4_000_000_000),
          max: ((BigInt(r.next()) << 200n) | BigInt(r.next())).toString(),
          ratio: r.int(0, 65_535),
        },
      },
      parent: { vec: id > 1 && r.chance(0.3) ? [String(r.int(1, id - 1))] : [] },
      badge: bytesToHex(r.bytes(32)),
      status: { Active: { since: String(version) } },
      scores: Array.from({ length: r.int(0, 3) }, () => (BigInt(r.next()) * 1_000_000_007n).toString()),
      created_at: String(version),
    };
    const record: RecordState = { id, owner, slot, name, hashKey, value };
    this.#records.set(id, record);
    this.#livePosition.set(id, this.#live.length);
    this.#live.push(id);
    this.#ownerSlots.set(owner, slot + 1);
    this.#ownerLive.set(owner, owned);
    this.#put(0, String(id), value, sink);
    this.#put(1, owner, String(owned), sink);
    this.#put(2, name, value, sink);
    this.#put(3, bytesToHex(hashKey), [String(id)], sink);
    this.#put(4, { owner, slot: String(slot) }, value.status, sink);
    this.#emit(id, 0, owner, sink);
    this.writeRegistry(sink);
    return { name, tags: value.tags as string[] };
  }

  /** A live record chosen at random (its owner sends the update or removal). */
  pickRecord(): RecordState | undefined {
    if (this.#live.length === 0) return undefined;
    const id = this.#live[this.#random.int(0, this.#live.length - 1)];
    return id === undefined ? undefined : this.#records.get(id);
  }

  /**
   * `update(id, status)`: changes status and scores; rewrites by_id, by_name and by_slot; returns the status argument.
   */
  update(record: RecordState, version: number, sink: StateSink): number {
    const r = this.#random;
    const suspend = r.chance(0.5);
    const status = suspend
      ? {
          Suspended: {
            reason: `review ${version}`,
            until: { vec: r.chance(0.5) ? [String(version + r.int(10, 1000))] : [] },
          },
        }
      : { Active: { since: String(version) } };
    record.value = { ...record.value, status, scores: [...(record.value.scores as string[]), String(version)] };
    this.#put(0, String(record.id), record.value, sink);
    this.#put(2, record.name, record.value, sink);
    this.#put(4, { owner: record.owner, slot: String(record.slot) }, status, sink);
    this.#emit(record.id, 1, record.owner, sink);
    this.writeRegistry(sink);
    return suspend ? 1 : 0;
  }

  /** `remove(id)`: deletes from by_id, by_name and by_hash; closes its slot; decrements by_owner. */
  remove(record: RecordState, sink: StateSink): void {
    this.#records.delete(record.id);
    const index = this.#livePosition.get(record.id) ?? 0;
    const last = this.#live.pop() ?? record.id;
    if (last !== record.id) {
      this.#live[index] = last;
      this.#livePosition.set(last, index);
    }
    this.#livePosition.delete(record.id);
    const count = (this.#ownerLive.get(record.owner) ?? 1) - 1;
    this.#ownerLive.set(record.owner, count);
    this.#put(0, String(record.id), null, sink);
    this.#put(2, record.name, null, sink);
    this.#put(3, bytesToHex(record.hashKey), null, sink);
    this.#put(1, record.owner, count === 0 ? null : String(count), sink);
    this.#put(4, { owner: record.owner, slot: String(record.slot) }, { Closed: {} }, sink);
    this.#emit(record.id, 2, record.owner, sink);
    this.writeRegistry(sink);
  }
}
