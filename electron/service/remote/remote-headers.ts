/**
 * Headers of proxied answers. The node's ledger and cursor headers are read in either spelling and
 * sent back in both, built by the same functions as the snapshot service's (ledger-headers.ts), so
 * the two sources can never disagree on names or order.
 */
import type { LedgerInfo } from '../../snapshot/ledger-store.ts';
import { cursorHeaderEntries, ledgerHeaderEntries, type HeaderEntry } from '../ledger-headers.ts';
import { isDecimalText } from '../../../shared/ledger/u64.ts';

/** One ledger header in either spelling (`X-Aptos-Part` or `X-NODE-PART`). */
function either(headers: Headers, part: string): string | null {
  return headers.get(`x-aptos-${part}`) ?? headers.get(`x-node-${part}`);
}

function u64Header(headers: Headers, part: string): bigint | undefined {
  const text = either(headers, part);
  return text !== null && isDecimalText(text.trim()) ? BigInt(text.trim()) : undefined;
}

/** The ledger figures of a node answer, or undefined unless all seven headers are present and numeric. */
export function ledgerOfHeaders(headers: Headers): LedgerInfo | undefined {
  const chainId = u64Header(headers, 'chain-id');
  const ledgerVersion = u64Header(headers, 'ledger-version');
  const oldestLedgerVersion = u64Header(headers, 'ledger-oldest-version');
  const ledgerTimestampUsec = u64Header(headers, 'ledger-timestampusec');
  const epoch = u64Header(headers, 'epoch');
  const blockHeight = u64Header(headers, 'block-height');
  const oldestBlockHeight = u64Header(headers, 'oldest-block-height');
  if (
    chainId === undefined ||
    chainId > 255n ||
    ledgerVersion === undefined ||
    oldestLedgerVersion === undefined ||
    ledgerTimestampUsec === undefined ||
    epoch === undefined ||
    blockHeight === undefined ||
    oldestBlockHeight === undefined
  ) {
    return undefined;
  }
  return {
    chainId: Number(chainId),
    epoch,
    ledgerVersion,
    oldestLedgerVersion,
    ledgerTimestampUsec,
    blockHeight,
    oldestBlockHeight,
    nodeRole: 'full_node',
  };
}

/** Ledger header entries (both spellings) for a ledger, none when unknown. */
export function ledgerEntries(ledger: LedgerInfo | undefined): readonly HeaderEntry[] {
  return ledger === undefined ? [] : ledgerHeaderEntries(ledger);
}

/** The headers a proxied answer keeps besides the ledger headers: cursor (both spellings), `Allow`, `Retry-After`. */
export function passedHeaders(headers: Headers): HeaderEntry[] {
  const entries: HeaderEntry[] = [];
  const cursor = either(headers, 'cursor');
  if (cursor !== null) entries.push(...cursorHeaderEntries(cursor));
  const allow = headers.get('allow');
  if (allow !== null) entries.push(['Allow', allow]);
  const retryAfter = headers.get('retry-after');
  if (retryAfter !== null) entries.push(['Retry-After', retryAfter]);
  return entries;
}
