/** valibot schemas of the explorer extras' JSON (`/explorer/v1`, docs/api.md). */
import * as v from 'valibot';
import { SOURCE_INFO_SCHEMA } from '../source-info.ts';
import { address, hex, jsonValue, u64 } from '../wire-schemas.ts';

/** A table's metadata. */
export const tableInfo = v.looseObject({
  handle: address,
  key_type: v.string(),
  value_type: v.string(),
  owner: v.nullable(v.looseObject({ address, resource: v.nullable(v.string()), field: v.nullable(v.string()) })),
});

/** A block with its gas facts. */
export const block = v.looseObject({
  height: u64,
  epoch: u64,
  first_version: u64,
  last_version: u64,
  timestamp_usec: u64,
  user_transactions: v.number(),
  min_gas_unit_price: v.nullable(u64),
  max_transactions_to_one_module: v.number(),
  block_limit_reached: v.boolean(),
  dominated_by_one_contract: v.boolean(),
  full: v.boolean(),
  inclusion_price: u64,
});

/** One search result, by kind. */
export const searchResult = v.variant('kind', [
  v.looseObject({ kind: v.literal('version'), version: u64, block_height: v.nullable(u64) }),
  v.looseObject({
    kind: v.literal('block'),
    height: u64,
    first_version: u64,
    last_version: u64,
    timestamp_usec: u64,
  }),
  v.looseObject({ kind: v.literal('transaction'), hash: v.pipe(hex, v.length(66)), version: u64 }),
  v.looseObject({ kind: v.literal('account'), address }),
  v.looseObject({ kind: v.literal('object'), address, owner: address }),
  v.looseObject({
    kind: v.literal('fungible_asset'),
    address,
    name: v.string(),
    symbol: v.string(),
    decimals: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(255)),
  }),
  v.looseObject({ kind: v.literal('table'), ...tableInfo.entries }),
  v.looseObject({ kind: v.literal('module'), address, name: v.string(), exists: v.boolean() }),
  v.looseObject({
    kind: v.literal('struct_tag'),
    type: v.string(),
    module_exists: v.boolean(),
    struct_exists: v.boolean(),
  }),
]);

/** The facts of one version: the block holding it. */
export const versionInfo = v.looseObject({
  version: u64,
  block_height: u64,
  block_timestamp_usec: u64,
  epoch: u64,
  block_first_version: u64,
  block_last_version: u64,
});

/** One of the busiest event streams. */
export const eventStream = v.looseObject({
  address,
  creation_number: u64,
  type: v.string(),
  count: v.number(),
  latest_sequence_number: u64,
  latest_version: u64,
});

/** The data source behind `/v1` (shared/api/source-info.ts). */
export const sourceInfo = SOURCE_INFO_SCHEMA;

/** A fungible store an account owns (`GET /explorer/v1/accounts/{a}/assets`). */
export const ownedFungibleStore = v.looseObject({
  metadata: address,
  balance: u64,
  frozen: v.boolean(),
  primary: v.boolean(),
});

/** An object an account owns: its resources (group members) and, when it is a fungible store, the store. */
export const ownedObject = v.looseObject({
  address,
  allow_ungated_transfer: v.boolean(),
  resources: v.array(v.string()),
  fungible_store: v.nullable(ownedFungibleStore),
});

/**
 * One entry of a transaction's write set as the changes page reads it (`GET /explorer/v1/transactions/by_version/
 * {version}/changes`): what the node's `changes` entry says, plus what the node's JSON leaves to the reader — the
 * resource group the state key is, whether the key (a group member: the member) existed at V − 1, and the values
 * before and after, decoded (a resource's `{"type", "data"}` as the resource endpoint renders it, a table item's
 * value by its table's type) and as BCS hex. A group's members share its `index` and `state_key_hash`.
 */
export const changeFacts = v.looseObject({
  /** The state key's position in the write set (state-key order). */
  index: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** The node's change type (`write_resource`, `delete_resource`, `write_module`, …, `delete_table_item`). */
  type: v.picklist([
    'write_resource',
    'delete_resource',
    'write_module',
    'delete_module',
    'write_table_item',
    'delete_table_item',
  ]),
  state_key_hash: v.pipe(hex, v.length(66)),
  address: v.nullable(address),
  /** A resource's or member's struct tag; a deleted group's tag. */
  resource: v.nullable(v.string()),
  /** `address::name` of a module. */
  module: v.nullable(v.string()),
  handle: v.nullable(address),
  key: v.nullable(hex),
  /** The resource group's tag when the state key is a resource group's (a member's or a deleted group's). */
  group: v.nullable(v.string()),
  /** Whether the key (a member: the member in its group) had a value at V − 1; null when unknown (V − 1 pruned). */
  existed_before: v.nullable(v.boolean()),
  /**
   * The value at V − 1, decoded: a resource `{"type", "data"}`, a table item's value (null without table info), a
   * deleted group's members as a list of resources; null when absent, unknown, or a module.
   */
  before: jsonValue,
  /** The value written, decoded as `before` is; null for a deletion or a module. */
  after: jsonValue,
  /** BCS of the value at V − 1 (a resource's or member's bytes, a table item's value); null when none. */
  before_bcs: v.nullable(hex),
  /** BCS of the value written; null for a deletion or a module. */
  after_bcs: v.nullable(hex),
});

/** Whether the state before a transaction can be read: V − 1 retained, V is genesis, or V − 1 is pruned. */
export const beforeState = v.picklist(['readable', 'genesis', 'pruned']);
