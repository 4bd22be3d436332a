/**
 * Naming a stored value in a message: what it is (a resource by its type and account, a resource group, a module, a
 * table item by its table and key, or an event by its stream) and the version it is read at, so that
 * `snapshot info`, `snapshot verify` and the service say which value of the file is bad, not only why
 * (docs/snapshot-format.md, "Invariants"). `snapshot info` adds the file (electron/cli/snapshot-command.ts).
 */
import { CodecError } from '../../shared/codec-error.ts';
import { bytesToHex } from '../../shared/hex.ts';
import { quoteInput } from '../../shared/quote-input.ts';
import { formatStructTag } from '../../shared/type-tag.ts';
import { decodeStateKey } from './state-keys.ts';
import { assertNever } from '../../shared/assert-never.ts';

/** A stored value that does not decode, named by what it is and its version (a codec error: the service's 500). */
export class StoredValueError extends CodecError {}

/**
 * The value under `stateKey`: `resource 0x1::coin::CoinStore<…> of 0xcafe`, `resource group … of …`,
 * `module 0x1::coin`, `table item 0x… of table 0x…`, or the key's hex when it does not decode.
 */
export function describeStateKey(stateKey: Uint8Array): string {
  let key;
  try {
    key = decodeStateKey(stateKey);
  } catch {
    return `state key ${quoteInput(bytesToHex(stateKey))}`;
  }
  switch (key.kind) {
    case 'resource':
      return `resource ${formatStructTag(key.tag)} of ${key.address}`;
    case 'resource_group':
      return `resource group ${formatStructTag(key.tag)} of ${key.address}`;
    case 'module':
      return `module ${key.address}::${key.name}`;
    case 'table_item':
      return `table item ${quoteInput(bytesToHex(key.key))} of table ${key.handle}`;
    default:
      return assertNever(key);
  }
}

/** Runs `decode`; a codec error becomes a {@link StoredValueError} saying `${what} as of version ${version}: …`. */
export function decodingStored<T>(what: () => string, version: bigint | number, decode: () => T): T {
  try {
    return decode();
  } catch (error) {
    if (!(error instanceof CodecError) || error instanceof StoredValueError) throw error;
    throw new StoredValueError(`${what()} as of version ${version}: ${error.message}`);
  }
}
