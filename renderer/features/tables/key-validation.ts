/**
 * The key editor's check before anything is sent: the text must be JSON, and the JSON must encode
 * as a value of the key type (the codec's own encoder, the same rules the node applies). A valid
 * key also yields its BCS bytes, which the raw lookup uses.
 */
import { bytesToHex } from '../../../shared/hex.ts';
import { CodecError } from '../../../shared/codec-error.ts';
import { encodeMoveValue } from '../../../shared/move/encode.ts';
import type { MoveLayout } from '../../../shared/move/layout.ts';

/** Outcome of validating a key. */
export type KeyCheck =
  | { readonly ok: true; readonly json: unknown; readonly bytes: Uint8Array; readonly hex: string }
  | { readonly ok: false; readonly reason: string };

/** Validates `text` as a JSON key of `layout`. */
export function checkKey(text: string, layout: MoveLayout): KeyCheck {
  if (text.trim() === '')
    return { ok: false, reason: 'Enter the key as JSON (a string in quotes, a number, or an object).' };
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch (error) {
    return { ok: false, reason: `Not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  try {
    const bytes = encodeMoveValue(json, layout);
    return { ok: true, json, bytes, hex: bytesToHex(bytes) };
  } catch (error) {
    if (error instanceof CodecError) return { ok: false, reason: `Does not fit the key type: ${error.message}` };
    throw error;
  }
}
