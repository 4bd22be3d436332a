/**
 * `current_fungible_asset_balances` and `fungible_asset_metadata`: a row for each store and each asset whose state a
 * transaction wrote, computed from the state after it. As hosted, a coin (v1) `CoinStore<C>` and the owner's primary
 * store of C's paired asset are one row (`storage_id` = that primary store): `amount` = coin + fungible halves,
 * `asset_type` = the coin type when there is one (`asset_type_v1`), else the metadata address; `token_standard`
 * `v1` when the row has a coin type. Balances count as the balance endpoint does (electron/service/view/balances.ts).
 */
import { bytesToHex } from '../../../shared/hex.ts';
import { formatAddress, formatAddressLong, parseAddress } from '../../../shared/address.ts';
import { structTag, type StructTag } from '../../../shared/type-tag.ts';
import { typeText } from './type-text.ts';
import { resourceGroupStateKey, resourceStateKey } from '../../snapshot/state-keys.ts';
import { storeBalance } from '../../service/view/balances.ts';
import {
  readCoinInfo,
  readCoinStore,
  readConcurrentSupply,
  readFaMetadata,
  readFungibleStore,
  readPairedCoinType,
  readSupply,
} from '../../service/view/framework-state.ts';
import { OBJECT_GROUP } from '../../service/view/resource-group-members.ts';
import { emit, indexerTimestamp, type IndexerRows, type IndexerState } from './processor-input.ts';
import { coinStorageId, primaryStore } from './fungible-asset-activities.ts';
import {
  decodeObjectCore,
  FUNGIBLE_STORE,
  isObjectGroup,
  objectMembers,
  OBJECT_CORE,
  type WrittenKey,
  type WrittenResource,
} from './written-state.ts';

/** The version rows are stamped with, and the version state is read at (the same but for a pruned file's seed). */
export interface RowVersions {
  readonly row: bigint;
  readonly read: bigint;
}

interface BalanceCandidate {
  readonly store: Uint8Array;
  /** Set when a CoinStore was written: its owner and coin type. */
  readonly coin?: { readonly owner: Uint8Array; readonly coinType: StructTag };
}

/** `key` when it is the framework's `0x1::coin::<name><C>` (not a type guard: its false branch says nothing). */
function coinResource(key: WrittenKey, name: string): WrittenResource | undefined {
  const found =
    key.kind === 'resource' && key.tag.address === '0x1' && key.tag.module === 'coin' && key.tag.name === name;
  return found ? key : undefined;
}

function coinTypeOf(key: WrittenResource): StructTag | undefined {
  const arg = key.tag.typeArgs[0];
  return arg?.kind === 'struct' ? arg.struct : undefined;
}

/** The coin type a metadata object is paired with (`PairedCoinType`), if any. */
function pairedCoinType(state: IndexerState, metadata: Uint8Array, version: bigint): StructTag | undefined {
  const info = readPairedCoinType(state.reader, metadata, version);
  if (info === undefined) return undefined;
  const decoder = new TextDecoder();
  const name = decoder.decode(info.structName);
  if (name.includes('<')) return undefined;
  return structTag(formatAddress(info.accountAddress), decoder.decode(info.moduleName), name);
}

/** Balance rows of the stores `written` touched. */
export function balanceRows(
  written: readonly WrittenKey[],
  at: RowVersions,
  state: IndexerState,
  rows: IndexerRows,
  timestampUsec: bigint,
): void {
  const candidates = new Map<string, BalanceCandidate>();
  for (const key of written) {
    const coinStore = coinResource(key, 'CoinStore');
    if (coinStore !== undefined) {
      const coinType = coinTypeOf(coinStore);
      if (coinType === undefined) continue;
      const store = coinStorageId(state, coinStore.address, coinType);
      candidates.set(formatAddressLong(store), { store, coin: { owner: coinStore.address, coinType } });
    } else if (isObjectGroup(key)) {
      const id = formatAddressLong(key.address);
      if (candidates.has(id)) continue;
      const now = objectMembers(state, key.address, at.read);
      const before = now?.has(FUNGIBLE_STORE) ? now : objectMembers(state, key.address, at.read - 1n);
      if (before?.has(FUNGIBLE_STORE)) candidates.set(id, { store: key.address });
    }
  }
  if (candidates.size === 0) return;
  // A half written here was written at `at.row`: only the other half's version needs a read.
  // A transaction writes a few keys (compared byte by byte); the seed's batches write thousands (a set of texts).
  const many = written.length > 32 ? new Set(written.map((key) => bytesToHex(key.op.stateKey))) : undefined;
  const isWritten = (stateKey: Uint8Array): boolean =>
    many === undefined ? written.some((key) => sameBytes(key.op.stateKey, stateKey)) : many.has(bytesToHex(stateKey));
  const versionOf = (stateKey: Uint8Array): bigint | undefined =>
    isWritten(stateKey) ? at.row : state.writeVersion(stateKey, at.read);
  for (const candidate of candidates.values()) balanceRow(candidate, at, state, rows, timestampUsec, versionOf);
}

