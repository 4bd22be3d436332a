/**
 * `fungible_asset_activities`: one row per coin (v1) and fungible-asset event, plus one gas-fee row per user
 * transaction, as the hosted fungible-asset processor derives them. Amounts are unsigned; the `type` says the
 * direction (withdraw, deposit, gas fee). A coin event's row is filed under the coin's store as the hosted
 * processor names it (the owner's primary store of the coin's paired asset); a fungible-asset event's under its
 * store, with the store's owner and metadata as of the transaction (or just before it, when it deleted the store).
 */
import { formatAddressLong } from '../../../shared/address.ts';
import { BcsReader, decodeBcs } from '../../../shared/bcs/bcs-reader.ts';
import { bytesToHex } from '../../../shared/hex.ts';
import { pairedMetadataAddress, primaryStoreAddress } from './object-hashes.ts';
import { parseStructTag, type StructTag } from '../../../shared/type-tag.ts';
import { typeText } from './type-text.ts';
import {
  emit,
  indexerTimestamp,
  type IndexerRow,
  type IndexerRows,
  type IndexerState,
  type IndexerTransaction,
} from './processor-input.ts';
import { FUNGIBLE_STORE, objectMembers, OBJECT_CORE, decodeObjectCore, type WrittenKey } from './written-state.ts';

/** The coin every gas fee is paid in. */
export const APT_COIN_TYPE = '0x1::aptos_coin::AptosCoin';
/** The hosted processor's type and event index of the gas-fee row. */
export const GAS_FEE_EVENT = '0x1::aptos_coin::GasFeeEvent';
const GAS_FEE_EVENT_INDEX = -1;
const FEE_STATEMENT = '0x1::transaction_fee::FeeStatement';
const APT_COIN_TAG = parseStructTag(APT_COIN_TYPE);

const COIN_V1_EVENTS = new Set(['0x1::coin::WithdrawEvent', '0x1::coin::DepositEvent']);
const COIN_V2_EVENTS = new Set(['0x1::coin::CoinWithdraw', '0x1::coin::CoinDeposit']);
const FA_MODULE_EVENTS = new Set(['0x1::fungible_asset::Withdraw', '0x1::fungible_asset::Deposit']);
const FA_HANDLE_EVENTS = new Set(['0x1::fungible_asset::WithdrawEvent', '0x1::fungible_asset::DepositEvent']);

function hex(bytes: Uint8Array): string {
  return formatAddressLong(bytes);
}

/** Paired metadata addresses by coin type text (two hashes each; a chain has few coin types, read over and over). */
const pairedMetadata = new Map<string, Uint8Array>();

/** The coin store's storage id as hosted names it: the owner's primary store of the coin's paired asset. */
export function coinStorageId(state: Pick<IndexerState, 'sha3'>, owner: Uint8Array, coinType: StructTag): Uint8Array {
  const name = typeText(coinType);
  let metadata = pairedMetadata.get(name);
  if (metadata === undefined) {
    if (pairedMetadata.size >= 100_000) pairedMetadata.clear();
    metadata = pairedMetadataAddress(state, coinType);
    pairedMetadata.set(name, metadata);
  }
  return primaryStore(state, owner, metadata);
}

/** Primary store addresses by owner and metadata (a hash each; the same holders' stores are asked again and again). */
const primaryStores = new Map<string, Uint8Array>();

/** `primaryStoreAddress(owner, metadata)`, remembered (bounded): one hash per coin holder and coin type. */
export function primaryStore(state: Pick<IndexerState, 'sha3'>, owner: Uint8Array, metadata: Uint8Array): Uint8Array {
  const key = bytesToHex(owner) + bytesToHex(metadata);
  let store = primaryStores.get(key);
  if (store === undefined) {
    if (primaryStores.size >= 100_000) primaryStores.clear();
    store = primaryStoreAddress(state, owner, metadata);
    primaryStores.set(key, store);
  }
  return store;
}

/** Event stream (address, creation number) → coin type, from the `CoinStore<C>` values this transaction wrote. */
function coinStreams(written: readonly WrittenKey[]): Map<string, StructTag> {
  const streams = new Map<string, StructTag>();
  for (const key of written) {
    if (key.kind !== 'resource' || key.op.value === undefined) continue;
    if (key.tag.address !== '0x1' || key.tag.module !== 'coin' || key.tag.name !== 'CoinStore') continue;
    const arg = key.tag.typeArgs[0];
    if (arg?.kind !== 'struct') continue;
    const handles = decodeBcs(key.op.value, (r) => {
      r.u64();
      r.bool();
      const out: [bigint, Uint8Array][] = [];
      for (let i = 0; i < 2; i += 1) {
        r.u64();
        out.push([r.u64(), r.address()]);
      }
      return out;
    });
    for (const [creation, address] of handles) streams.set(`${hex(address)}/${creation}`, arg.struct);
  }
  return streams;
}

