/**
 * `GET /explorer/v1/search?q=`: tells what a piece of text is — a ledger version, a block height, a
 * transaction hash, an account, an object, a fungible asset's metadata, a table handle, a module or a
 * struct tag. Text may be several at once (`123` is a version, block 123 and the address `0x123`), so
 * every match is listed; each kind is at most one indexed lookup, so the answer is bounded and fast.
 */
import { formatAddress, isAddress, parseAddress } from '../../../shared/address.ts';
import { formatStructTag, isIdentifier, parseStructTag } from '../../../shared/type-tag.ts';
import { ENDPOINTS } from '../../../shared/api/registry.ts';
import { decimalU64 } from '../../../shared/ledger/u64.ts';
import type { ContextOf, RequestContext } from '../request-context.ts';
import { endpointReply } from '../responses.ts';
import type { ServiceReply } from '../service-reply.ts';
import { tableInfoJson } from './explorer.ts';
import { blockResults, objectResults, transactionResults, type SearchResult } from './search-ledger.ts';

/** The address just below `address` (big-endian decrement), or undefined for zero. */
function previousAddress(address: Uint8Array): Uint8Array | undefined {
  const result = new Uint8Array(address);
  for (let i = result.length - 1; i >= 0; i -= 1) {
    const byte = result[i] ?? 0;
    if (byte > 0) {
      result[i] = byte - 1;
      return result;
    }
    result[i] = 0xff;
  }
  return undefined;
}

function versionResults(context: RequestContext, text: string): SearchResult[] {
  const version = decimalU64(text);
  if (version === undefined) return [];
  const { ledger } = context;
  if (version > ledger.ledgerVersion || version < ledger.oldestLedgerVersion) return [];
  const block = context.store.blockOfVersion(version);
  return [{ kind: 'version', version: version.toString(), block_height: block?.height.toString() ?? null }];
}

function addressResults(context: RequestContext, text: string): SearchResult[] {
  if (!isAddress(text)) return [];
  const address = parseAddress(text);
  const results: SearchResult[] = [];
  const table = context.store.tableInfo(address);
  if (table !== undefined) results.push({ kind: 'table', ...tableInfoJson(table) });
  const [found] = context.store.listAccounts(context.ledger.ledgerVersion, previousAddress(address), 1);
  if (found !== undefined && Buffer.compare(found, address) === 0)
    results.push({ kind: 'account', address: formatAddress(address) });
  results.push(...objectResults(context, address));
  return results;
}

function moveNameResults(context: RequestContext, text: string): SearchResult[] {
  if (!text.includes('::')) return [];
  const version = context.ledger.ledgerVersion;
  const parts = text.split('::').map((part) => part.trim());
  const [addressText, moduleName] = parts;
  if (
    parts.length === 2 &&
    addressText !== undefined &&
    moduleName !== undefined &&
    isAddress(addressText) &&
    isIdentifier(moduleName)
  ) {
    const address = parseAddress(addressText);
    const exists = context.store.module(address, moduleName, version) !== undefined;
    return [{ kind: 'module', address: formatAddress(address), name: moduleName, exists }];
  }
  let tag;
  try {
    tag = parseStructTag(text);
  } catch {
    return [];
  }
  const module = context.store.module(parseAddress(tag.address), tag.module, version);
  const known = module?.abi.structs.some((struct) => struct.name === tag.name) ?? false;
  return [
    { kind: 'struct_tag', type: formatStructTag(tag), module_exists: module !== undefined, struct_exists: known },
  ];
}

/** `GET /explorer/v1/search?q=` → `{"query": q, "results": [...]}`. */
export function search(context: ContextOf<'explorerSearch'>): ServiceReply {
  // `q` is required by its declaration: a request without it is refused before this runs.
  const text = context.query.q.trim();
  const results =
    text === ''
      ? []
      : [
          ...versionResults(context, text),
          ...blockResults(context, text),
          ...transactionResults(context, text),
          ...addressResults(context, text),
          ...moveNameResults(context, text),
        ];
  return endpointReply(ENDPOINTS.explorerSearch, { query: text, results }, context.ledger);
}
