/**
 * Move value layouts: what the decoder and encoder need to know about a type (field names and
 * types in declaration order). Built from type tags and module ABIs, with the framework types the
 * node renders specially (String, Option, Object) recognized by name, as the node does.
 */
import { assertNever } from '../assert-never.ts';
import { CodecError, LayoutError } from '../codec-error.ts';
import {
  formatStructTag,
  formatTypeTag,
  isPrimitiveTag,
  parseAbiType,
  type PrimitiveTypeName,
  type StructTag,
  type TypeTag,
} from '../type-tag.ts';
import { findStructAbi, type AbiLookup, type MoveFieldAbi } from './abi.ts';

/** How a Move value of some type is laid out in BCS and rendered in JSON. */
export type MoveLayout =
  | { readonly kind: PrimitiveTypeName }
  | { readonly kind: 'vector'; readonly element: MoveLayout }
  | { readonly kind: 'string' } // 0x1::string::String
  | { readonly kind: 'option'; readonly element: MoveLayout } // 0x1::option::Option<T>
  | { readonly kind: 'object'; readonly tag: StructTag } // 0x1::object::Object<T>
  | { readonly kind: 'struct'; readonly tag: StructTag; readonly fields: readonly MoveFieldLayout[] }
  | { readonly kind: 'enum'; readonly tag: StructTag; readonly variants: readonly MoveVariantLayout[] };

/** One field: name and layout. */
export interface MoveFieldLayout {
  readonly name: string;
  readonly layout: MoveLayout;
}

/** One enum variant: name and fields in declaration order (the BCS tag is its index). */
export interface MoveVariantLayout {
  readonly name: string;
  readonly fields: readonly MoveFieldLayout[];
}

/**
 * Deepest layout accepted. Move itself forbids recursive types; a bogus ABI that declares one
 * (or a runaway generic) ends here with a LayoutError instead of a stack overflow.
 */
export const MAX_LAYOUT_DEPTH = 128;

const PRIMITIVE_LAYOUTS: { readonly [K in PrimitiveTypeName]: MoveLayout } = {
  bool: { kind: 'bool' },
  u8: { kind: 'u8' },
  u16: { kind: 'u16' },
  u32: { kind: 'u32' },
  u64: { kind: 'u64' },
  u128: { kind: 'u128' },
  u256: { kind: 'u256' },
  address: { kind: 'address' },
  signer: { kind: 'signer' },
};
const STRING_LAYOUT: MoveLayout = { kind: 'string' };

// One cache per lookup function: a lookup stands for one set of modules (e.g. one ledger
// version), so the same tag text always resolves to the same layout through it. WeakMap lets a
// discarded lookup take its cache with it.
const caches = new WeakMap<AbiLookup, Map<string, MoveLayout>>();

/**
 * Layout of values of type `tag`, with module ABIs from `lookup`. Generic parameters (`T0`, ...)
 * in field types are substituted. Unknown module or struct, native structs, wrong generic arity,
 * malformed ABI entries and nesting beyond MAX_LAYOUT_DEPTH throw LayoutError. Results are cached
 * per (lookup, tag text).
 */
export function resolveLayout(tag: TypeTag, lookup: AbiLookup): MoveLayout {
  let cache = caches.get(lookup);
  if (cache === undefined) {
    cache = new Map();
    caches.set(lookup, cache);
  }
  return resolve(tag, lookup, cache, 0);
}

function resolve(tag: TypeTag, lookup: AbiLookup, cache: Map<string, MoveLayout>, depth: number): MoveLayout {
  if (depth > MAX_LAYOUT_DEPTH) {
    throw new LayoutError(
      `layout nested deeper than ${MAX_LAYOUT_DEPTH} levels at ${formatTypeTag(tag)} (recursive type?)`,
    );
  }
  if (isPrimitiveTag(tag)) return PRIMITIVE_LAYOUTS[tag.kind];
  switch (tag.kind) {
    case 'vector': {
      const key = formatTypeTag(tag);
      let layout = cache.get(key);
      if (layout === undefined) {
        layout = { kind: 'vector', element: resolve(tag.element, lookup, cache, depth + 1) };
        cache.set(key, layout);
      }
      return layout;
    }
    case 'struct': {
      const key = formatStructTag(tag.struct);
      let layout = cache.get(key);
      if (layout === undefined) {
        layout = resolveStruct(tag.struct, lookup, cache, depth);
        cache.set(key, layout);
      }
      return layout;
    }
    default:
      return assertNever(tag);
  }
}

