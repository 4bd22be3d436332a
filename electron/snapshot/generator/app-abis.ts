/**
 * The sample application published at 0xcafe: a registry whose `Registry` resource holds one table
 * per key type the explorer must handle (u64, address, String, vector<u8>, a struct), with values
 * that use nested structs, vectors, Option, Object and an enum.
 */
import type { MoveModuleAbi } from '../../../shared/move/abi.ts';
import { moduleAbi } from './abi-builder.ts';

/** Address of the sample application, short form. */
export const APP_ADDRESS = '0xcafe';
/** Module name of the sample application. */
export const APP_MODULE = 'registry';

const t = (name: string): string => `${APP_ADDRESS}::${APP_MODULE}::${name}`;

/** Type tags of the registry's five tables, as (field, key type, value type). */
export const REGISTRY_TABLES = [
  { field: 'by_id', keyType: 'u64', valueType: t('Record') },
  { field: 'by_owner', keyType: 'address', valueType: 'u64' },
  { field: 'by_name', keyType: '0x1::string::String', valueType: t('Record') },
  { field: 'by_hash', keyType: 'vector<u8>', valueType: 'vector<u64>' },
  { field: 'by_slot', keyType: t('SlotKey'), valueType: t('Status') },
] as const;

/** ABI of 0xcafe::registry. */
export const APP_ABI: MoveModuleAbi = moduleAbi(
  APP_ADDRESS,
  APP_MODULE,
  [
    {
      name: 'Registry',
      abilities: ['key'],
      fields: [
        ...REGISTRY_TABLES.map(
          ({ field, keyType, valueType }) => [field, `0x1::table::Table<${keyType}, ${valueType}>`] as const,
        ),
        ['record_count', 'u64'],
        ['admin', 'address'],
        ['record_events', '0x1::event::EventHandle<0xcafe::registry::RecordEvent>'],
      ],
    },
    {
      name: 'Record',
      abilities: ['copy', 'drop', 'store'],
      fields: [
        ['id', 'u64'],
        ['owner', 'address'],
        ['name', '0x1::string::String'],
        ['tags', 'vector<0x1::string::String>'],
        ['metadata', t('Metadata')],
        ['parent', '0x1::option::Option<u64>'],
        ['badge', `0x1::object::Object<${t('Badge')}>`],
        ['status', t('Status')],
        ['scores', 'vector<u128>'],
        ['created_at', 'u64'],
      ],
    },
    {
      name: 'Metadata',
      abilities: ['copy', 'drop', 'store'],
      fields: [
        ['kind', 'u8'],
        ['flags', 'vector<bool>'],
        ['note', '0x1::option::Option<0x1::string::String>'],
        ['limits', t('Limits')],
      ],
    },
    {
      name: 'Limits',
      abilities: ['copy', 'drop', 'store'],
      fields: [
        ['min', 'u32'],
        ['max', 'u256'],
        ['ratio', 'u16'],
      ],
    },
    { name: 'Badge', abilities: ['key'], fields: [['level', 'u8']] },
    {
      name: 'SlotKey',
      abilities: ['copy', 'drop', 'store'],
      fields: [
        ['owner', 'address'],
        ['slot', 'u64'],
      ],
    },
    {
      name: 'Status',
      abilities: ['copy', 'drop', 'store'],
      variants: [
        { name: 'Active', fields: [['since', 'u64']] },
        {
          name: 'Suspended',
          fields: [
            ['reason', '0x1::string::String'],
            ['until', '0x1::option::Option<u64>'],
          ],
        },
        { name: 'Closed', fields: [] },
      ],
    },
    {
      name: 'RecordEvent',
      abilities: ['drop', 'store'],
      isEvent: true,
      fields: [
        ['id', 'u64'],
        ['action', 'u8'],
        ['owner', 'address'],
      ],
    },
  ],
  [
    { name: 'create', params: ['&signer', '0x1::string::String', 'vector<0x1::string::String>'], entry: true },
    { name: 'update', params: ['&signer', 'u64', 'u8'], entry: true },
    { name: 'remove', params: ['&signer', 'u64'], entry: true },
    { name: 'record_count', params: [], returns: ['u64'], view: true },
  ],
);
