/**
 * The node's module ABI JSON (GET /v1/accounts/{a}/module/{name}, field `abi`), only as data
 * types: layouts are built from `structs`, the rest is carried for display. Enums (Move 2) come
 * as structs with `is_enum: true`, empty `fields` and their `variants`; older nodes omit both
 * keys, hence optional. `0x1::option::Option` is served as a plain struct (`vec` field). Type aliases, not
 * interfaces, so an ABI fits the wire schemas' loose objects (shared/api/wire/modules.ts), which admit more keys.
 */

/** A struct field: name and type text (generic parameters written `T0`, `T1`, ...). */
export type MoveFieldAbi = {
  readonly name: string;
  readonly type: string;
};

/** One variant of an enum: name and fields in declaration order (positional fields are `_0`, `_1`...). */
export type MoveVariantAbi = {
  readonly name: string;
  readonly fields: readonly MoveFieldAbi[];
};

/** A struct or enum declared by a module. Field order is declaration order, which BCS follows. */
export type MoveStructAbi = {
  readonly name: string;
  readonly is_native: boolean;
  readonly is_event?: boolean;
  readonly is_enum?: boolean;
  readonly abilities: readonly string[];
  readonly generic_type_params: readonly { readonly constraints: readonly string[] }[];
  readonly fields: readonly MoveFieldAbi[];
  readonly variants?: readonly MoveVariantAbi[];
};

/** An exposed (public, friend or entry) function; shape only, the codec does not use it. */
export type MoveFunctionAbi = {
  readonly name: string;
  readonly visibility: string;
  readonly is_entry: boolean;
  readonly is_view: boolean;
  readonly generic_type_params: readonly { readonly constraints: readonly string[] }[];
  readonly params: readonly string[];
  readonly return: readonly string[];
};

/** A module's ABI as the node serves it. */
export type MoveModuleAbi = {
  readonly address: string;
  readonly name: string;
  readonly friends: readonly string[];
  readonly exposed_functions: readonly MoveFunctionAbi[];
  readonly structs: readonly MoveStructAbi[];
};

/**
 * Finds a module's ABI by (short address, module name), e.g. from a snapshot at one version.
 * Must answer the same for the same arguments for as long as it is used: layouts are cached per
 * lookup function.
 */
export type AbiLookup = (address: string, module: string) => MoveModuleAbi | undefined;

/** The struct (or enum) called `name` in `module`, if declared there. */
export function findStructAbi(module: MoveModuleAbi, name: string): MoveStructAbi | undefined {
  return module.structs.find((s) => s.name === name);
}
