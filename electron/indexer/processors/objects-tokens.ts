/**
 * `current_objects` and the digital-asset (token v2, `0x4`) tables: a row for each object, token and collection
 * whose group a transaction wrote (state after it), and `token_activities_v2` from mint, burn, transfer and
 * mutation events, as the hosted objects and token-v2 processors derive them. A token that changes hands also gets
 * a row for its previous owner with amount 0 (hosted keeps that row too).
 */
import { formatAddressLong } from '../../../shared/address.ts';
import { BcsReader, decodeBcs } from '../../../shared/bcs/bcs-reader.ts';
import { accessPathKeyHash } from './object-hashes.ts';
import {
  emit,
  indexerTimestamp,
  type IndexerRows,
  type IndexerState,
  type IndexerTransaction,
} from './processor-input.ts';
import type { RowVersions } from './fungible-asset-state.ts';
import { MODULE_EVENT_ADDRESS } from './transaction-rows.ts';
import { decodeObjectCore, isObjectGroup, objectMembers, OBJECT_CORE, type WrittenKey } from './written-state.ts';

const TOKEN = '0x4::token::Token';
const COLLECTION = '0x4::collection::Collection';
const ZERO_ADDRESS = new Uint8Array(32);

function skipHandle(r: BcsReader): void {
  r.u64();
  r.u64();
  r.address();
}

/** `0x4::token::Token` { collection, index, description, name, uri, mutation_events }. */
function decodeToken(bytes: Uint8Array): { collection: Uint8Array; description: string; name: string; uri: string } {
  return decodeBcs(bytes, (r) => {
    const collection = r.address();
    r.u64();
    const description = r.string();
    const name = r.string();
    const uri = r.string();
    skipHandle(r);
    return { collection, description, name, uri };
  });
}

/** `0x4::collection::Collection` { creator, description, name, uri, mutation_events }. */
function decodeCollection(bytes: Uint8Array): { creator: Uint8Array; description: string; name: string; uri: string } {
  return decodeBcs(bytes, (r) => {
    const creator = r.address();
    const description = r.string();
    const name = r.string();
    const uri = r.string();
    skipHandle(r);
    return { creator, description, name, uri };
  });
}

/** A collection's supply from whichever supply resource it has (current, maximum, total minted). */
function collectionSupply(members: ReadonlyMap<string, Uint8Array>): {
  current: bigint;
  max: bigint | null;
  minted: bigint | null;
} {
  const concurrent = members.get('0x4::collection::ConcurrentSupply');
  if (concurrent !== undefined) {
    return decodeBcs(concurrent, (r) => {
      const current = r.u64();
      const max = r.u64();
      const minted = r.u64();
      r.u64();
      return { current, max, minted };
    });
  }
  const fixed = members.get('0x4::collection::FixedSupply');
  if (fixed !== undefined) {
    const r = new BcsReader(fixed);
    return { current: r.u64(), max: r.u64(), minted: r.u64() };
  }
  const unlimited = members.get('0x4::collection::UnlimitedSupply');
  if (unlimited !== undefined) {
    const r = new BcsReader(unlimited);
    return { current: r.u64(), max: null, minted: r.u64() };
  }
  return { current: 0n, max: null, minted: null };
}

