/**
 * `0x1::event::EventHandle<T>`: recognising its layout, and reading the event stream it points to
 * from its JSON form `{"counter", "guid": {"id": {"creation_num", "addr"}}}`. Used by the events-by-
 * handle endpoint and by the snapshot's event-handle finder.
 */
import { parseAddress } from '../address.ts';
import { CodecError } from '../codec-error.ts';
import type { MoveLayout } from './layout.ts';
import { isMoveJsonObject } from './move-json.ts';
import { isDecimalText } from '../ledger/u64.ts';

/** The event stream an EventHandle points to. */
export interface EventHandleRef {
  readonly address: Uint8Array;
  readonly creationNumber: bigint;
}

/** Whether a (field) layout is `0x1::event::EventHandle<T>`, for any `T`. */
export function isEventHandleLayout(layout: MoveLayout): boolean {
  return (
    layout.kind === 'struct' &&
    layout.tag.address === '0x1' &&
    layout.tag.module === 'event' &&
    layout.tag.name === 'EventHandle'
  );
}

/** The (address, creation number) of an EventHandle's JSON form, or undefined when it is not that shape. */
export function eventHandleOf(json: unknown): EventHandleRef | undefined {
  const guid = isMoveJsonObject(json) ? json['guid'] : undefined;
  const id = isMoveJsonObject(guid) ? guid['id'] : undefined;
  if (!isMoveJsonObject(id)) return undefined;
  const addr = id['addr'];
  const creation = id['creation_num'];
  if (typeof addr !== 'string' || typeof creation !== 'string' || !isDecimalText(creation)) return undefined;
  try {
    return { address: parseAddress(addr), creationNumber: BigInt(creation) };
  } catch (error) {
    if (error instanceof CodecError) return undefined;
    throw error;
  }
}
