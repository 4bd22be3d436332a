/**
 * The `/resources` paging cursor: the lower-case hex (no `0x`) of a resource's state key
 * (docs/node-behaviour.md §4). A cursor that does not parse is 400 `web_framework_error`.
 * A cursor must be a complete access-path state key (module, resource or resource group),
 * decoded strictly by the snapshot's {@link decodeStateKey}.
 */
import { bytesToHex, hexToBytes } from '../../shared/hex.ts';
import { decodeStateKey } from '../snapshot/state-keys.ts';
import { describeError, unparsable } from './http-errors.ts';
import { quoteInput } from '../../shared/quote-input.ts';

const HEX_DIGITS = /^[0-9a-fA-F]*$/;

/** Checks that `bytes` is a complete access-path state key (module, resource or resource group). */
function checkAccountStateKey(bytes: Uint8Array): void {
  if (decodeStateKey(bytes).kind === 'table_item') throw new Error('a table item state key is not an access path');
}

/** Parses a `start` cursor of `/resources` (query parameter `name`) into state-key bytes. */
export function parseResourceCursor(text: string, name = 'start'): Uint8Array {
  if (text.length === 0 || text.length % 2 !== 0 || !HEX_DIGITS.test(text)) {
    throw unparsable(`failed to parse query parameter "${name}": "${quoteInput(text)}" is not a hex-encoded state key`);
  }
  const bytes = hexToBytes(text);
  try {
    checkAccountStateKey(bytes);
  } catch (error) {
    throw unparsable(`failed to parse query parameter "${name}": not a valid state key: ${describeError(error)}`);
  }
  return bytes;
}

/** The cursor text for a state key: lower-case hex without `0x`. */
export function formatCursor(stateKey: Uint8Array): string {
  return bytesToHex(stateKey, false);
}