function expectArity(tag: StructTag, expected: number): void {
  if (tag.typeArgs.length !== expected) {
    throw new LayoutError(
      `${formatStructTag(tag)}: expected ${expected} type ` +
        `argument${expected === 1 ? '' : 's'}, got ${tag.typeArgs.length}`,
    );
  }
}

function resolveStruct(tag: StructTag, lookup: AbiLookup, cache: Map<string, MoveLayout>, depth: number): MoveLayout {
  const text = formatStructTag(tag);
  if (tag.address === '0x1') {
    // Rendered specially by the node whatever their ABI says (String as text, Object as its address).
    if (tag.module === 'string' && tag.name === 'String') {
      expectArity(tag, 0);
      return STRING_LAYOUT;
    }
    if (tag.module === 'option' && tag.name === 'Option') {
      expectArity(tag, 1);
      return { kind: 'option', element: resolve(tag.typeArgs[0] ?? { kind: 'bool' }, lookup, cache, depth + 1) };
    }
    if (tag.module === 'object' && tag.name === 'Object') {
      expectArity(tag, 1);
      return { kind: 'object', tag };
    }
  }
  const module = lookup(tag.address, tag.module);
  if (module === undefined) throw new LayoutError(`${text}: module ${tag.address}::${tag.module} not found`);
  if (!Array.isArray(module.structs)) throw new LayoutError(`${text}: module ABI has no structs list`);
  const abi = findStructAbi(module, tag.name);
  if (abi === undefined)
    throw new LayoutError(`${text}: struct ${tag.name} not found in module ${tag.address}::${tag.module}`);
  if (abi.is_native) throw new LayoutError(`${text}: native struct has no field layout`);
  if (!Array.isArray(abi.generic_type_params)) throw new LayoutError(`${text}: ABI has no generic_type_params`);
  expectArity(tag, abi.generic_type_params.length);
  const fieldsOf = (fields: unknown, where: string): MoveFieldLayout[] => {
    if (!Array.isArray(fields)) throw new LayoutError(`${text}: ${where} is not a list of fields`);
    return fields.map((field: MoveFieldAbi) => resolveField(field, tag, lookup, cache, depth, where));
  };
  if (abi.is_enum === true) {
    if (!Array.isArray(abi.variants) || abi.variants.length === 0)
      throw new LayoutError(`${text}: enum ABI without variants`);
    const variants = abi.variants.map((v, i) => {
      if (typeof v.name !== 'string') throw new LayoutError(`${text}: variant ${i} has no name`);
      return { name: v.name, fields: fieldsOf(v.fields, `variant ${v.name}`) };
    });
    return { kind: 'enum', tag, variants };
  }
  const fields = fieldsOf(abi.fields, 'fields');
  // Compiled Move structs always have a field (the compiler adds `dummy_field`); an empty one
  // would decode from zero bytes, which would let a vector of them cost nothing to claim.
  if (fields.length === 0) throw new LayoutError(`${text}: struct ABI without fields`);
  return { kind: 'struct', tag, fields };
}

function resolveField(
  field: MoveFieldAbi,
  owner: StructTag,
  lookup: AbiLookup,
  cache: Map<string, MoveLayout>,
  depth: number,
  where: string,
): MoveFieldLayout {
  if (typeof field.name !== 'string' || typeof field.type !== 'string') {
    throw new LayoutError(`${formatStructTag(owner)}: ${where}: field without name or type`);
  }
  let fieldTag: TypeTag;
  try {
    fieldTag = parseAbiType(field.type, owner.typeArgs);
  } catch (error) {
    if (!(error instanceof CodecError)) throw error;
    throw new LayoutError(`${formatStructTag(owner)}: field ${field.name}: ${error.message}`);
  }
  return { name: field.name, layout: resolve(fieldTag, lookup, cache, depth + 1) };
}
