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

/** Text that reads as bare words (`abc`, `0x1`, `{owner: …}`): what users type before learning keys are JSON. */
const BARE_TEXT = /^[A-Za-z_][\w:<>, ]*$|^0x[0-9a-fA-F]+$/;
/** An object whose first key has no quotes (`{owner: "0x1"}`). */
const UNQUOTED_KEY = /^\{\s*[A-Za-z_]\w*\s*:/;

/**
 * Why `text` is not JSON, in the user's terms: the parser's own message ("Unexpected token 'a', "abc" is not
 * valid JSON") names a character, not the rule broken, so the usual mistakes — bare text, an object key without
 * quotes — are named with the fix; anything else keeps the parser's message after a plain sentence.
 */
export function notJsonReason(text: string, error: unknown): string {
  const trimmed = text.trim();
  if (UNQUOTED_KEY.test(trimmed))
    return 'Keys must be JSON: put object field names in double quotes, e.g. {"owner": "0x1"}.';
  if (BARE_TEXT.test(trimmed))
    return `Keys must be JSON: put text in double quotes, e.g. ${JSON.stringify(trimmed)} (numbers may go without).`;
  if (trimmed.startsWith("'")) return 'Keys must be JSON: use double quotes, not single quotes, e.g. "abc".';
  const detail = error instanceof Error ? error.message : String(error);
  return `The key is not valid JSON (${detail}). Text goes in double quotes, e.g. "abc".`;
}

/** Validates `text` as a JSON key of `layout`. */
export function checkKey(text: string, layout: MoveLayout): KeyCheck {
  if (text.trim() === '')
    return { ok: false, reason: 'Enter the key as JSON (a string in quotes, a number, or an object).' };
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch (error) {
    return { ok: false, reason: notJsonReason(text, error) };
  }
  try {
    const bytes = encodeMoveValue(json, layout);
    return { ok: true, json, bytes, hex: bytesToHex(bytes) };
  } catch (error) {
    if (error instanceof CodecError) return { ok: false, reason: `Does not fit the key type: ${error.message}` };
    throw error;
  }
}
