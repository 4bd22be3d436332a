/**
 * JSON bodies of the node API (docs/node-behaviour.md §1): u64s as decimal strings, addresses in short
 * form, hashes as full hex, and Move values decoded through their layouts.
 */
import type { ReplyOf } from '../../shared/api/endpoint.ts';
import type { ENDPOINTS } from '../../shared/api/registry.ts';
import { formatAddress } from '../../shared/address.ts';
import { bytesToHex } from '../../shared/hex.ts';
import type { AbiLookup } from '../../shared/move/abi.ts';
import { decodeMoveValue } from '../../shared/move/decode.ts';
import { resolveLayout } from '../../shared/move/layout.ts';
import type { MoveJson } from '../../shared/move/move-json.ts';
import { formatStructTag, type StructTag, type TypeTag } from '../../shared/type-tag.ts';
import type { LedgerInfo, StoredEvent, StoredResource, StoredTransactionSummary } from '../snapshot/ledger-store.ts';
import { assertNever } from '../../shared/assert-never.ts';
import { ApiError, describeError, internalError } from './http-errors.ts';

/** `GET /v1` body, as the node serves it (u64s as strings, chain_id a number). */
export function ledgerInfoJson(info: LedgerInfo, gitHash: string | undefined): ReplyOf<typeof ENDPOINTS.ledgerInfo> {
  return {
    chain_id: info.chainId,
    epoch: info.epoch.toString(),
    ledger_version: info.ledgerVersion.toString(),
    oldest_ledger_version: info.oldestLedgerVersion.toString(),
    ledger_timestamp: info.ledgerTimestampUsec.toString(),
    node_role: info.nodeRole,
    oldest_block_height: info.oldestBlockHeight.toString(),
    block_height: info.blockHeight.toString(),
    ...(gitHash === undefined ? {} : { git_hash: gitHash }),
  };
}

/**
 * Decodes stored BCS into its JSON form with the layout of `tag` (resolved through `lookup`).
 * Data that does not decode, or whose type has no layout, is 500 `internal_error`.
 */
export function decodeStoredValue(bytes: Uint8Array, tag: TypeTag, lookup: AbiLookup, what: string): MoveJson {
  try {
    return decodeMoveValue(bytes, resolveLayout(tag, lookup));
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw internalError(`Failed to decode ${what}: ${describeError(error)}`);
  }
}

/** The struct tag as a type tag. */
export function structTypeTag(tag: StructTag): TypeTag {
  return { kind: 'struct', struct: tag };
}

/** One resource entry: `{"type", "data"}`. */
export function resourceJson(resource: StoredResource, lookup: AbiLookup): ReplyOf<typeof ENDPOINTS.resource> {
  // formatStructTag memoises by tag object, and the store hands out one tag object per resource type.
  const type = formatStructTag(resource.tag);
  return {
    type,
    data: structJson(decodeStoredValue(resource.bytes, structTypeTag(resource.tag), lookup, `resource ${type}`)),
  };
}

/** A decoded struct value (a struct's layout always decodes to a JSON object). */
export function structJson(value: MoveJson): { readonly [field: string]: MoveJson } {
  return value as { readonly [field: string]: MoveJson };
}

type EventJson = ReplyOf<typeof ENDPOINTS.eventsByHandle>[number];

/** An event's `guid`: its stream's creation number and account. */
export function eventGuidJson(address: Uint8Array, creationNumber: bigint): EventJson['guid'] {
  return { creation_number: creationNumber.toString(), account_address: formatAddress(address) };
}

/**
 * One event: `{"version", "guid": {"creation_number", "account_address"}, "sequence_number", "type", "data"}`. `guid`,
 * when given, is the event's own (a page of one stream renders it once for all its events).
 */
export function eventJson(
  event: StoredEvent,
  data: MoveJson,
  guid: EventJson['guid'] = eventGuidJson(event.address, event.creationNumber),
): EventJson {
  return {
    version: event.version.toString(),
    guid,
    sequence_number: event.sequenceNumber.toString(),
    type: event.typeTag,
    data,
  };
}

type Summary = ReplyOf<typeof ENDPOINTS.transactionSummaries>[number];

/** The replay protector object: `{"type": "sequence_number", ...}` or `{"type": "nonce", ...}`. */
function replayProtectorJson(summary: StoredTransactionSummary): Summary['replay_protector'] {
  const protector = summary.replayProtector;
  switch (protector.type) {
    case 'sequence_number':
      return { type: 'sequence_number', sequence_number: protector.value.toString() };
    case 'nonce':
      return { type: 'nonce', nonce: protector.value.toString() };
    default:
      return assertNever(protector);
  }
}

/** One transaction summary: `{"sender", "version", "transaction_hash", "replay_protector"}`. */
export function summaryJson(summary: StoredTransactionSummary): Summary {
  return {
    sender: formatAddress(summary.sender),
    version: summary.version.toString(),
    transaction_hash: bytesToHex(summary.hash),
    replay_protector: replayProtectorJson(summary),
  };
}
