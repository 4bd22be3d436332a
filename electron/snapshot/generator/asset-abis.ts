/**
 * ABIs of digital assets (token objects at 0x4, real struct names and field order) and of the sample asset issuer
 * `0xa55e7…a55e7::assets`, which launches two fungible assets and a token collection, mints, sells tokens to users for
 * APT,
 * and lets owners gift tokens with both parties signing (a multi-agent transaction).
 */
import type { MoveModuleAbi } from '../../../shared/move/abi.ts';
import { moduleAbi } from './abi-builder.ts';

/**
 * The issuer of the sample fungible assets and digital assets: a full-length address, as user accounts have (clients
 * such as the official SDK accept the short form only for the special addresses 0x0..0xf).
 */
export const ISSUER_ADDRESS = '0xa55e7000000000000000000000000000000000000000000000000000000a55e7';
const STRING = '0x1::string::String';
const key = ['key'];
const dropStore = ['drop', 'store'];

/** 0x4::collection and 0x4::token (the parts the generator writes). */
export const TOKEN_ABIS: readonly MoveModuleAbi[] = [
  moduleAbi('0x4', 'collection', [
    {
      name: 'Collection',
      abilities: key,
      fields: [
        ['creator', 'address'],
        ['description', STRING],
        ['name', STRING],
        ['uri', STRING],
        ['mutation_events', '0x1::event::EventHandle<0x4::collection::MutationEvent>'],
      ],
    },
    { name: 'MutationEvent', abilities: dropStore, isEvent: true, fields: [['mutated_field_name', STRING]] },
    {
      name: 'ConcurrentSupply',
      abilities: key,
      fields: [
        ['current_supply', '0x1::aggregator_v2::Aggregator<u64>'],
        ['total_minted', '0x1::aggregator_v2::Aggregator<u64>'],
      ],
    },
    {
      name: 'MintEvent',
      abilities: dropStore,
      isEvent: true,
      fields: [
        ['index', 'u64'],
        ['token', 'address'],
      ],
    },
  ]),
  moduleAbi('0x4', 'token', [
    {
      name: 'Token',
      abilities: key,
      fields: [
        ['collection', '0x1::object::Object<0x4::collection::Collection>'],
        ['index', 'u64'],
        ['description', STRING],
        ['name', STRING],
        ['uri', STRING],
        ['mutation_events', '0x1::event::EventHandle<0x4::token::MutationEvent>'],
      ],
    },
    {
      name: 'MutationEvent',
      abilities: dropStore,
      isEvent: true,
      fields: [
        ['mutated_field_name', STRING],
        ['old_value', STRING],
        ['new_value', STRING],
      ],
    },
  ]),
];

/** `0xa55e7…a55e7::assets`: the issuer's entry functions. */
export const ISSUER_ABI: MoveModuleAbi = moduleAbi(
  ISSUER_ADDRESS,
  'assets',
  [],
  [
    { name: 'launch', params: ['&signer'], entry: true },
    {
      name: 'mint',
      params: ['&signer', '0x1::object::Object<0x1::fungible_asset::Metadata>', 'address', 'u64'],
      entry: true,
    },
    { name: 'mint_token', params: ['&signer', 'address', STRING], entry: true },
    { name: 'gift_token', params: ['&signer', '&signer', '0x1::object::Object<0x4::token::Token>'], entry: true },
  ],
);
