/**
 * Decoders of the BCS answers a capture reads (docs/node-behaviour.md §6): the resources map, event
 * lists and transaction summaries. Strict: a body that does not decode fails the capture with the
 * byte offset, never a half-read value.
 */
import { decodeBcs, type BcsReader } from '../../../shared/bcs/bcs-reader.ts';
import { formatTypeTag, readStructTag, readTypeTag, type StructTag } from '../../../shared/type-tag.ts';
import type { ReplayProtector } from '../ledger-store.ts';
import type { CapturedEvent, CapturedSummary } from './capture-types.ts';

/** Variant index of `V1` in the node's versioned event and summary enums. */
const V1 = 0;

function expectV1(r: BcsReader, what: string): void {
  const variant = r.variantIndex();
  if (variant !== V1) throw new Error(`${what}: unknown variant ${variant}`);
}

/** `/resources` as BCS: a map StructTag → resource bytes. */
export function decodeResourceMap(bytes: Uint8Array): { readonly tag: StructTag; readonly bytes: Uint8Array }[] {
  return decodeBcs(bytes, (r) => r.vector((item) => ({ tag: readStructTag(item), bytes: item.bytes() })));
}

/** Events as BCS: `vector<(u64 version, ContractEvent::V1 { key: (u64, address), u64, TypeTag, bytes })>`. */
export function decodeEvents(bytes: Uint8Array): CapturedEvent[] {
  return decodeBcs(bytes, (r) =>
    r.vector((item) => {
      const version = item.u64();
      expectV1(item, 'event');
      const creationNumber = item.u64();
      const address = item.address();
      const sequenceNumber = item.u64();
      const typeTag = formatTypeTag(readTypeTag(item));
      return { address, creationNumber, sequenceNumber, version, typeTag, data: item.bytes() };
    }),
  );
}

function readReplayProtector(r: BcsReader): ReplayProtector {
  const variant = r.variantIndex();
  if (variant === 0) return { type: 'nonce', value: r.u64() };
  if (variant === 1) return { type: 'sequence_number', value: r.u64() };
  throw new Error(`replay protector: unknown variant ${variant}`);
}

/** Summaries as BCS: `vector<IndexedTransactionSummary::V1 { sender, version, hash (32 bytes), replay_protector }>`. */
export function decodeSummaries(bytes: Uint8Array): CapturedSummary[] {
  return decodeBcs(bytes, (r) =>
    r.vector((item) => {
      expectV1(item, 'transaction summary');
      const sender = item.address();
      const version = item.u64();
      const hash = item.fixedBytes(32);
      return { sender, version, hash, replayProtector: readReplayProtector(item) };
    }),
  );
}