/** A store's owner and metadata as of `version`, else just before (a store deleted by this transaction). */
function storeFacts(
  state: IndexerState,
  store: Uint8Array,
  version: bigint,
): { readonly owner: string | null; readonly assetType: string | null } {
  for (const at of [version, version - 1n]) {
    const members = objectMembers(state, store, at);
    const fungible = members?.get(FUNGIBLE_STORE);
    if (members === undefined || fungible === undefined) continue;
    const core = members.get(OBJECT_CORE);
    return {
      owner: core === undefined ? null : hex(decodeObjectCore(core).owner),
      assetType: hex(fungible.subarray(0, 32)),
    };
  }
  return { owner: null, assetType: null };
}

/** The activity rows of one transaction's events and its gas fee. */
export function fungibleAssetActivityRows(
  input: IndexerTransaction,
  written: readonly WrittenKey[],
  state: IndexerState,
  rows: IndexerRows,
): void {
  const { transaction } = input;
  const version = transaction.version;
  const common = {
    is_gas_fee: false,
    gas_fee_payer_address: null,
    is_transaction_success: transaction.success,
    entry_function_id_str: transaction.entryFunction ?? null,
    block_height: transaction.blockHeight,
    transaction_timestamp: indexerTimestamp(transaction.timestampUsec),
    storage_refund_amount: '0',
  };
  let streams: Map<string, StructTag> | undefined;
  let refund = 0n;
  for (const event of input.events) {
    const type = event.typeTag;
    let row: IndexerRow | undefined;
    if (COIN_V1_EVENTS.has(type) && event.stream !== undefined) {
      streams ??= coinStreams(written);
      const owner = event.stream.address;
      const coinType = streams.get(`${hex(owner)}/${event.stream.creationNumber}`);
      if (coinType === undefined) continue;
      row = coinRow(
        state,
        owner,
        coinType,
        decodeBcs(event.data, (r) => r.u64()),
      );
    } else if (COIN_V2_EVENTS.has(type)) {
      const { coinType, account, amount } = decodeBcs(event.data, (r) => ({
        coinType: r.string(),
        account: r.address(),
        amount: r.u64(),
      }));
      row = coinRow(state, account, parseStructTag(coinType), amount);
    } else if (FA_MODULE_EVENTS.has(type) || FA_HANDLE_EVENTS.has(type) || isFrozenEvent(type)) {
      const r = new BcsReader(event.data);
      const moduleEvent = event.stream === undefined;
      const store = moduleEvent ? r.address() : (event.stream?.address ?? new Uint8Array(32));
      const frozen = isFrozenEvent(type) ? r.bool() : null;
      const amount = frozen === null ? r.u64().toString() : null;
      const facts = storeFacts(state, store, version);
      row = {
        owner_address: facts.owner,
        storage_id: hex(store),
        asset_type: facts.assetType,
        is_frozen: frozen,
        amount,
        token_standard: 'v2',
      };
    } else if (type === FEE_STATEMENT) {
      refund = decodeBcs(event.data, (r) => {
        for (let i = 0; i < 4; i += 1) r.u64();
        return r.u64();
      });
      continue;
    } else continue;
    emit(rows, 'fungible_asset_activities', {
      transaction_version: version,
      event_index: event.index,
      type,
      ...common,
      ...row,
    });
  }
  if (transaction.kind === 'user' && transaction.sender !== undefined) {
    const feePayer = transaction.details?.feePayer;
    emit(rows, 'fungible_asset_activities', {
      transaction_version: version,
      event_index: GAS_FEE_EVENT_INDEX,
      type: GAS_FEE_EVENT,
      ...common,
      ...coinRow(state, transaction.sender, APT_COIN_TAG, transaction.gasUsed * transaction.gasUnitPrice),
      is_gas_fee: true,
      gas_fee_payer_address: feePayer === undefined ? null : hex(feePayer),
      storage_refund_amount: refund.toString(),
    });
  }
}

function isFrozenEvent(type: string): boolean {
  return type === '0x1::fungible_asset::Frozen' || type === '0x1::fungible_asset::FrozenEvent';
}

function coinRow(state: IndexerState, owner: Uint8Array, coinType: StructTag, amount: bigint): IndexerRow {
  return {
    owner_address: hex(owner),
    storage_id: hex(coinStorageId(state, owner, coinType)),
    asset_type: typeText(coinType),
    is_frozen: null,
    amount: amount.toString(),
    token_standard: 'v1',
  };
}
