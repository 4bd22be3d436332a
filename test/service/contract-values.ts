/**
 * Expected values shared by the node-API contract tests, computed without the service: the JSON
 * the node serves for stored bytes (by move-json-oracle.ts, an independent rendering of §3) and
 * state keys written out by docs/node-behaviour.md §4.
 */
import { BcsWriter } from '../../shared/bcs/bcs-writer.ts';
import { resolveLayout } from '../../shared/move/layout.ts';
import { encodeStructTag, parseTypeTag, type StructTag } from '../../shared/type-tag.ts';
import type { ContractEnv } from './contract-support.ts';
import { expectedMoveJson } from './move-json-oracle.ts';

/** A resource as the node serves it in JSON. */
export interface Resource {
  type: string;
  data: Record<string, unknown>;
}

/** The JSON the node serves for stored bytes of `type` at `version` (independent rendering). */
export function expectedValue(
  e: ContractEnv,
  bytes: Uint8Array,
  type: string,
  version = BigInt(e.info.latestVersion),
): unknown {
  return expectedMoveJson(bytes, resolveLayout(parseTypeTag(type), e.store.abiLookup(version)));
}

/** A resource's state key written out by docs/node-behaviour.md §4: 0x00 ‖ address ‖ ULEB len ‖ Path::Resource(tag). */
export function resourceKey(address: Uint8Array, tag: StructTag): Uint8Array {
  const path = new BcsWriter().variantIndex(1).fixedBytes(encodeStructTag(tag)).toBytes();
  return new BcsWriter().u8(0).address(address).bytes(path).toBytes();
}

/** A module's state key (§4): 0x00 ‖ address ‖ ULEB len ‖ Path::Code(address, name). */
export function moduleKey(address: Uint8Array, name: string): Uint8Array {
  const path = new BcsWriter().variantIndex(0).address(address).string(name).toBytes();
  return new BcsWriter().u8(0).address(address).bytes(path).toBytes();
}

/** A copy as a plain Uint8Array (the store returns Buffers, which never deep-equal Uint8Arrays). */
export const plain = (bytes: Uint8Array | undefined): Uint8Array | undefined =>
  bytes === undefined ? undefined : new Uint8Array(bytes);
