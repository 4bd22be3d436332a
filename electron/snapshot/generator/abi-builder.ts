/**
 * A compact way to write module ABIs in the node's JSON shape (GET /v1/accounts/{a}/module/{m}).
 * The generator publishes these ABIs with its modules; the service decodes every value with them.
 */
import type { MoveFieldAbi, MoveFunctionAbi, MoveModuleAbi, MoveStructAbi } from '../../../shared/move/abi.ts';

/** A struct or enum as written in the generator's tables: name, abilities, generic count, fields. */
export interface StructSpec {
  readonly name: string;
  readonly abilities: readonly string[];
  readonly generics?: number;
  readonly isEvent?: boolean;
  /** Fields in declaration order as [name, type] (type text with generics as T0, T1, ...). */
  readonly fields?: readonly (readonly [string, string])[];
  /** For an enum: its variants in declaration order, each with its fields. */
  readonly variants?: readonly { readonly name: string; readonly fields: readonly (readonly [string, string])[] }[];
}

/** An exposed function: name, parameter types, and whether it is an entry or view function. */
export interface FunctionSpec {
  readonly name: string;
  readonly params: readonly string[];
  readonly returns?: readonly string[];
  readonly entry?: boolean;
  readonly view?: boolean;
  readonly generics?: number;
  /** Constraints of each generic type parameter (e.g. `[['key']]` for `<T: key>`); overrides `generics`. */
  readonly constraints?: readonly (readonly string[])[];
}

function fieldAbis(fields: readonly (readonly [string, string])[]): readonly MoveFieldAbi[] {
  return fields.map(([name, type]) => ({ name, type }));
}

function genericParams(count: number | undefined): MoveStructAbi['generic_type_params'] {
  return Array.from({ length: count ?? 0 }, () => ({ constraints: [] }));
}

/** Builds one struct's ABI entry. Enums carry `is_enum` and `variants`, as newer nodes serve them. */
function structAbi(spec: StructSpec): MoveStructAbi {
  const base = {
    name: spec.name,
    is_native: false,
    is_event: spec.isEvent ?? false,
    abilities: spec.abilities,
    generic_type_params: genericParams(spec.generics),
  };
  if (spec.variants) {
    return {
      ...base,
      is_enum: true,
      fields: [],
      variants: spec.variants.map((variant) => ({ name: variant.name, fields: fieldAbis(variant.fields) })),
    };
  }
  return { ...base, is_enum: false, fields: fieldAbis(spec.fields ?? []) };
}

/** Builds one exposed function's ABI entry (visibility public). */
export function functionAbi(spec: FunctionSpec): MoveFunctionAbi {
  return {
    name: spec.name,
    visibility: 'public',
    is_entry: spec.entry ?? false,
    is_view: spec.view ?? false,
    generic_type_params: spec.constraints
      ? spec.constraints.map((constraints) => ({ constraints }))
      : genericParams(spec.generics),
    params: spec.params,
    return: spec.returns ?? [],
  };
}

/** Builds a module ABI from its address (short form), name, structs and exposed functions. */
export function moduleAbi(
  address: string,
  name: string,
  structs: readonly StructSpec[],
  functions: readonly FunctionSpec[] = [],
): MoveModuleAbi {
  return {
    address,
    name,
    friends: [],
    exposed_functions: functions.map(functionAbi),
    structs: structs.map(structAbi),
  };
}
