/**
 * A transaction's `changes` (docs/node-behaviour.md, write sets): one entry per state key (a resource group
 * expanded into one `write_resource` per member), `type` naming the kind. Table items carry `data: null` unless the
 * node runs its table-info indexer.
 */
import * as v from 'valibot';
import { address, hex, jsonObject, jsonValue, moveObject } from './scalars.ts';
import { moveModule } from './modules.ts';

/** `{"type", "data"}` of a resource. */
export const moveResource = jsonObject({ type: v.string(), data: moveObject });

/** A resource written (one group member per entry for a group). */
export const writeResource = v.looseObject({
  address,
  state_key_hash: hex,
  data: moveResource,
  type: v.literal('write_resource'),
});

/** A resource (or a whole group, named by the group's tag) deleted. */
export const deleteResource = v.looseObject({
  address,
  state_key_hash: hex,
  resource: v.string(),
  type: v.literal('delete_resource'),
});

/** A module written. */
export const writeModule = v.looseObject({
  address,
  state_key_hash: hex,
  data: moveModule,
  type: v.literal('write_module'),
});

/** A module deleted (`module` is `0x1::name`). */
export const deleteModule = v.looseObject({
  address,
  state_key_hash: hex,
  module: v.string(),
  type: v.literal('delete_module'),
});

/** A table item written; `data` decoded only by a node with the table-info indexer. */
export const writeTableItem = v.looseObject({
  state_key_hash: hex,
  handle: hex,
  key: hex,
  value: hex,
  data: v.nullable(v.looseObject({ key: jsonValue, key_type: v.string(), value: jsonValue, value_type: v.string() })),
  type: v.literal('write_table_item'),
});

/** A table item deleted. */
export const deleteTableItem = v.looseObject({
  state_key_hash: hex,
  handle: hex,
  key: hex,
  data: v.nullable(v.looseObject({ key: jsonValue, key_type: v.string() })),
  type: v.literal('delete_table_item'),
});

/** One entry of `changes`, by kind. */
export const writeSetChange = v.variant('type', [
  writeResource,
  deleteResource,
  writeModule,
  deleteModule,
  writeTableItem,
  deleteTableItem,
]);

/** One entry of `changes`. */
export type WriteSetChange = v.InferOutput<typeof writeSetChange>;
/** A resource's `{"type", "data"}`. */
export type MoveResourceJson = v.InferOutput<typeof moveResource>;
