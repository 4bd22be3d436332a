/**
 * BCS bodies of the endpoints, laid out as the node serializes them (docs/node-behaviour.md §6).
 * Single resources, table items and modules are their stored bytes and need no encoder here.
 */
import { BcsWriter } from '../../shared/bcs/bcs-writer.ts';
import { encodeStructTag, writeTypeTag } from '../../shared/type-tag.ts';
import type { LedgerInfo, StoredEvent, StoredResource, StoredTransactionSummary } from '../snapshot/ledger-store.ts';
import { assertNever } from '../../shared/assert-never.ts';
import { storedEventType } from './event-types.ts';

/** Variant index of `V1` in the node's versioned event and summary enums. */
const V1 = 0;
/** Variant indices of the node's `ReplayProtector` enum. */
const REPLAY_NONCE = 0;
const REPLAY_SEQUENCE_NUMBER = 1;

/** One little-endian u64 (the gas estimate's BCS body). */
export function encodeU64(value: bigint): Uint8Array {
  return new BcsWriter().u64(value).toBytes();
}

/**
 * Resources as a BCS map StructTag → bytes: ULEB count, then entries sorted by key bytes (a page's group members
 * among them, each under its own tag).
 */
export function encodeResourceMap(resources: readonly StoredResource[]): Uint8Array {
  const entries = resources
    .map((resource) => ({ key: encodeStructTag(resource.tag), bytes: resource.bytes }))
    .sort((a, b) => Buffer.compare(a.key, b.key));
  const writer = new BcsWriter().uleb128(entries.length);
  for (const entry of entries) writer.fixedBytes(entry.key).bytes(entry.bytes);
  return writer.toBytes();
}

/** Events as `vector<(u64 version, ContractEvent::V1 { key, sequence_number, type_tag, data })>`. */
export function encodeEvents(events: readonly StoredEvent[]): Uint8Array {
  return new BcsWriter()
    .vector(events, (w, event) => {
      w.u64(event.version).variantIndex(V1);
      w.u64(event.creationNumber).address(event.address);
      w.u64(event.sequenceNumber);
      writeTypeTag(w, storedEventType(event.typeTag));
      w.bytes(event.data);
    })
    .toBytes();
}

/**
 * Summaries as `vector<IndexedTransactionSummary::V1 { sender, version, transaction_hash, replay_protector }>`.
 * The node's `HashValue` is its 32 bytes with no length prefix (docs/node-behaviour.md §6).
 */
export function encodeSummaries(summaries: readonly StoredTransactionSummary[]): Uint8Array {
  return new BcsWriter()
    .vector(summaries, (w, summary) => {
      w.variantIndex(V1).address(summary.sender).u64(summary.version).fixedBytes(summary.hash);
      const protector = summary.replayProtector;
      switch (protector.type) {
        case 'nonce':
          w.variantIndex(REPLAY_NONCE).u64(protector.value);
          break;
        case 'sequence_number':
          w.variantIndex(REPLAY_SEQUENCE_NUMBER).u64(protector.value);
          break;
        default:
          assertNever(protector);
      }
    })
    .toBytes();
}

/** BCS of the node's role enum: `Validator` = 0, `FullNode` = 1. */
function roleIndex(nodeRole: string): number {
  return nodeRole === 'validator' ? 0 : 1;
}

/**
 * `GET /v1` as BCS: the node's `IndexResponse` fields in order — chain_id u8, epoch, ledger_version,
 * oldest_ledger_version, ledger_timestamp (u64 each), node_role (enum), oldest_block_height,
 * block_height (u64), git_hash (Option<String>: Some when the service has one, as in JSON).
 */
export function encodeLedgerInfo(info: LedgerInfo, gitHash: string | undefined): Uint8Array {
  return new BcsWriter()
    .u8(info.chainId)
    .u64(info.epoch)
    .u64(info.ledgerVersion)
    .u64(info.oldestLedgerVersion)
    .u64(info.ledgerTimestampUsec)
    .variantIndex(roleIndex(info.nodeRole))
    .u64(info.oldestBlockHeight)
    .u64(info.blockHeight)
    .option(gitHash, (w, text) => w.string(text))
    .toBytes();
}

/**
 * Modules as the node's BCS `BTreeMap<MoveModuleId, Vec<u8>>`: ULEB count, then per module its id (address, name as
 * a BCS string) and its bytecode, sorted by the serialized id (for one account: name length, then name).
 */
export function encodeModuleMap(
  address: Uint8Array,
  modules: readonly { name: string; bytecode: Uint8Array }[],
): Uint8Array {
  const entries = modules
    .map((module) => ({ key: new BcsWriter().address(address).string(module.name).toBytes(), bytes: module.bytecode }))
    .sort((a, b) => Buffer.compare(a.key, b.key));
  const writer = new BcsWriter().uleb128(entries.length);
  for (const entry of entries) writer.fixedBytes(entry.key).bytes(entry.bytes);
  return writer.toBytes();
}
