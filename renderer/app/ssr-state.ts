/**
 * The query cache a server-rendered page carries (renderer/ssr-entry.tsx writes it, app/boot.ts reads it): TanStack
 * Query's dehydrated state as JSON in a non-executing `<script type="application/json">` block (the UI's CSP allows
 * no inline script). The answers hold values JSON has no form for — bigints (ledger headers), `undefined` (a first
 * page's parameter, an absent cursor) and bytes — so each is written as a one-key tagged object, read back as it was.
 */
import type { DehydratedState } from '@tanstack/react-query';

/** The id of the data block in the page. */
export const SSR_STATE_ID = 'ssr-state';

const BIGINT = '$bigint';
const UNDEFINED = '$undefined';
const BYTES = '$bytes';

function toHex(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += byte.toString(16).padStart(2, '0');
  return text;
}

function fromHex(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length / 2);
  for (let index = 0; index < bytes.length; index += 1)
    bytes[index] = parseInt(text.slice(index * 2, index * 2 + 2), 16);
  return bytes;
}

/**
 * The state as the text of the data block. `<` is escaped (`\u003c`), so no `</script>` or `<!--` in an answer's
 * text can end the block or start markup: the browser reads the block's text exactly as written.
 */
export function encodeSsrState(state: DehydratedState): string {
  const text = JSON.stringify(state, function replace(this: unknown, key: string, value: unknown): unknown {
    if (typeof value === 'bigint') return { [BIGINT]: value.toString() };
    if (value instanceof Uint8Array) return { [BYTES]: toHex(value) };
    // Inside an array an undefined would turn into null; as an object's property it would vanish. Keep it.
    if (value === undefined && key !== '') return { [UNDEFINED]: 1 };
    return value;
  });
  return text.replace(/</g, '\\u003c');
}

function tagged(value: object): unknown {
  const keys = Object.keys(value);
  if (keys.length !== 1) return value;
  const record = value as Record<string, unknown>;
  const bigint = record[BIGINT];
  if (typeof bigint === 'string' && /^-?\d+$/.test(bigint)) return BigInt(bigint);
  if (record[UNDEFINED] === 1) return undefined;
  const bytes = record[BYTES];
  if (typeof bytes === 'string' && /^(?:[0-9a-f]{2})*$/.test(bytes)) return fromHex(bytes);
  return value;
}

/** Reads the text of the data block back; undefined when it is not a dehydrated state. */
export function decodeSsrState(text: string): DehydratedState | undefined {
  try {
    const state: unknown = JSON.parse(text, (_key, value: unknown) =>
      value !== null && typeof value === 'object' && !Array.isArray(value) ? tagged(value) : value,
    );
    if (state === null || typeof state !== 'object' || !Array.isArray((state as DehydratedState).queries)) {
      return undefined;
    }
    return state as DehydratedState;
  } catch {
    return undefined;
  }
}
