/**
 * The address and key hashes the processors compute for the coin stores, fungible stores and objects they see: the
 * formulas of shared/object-address.ts and shared/ledger/state-keys.ts over the state's SHA3-256 (`IndexerState.sha3`:
 * the platform's where the pass runs, indexer-state.ts; hashing in portable code was about 5% of the pass), else
 * the portable one; the key hash is shared/ledger/state-keys.ts's own. test/indexer/object-hashes.test.ts checks both
 * against shared/.
 */
import { sha3_256 } from '@noble/hashes/sha3.js';
import { parseAddress } from '../../../shared/address.ts';
import { bytesToHex } from '../../../shared/hex.ts';
import {
  APT_METADATA_ADDRESS,
  OBJECT_DERIVED_SCHEME,
  OBJECT_FROM_SEED_SCHEME,
} from '../../../shared/object-address.ts';
import { accessPathStateKeyHash } from '../../../shared/ledger/state-keys.ts';
import { type StructTag } from '../../../shared/type-tag.ts';
import { typeText } from './type-text.ts';
import type { IndexerState } from './processor-input.ts';

const APT_COIN = '0x1::aptos_coin::AptosCoin';
const APT_METADATA = parseAddress(APT_METADATA_ADDRESS);
const encoder = new TextEncoder();

function hashed(state: Pick<IndexerState, 'sha3'>, parts: readonly Uint8Array[], tail?: number): Uint8Array {
  let length = tail === undefined ? 0 : 1;
  for (const part of parts) length += part.length;
  const input = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    input.set(part, offset);
    offset += part.length;
  }
  if (tail !== undefined) input[offset] = tail;
  return (state.sha3 ?? sha3_256)(input);
}

/** `owner`'s primary store of the asset whose metadata is at `metadata`: sha3-256(owner ‖ metadata ‖ 0xFC). */
export function primaryStoreAddress(
  state: Pick<IndexerState, 'sha3'>,
  owner: Uint8Array,
  metadata: Uint8Array,
): Uint8Array {
  return hashed(state, [owner, metadata], OBJECT_DERIVED_SCHEME);
}

/** The metadata a coin type is (or would be) paired with: `0xa` for APT, else the named object of `0xa` (its type). */
export function pairedMetadataAddress(state: Pick<IndexerState, 'sha3'>, coinType: StructTag): Uint8Array {
  const name = typeText(coinType);
  if (name === APT_COIN) return APT_METADATA.slice();
  return hashed(state, [APT_METADATA, encoder.encode(name)], OBJECT_FROM_SEED_SCHEME);
}

/** The node's `state_key_hash` of an access-path state key as stored: the ledger kernel's, over the state's SHA3. */
export function accessPathKeyHash(state: Pick<IndexerState, 'sha3'>, stateKey: Uint8Array): string {
  const sha3 = state.sha3 ?? sha3_256;
  return accessPathStateKeyHash(stateKey, (input) => bytesToHex(sha3(input)));
}
