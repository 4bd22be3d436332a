/**
 * The `/resources` paging cursor: the lower-case hex (no `0x`) of a resource's state key
 * (node-behaviour.md §4). A cursor that does not parse is 400 `web_framework_error`.
 *
 * State key = `0x00` (access path), 32-byte address, ULEB128 length of the path, then the path:
 * BCS of `Path { Code(ModuleId) = 0, Resource(StructTag) = 1, ResourceGroup(StructTag) = 2 }`.
 */
import { BcsReader } from '../../shared/bcs/bcs-reader.ts';
import { bytesToHex, hexToBytes } from '../../shared/hex.ts';
import { readStructTag } from '../../shared/type-tag.ts';
import { describeError, unparsable } from './http-errors.ts';

const ACCESS_PATH_TAG = 0;
const PATH_CODE = 0;
const PATH_RESOURCE = 1;
const PATH_RESOURCE_GROUP = 2;
const HEX_DIGITS = /^[0-9a-fA-F]*$/;

/** Checks that `bytes` is a complete access-path state key (module, resource or resource group). */
export function checkAccountStateKey(bytes: Uint8Array): void {
  const reader = new BcsReader(bytes);
  const tag = reader.variantIndex();
  if (tag !== ACCESS_PATH_TAG) throw new Error(`state key tag ${tag} is not an access path`);
  reader.address();
  const path = new BcsReader(reader.bytes());
  reader.assertFinished();
  const kind = path.variantIndex();
  switch (kind) {
    case PATH_CODE:
      path.address();
      path.string();
      break;
    case PATH_RESOURCE:
    case PATH_RESOURCE_GROUP:
      readStructTag(path);
      break;
    default:
      throw new Error(`unknown access path kind ${kind}`);
  }
  path.assertFinished();
}

/** Parses a `start` cursor of `/resources` into state-key bytes. */
export function parseResourceCursor(text: string): Uint8Array {
  if (text.length === 0 || text.length % 2 !== 0 || !HEX_DIGITS.test(text)) {
    throw unparsable(`failed to parse parameter "start": "${text}" is not a hex-encoded state key`);
  }
  const bytes = hexToBytes(text);
  try {
    checkAccountStateKey(bytes);
  } catch (error) {
    throw unparsable(`failed to parse parameter "start": not a valid state key: ${describeError(error)}`);
  }
  return bytes;
}

/** The cursor text for a state key: lower-case hex without `0x`. */
export function formatCursor(stateKey: Uint8Array): string {
  return bytesToHex(stateKey, false);
}
