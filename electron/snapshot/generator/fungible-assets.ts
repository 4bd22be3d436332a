/**
 * Fungible assets and objects of the generated world: APT's paired fungible asset (its metadata object at 0xa, a
 * member set of `0x1::object::ObjectGroup`) and primary fungible stores, the objects at
 * sha3-256(owner ‖ metadata ‖ 0xFC) that hold an account's APT once it has moved off `CoinStore`.
 */
import { hash } from 'node:crypto';
import { formatAddress, parseAddress } from '../../../shared/address.ts';
import { eventHandle } from './framework-values.ts';

/** APT's fungible asset metadata object (owned by 0x1). */
export const APT_METADATA = '0xa';
/** The resource group every object's resources belong to. */
export const OBJECT_GROUP = '0x1::object::ObjectGroup';
/** The first GUID creation number of an object (its transfer events take it). */
const OBJECT_FIRST_GUID = 0x4000000000000n;

/** Type tags of the object and fungible asset resources the generator writes. */
export const OBJECT_TYPES = {
  objectCore: '0x1::object::ObjectCore',
  fungibleStore: '0x1::fungible_asset::FungibleStore',
  metadata: '0x1::fungible_asset::Metadata',
  supply: '0x1::fungible_asset::ConcurrentSupply',
  pairedCoin: '0x1::coin::PairedCoinType',
  deriveRefPod: '0x1::primary_fungible_store::DeriveRefPod',
  withdraw: '0x1::fungible_asset::Withdraw',
  deposit: '0x1::fungible_asset::Deposit',
  feeStatement: '0x1::transaction_fee::FeeStatement',
  transfer: '0x1::object::Transfer',
} as const;

const DERIVED_SCHEME = Uint8Array.of(0xfc);
const SEED_SCHEME = Uint8Array.of(0xfe);

/** Address of `owner`'s primary store of the fungible asset `metadata`: sha3-256(owner ‖ metadata ‖ 0xFC). */
export function primaryStoreAddress(owner: Uint8Array, metadata: Uint8Array): Uint8Array {
  return hash('sha3-256', Buffer.concat([owner, metadata, DERIVED_SCHEME]), 'buffer');
}

/** Address of a named object: sha3-256(creator ‖ seed ‖ 0xFE). */
export function namedObjectAddress(creator: Uint8Array, seed: string): Uint8Array {
  return hash('sha3-256', Buffer.concat([creator, Buffer.from(seed), SEED_SCHEME]), 'buffer');
}

/** JSON-in of an `ObjectCore` owned by `owner`, at object address `self`. */
export function objectCore(self: string, owner: string, ungated: boolean, transfers = 0): unknown {
  return {
    guid_creation_num: String(OBJECT_FIRST_GUID + 1n),
    owner,
    allow_ungated_transfer: ungated,
    transfer_events: eventHandle(transfers, Number(OBJECT_FIRST_GUID), self),
  };
}

/** The members (type, JSON-in) of a primary store object of `metadata` owned by `owner` holding `balance`. */
export function primaryStoreMembers(
  store: Uint8Array,
  owner: string,
  metadata: string,
  balance: bigint,
): readonly (readonly [string, unknown])[] {
  return [
    [OBJECT_TYPES.objectCore, objectCore(formatAddress(store), owner, false)],
    [OBJECT_TYPES.fungibleStore, { metadata, balance: balance.toString(), frozen: false }],
  ];
}

/** What a fungible asset's metadata object shows. */
export interface AssetSpec {
  readonly name: string;
  readonly symbol: string;
  readonly decimals: number;
  readonly iconUri: string;
  readonly projectUri: string;
  readonly supply: bigint;
}

/** The members of a metadata object of `spec` owned by `owner`; `pairedCoin` adds APT's `PairedCoinType`. */
export function metadataMembers(
  self: string,
  owner: string,
  spec: AssetSpec,
  pairedCoin: boolean,
): readonly (readonly [string, unknown])[] {
  const members: (readonly [string, unknown])[] = [
    [OBJECT_TYPES.objectCore, objectCore(self, owner, false)],
    [
      OBJECT_TYPES.metadata,
      {
        name: spec.name,
        symbol: spec.symbol,
        decimals: spec.decimals,
        icon_uri: spec.iconUri,
        project_uri: spec.projectUri,
      },
    ],
    [
      OBJECT_TYPES.supply,
      { current: { value: spec.supply.toString(), max_value: '340282366920938463463374607431768211455' } },
    ],
    [OBJECT_TYPES.deriveRefPod, { metadata_derive_ref: { self } }],
  ];
  if (pairedCoin)
    members.push([
      OBJECT_TYPES.pairedCoin,
      {
        type: { account_address: '0x1', module_name: '0x6170746f735f636f696e', struct_name: '0x4170746f73436f696e' },
      },
    ]);
  return members;
}

/** The 32 bytes of APT's metadata address. */
export const APT_METADATA_BYTES = parseAddress(APT_METADATA);
