/** Modules as the node renders them (docs/node-behaviour.md, ABIs): `{"bytecode", "abi"}`. */
import * as v from 'valibot';
import { address, hex, list } from './scalars.ts';

/** A type parameter of a function or struct: its ability constraints. */
const genericParam = v.looseObject({ constraints: list(v.string()) });

/** A field of a struct or of an enum's variant. */
const field = v.looseObject({ name: v.string(), type: v.string() });

/** A function of a module's ABI (`exposed_functions`, a script's `main`). */
export const moveFunction = v.looseObject({
  name: v.string(),
  visibility: v.string(),
  is_entry: v.boolean(),
  is_view: v.boolean(),
  generic_type_params: list(genericParam),
  params: list(v.string()),
  return: list(v.string()),
});

/**
 * A module's ABI as a node renders it (every field the node writes; `is_event`, `is_enum` and `variants` only from
 * newer nodes): the capture decodes values with it (electron/snapshot/capture/module-set.ts), so it is the shape
 * shared/move/abi.ts `MoveModuleAbi` declares.
 */
export const moduleAbi = v.looseObject({
  address,
  name: v.string(),
  friends: list(v.string()),
  exposed_functions: list(moveFunction),
  structs: list(
    v.looseObject({
      name: v.string(),
      is_native: v.boolean(),
      is_event: v.exactOptional(v.boolean()),
      is_enum: v.exactOptional(v.boolean()),
      abilities: list(v.string()),
      generic_type_params: list(genericParam),
      fields: list(field),
      variants: v.exactOptional(list(v.looseObject({ name: v.string(), fields: list(field) }))),
    }),
  ),
});

/** A module: `{"bytecode", "abi"}`. */
export const moveModule = v.looseObject({ bytecode: hex, abi: v.optional(moduleAbi) });

/** A module as `/module/{name}` and `/modules` answer it. */
export type MoveModule = v.InferOutput<typeof moveModule>;
