/**
 * ABIs of the framework modules at 0x1 that a realistic chain's state uses, with the real struct
 * names, abilities and field order. Only the structs and entry functions the generator writes or calls are listed,
 * plus the view functions the read service answers (view-abis.ts); a real 0x1 has many more.
 */
import type { MoveModuleAbi } from '../../../shared/move/abi.ts';
import { moduleAbi } from './abi-builder.ts';
import { MODERN_ABIS, OBJECT_ABI } from './object-abis.ts';
import { withViews } from './view-abis.ts';

const store = ['store'];
const dropStore = ['drop', 'store'];
const copyDropStore = ['copy', 'drop', 'store'];
const key = ['key'];

/** The framework modules before their view functions are added (view-abis.ts). */
const BASE_ABIS: readonly MoveModuleAbi[] = [
  moduleAbi(
    '0x1',
    'account',
    [
      {
        name: 'Account',
        abilities: key,
        fields: [
          ['authentication_key', 'vector<u8>'],
          ['sequence_number', 'u64'],
          ['guid_creation_num', 'u64'],
          ['coin_register_events', '0x1::event::EventHandle<0x1::account::CoinRegisterEvent>'],
          ['key_rotation_events', '0x1::event::EventHandle<0x1::account::KeyRotationEvent>'],
          ['rotation_capability_offer', '0x1::account::CapabilityOffer<0x1::account::RotationCapability>'],
          ['signer_capability_offer', '0x1::account::CapabilityOffer<0x1::account::SignerCapability>'],
        ],
      },
      { name: 'CapabilityOffer', abilities: store, generics: 1, fields: [['for', '0x1::option::Option<address>']] },
      {
        name: 'CoinRegisterEvent',
        abilities: dropStore,
        isEvent: true,
        fields: [['type_info', '0x1::type_info::TypeInfo']],
      },
      {
        name: 'KeyRotationEvent',
        abilities: dropStore,
        isEvent: true,
        fields: [
          ['old_authentication_key', 'vector<u8>'],
          ['new_authentication_key', 'vector<u8>'],
        ],
      },
      { name: 'RotationCapability', abilities: dropStore, fields: [['account', 'address']] },
      { name: 'SignerCapability', abilities: dropStore, fields: [['account', 'address']] },
    ],
    [{ name: 'rotate_authentication_key_call', params: ['&signer', 'vector<u8>'], entry: true }],
  ),
  moduleAbi(
    '0x1',
    'aptos_account',
    [],
    [
      { name: 'transfer', params: ['&signer', 'address', 'u64'], entry: true },
      { name: 'create_account', params: ['address'], entry: true },
    ],
  ),
  moduleAbi(
    '0x1',
    'coin',
    [
      { name: 'Coin', abilities: store, generics: 1, fields: [['value', 'u64']] },
      {
        name: 'CoinInfo',
        abilities: key,
        generics: 1,
        fields: [
          ['name', '0x1::string::String'],
          ['symbol', '0x1::string::String'],
          ['decimals', 'u8'],
          ['supply', '0x1::option::Option<0x1::optional_aggregator::OptionalAggregator>'],
        ],
      },
      {
        name: 'CoinStore',
        abilities: key,
        generics: 1,
        fields: [
          ['coin', '0x1::coin::Coin<T0>'],
          ['frozen', 'bool'],
          ['deposit_events', '0x1::event::EventHandle<0x1::coin::DepositEvent>'],
          ['withdraw_events', '0x1::event::EventHandle<0x1::coin::WithdrawEvent>'],
        ],
      },
      { name: 'DepositEvent', abilities: dropStore, isEvent: true, fields: [['amount', 'u64']] },
      {
        name: 'CoinConversionMap',
        abilities: key,
        fields: [
          [
            'coin_to_fungible_asset_map',
            '0x1::table::Table<0x1::type_info::TypeInfo, 0x1::object::Object<0x1::fungible_asset::Metadata>>',
          ],
        ],
      },
      { name: 'PairedCoinType', abilities: key, fields: [['type', '0x1::type_info::TypeInfo']] },
      { name: 'WithdrawEvent', abilities: dropStore, isEvent: true, fields: [['amount', 'u64']] },
    ],
    [{ name: 'transfer', params: ['&signer', 'address', 'u64'], entry: true, generics: 1 }],
  ),
  moduleAbi('0x1', 'optional_aggregator', [
    {
      name: 'OptionalAggregator',
      abilities: store,
      fields: [
        ['aggregator', '0x1::option::Option<0x1::aggregator::Aggregator>'],
        ['integer', '0x1::option::Option<0x1::optional_aggregator::Integer>'],
      ],
    },
    {
      name: 'Integer',
      abilities: store,
      fields: [
        ['value', 'u128'],
        ['limit', 'u128'],
      ],
    },
  ]),
  moduleAbi('0x1', 'aggregator', [
    {
      name: 'Aggregator',
      abilities: store,
      fields: [
        ['handle', 'address'],
        ['key', 'address'],
        ['limit', 'u128'],
      ],
    },
  ]),
  moduleAbi('0x1', 'aptos_coin', [{ name: 'AptosCoin', abilities: key, fields: [['dummy_field', 'bool']] }]),
  moduleAbi('0x1', 'event', [
    {
      name: 'EventHandle',
      abilities: store,
      generics: 1,
      fields: [
        ['counter', 'u64'],
        ['guid', '0x1::guid::GUID'],
      ],
    },
  ]),
  moduleAbi('0x1', 'guid', [
    { name: 'GUID', abilities: dropStore, fields: [['id', '0x1::guid::ID']] },
    {
      name: 'ID',
      abilities: copyDropStore,
      fields: [
        ['creation_num', 'u64'],
        ['addr', 'address'],
      ],
    },
  ]),
  moduleAbi('0x1', 'features', [{ name: 'Features', abilities: key, fields: [['features', 'vector<u8>']] }]),
  moduleAbi('0x1', 'chain_id', [{ name: 'ChainId', abilities: key, fields: [['id', 'u8']] }]),
  moduleAbi('0x1', 'reconfiguration', [
    {
      name: 'Configuration',
      abilities: key,
      fields: [
        ['epoch', 'u64'],
        ['last_reconfiguration_time', 'u64'],
        ['events', '0x1::event::EventHandle<0x1::reconfiguration::NewEpochEvent>'],
      ],
    },
    { name: 'NewEpochEvent', abilities: dropStore, isEvent: true, fields: [['epoch', 'u64']] },
  ]),
  moduleAbi('0x1', 'block', [
    {
      name: 'BlockResource',
      abilities: key,
      fields: [
        ['height', 'u64'],
        ['epoch_interval', 'u64'],
        ['new_block_events', '0x1::event::EventHandle<0x1::block::NewBlockEvent>'],
        ['update_epoch_interval_events', '0x1::event::EventHandle<0x1::block::UpdateEpochIntervalEvent>'],
      ],
    },
    {
      name: 'NewBlockEvent',
      abilities: dropStore,
      isEvent: true,
      fields: [
        ['hash', 'address'],
        ['epoch', 'u64'],
        ['round', 'u64'],
        ['height', 'u64'],
        ['previous_block_votes_bitvec', 'vector<u8>'],
        ['proposer', 'address'],
        ['failed_proposer_indices', 'vector<u64>'],
        ['time_microseconds', 'u64'],
      ],
    },
    {
      name: 'UpdateEpochIntervalEvent',
      abilities: dropStore,
      isEvent: true,
      fields: [
        ['old_epoch_interval', 'u64'],
        ['new_epoch_interval', 'u64'],
      ],
    },
  ]),
  moduleAbi('0x1', 'gas_schedule', [
    {
      name: 'GasEntry',
      abilities: copyDropStore,
      fields: [
        ['key', '0x1::string::String'],
        ['val', 'u64'],
      ],
    },
    {
      name: 'GasScheduleV2',
      abilities: ['copy', 'drop', 'key', 'store'],
      fields: [
        ['feature_version', 'u64'],
        ['entries', 'vector<0x1::gas_schedule::GasEntry>'],
      ],
    },
  ]),
  moduleAbi('0x1', 'timestamp', [
    { name: 'CurrentTimeMicroseconds', abilities: key, fields: [['microseconds', 'u64']] },
  ]),
  moduleAbi('0x1', 'string', [{ name: 'String', abilities: copyDropStore, fields: [['bytes', 'vector<u8>']] }]),
  moduleAbi('0x1', 'option', [
    { name: 'Option', abilities: copyDropStore, generics: 1, fields: [['vec', 'vector<T0>']] },
  ]),
  OBJECT_ABI,
  ...MODERN_ABIS,
  moduleAbi('0x1', 'table', [{ name: 'Table', abilities: store, generics: 2, fields: [['handle', 'address']] }]),
  moduleAbi('0x1', 'type_info', [
    {
      name: 'TypeInfo',
      abilities: copyDropStore,
      fields: [
        ['account_address', 'address'],
        ['module_name', 'vector<u8>'],
        ['struct_name', 'vector<u8>'],
      ],
    },
  ]),
];

/** Every framework module the generator publishes at genesis, with the view functions the SDK resolves. */
export const FRAMEWORK_ABIS: readonly MoveModuleAbi[] = BASE_ABIS.map(withViews);
