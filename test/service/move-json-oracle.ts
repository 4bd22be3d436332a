/**
 * An independent rendering of stored BCS into the node's JSON forms (docs/node-behaviour.md §3), written
 * straight from the rule table so the service's output can be checked against it: it shares only
 * the BCS primitives (integers, ULEB128, address bytes) and the layouts with the production code,
 * never the production decoder.
 *
 *   bool → boolean; u8/u16/u32 → number; u64/u128/u256 → decimal string; address/signer → short
 *   `0x` form; vector<u8> → `0x` + hex, never trimmed; vector<T> → array; String → JSON string;
 *   Option<T> → {"vec": [...]}; Object<T> → {"inner": address}; struct → object by field name;
 *   enum → {"__variant__": name, ...fields}.
 */
import { BcsReader } from '../../shared/bcs/bcs-reader.ts';
import type { MoveLayout } from '../../shared/move/layout.ts';

/** JSON of a Move value. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function shortAddress(bytes: Uint8Array): string {
  const hex = Buffer.from(bytes).toString('hex').replace(/^0+/, '');
  return `0x${hex === '' ? '0' : hex}`;
}

function fields(
  r: BcsReader,
  list: readonly { name: string; layout: MoveLayout }[],
  into: { [key: string]: Json },
): { [key: string]: Json } {
  for (const field of list) into[field.name] = read(r, field.layout);
  return into;
}

function read(r: BcsReader, layout: MoveLayout): Json {
  switch (layout.kind) {
    case 'bool': {
      const byte = r.u8();
      if (byte > 1) throw new Error(`bool byte ${byte}`);
      return byte === 1;
    }
    case 'u8':
      return r.u8();
    case 'u16':
      return r.u16();
    case 'u32':
      return r.u32();
    case 'u64':
      return r.u64().toString();
    case 'u128':
      return r.u128().toString();
    case 'u256':
      return r.u256().toString();
    case 'address':
    case 'signer':
      return shortAddress(r.fixedBytes(32));
    case 'string':
      return new TextDecoder('utf-8', { fatal: true }).decode(r.bytes());
    case 'vector': {
      if (layout.element.kind === 'u8') return `0x${Buffer.from(r.bytes()).toString('hex')}`;
      const out: Json[] = [];
      for (let n = r.uleb128(); n > 0; n -= 1) out.push(read(r, layout.element));
      return out;
    }
    case 'option': {
      const n = r.uleb128();
      if (n > 1) throw new Error(`option of ${n}`);
      return { vec: n === 1 ? [read(r, layout.element)] : [] };
    }
    case 'object':
      return { inner: shortAddress(r.fixedBytes(32)) };
    case 'struct':
      return fields(r, layout.fields, {});
    case 'enum': {
      const variant = layout.variants[r.uleb128()];
      if (variant === undefined) throw new Error('unknown variant');
      return fields(r, variant.fields, { __variant__: variant.name });
    }
    default:
      throw new Error(`unknown layout ${(layout as { kind: string }).kind}`);
  }
}

/** The JSON the node serves for `bytes` of `layout`; throws when the bytes do not fit exactly. */
export function expectedMoveJson(bytes: Uint8Array, layout: MoveLayout): Json {
  const r = new BcsReader(bytes);
  const value = read(r, layout);
  r.assertFinished();
  return value;
}

/** The layout kinds met while rendering `layout` (to check that a sample covers every JSON form). */
export function layoutKinds(layout: MoveLayout, into = new Set<string>()): Set<string> {
  into.add(layout.kind === 'vector' && layout.element.kind === 'u8' ? 'vector<u8>' : layout.kind);
  switch (layout.kind) {
    case 'vector':
    case 'option':
      layoutKinds(layout.element, into);
      break;
    case 'struct':
      for (const field of layout.fields) layoutKinds(field.layout, into);
      break;
    case 'enum':
      for (const variant of layout.variants) for (const field of variant.fields) layoutKinds(field.layout, into);
      break;
    default:
      break;
  }
  return into;
}