function balanceRow(
  candidate: BalanceCandidate,
  at: RowVersions,
  state: IndexerState,
  rows: IndexerRows,
  timestampUsec: bigint,
  versionOf: (stateKey: Uint8Array) => bigint | undefined,
): void {
  const { store } = candidate;
  const members = objectMembers(state, store, at.read) ?? objectMembers(state, store, at.read - 1n);
  const fungibleBytes = members?.get(FUNGIBLE_STORE);
  const coreBytes = members?.get(OBJECT_CORE);
  const fungible = fungibleBytes === undefined ? undefined : readFungibleStore(state.reader, store, at.read);
  const metadata = fungibleBytes?.subarray(0, 32);
  let owner = candidate.coin?.owner ?? (coreBytes === undefined ? undefined : decodeObjectCore(coreBytes).owner);
  owner ??= new Uint8Array(32);
  const primary = metadata === undefined || sameBytes(store, primaryStore(state, owner, metadata));
  const coinType =
    candidate.coin?.coinType ?? (primary && metadata ? pairedCoinType(state, metadata, at.read) : undefined);
  const coin = coinType === undefined ? undefined : readCoinStore(state.reader, owner, coinType, at.read);
  const amountV1 = coin?.value;
  const amountV2 = fungible === undefined ? undefined : storeBalance(state.reader, store, at.read);
  const versionV1 =
    coin === undefined || coinType === undefined
      ? undefined
      : versionOf(resourceStateKey(owner, coinStoreTag(coinType)));
  const versionV2 = metadata === undefined ? undefined : versionOf(resourceGroupStateKey(store, OBJECT_GROUP));
  const assetTypeV1 = coinType === undefined ? null : typeText(coinType);
  const assetTypeV2 = metadata === undefined ? null : formatAddressLong(metadata);
  const stamp = (version: bigint | undefined): string | null => {
    if (version === undefined) return null;
    const usec = version === at.row ? timestampUsec : state.timestampUsec(version);
    return usec === undefined ? null : indexerTimestamp(usec);
  };
  emit(rows, 'current_fungible_asset_balances', {
    storage_id: formatAddressLong(store),
    owner_address: formatAddressLong(owner),
    asset_type: assetTypeV1 ?? assetTypeV2 ?? '',
    is_primary: coinType !== undefined || primary,
    is_frozen: (coin?.frozen ?? false) || (fungible?.frozen ?? false),
    amount: ((amountV1 ?? 0n) + (amountV2 ?? 0n)).toString(),
    last_transaction_timestamp: indexerTimestamp(timestampUsec),
    last_transaction_version: at.row,
    token_standard: assetTypeV1 === null ? 'v2' : 'v1',
    amount_v1: amountV1 === undefined ? null : amountV1.toString(),
    amount_v2: amountV2 === undefined ? null : amountV2.toString(),
    asset_type_v1: assetTypeV1,
    asset_type_v2: assetTypeV2,
    last_transaction_version_v1: versionV1 ?? null,
    last_transaction_version_v2: versionV2 ?? null,
    last_transaction_timestamp_v1: stamp(versionV1),
    last_transaction_timestamp_v2: stamp(versionV2),
  });
}

function coinStoreTag(coinType: StructTag): StructTag {
  return structTag('0x1', 'coin', 'CoinStore', [{ kind: 'struct', struct: coinType }]);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = a.length - 1; i >= 0; i--) if (a[i] !== b[i]) return false;
  return true;
}

/** Metadata rows of the coins (`CoinInfo<C>`) and fungible assets (`Metadata` objects) `written` touched. */
export function metadataRows(
  written: readonly WrittenKey[],
  at: RowVersions,
  state: IndexerState,
  rows: IndexerRows,
  timestampUsec: bigint,
): void {
  const common = { last_transaction_version: at.row, last_transaction_timestamp: indexerTimestamp(timestampUsec) };
  for (const key of written) {
    if (key.op.value === undefined) continue;
    const coinInfo = coinResource(key, 'CoinInfo');
    if (coinInfo !== undefined) {
      const coinType = coinTypeOf(coinInfo);
      const info = coinType && readCoinInfo(state.reader, coinInfo.address, coinType, at.read);
      if (coinType === undefined || info === undefined) continue;
      const aggregator = info.supply.kind === 'aggregator' ? info.supply : undefined;
      emit(rows, 'fungible_asset_metadata', {
        asset_type: typeText(coinType),
        creator_address: formatAddressLong(parseAddress(coinType.address)),
        name: info.name,
        symbol: info.symbol,
        decimals: info.decimals,
        icon_uri: null,
        project_uri: null,
        ...common,
        supply_aggregator_table_handle_v1: aggregator ? formatAddressLong(aggregator.handle) : null,
        supply_aggregator_table_key_v1: aggregator ? formatAddressLong(aggregator.key) : null,
        token_standard: 'v1',
        supply_v2: null,
        maximum_v2: null,
      });
    } else if (isObjectGroup(key)) {
      const members = objectMembers(state, key.address, at.read);
      if (!members?.has('0x1::fungible_asset::Metadata')) continue;
      const metadata = readFaMetadata(state.reader, key.address, at.read);
      const core = members.get(OBJECT_CORE);
      if (metadata === undefined) continue;
      const supply =
        readConcurrentSupply(state.reader, key.address, at.read) ?? readSupply(state.reader, key.address, at.read);
      emit(rows, 'fungible_asset_metadata', {
        asset_type: formatAddressLong(key.address),
        creator_address: formatAddressLong(core === undefined ? new Uint8Array(32) : decodeObjectCore(core).owner),
        name: metadata.name,
        symbol: metadata.symbol,
        decimals: metadata.decimals,
        icon_uri: metadata.iconUri,
        project_uri: metadata.projectUri,
        ...common,
        supply_aggregator_table_handle_v1: null,
        supply_aggregator_table_key_v1: null,
        token_standard: 'v2',
        supply_v2: supply === undefined ? null : supply.toString(),
        maximum_v2: null,
      });
    }
  }
}
