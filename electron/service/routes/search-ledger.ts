/**
 * The search matchers over the ledger's history and objects: a transaction hash, a block height, and an
 * address holding an object (`0x1::object::ObjectCore`) or a fungible asset's metadata
 * (`0x1::fungible_asset::Metadata`). Each is one indexed lookup (the hash: `transactions_by_hash`; the
 * height: the blocks table's primary key; the object: its ObjectGroup state key), so a search stays fast
 * on any snapshot. Used by explorer-search.ts.
 */
import type { ReplyOf } from '../../../shared/api/endpoint.ts';
import type { ENDPOINTS } from '../../../shared/api/registry.ts';
import { formatAddress } from '../../../shared/address.ts';
import { bytesToHex, hexToBytes } from '../../../shared/hex.ts';
import { decimalU64 } from '../../../shared/ledger/u64.ts';
import type { RequestContext } from '../request-context.ts';
import { readFaMetadata, readObjectOwner } from '../view/framework-state.ts';
import { withResourceGroups } from '../view/state-reader.ts';

/** One thing the query text resolves to (see explorer-search.ts): the type the reply schema infers. */
export type SearchResult = ReplyOf<typeof ENDPOINTS.explorerSearch>['results'][number];

const HASH = /^(0x)?[0-9a-fA-F]{64}$/;
/** `block 123`, `block #123`, `Block: 123`: a height, never a version. */
const BLOCK_WORD = /^block\s*[#:]?\s*([0-9]+)$/i;

/** `0x…` + 64 hex digits (the prefix optional, as on `/v1/transactions/by_hash`): the committed transaction. */
export function transactionResults(context: RequestContext, text: string): SearchResult[] {
  if (!HASH.test(text)) return [];
  const hash = hexToBytes(text.startsWith('0x') ? text : `0x${text}`);
  const found = context.store.transactionByHash(hash);
  const { ledger } = context;
  // Retained versions only, as `/v1/transactions/by_hash` answers (a pruned one is 410 there).
  if (found === undefined || found.version > ledger.ledgerVersion || found.version < ledger.oldestLedgerVersion)
    return [];
  return [{ kind: 'transaction', hash: bytesToHex(found.hash), version: found.version.toString() }];
}

/** The height a text names: `block N`, or bare digits (which are also a version). */
function blockHeightOf(text: string): bigint | undefined {
  const digits = BLOCK_WORD.exec(text)?.[1] ?? text;
  return decimalU64(digits);
}

/** A retained block by height: its versions and time. */
export function blockResults(context: RequestContext, text: string): SearchResult[] {
  const height = blockHeightOf(text);
  const { ledger } = context;
  if (height === undefined || height > ledger.blockHeight || height < ledger.oldestBlockHeight) return [];
  const [block] = context.store.blocksBefore(height, 1);
  if (block === undefined || block.height !== height) return [];
  return [
    {
      kind: 'block',
      height: block.height.toString(),
      first_version: block.firstVersion.toString(),
      last_version: block.lastVersion.toString(),
      timestamp_usec: block.timestampUsec.toString(),
    },
  ];
}

/**
 * An object at `address` (ObjectCore: its owner) and, when it is a fungible asset's metadata object, the
 * asset (name, symbol, decimals), as of the latest version. Both are members of the object's ObjectGroup.
 */
export function objectResults(context: RequestContext, address: Uint8Array): SearchResult[] {
  const reader = withResourceGroups(context.store);
  const version = context.ledger.ledgerVersion;
  const owner = readObjectOwner(reader, address, version);
  if (owner === undefined) return [];
  const results: SearchResult[] = [{ kind: 'object', address: formatAddress(address), owner: formatAddress(owner) }];
  const metadata = readFaMetadata(reader, address, version);
  if (metadata !== undefined) {
    const { name, symbol, decimals } = metadata;
    results.push({ kind: 'fungible_asset', address: formatAddress(address), name, symbol, decimals });
  }
  return results;
}
