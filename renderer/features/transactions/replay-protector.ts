/**
 * The replay protector of a transaction summary as text. The node sends `{"sequence_number": "7"}`
 * or `{"nonce": "…"}`; some nodes send the bare variant name as a string, which is shown as is.
 */
import type { ReplayProtectorJson } from '../../api/types.ts';

/** "sequence number 7", "nonce 123", or the bare string. */
export function replayProtectorText(protector: ReplayProtectorJson): string {
  if (typeof protector === 'string') return protector;
  if ('sequence_number' in protector) return `sequence number ${protector.sequence_number}`;
  return `nonce ${protector.nonce}`;
}
