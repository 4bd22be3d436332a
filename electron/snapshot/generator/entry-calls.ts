/**
 * The entry function calls of generated user transactions: each call's arguments as the node renders them (by the
 * function's parameter types) and as BCS, so the payload JSON and the payload's BCS always describe the same call.
 */
import { BcsWriter } from '../../../shared/bcs/bcs-writer.ts';
import { bytesToHex } from '../../../shared/hex.ts';
import type { EntryCall } from '../transaction-details.ts';
import { APP_ADDRESS, APP_MODULE } from './app-abis.ts';
import type { JsonValue } from '../../../shared/api/wire-schemas.ts';

const APT = '0x1::aptos_coin::AptosCoin';

/** An argument: rendered JSON and BCS bytes. */
type Arg = readonly [JsonValue, Uint8Array];

const address = (short: string, bytes: Uint8Array): Arg => [short, bytes];
const u64 = (value: bigint | number): Arg => [String(value), new BcsWriter().u64(value).toBytes()];
const u8 = (value: number): Arg => [value, new BcsWriter().u8(value).toBytes()];
const bytes = (value: Uint8Array): Arg => [bytesToHex(value), new BcsWriter().bytes(value).toBytes()];
const text = (value: string): Arg => [value, new BcsWriter().string(value).toBytes()];

function call(fn: string, typeArguments: readonly string[], args: readonly Arg[]): EntryCall {
  return {
    function: fn,
    typeArguments,
    arguments: args.map(([json]) => json),
    argumentBytes: args.map(([, bcs]) => bcs),
  };
}

/** Who receives: short address text and the 32 bytes. */
export interface Recipient {
  readonly short: string;
  readonly address: Uint8Array;
}

/** `0x1::aptos_account::transfer(to, amount)` or `0x1::coin::transfer<AptosCoin>(to, amount)`. */
export function transferCall(to: Recipient, amount: bigint, viaCoin: boolean): EntryCall {
  return viaCoin
    ? call('0x1::coin::transfer', [APT], [address(to.short, to.address), u64(amount)])
    : call('0x1::aptos_account::transfer', [], [address(to.short, to.address), u64(amount)]);
}

/** `0x1::primary_fungible_store::transfer<Metadata>(metadata, to, amount)`: an `Object<T>` renders as `{inner}`. */
export function faTransferCall(metadata: Recipient, to: Recipient, amount: bigint): EntryCall {
  return call(
    '0x1::primary_fungible_store::transfer',
    ['0x1::fungible_asset::Metadata'],
    [[{ inner: metadata.short }, metadata.address], address(to.short, to.address), u64(amount)],
  );
}

/** `0x1::object::transfer_call(object, to)`. */
export function objectTransferCall(object: Recipient, to: Recipient): EntryCall {
  return call('0x1::object::transfer_call', [], [address(object.short, object.address), address(to.short, to.address)]);
}

/** `0x1::account::rotate_authentication_key_call(new_auth_key)`. */
export function rotateCall(newKey: Uint8Array): EntryCall {
  return call('0x1::account::rotate_authentication_key_call', [], [bytes(newKey)]);
}

/** `0x1::code::publish_package_txn(metadata_serialized, code)`: `vector<vector<u8>>` renders as an array of hex. */
export function publishCall(metadata: Uint8Array, code: readonly Uint8Array[]): EntryCall {
  const codeBcs = new BcsWriter().uleb128(code.length);
  for (const module of code) codeBcs.bytes(module);
  return call(
    '0x1::code::publish_package_txn',
    [],
    [bytes(metadata), [code.map((m) => bytesToHex(m)), codeBcs.toBytes()]],
  );
}

const registry = `${APP_ADDRESS}::${APP_MODULE}::`;

/** `0xcafe::registry::create(name, tags)`. */
export function registryCreateCall(name: string, tags: readonly string[]): EntryCall {
  const tagsBcs = new BcsWriter().uleb128(tags.length);
  for (const tag of tags) tagsBcs.string(tag);
  return call(`${registry}create`, [], [text(name), [tags, tagsBcs.toBytes()]]);
}

/** `0xcafe::registry::update(id, status)`. */
export function registryUpdateCall(id: number, status: number): EntryCall {
  return call(`${registry}update`, [], [u64(id), u8(status)]);
}

/** `0xcafe::registry::remove(id)`. */
export function registryRemoveCall(id: number): EntryCall {
  return call(`${registry}remove`, [], [u64(id)]);
}
