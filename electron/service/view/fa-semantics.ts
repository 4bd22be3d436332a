/**
 * `0x1::fungible_asset`, `0x1::primary_fungible_store`, `0x1::object` and `0x1::account` view
 * functions over state, as their Move code computes them.
 */
import { formatAddress } from '../../../shared/address.ts';
import type { StructTag } from '../../../shared/type-tag.ts';
import { EOBJECT_DOES_NOT_EXIST, ERESOURCE_DOES_NOT_EXIST } from './framework-aborts.ts';
import {
  readConcurrentSupply,
  readFaMetadata,
  readObjectOwner,
  readSupply,
  type FaMetadataState,
} from './framework-state.ts';
import type { StateReader } from './state-reader.ts';
import { missingData, moveAbort } from './view-error.ts';

/**
 * Builds an `Object<T>` argument as the VM does before the call (`object::address_to_object<T>`):
 * aborts unless an object (ObjectCore) is at `address` and T is stored there.
 */
export function addressToObject(reader: StateReader, address: Uint8Array, resource: StructTag, version: bigint): void {
  if (readObjectOwner(reader, address, version) === undefined) throw moveAbort('0x1::object', EOBJECT_DOES_NOT_EXIST);
  if (reader.resource(address, resource, version) === undefined) {
    throw moveAbort('0x1::object', ERESOURCE_DOES_NOT_EXIST);
  }
}

/** `fungible_asset::supply(metadata)`: ConcurrentSupply, else Supply, else none. */
export function faSupply(reader: StateReader, metadata: Uint8Array, version: bigint): bigint | undefined {
  return readConcurrentSupply(reader, metadata, version) ?? readSupply(reader, metadata, version);
}

/** `fungible_asset::name|symbol|decimals(metadata)`: borrows Metadata (MISSING_DATA when absent). */
export function faMetadataView(
  reader: StateReader,
  metadata: Uint8Array,
  version: bigint,
  functionName: string,
): FaMetadataState {
  const state = readFaMetadata(reader, metadata, version);
  if (state === undefined) {
    throw missingData(`0x1::fungible_asset::${functionName}`, '0x1::fungible_asset::Metadata', formatAddress(metadata));
  }
  return state;
}

/** `object::owner(object)`: the ObjectCore owner (the argument's construction already checked it exists). */
export function objectOwnerView(reader: StateReader, object: Uint8Array, version: bigint): Uint8Array {
  const owner = readObjectOwner(reader, object, version);
  if (owner === undefined) throw moveAbort('0x1::object', EOBJECT_DOES_NOT_EXIST);
  return owner;
}
