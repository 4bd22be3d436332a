/**
 * Finds the event handles inside an account's resources: every field whose layout is
 * `0x1::event::EventHandle<T>`, with its (creation number, address). Used by `snapshot info` to
 * sample streams and by the explorer to show which resource field feeds which stream.
 */
import { formatAddress, parseAddress } from '../../shared/address.ts';
import { decodeMoveValue } from '../../shared/move/decode.ts';
import { resolveLayout } from '../../shared/move/layout.ts';
import type { MoveJson } from '../../shared/move/move-json.ts';
import { formatStructTag } from '../../shared/type-tag.ts';
import type { LedgerStore } from './ledger-store.ts';

/** An event handle found in a resource field. */
export interface FoundEventHandle {
  readonly address: string;
  readonly addressBytes: Uint8Array;
  readonly creationNumber: bigint;
  readonly struct: string;
  readonly field: string;
}

function isEventHandleJson(value: MoveJson | undefined): value is { counter: string; guid: { id: { creation_num: string; addr: string } } } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const guid = (value as Record<string, MoveJson>).guid;
  return typeof guid === 'object' && guid !== null && !Array.isArray(guid) && 'id' in guid;
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
    const value = decodeMoveValue(resource.bytes, layout) as Record<string, MoveJson>;
    for (const field of layout.fields) {
      const fieldLayout = field.layout;
      if (fieldLayout.kind !== 'struct' || formatStructTag(fieldLayout.tag).split('<')[0] !== '0x1::event::EventHandle') continue;
      const handle = value[field.name];
      if (!isEventHandleJson(handle)) continue;
      const owner = parseAddress(handle.guid.id.addr);
      found.push({
        address: formatAddress(owner),
        addressBytes: owner,
        creationNumber: BigInt(handle.guid.id.creation_num),
        struct: formatStructTag(resource.tag),
        field: field.name,
      });
    }
  }
  return found;
}
