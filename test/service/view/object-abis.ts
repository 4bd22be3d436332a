/**
 * ABIs of the framework's object and fungible-asset structs (field order as declared in
 * object.move, fungible_asset.move, aggregator_v2.move, coin.move, primary_fungible_store.move,
 * features.move), for building real BCS state in the view tests. Kept here rather than in the
 * generator's framework-abis.ts while snapshot format v2 (which will own them) is being written.
 */
import type { MoveModuleAbi } from '../../../shared/move/abi.ts';
import { moduleAbi } from '../../../electron/snapshot/generator/abi-builder.ts';
import { FRAMEWORK_ABIS } from '../../../electron/snapshot/generator/framework-abis.ts';

const key = ['key'];
const dropStore = ['drop', 'store'];

const OBJECT_ABIS: readonly MoveModuleAbi[] = [
  moduleAbi('0x1', 'object', [
    { name: 'Object', abilities: ['copy', 'drop', 'store'], generics: 1, fields: [['inner', 'address']] },
    {
      name: 'ObjectCore',
      abilities: key,
      fields: [
        ['guid_creation_num', 'u64'],
        ['owner', 'address'],
        ['allow_ungated_transfer', 'bool'],
        ['transfer_events', '0x1::event::EventHandle<0x1::object::TransferEvent>'],
      ],
    },
    { name: 'DeriveRef', abilities: dropStore, fields: [['self', 'address']] },
  ]),
  moduleAbi('0x1', 'aggregator_v2', [
    {
      name: 'Aggregator',
      abilities: ['drop', 'store'],
      generics: 1,
      fields: [
        ['value', 'T0'],
        ['max_value', 'T0'],
      ],
    },
  ]),
  moduleAbi('0x1', 'fungible_asset', [
    {
      name: 'FungibleStore',
      abilities: key,
      fields: [
        ['metadata', '0x1::object::Object<0x1::fungible_asset::Metadata>'],
        ['balance', 'u64'],
        ['frozen', 'bool'],
      ],
    },
    { name: 'ConcurrentFungibleBalance', abilities: key, fields: [['balance', '0x1::aggregator_v2::Aggregator<u64>']] },
    {
      name: 'Metadata',
      abilities: key,
      fields: [
        ['name', '0x1::string::String'],
        ['symbol', '0x1::string::String'],
        ['decimals', 'u8'],
        ['icon_uri', '0x1::string::String'],
        ['project_uri', '0x1::string::String'],
      ],
    },
    { name: 'ConcurrentSupply', abilities: key, fields: [['current', '0x1::aggregator_v2::Aggregator<u128>']] },
    {
      name: 'Supply',
      abilities: key,
      fields: [
        ['current', 'u128'],
        ['maximum', '0x1::option::Option<u128>'],
      ],
    },
    {
      name: 'MintRef',
      abilities: dropStore,
      fields: [['metadata', '0x1::object::Object<0x1::fungible_asset::Metadata>']],
    },
    {
      name: 'TransferRef',
      abilities: dropStore,
      fields: [['metadata', '0x1::object::Object<0x1::fungible_asset::Metadata>']],
    },
    {
      name: 'BurnRef',
      abilities: dropStore,
      fields: [['metadata', '0x1::object::Object<0x1::fungible_asset::Metadata>']],
    },
  ]),
  moduleAbi('0x1', 'primary_fungible_store', [
    { name: 'DeriveRefPod', abilities: key, fields: [['metadata_derive_ref', '0x1::object::DeriveRef']] },
  ]),
  moduleAbi('0x1', 'features', [{ name: 'Features', abilities: key, fields: [['features', 'vector<u8>']] }]),
];

const COIN_EXTRA = [
  { name: 'PairedCoinType', abilities: key, fields: [['type', '0x1::type_info::TypeInfo']] as [string, string][] },
  {
    name: 'PairedFungibleAssetRefs',
    abilities: key,
    fields: [
      ['mint_ref_opt', '0x1::option::Option<0x1::fungible_asset::MintRef>'],
      ['transfer_ref_opt', '0x1::option::Option<0x1::fungible_asset::TransferRef>'],
      ['burn_ref_opt', '0x1::option::Option<0x1::fungible_asset::BurnRef>'],
    ] as [string, string][],
  },
  {
    name: 'CoinConversionMap',
    abilities: key,
    fields: [
      [
        'coin_to_fungible_asset_map',
        '0x1::table::Table<0x1::type_info::TypeInfo, 0x1::object::Object<0x1::fungible_asset::Metadata>>',
      ],
    ] as [string, string][],
  },
];

/** `base` with the structs of `extra` it lacks (by name) appended. */
function mergeStructs(base: MoveModuleAbi, extra: MoveModuleAbi | undefined): MoveModuleAbi {
  if (!extra) return base;
  const missing = extra.structs.filter((struct) => !base.structs.some((own) => own.name === struct.name));
  return { ...base, structs: [...base.structs, ...missing] };
}

/**
 * Framework ABIs (generator's) with the object/FA structs they lack merged in (one ABI per module: a lookup finds
 * the first of duplicates) and `0x1::coin` extended.
 */
export const VIEW_TEST_ABIS: readonly MoveModuleAbi[] = [
  ...FRAMEWORK_ABIS.filter((m) => m.name !== 'object').map((m) =>
    m.name === 'coin'
      ? { ...m, structs: [...m.structs, ...moduleAbi('0x1', 'coin', COIN_EXTRA).structs] }
      : mergeStructs(
          m,
          OBJECT_ABIS.find((o) => o.name === m.name),
        ),
  ),
  ...OBJECT_ABIS.filter((o) => o.name === 'object' || !FRAMEWORK_ABIS.some((m) => m.name === o.name)),
];
