/**
 * A state for the view tests: real BCS values (encoded with the shared codec by the framework's
 * layouts) kept per (address, type) and per (table, key) with their versions, answering "as of
 * version V" as the snapshot store does (newest write ≤ V; `null` = deleted). It implements the
 * raw StateReader (group tags return the group's bytes), the interface the snapshot will implement.
 */
import { formatAddress, parseAddress } from '../../../shared/address.ts';
import type { AbiLookup } from '../../../shared/move/abi.ts';
import { encodeMoveValue } from '../../../shared/move/encode.ts';
import { resolveLayout } from '../../../shared/move/layout.ts';
import { bytesToHex } from '../../../shared/hex.ts';
import { formatStructTag, parseStructTag, type StructTag } from '../../../shared/type-tag.ts';
import { encodeResourceGroup } from '../../../shared/resource-group.ts';
import type { StateReader } from '../../../electron/service/view/state-reader.ts';
import { VIEW_TEST_ABIS } from './object-abis.ts';

/** Module lookup over the test ABIs. */
export const testLookup: AbiLookup = (address, module) =>
  VIEW_TEST_ABIS.find((m) => m.address === address && m.name === module);

/** BCS of `json` (JSON-in form) as a value of struct `type`. */
export function encodeResource(type: string, json: unknown): Uint8Array {
  return encodeMoveValue(json, resolveLayout({ kind: 'struct', struct: parseStructTag(type) }, testLookup));
}

type Writes = { version: bigint; bytes: Uint8Array | null }[];

/** A versioned in-memory state. */
export class MemoryState implements StateReader {
  readonly #resources = new Map<string, Writes>();
  readonly #tables = new Map<string, Writes>();
  /** How many reads were made (to check that answers come from state, not constants). */
  reads = 0;

  #put(map: Map<string, Writes>, key: string, version: bigint, bytes: Uint8Array | null): void {
    const writes = map.get(key) ?? [];
    writes.push({ version, bytes });
    writes.sort((a, b) => (a.version < b.version ? -1 : 1));
    map.set(key, writes);
  }

  #get(map: Map<string, Writes>, key: string, version: bigint): Uint8Array | undefined {
    this.reads += 1;
    let found: Uint8Array | null | undefined;
    for (const w of map.get(key) ?? []) if (w.version <= version) found = w.bytes;
    return found ?? undefined;
  }

  /** Writes raw bytes of a resource (or a group's state value) at `version`; `null` deletes. */
  putRaw(address: string, type: string, bytes: Uint8Array | null, version = 0n): this {
    this.#put(
      this.#resources,
      `${formatAddress(parseAddress(address))}|${formatStructTag(parseStructTag(type))}`,
      version,
      bytes,
    );
    return this;
  }

  /** Writes a resource from its JSON-in value. */
  put(address: string, type: string, json: unknown, version = 0n): this {
    return this.putRaw(address, type, encodeResource(type, json), version);
  }

  /** Writes an ObjectGroup holding `members` (type → JSON-in value) at `address`. */
  putGroup(address: string, members: Readonly<Record<string, unknown>>, version = 0n): this {
    const entries = Object.entries(members).map(([type, json]) => ({
      tag: parseStructTag(type),
      bytes: encodeResource(type, json),
    }));
    return this.putRaw(address, '0x1::object::ObjectGroup', encodeResourceGroup(entries), version);
  }

  /** Writes a table item. */
  putItem(handle: string, key: Uint8Array, value: Uint8Array | null, version = 0n): this {
    this.#put(this.#tables, `${formatAddress(parseAddress(handle))}|${bytesToHex(key)}`, version, value);
    return this;
  }

  resource(address: Uint8Array, tag: StructTag, version: bigint): Uint8Array | undefined {
    return this.#get(this.#resources, `${formatAddress(address)}|${formatStructTag(tag)}`, version);
  }

  tableItem(handle: Uint8Array, key: Uint8Array, version: bigint): Uint8Array | undefined {
    return this.#get(this.#tables, `${formatAddress(handle)}|${bytesToHex(key)}`, version);
  }
}
