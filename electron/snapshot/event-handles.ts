/**
 * Finds the event handles inside an account's resources: every field whose layout is
 * `0x1::event::EventHandle<T>`, with its (creation number, address). Used by `snapshot info` to
 * sample streams and by the explorer to show which resource field feeds which stream.
 */
import { formatAddress, parseAddress } from '../../shared/address.ts';
import { decodeMoveValue } from '../../shared/move/decode.ts';
import { resolveLayout } from '../../shared/move/layout.ts';
import { eventHandleOf, isEventHandleLayout } from '../../shared/move/event-handle.ts';
import { isMoveJsonObject } from '../../shared/move/move-json.ts';
import { formatStructTag } from '../../shared/type-tag.ts';
import type { LedgerStore } from './ledger-store.ts';
import { decodingStored } from './stored-value-names.ts';

/** An event handle found in a resource field. */
export interface FoundEventHandle {
  readonly address: string;
  readonly addressBytes: Uint8Array;
  readonly creationNumber: bigint;
  readonly struct: string;
  readonly field: string;
}

/** Top-level EventHandle fields of every resource of `address` at `version`. */
export function findEventHandles(store: LedgerStore, address: string, version: bigint): FoundEventHandle[] {
  const bytes = parseAddress(address);
  const lookup = store.abiLookup(version);
  const page = store.accountResources(bytes, version, undefined, store.settings.resourcesMaxLimit);
  const found: FoundEventHandle[] = [];
  for (const resource of page.resources) {
    const layout = resolveLayout({ kind: 'struct', struct: resource.tag }, lookup);
    if (layout.kind !== 'struct') continue;
    const value = decodingStored(
      () => `resource ${formatStructTag(resource.tag)} of ${address}`,
      version,
      () => decodeMoveValue(resource.bytes, layout),
    );
    if (!isMoveJsonObject(value)) continue;
    for (const field of layout.fields) {
      if (!isEventHandleLayout(field.layout)) continue;
      const handle = eventHandleOf(value[field.name]);
      if (handle === undefined) continue;
      found.push({
        address: formatAddress(handle.address),
        addressBytes: handle.address,
        creationNumber: handle.creationNumber,
        struct: formatStructTag(resource.tag),
        field: field.name,
      });
    }
  }
  return found;
}
