/**
 * What a captured resource points to: the event streams of its `EventHandle`s (with their counter,
 * which bounds the events to capture) and its tables (`0x1::table::Table<K, V>`: handle, key and
 * value types, and the field path holding it). Walks the decoded value beside its layout, so a
 * table is recognised by its type, not by the shape of its JSON.
 */
import { formatAddress, parseAddress } from '../../../shared/address.ts';
import { eventHandleOf, isEventHandleLayout } from '../../../shared/move/event-handle.ts';
import type { MoveLayout } from '../../../shared/move/layout.ts';
import { isMoveJsonObject } from '../../../shared/move/move-json.ts';
import { formatTypeTag } from '../../../shared/type-tag.ts';
import { isDecimalText } from '../../../shared/ledger/u64.ts';

/** An event stream found in a value, with the handle's counter. */
export interface FoundStream {
  readonly address: Uint8Array;
  readonly creationNumber: bigint;
  readonly counter: bigint;
}

/** A table found in a value. */
export interface FoundTable {
  readonly handle: Uint8Array;
  readonly keyType: string;
  readonly valueType: string;
  /** Dotted field path from the resource (`items`, `inner.buckets`, `list[2].t`). */
  readonly field: string;
}

/** Streams (by `address/creation number`) and tables (by short handle) found so far. */
export interface FoundHandles {
  readonly streams: Map<string, FoundStream>;
  readonly tables: Map<string, FoundTable>;
}

function join(path: string, name: string): string {
  return path === '' ? name : `${path}.${name}`;
}

/** Adds the streams and tables of `json` (laid out by `layout`) to `found`. */
export function findHandles(json: unknown, layout: MoveLayout, path: string, found: FoundHandles): void {
  switch (layout.kind) {
    case 'vector':
      if (Array.isArray(json))
        json.forEach((item, index) => findHandles(item, layout.element, `${path}[${index}]`, found));
      return;
    case 'option': {
      const items = isMoveJsonObject(json) ? json['vec'] : undefined;
      if (Array.isArray(items)) items.forEach((item) => findHandles(item, layout.element, path, found));
      return;
    }
    case 'struct': {
      if (!isMoveJsonObject(json)) return;
      const { tag } = layout;
      if (isEventHandleLayout(layout)) {
        const handle = eventHandleOf(json);
        const counter = json['counter'];
        if (handle !== undefined && typeof counter === 'string' && isDecimalText(counter)) {
          found.streams.set(`${formatAddress(handle.address)}/${handle.creationNumber}`, {
            ...handle,
            counter: BigInt(counter),
          });
        }
        return;
      }
      const [keyTag, valueTag] = tag.typeArgs;
      const handle = json['handle'];
      if (
        tag.address === '0x1' &&
        tag.module === 'table' &&
        tag.name === 'Table' &&
        keyTag &&
        valueTag &&
        typeof handle === 'string'
      ) {
        const bytes = parseAddress(handle);
        const short = formatAddress(bytes);
        if (!found.tables.has(short))
          found.tables.set(short, {
            handle: bytes,
            keyType: formatTypeTag(keyTag),
            valueType: formatTypeTag(valueTag),
            field: path,
          });
        return;
      }
      for (const field of layout.fields) findHandles(json[field.name], field.layout, join(path, field.name), found);
      return;
    }
    case 'enum': {
      if (!isMoveJsonObject(json)) return;
      const variant = layout.variants.find((v) => v.name === json['__variant__']);
      for (const field of variant?.fields ?? [])
        findHandles(json[field.name], field.layout, join(path, field.name), found);
      return;
    }
    default:
      return;
  }
}
