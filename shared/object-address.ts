/**
 * Addresses of Move objects, derived as the framework's `0x1::object` does: sha3-256 of the
 * creator's address, some bytes, and one domain-separation byte naming the scheme. Used to find a
 * fungible asset's primary store (`0x1::primary_fungible_store`) and a coin's paired fungible
 * asset metadata (`0x1::coin`). Pure: hashing by @noble/hashes (no node:crypto in shared/).
 */
import { sha3_256 } from '@noble/hashes/sha3.js';
import { ADDRESS_LENGTH, parseAddress } from './address.ts';
import { AddressError } from './codec-error.ts';
import { formatStructTag, type StructTag } from './type-tag.ts';

/** Scheme byte of `object::create_object_address` (named objects: creator ‖ seed). */
export const OBJECT_FROM_SEED_SCHEME = 0xfe;
/** Scheme byte of `object::create_user_derived_object_address` (source ‖ derive_from). */
export const OBJECT_DERIVED_SCHEME = 0xfc;

/** The metadata object of APT as a fungible asset (`@aptos_fungible_asset`). */
export const APT_METADATA_ADDRESS = '0xa';

const APT_COIN = '0x1::aptos_coin::AptosCoin';

function checkAddress(bytes: Uint8Array, what: string): void {
  if (bytes.length !== ADDRESS_LENGTH) {
    throw new AddressError(`${what} must be ${ADDRESS_LENGTH} bytes, got ${bytes.length}`);
  }
}

function hashWithScheme(parts: readonly Uint8Array[], scheme: number): Uint8Array {
  let length = 1;
  for (const part of parts) length += part.length;
  const input = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    input.set(part, offset);
    offset += part.length;
  }
  input[offset] = scheme;
  return sha3_256(input);
}

/** Address of the named object `seed` of `creator`: sha3-256(creator ‖ seed ‖ 0xFE). */
export function createObjectAddress(creator: Uint8Array, seed: Uint8Array): Uint8Array {
  checkAddress(creator, 'creator address');
  return hashWithScheme([creator, seed], OBJECT_FROM_SEED_SCHEME);
}

/** Address of the object derived from `deriveFrom` for `source`: sha3-256(source ‖ deriveFrom ‖ 0xFC). */
export function createUserDerivedObjectAddress(source: Uint8Array, deriveFrom: Uint8Array): Uint8Array {
  checkAddress(source, 'source address');
  checkAddress(deriveFrom, 'derive-from address');
  return hashWithScheme([source, deriveFrom], OBJECT_DERIVED_SCHEME);
}

/**
 * Address of `owner`'s primary fungible store of the asset whose metadata object is at `metadata`
 * (`primary_fungible_store::primary_store_address`): a user-derived object of the owner.
 */
export function primaryStoreAddress(owner: Uint8Array, metadata: Uint8Array): Uint8Array {
  return createUserDerivedObjectAddress(owner, metadata);
}

/**
 * Address of the fungible asset metadata a coin type is (or would be) paired with, as the framework
 * creates it when the coin is first converted: APT at `0xa`; any other coin the named object of
 * `0xa` whose seed is `type_info::type_name<CoinType>()` (the type in short-address text, e.g.
 * `0xf22b…::asset::USDC`). Whether the pairing exists is a question for the state, not this formula.
 */
export function pairedMetadataAddress(coinType: StructTag): Uint8Array {
  const name = formatStructTag(coinType);
  if (name === APT_COIN) return parseAddress(APT_METADATA_ADDRESS);
  return createObjectAddress(parseAddress(APT_METADATA_ADDRESS), new TextEncoder().encode(name));
}
