/**
 * Where values inside Move JSON link to: an event handle (`{counter, guid: {id: {creation_num,
 * addr}}}`) to its events page, a table's handle (`{handle: "0x…"}`, the JSON of `0x1::table::Table`
 * and its kin) to its table page, and an address to its account. The JSON alone does not say which
 * strings are addresses (an authentication key or a byte vector looks the same), so only fields
 * whose names say "address" are linked (`addr`, `owner`, `account_address`, a fungible store's `store`, …),
 * and the `inner` address of an object reference (`0x1::object::Object<T>` is `{inner: "0x…"}`). Every
 * link keeps the pinned version, so following one never leaves the version being looked at.
 */
import { isAddress, normalizeAddress } from '../../shared/address.ts';
import type { JsonValue } from '../api/types.ts';
import { withVersion } from '../app/use-ledger-version.ts';
import type { JsonLink, JsonLinkFor, JsonPath } from '../components/json-tree/json-tree.tsx';
import { isU64Text } from '../../shared/ledger/u64.ts';

const ADDRESS_FIELD =
  /(^|_)(addr|address|owner|admin|sender|creator|recipient|receiver|account|proposer|store|inner)(es|s)?$/;

/** The (address, creation number, counter) of an event handle value, or undefined when it is not one. */
export function eventHandleOf(
  value: JsonValue,
): { readonly address: string; readonly creationNumber: string; readonly counter: string } | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const record = value as { readonly [key: string]: JsonValue };
  const guid = record.guid;
  if (typeof record.counter !== 'string' || typeof guid !== 'object' || guid === null || Array.isArray(guid))
    return undefined;
  const id = (guid as { readonly [key: string]: JsonValue }).id;
  if (typeof id !== 'object' || id === null || Array.isArray(id)) return undefined;
  const { addr, creation_num: creationNum } = id as { readonly [key: string]: JsonValue };
  if (typeof addr !== 'string' || typeof creationNum !== 'string' || !isAddress(addr) || !isU64Text(creationNum))
    return undefined;
  return { address: normalizeAddress(addr), creationNumber: creationNum, counter: record.counter };
}

/** The name of the field a path ends in (array items take their array's name). */
function fieldName(path: JsonPath): string | undefined {
  for (let index = path.length - 1; index >= 0; index -= 1) {
    const segment = path[index];
    if (typeof segment === 'string') return segment;
  }
  return undefined;
}

/**
 * A `linkFor` for Move JSON shown with `pinned` the pinned version (undefined when following the latest): every
 * link keeps it — account, table and event-stream links alike (the events page lists a stream as it was at the
 * pin, so a handle's counter and the page agree).
 */
export function moveValueLinks(pinned: string | undefined): JsonLinkFor {
  return (path: JsonPath, value: JsonValue): string | JsonLink | undefined => {
    const handle = eventHandleOf(value);
    if (handle)
      return {
        href: withVersion(`/accounts/${handle.address}/events/${handle.creationNumber}`, pinned),
        label: `events (${handle.counter})`,
      };
    if (typeof value !== 'string' || !isAddress(value) || !value.startsWith('0x')) return undefined;
    const field = fieldName(path);
    if (path.at(-1) === 'handle') return withVersion(`/tables/${normalizeAddress(value)}`, pinned);
    if (field !== undefined && ADDRESS_FIELD.test(field))
      return withVersion(`/accounts/${normalizeAddress(value)}`, pinned);
    return undefined;
  };
}
