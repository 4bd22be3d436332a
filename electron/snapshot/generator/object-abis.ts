/**
 * ABIs of the framework modules behind today's chain: objects and their resource group, fungible assets and their
 * primary stores, the fee statement module event and the package registry (real struct names and field order,
 * framework sources at 0x1). Module events are the structs marked `is_event` that no event handle carries.
 */
import type { MoveModuleAbi } from '../../../shared/move/abi.ts';
import { moduleAbi } from './abi-builder.ts';

const key = ['key'];
const dropStore = ['drop', 'store'];
const copyDropStore = ['copy', 'drop', 'store'];
const STRING = '0x1::string::String';

/** `0x1::object`: Object<T>, ObjectCore (a member of ObjectGroup), the group itself and the transfer events. */
export const OBJECT_ABI: MoveModuleAbi = moduleAbi(
  '0x1',
  'object',
  [
    { name: 'Object', abilities: copyDropStore, generics: 1, fields: [['inner', 'address']] },
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
    { name: 'ObjectGroup', abilities: [], fields: [['dummy_field', 'bool']] },
    { name: 'DeriveRef', abilities: dropStore, fields: [['self', 'address']] },
    {
      name: 'TransferEvent',
      abilities: dropStore,
      isEvent: true,
      fields: [
        ['object', 'address'],
        ['from', 'address'],
        ['to', 'address'],
      ],
    },
    {
      name: 'Transfer',
      abilities: dropStore,
      isEvent: true,
      fields: [
        ['object', 'address'],
        ['from', 'address'],
        ['to', 'address'],
      ],
    },
  ],
  [{ name: 'transfer_call', params: ['&signer', 'address', 'address'], entry: true }],
);

/** The modules of fungible assets, fees and packages the generator writes. */
export const MODERN_ABIS: readonly MoveModuleAbi[] = [
  moduleAbi('0x1', 'aggregator_v2', [
    {
      name: 'Aggregator',
      abilities: dropStore,
      generics: 1,
      fields: [
        ['value', 'T0'],
        ['max_value', 'T0'],
      ],
    },
  ]),
  moduleAbi('0x1', 'fungible_asset', [
    {
      name: 'Metadata',
      abilities: key,
      fields: [
        ['name', STRING],
        ['symbol', STRING],
        ['decimals', 'u8'],
        ['icon_uri', STRING],
        ['project_uri', STRING],
      ],
    },
    {
      name: 'FungibleStore',
      abilities: key,
      fields: [
        ['metadata', '0x1::object::Object<0x1::fungible_asset::Metadata>'],
        ['balance', 'u64'],
        ['frozen', 'bool'],
      ],
    },
    { name: 'ConcurrentSupply', abilities: key, fields: [['current', '0x1::aggregator_v2::Aggregator<u128>']] },
    {
      name: 'Withdraw',
      abilities: dropStore,
      isEvent: true,
      fields: [
        ['store', 'address'],
        ['amount', 'u64'],
      ],
    },
    {
      name: 'Deposit',
      abilities: dropStore,
      isEvent: true,
      fields: [
        ['store', 'address'],
        ['amount', 'u64'],
      ],
    },
  ]),
  moduleAbi(
    '0x1',
    'primary_fungible_store',
    [{ name: 'DeriveRefPod', abilities: key, fields: [['metadata_derive_ref', '0x1::object::DeriveRef']] }],
    [
      {
        name: 'transfer',
        params: ['&signer', '0x1::object::Object<T0>', 'address', 'u64'],
        entry: true,
        generics: 1,
      },
    ],
  ),
  moduleAbi('0x1', 'transaction_fee', [
    {
      name: 'FeeStatement',
      abilities: dropStore,
      isEvent: true,
      fields: [
        ['total_charge_gas_units', 'u64'],
        ['execution_gas_units', 'u64'],
        ['io_gas_units', 'u64'],
        ['storage_fee_octas', 'u64'],
        ['storage_fee_refund_octas', 'u64'],
      ],
    },
  ]),
  moduleAbi('0x1', 'copyable_any', [
    {
      name: 'Any',
      abilities: dropStore,
      fields: [
        ['type_name', STRING],
        ['data', 'vector<u8>'],
      ],
    },
  ]),
  moduleAbi(
    '0x1',
    'code',
    [
      {
        name: 'PackageRegistry',
        abilities: ['key', 'store', 'drop'],
        fields: [['packages', 'vector<0x1::code::PackageMetadata>']],
      },
      {
        name: 'PackageMetadata',
        abilities: copyDropStore,
        fields: [
          ['name', STRING],
          ['upgrade_policy', '0x1::code::UpgradePolicy'],
          ['upgrade_number', 'u64'],
          ['source_digest', STRING],
          ['manifest', 'vector<u8>'],
          ['modules', 'vector<0x1::code::ModuleMetadata>'],
          ['deps', 'vector<0x1::code::PackageDep>'],
          ['extension', '0x1::option::Option<0x1::copyable_any::Any>'],
        ],
      },
      {
        name: 'ModuleMetadata',
        abilities: copyDropStore,
        fields: [
          ['name', STRING],
          ['source', 'vector<u8>'],
          ['source_map', 'vector<u8>'],
          ['extension', '0x1::option::Option<0x1::copyable_any::Any>'],
        ],
      },
      { name: 'UpgradePolicy', abilities: copyDropStore, fields: [['policy', 'u8']] },
      {
        name: 'PackageDep',
        abilities: copyDropStore,
        fields: [
          ['account', 'address'],
          ['package_name', STRING],
        ],
      },
      {
        name: 'PublishPackage',
        abilities: dropStore,
        isEvent: true,
        fields: [
          ['code_address', 'address'],
          ['is_upgrade', 'bool'],
        ],
      },
    ],
    [{ name: 'publish_package_txn', params: ['&signer', 'vector<u8>', 'vector<vector<u8>>'], entry: true }],
  ),
];