/** Rows of `current_objects`, `current_token_datas_v2`, `current_token_ownerships_v2`, `current_collections_v2`. */
export function objectTokenRows(
  written: readonly WrittenKey[],
  at: RowVersions,
  state: IndexerState,
  rows: IndexerRows,
  timestampUsec: bigint,
  seed: boolean,
): void {
  const stamp = { last_transaction_version: at.row, last_transaction_timestamp: indexerTimestamp(timestampUsec) };
  for (const key of written) {
    if (!isObjectGroup(key)) continue;
    const now = objectMembers(state, key.address, at.read);
    const before = seed ? undefined : objectMembers(state, key.address, at.read - 1n);
    const members = now ?? before;
    const coreBytes = members?.get(OBJECT_CORE);
    if (members === undefined || coreBytes === undefined) continue;
    const deleted = now?.get(OBJECT_CORE) === undefined;
    const core = decodeObjectCore(coreBytes);
    const address = formatAddressLong(key.address);
    emit(rows, 'current_objects', {
      object_address: address,
      owner_address: formatAddressLong(core.owner),
      state_key_hash: accessPathKeyHash(state, key.op.stateKey),
      allow_ungated_transfer: core.allowUngatedTransfer,
      last_guid_creation_num: core.guidCreationNum.toString(),
      last_transaction_version: at.row,
      is_deleted: deleted,
    });
    const token = members.get(TOKEN);
    if (token !== undefined) {
      const data = decodeToken(token);
      emit(rows, 'current_token_datas_v2', {
        token_data_id: address,
        collection_id: formatAddressLong(data.collection),
        token_name: data.name,
        maximum: null,
        supply: null,
        largest_property_version_v1: null,
        token_uri: data.uri,
        description: data.description,
        token_properties: '{}',
        token_standard: 'v2',
        is_fungible_v2: members.has('0x1::fungible_asset::Metadata'),
        ...stamp,
        decimals: 0,
        is_deleted_v2: deleted,
      });
      const ownership = {
        token_data_id: address,
        property_version_v1: '0',
        storage_id: address,
        table_type_v1: null,
        token_properties_mutated_v1: null,
        is_soulbound_v2: !core.allowUngatedTransfer,
        token_standard: 'v2',
        is_fungible_v2: false,
        ...stamp,
        non_transferrable_by_owner: null,
      };
      const previousCore = before?.get(OBJECT_CORE);
      const previousOwner = previousCore === undefined ? undefined : decodeObjectCore(previousCore).owner;
      if (
        previousOwner !== undefined &&
        (deleted || formatAddressLong(previousOwner) !== formatAddressLong(core.owner))
      )
        emit(rows, 'current_token_ownerships_v2', {
          ...ownership,
          owner_address: formatAddressLong(previousOwner),
          amount: '0',
        });
      if (!deleted)
        emit(rows, 'current_token_ownerships_v2', {
          ...ownership,
          owner_address: formatAddressLong(core.owner),
          amount: '1',
        });
    }
    const collection = members.get(COLLECTION);
    if (collection !== undefined) {
      const data = decodeCollection(collection);
      const supply = collectionSupply(members);
      emit(rows, 'current_collections_v2', {
        collection_id: address,
        creator_address: formatAddressLong(data.creator),
        collection_name: data.name,
        description: data.description,
        uri: data.uri,
        current_supply: supply.current.toString(),
        max_supply: supply.max === null ? null : supply.max.toString(),
        total_minted_v2: supply.minted === null ? null : supply.minted.toString(),
        mutable_description: null,
        mutable_uri: null,
        table_handle_v1: null,
        token_standard: 'v2',
        ...stamp,
        collection_properties: null,
      });
    }
  }
}

/** Whether the object at `address` is a token at `version` or just before it (a burn deletes it). */
function tokenOwner(state: IndexerState, address: Uint8Array, version: bigint): Uint8Array | null | undefined {
  for (const at of [version, version - 1n]) {
    const members = objectMembers(state, address, at);
    if (members?.has(TOKEN) !== true) continue;
    const core = members.get(OBJECT_CORE);
    return core === undefined ? null : decodeObjectCore(core).owner;
  }
  return undefined;
}

/** `token_activities_v2` of one transaction's token events. */
export function tokenActivityRows(input: IndexerTransaction, state: IndexerState, rows: IndexerRows): void {
  const { transaction } = input;
  const version = transaction.version;
  for (const event of input.events) {
    const type = event.typeTag;
    const r = new BcsReader(event.data);
    let token: Uint8Array;
    let from: Uint8Array | null = null;
    let to: Uint8Array | null = null;
    let amount = '1';
    let before: string | null = null;
    let after: string | null = null;
    if (type === '0x4::collection::MintEvent' || type === '0x4::collection::BurnEvent') {
      r.u64();
      token = r.address();
    } else if (type === '0x4::collection::Mint' || type === '0x4::collection::Burn') {
      r.address();
      r.u64();
      token = r.address();
      if (type === '0x4::collection::Burn') from = r.address();
    } else if (type === '0x1::object::TransferEvent' || type === '0x1::object::Transfer') {
      token = r.address();
      from = r.address();
      to = r.address();
    } else if (type === '0x4::token::MutationEvent' && event.stream !== undefined) {
      token = event.stream.address;
      r.string();
      before = r.string();
      after = r.string();
      from = transaction.sender ?? null;
      amount = '0';
    } else continue;
    const owner = tokenOwner(state, token, version);
    if (owner === undefined) continue;
    if (from === null && to === null && before === null) from = owner ?? ZERO_ADDRESS;
    emit(rows, 'token_activities_v2', {
      transaction_version: version,
      event_index: event.index,
      event_account_address:
        event.stream === undefined ? MODULE_EVENT_ADDRESS : formatAddressLong(event.stream.address),
      token_data_id: formatAddressLong(token),
      property_version_v1: '0',
      type,
      from_address: from === null ? null : formatAddressLong(from),
      to_address: to === null ? null : formatAddressLong(to),
      token_amount: amount,
      before_value: before,
      after_value: after,
      entry_function_id_str: transaction.entryFunction ?? null,
      token_standard: 'v2',
      is_fungible_v2: null,
      transaction_timestamp: indexerTimestamp(transaction.timestampUsec),
    });
  }
}
