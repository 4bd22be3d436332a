/**
 * Account addresses: 32 bytes. Input follows the node (optional lower-case `0x`, 1..64 hex
 * digits of either case, left-padded); output is the node's short form (`0x1`, `0xa550c18`, `0x0`),
 * used everywhere an address is printed: Move values, type tags, messages.
 */
import { AddressError } from './codec-error.ts';
import { hexDigitValue, hexOfRange } from './hex.ts';
import { quoteString } from './quote-input.ts';

/** Length of an account address in bytes. */
export const ADDRESS_LENGTH = 32;

const MAX_DIGITS = ADDRESS_LENGTH * 2;

/**
 * Parses an address in any form the node accepts: `0x1`, `0x001`, `1`, `0xA550C18`, 64 digits.
 * Rejects `""`, `0x`, `0X1`, `00x1`, non-hex digits and more than 64 digits (AddressError).
 */
export function parseAddress(text: string): Uint8Array {
  const out = new Uint8Array(ADDRESS_LENGTH);
  if (!parseAddressInto(text, out)) {
    throw new AddressError(`invalid address ${quoteString(text)}: ` + 'expected optional 0x and 1 to 64 hex digits');
  }
  return out;
}

/** True when `text` is an address the node would accept (see parseAddress). */
export function isAddress(text: string): boolean {
  return parseAddressInto(text, new Uint8Array(ADDRESS_LENGTH));
}

/**
 * Writes the address into `out` (32 zeroed bytes) right-aligned; false when the text is invalid.
 * Walks the digits from the end so odd digit counts (`0x1`) need no padding pass.
 */
function parseAddressInto(text: string, out: Uint8Array): boolean {
  const start = text.startsWith('0x') ? 2 : 0;
  const digits = text.length - start;
  if (digits < 1 || digits > MAX_DIGITS) return false;
  let byteIndex = ADDRESS_LENGTH - 1;
  for (let i = text.length - 1; i >= start; i -= 2, byteIndex -= 1) {
    const lo = hexDigitValue(text.charCodeAt(i));
    const hi = i - 1 >= start ? hexDigitValue(text.charCodeAt(i - 1)) : 0;
    if (lo < 0 || hi < 0) return false;
    out[byteIndex] = (hi << 4) | lo;
  }
  return true;
}

/**
 * Short form of the 32 address bytes at `bytes[offset..offset+32)`: `0x` + lower-case hex with
 * leading zeros stripped, `0x0` for zero. The offset form lets the decoder format straight from
 * the input buffer without copying.
 */
export function formatAddressAt(bytes: Uint8Array, offset: number): string {
  if (offset < 0 || offset + ADDRESS_LENGTH > bytes.length) {
    throw new AddressError(`address needs ${ADDRESS_LENGTH} bytes at offset ${offset}, have ${bytes.length - offset}`);
  }
  const end = offset + ADDRESS_LENGTH;
  let i = offset;
  while (i < end && bytes[i] === 0) i += 1;
  if (i === end) return '0x0';
  return hexOfRange(bytes, i, end, true, true);
}

/** Short form of a 32-byte address (see formatAddressAt). Throws AddressError on another length. */
export function formatAddress(bytes: Uint8Array): string {
  if (bytes.length !== ADDRESS_LENGTH) {
    throw new AddressError(`address must be ${ADDRESS_LENGTH} bytes, got ${bytes.length}`);
  }
  return formatAddressAt(bytes, 0);
}

/** Long form: `0x` + all 64 lower-case digits (for places that need fixed width). */
export function formatAddressLong(bytes: Uint8Array): string {
  if (bytes.length !== ADDRESS_LENGTH) {
    throw new AddressError(`address must be ${ADDRESS_LENGTH} bytes, got ${bytes.length}`);
  }
  return hexOfRange(bytes, 0, ADDRESS_LENGTH, true, false);
}

/** Parses any accepted form and prints the short form: the canonical text of an address. */
export function normalizeAddress(text: string): string {
  return formatAddressAt(parseAddress(text), 0);
}
