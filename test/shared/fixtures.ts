/**
 * Module ABIs of the framework structs the codec tests decode (field names and order as in
 * electron/snapshot/generator/framework-abis.ts), in the node's ABI JSON shape.
 */
import type { AbiLookup, MoveModuleAbi, MoveStructAbi } from '../../shared/move/abi.ts';

function struct(
  name: string,
  fields: readonly (readonly [string, string])[],
  generics = 0,
  extra: Partial<MoveStructAbi> = {},
): MoveStructAbi {
  return {
    name,
    is_native: false,
    is_event: false,
    abilities: ['store'],
    generic_type_params: Array.from({ length: generics }, () => ({ constraints: [] })),
    fields: fields.map(([n, type]) => ({ name: n, type })),
    ...extra,
  };
}

function module(address: string, name: string, structs: readonly MoveStructAbi[]): MoveModuleAbi {
  return { address, name, friends: [], exposed_functions: [], structs };
}

/** A few framework modules plus a test module with an enum, a native struct and a recursive struct. */
export const FRAMEWORK: readonly MoveModuleAbi[] = [
  module('0x1', 'coin', [
    struct(
      'CoinStore',
      [
        ['coin', '0x1::coin::Coin<T0>'],
        ['frozen', 'bool'],
        ['deposit_events', '0x1::event::EventHandle<0x1::coin::DepositEvent>'],
        ['withdraw_events', '0x1::event::EventHandle<0x1::coin::WithdrawEvent>'],
      ],
      1,
    ),
    struct('Coin', [['value', 'u64']], 1),
    struct('DepositEvent', [['amount', 'u64']]),
    struct('WithdrawEvent', [['amount', 'u64']]),
    struct(
      'CoinInfo',
      [
        ['name', '0x1::string::String'],
        ['symbol', '0x1::string::String'],
        ['decimals', 'u8'],
        ['supply', '0x1::option::Option<u128>'],
      ],
      1,
    ),
  ]),
  module('0x1', 'event', [
    struct(
      'EventHandle',
      [
        ['counter', 'u64'],
        ['guid', '0x1::guid::GUID'],
      ],
      1,
    ),
  ]),
  module('0x1', 'guid', [
    struct('GUID', [['id', '0x1::guid::ID']]),
    struct('ID', [
      ['creation_num', 'u64'],
      ['addr', 'address'],
    ]),
  ]),
  module('0x1', 'aptos_coin', [struct('AptosCoin', [['dummy_field', 'bool']])]),
  module('0x1', 'table', [struct('Table', [['handle', 'address']], 2)]),
  module('0x1', 'account', [struct('CapabilityOffer', [['for', '0x1::option::Option<address>']], 1)]),
  module('0xcafe', 'shapes', [
    struct('Shape', [], 0, {
      is_enum: true,
      variants: [
        { name: 'Circle', fields: [{ name: 'radius', type: 'u64' }] },
        {
          name: 'Rect',
          fields: [
            { name: 'w', type: 'u32' },
            { name: 'h', type: 'u32' },
          ],
        },
        { name: 'Empty', fields: [] },
      ],
    }),
    struct('Holder', [
      ['items', 'vector<0xcafe::shapes::Item>'],
      ['owner', '0x1::object::Object<0xcafe::shapes::Shape>'],
    ]),
    struct('Item', [
      ['key', '0x1::string::String'],
      ['value', 'u64'],
      ['flag', 'bool'],
    ]),
    struct('Native', [], 0, { is_native: true }),
    struct('Loop', [['next', 'vector<0xcafe::shapes::Loop>']]),
    struct('Empty', []),
    struct('BadField', [['x', 'vector<u8']]),
  ]),
];

/** Lookup over FRAMEWORK (a fresh function per call, so each test gets its own layout cache). */
export function frameworkLookup(): AbiLookup {
  return (address, name) => FRAMEWORK.find((m) => m.address === address && m.name === name);
}
