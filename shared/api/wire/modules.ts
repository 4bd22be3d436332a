/** Modules as the node renders them (docs/node-behaviour.md, ABIs): `{"bytecode", "abi"}`. */
import * as v from 'valibot';
import { address, hex } from './scalars.ts';

/** A function of a module's ABI (`exposed_functions`, a script's `main`). */
export const moveFunction = v.looseObject({
  name: v.string(),
  visibility: v.optional(v.string()),
  is_entry: v.optional(v.boolean()),
  is_view: v.optional(v.boolean()),
  generic_type_params: v.optional(v.array(v.unknown())),
  params: v.array(v.string()),
  return: v.array(v.string()),
});

/** A module's ABI (the fields the UI reads; real nodes send more). */
export const moduleAbi = v.looseObject({
  address,
  name: v.string(),
  friends: v.array(v.string()),
  exposed_functions: v.array(moveFunction),
  structs: v.array(
    v.looseObject({
      name: v.string(),
      is_native: v.optional(v.boolean()),
      abilities: v.array(v.string()),
      generic_type_params: v.optional(v.array(v.unknown())),
      fields: v.array(v.looseObject({ name: v.string(), type: v.string() })),
    }),
  ),
});

/** A module: `{"bytecode", "abi"}`. */
export const moveModule = v.looseObject({ bytecode: hex, abi: v.optional(moduleAbi) });
