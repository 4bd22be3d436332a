/**
 * The ledger headers sent on every response (docs/node-behaviour.md §1), in both spellings: the
 * `X-Aptos-*` names real nodes and SDKs use and the neutral `X-NODE-*` names of the specification.
 * Both come from one list of name parts, so the two spellings can never disagree.
 */
import type { LedgerInfo } from '../snapshot/ledger-store.ts';

/** A response header as a name/value pair. */
export type HeaderEntry = readonly [name: string, value: string];

/** The name parts of the ledger headers, with how each value is taken from the ledger info. */
const LEDGER_HEADER_PARTS: readonly (readonly [part: string, value: (info: LedgerInfo) => bigint | number])[] = [
  ['Chain-Id', (info) => info.chainId],
  ['Ledger-Version', (info) => info.ledgerVersion],
  ['Ledger-Oldest-Version', (info) => info.oldestLedgerVersion],
  ['Ledger-TimestampUsec', (info) => info.ledgerTimestampUsec],
  ['Epoch', (info) => info.epoch],
  ['Block-Height', (info) => info.blockHeight],
  ['Oldest-Block-Height', (info) => info.oldestBlockHeight],
];

/** The name part of the paging cursor header (`X-Aptos-Cursor` / `X-NODE-CURSOR`). */
const CURSOR_HEADER_PART = 'Cursor';

/** Both spellings of one header: `X-Aptos-<part>` and `X-NODE-<PART>`. */
function headerSpellings(part: string): readonly [aptos: string, node: string] {
  return [`X-Aptos-${part}`, `X-NODE-${part.toUpperCase()}`];
}

/** The ledger headers for `info`, both spellings, values as decimal text. */
export function ledgerHeaderEntries(info: LedgerInfo): HeaderEntry[] {
  const entries: HeaderEntry[] = [];
  for (const [part, value] of LEDGER_HEADER_PARTS) {
    const text = value(info).toString();
    for (const name of headerSpellings(part)) entries.push([name, text]);
  }
  return entries;
}

/** The cursor headers (both spellings) carrying a state key as lower-case hex without `0x`. */
export function cursorHeaderEntries(cursorHex: string): HeaderEntry[] {
  return headerSpellings(CURSOR_HEADER_PART).map((name): HeaderEntry => [name, cursorHex]);
}
