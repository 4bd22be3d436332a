/**
 * Hex as people paste it (the inspector's bytes, a table's raw key): `0x` optional, whitespace
 * ignored, parsed by the codec's `hexToBytes`.
 */
import { hexToBytes } from '../../shared/hex.ts';

/** Parses pasted hex: `0x` optional, whitespace ignored. */
export function parsePastedHex(text: string): { readonly bytes: Uint8Array } | { readonly error: string } {
  const compact = text.replace(/\s+/g, '');
  try {
    return { bytes: hexToBytes(compact === '' ? '0x' : compact) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
