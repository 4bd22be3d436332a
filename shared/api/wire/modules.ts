/** Modules as the node renders them (docs/node-behaviour.md, ABIs): `{"bytecode", "abi"}`. */
import * as v from 'valibot';
import { address, hex, list } from './scalars.ts';

/** A function of a module's ABI (`exposed_functions`, a script's `main`). */
export const moveFunction = v.looseObject({
  name: v.string(),
  visibility: v.optional(v.string()),
  is_entry: v.optional(v.boolean()),
  is_view: v.optional(v.boolean()),
  generic_type_params: v.optional(list(v.unknown())),
  params: list(v.string()),
  return: list(v.string()),
});

/** A module's ABI (the fields the UI reads; real nodes send more). */
export const moduleAbi = v.looseObject({
  address,
  name: v.string(),
  friends: list(v.string()),
  exposed_functions: list(moveFunction),
  structs: list(
    v.looseObject({
      name: v.string(),
      is_native: v.optional(v.boolean()),
      abilities: list(v.string()),
      generic_type_params: v.optional(list(v.unknown())),
      fields: list(v.looseObject({ name: v.string(), type: v.string() })),
    }),
  ),
});

/** A module: `{"bytecode", "abi"}`. */
export const moveModule = v.looseObject({ bytecode: hex, abi: v.optional(moduleAbi) });
