/**
 * Move type tags as data: the types, constructors, equality and canonical printing. Parsing and
 * BCS live in type-tag-parse.ts / type-tag-bcs.ts; import everything through type-tag.ts.
 */
import { normalizeAddress } from './address.ts';
import { assertNever } from './assert-never.ts';
import { TypeTagError } from './codec-error.ts';
import { quoteString } from './quote-input.ts';

/** The primitive Move types a type tag can name. */
export type PrimitiveTypeName = 'bool' | 'u8' | 'u16' | 'u32' | 'u64' | 'u128' | 'u256' | 'address' | 'signer';

/** Every primitive type name (for iteration in tests, generators and UI). */
export const PRIMITIVE_TYPE_NAMES: readonly PrimitiveTypeName[] = [
  'bool',
  'u8',
  'u16',
  'u32',
  'u64',
  'u128',
  'u256',
  'address',
  'signer',
];

const PRIMITIVES: ReadonlySet<string> = new Set(PRIMITIVE_TYPE_NAMES);

/** True when `name` is one of the primitive type names. */
export function isPrimitiveTypeName(name: string): name is PrimitiveTypeName {
  return PRIMITIVES.has(name);
}

/** A Move type: primitive, vector of a type, or struct (with its generic arguments). */
export type TypeTag =
  | { readonly kind: PrimitiveTypeName }
  | { readonly kind: 'vector'; readonly element: TypeTag }
  | { readonly kind: 'struct'; readonly struct: StructTag };

/** A type tag of a primitive kind. */
export type PrimitiveTypeTag = { readonly kind: PrimitiveTypeName };

/**
 * Whether `tag` is primitive. Switches over type tags handle the nine primitive kinds in one branch
 * with this guard, then switch (exhaustively, with `assertNever`) over what is left: vector and struct.
 */
export function isPrimitiveTag(tag: TypeTag): tag is PrimitiveTypeTag {
  return isPrimitiveTypeName(tag.kind);
}

/** A struct type `address::module::Name<typeArgs>`; `address` is always the short form (`0x1`). */
export interface StructTag {
  readonly address: string;
  readonly module: string;
  readonly name: string;
  readonly typeArgs: readonly TypeTag[];
}

const IDENTIFIER = /^(?:[A-Za-z][A-Za-z0-9_]*|_[A-Za-z0-9_]+)$/;

/** True for a valid Move identifier (`[A-Za-z][A-Za-z0-9_]*` or `_` followed by at least one of those). */
export function isIdentifier(text: string): boolean {
  return IDENTIFIER.test(text);
}

/**
 * Builds a StructTag, normalizing the address to its short form and checking the identifiers,
 * so that tags built in code compare and print like parsed ones.
 */
export function structTag(address: string, module: string, name: string, typeArgs: readonly TypeTag[] = []): StructTag {
  if (!isIdentifier(module)) throw new TypeTagError(`invalid module name ${quoteString(module)}`, 0);
  if (!isIdentifier(name)) throw new TypeTagError(`invalid struct name ${quoteString(name)}`, 0);
  return { address: normalizeAddress(address), module, name, typeArgs };
}

/** Structural equality of struct tags (addresses are compared in short form). */
export function structTagEquals(a: StructTag, b: StructTag): boolean {
  if (a === b) return true;
  if (a.address !== b.address || a.module !== b.module || a.name !== b.name) return false;
  if (a.typeArgs.length !== b.typeArgs.length) return false;
  for (let i = 0; i < a.typeArgs.length; i += 1) {
    const x = a.typeArgs[i];
    const y = b.typeArgs[i];
    if (x === undefined || y === undefined || !typeTagEquals(x, y)) return false;
  }
  return true;
}

/** Structural equality of type tags. */
export function typeTagEquals(a: TypeTag, b: TypeTag): boolean {
  if (a === b) return true;
  if (isPrimitiveTag(a)) return a.kind === b.kind;
  switch (a.kind) {
    case 'vector':
      return b.kind === 'vector' && typeTagEquals(a.element, b.element);
    case 'struct':
      return b.kind === 'struct' && structTagEquals(a.struct, b.struct);
    default:
      return assertNever(a);
  }
}

// Tags are immutable, so their printed form can be memoized per object: resource listings print
// the same tags over and over, and layouts are cached by this text.
const printed = new WeakMap<object, string>();

/** Canonical text of a struct tag: `0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>`, args joined by `", "`. */
export function formatStructTag(tag: StructTag): string {
  let text = printed.get(tag);
  if (text === undefined) {
    text = `${tag.address}::${tag.module}::${tag.name}`;
    if (tag.typeArgs.length > 0) text += `<${tag.typeArgs.map(formatTypeTag).join(', ')}>`;
    printed.set(tag, text);
  }
  return text;
}

/** Canonical text of a type tag (the node's printing: short addresses, `", "` between arguments). */
export function formatTypeTag(tag: TypeTag): string {
  if (isPrimitiveTag(tag)) return tag.kind;
  switch (tag.kind) {
    case 'vector': {
      let text = printed.get(tag);
      if (text === undefined) {
        text = `vector<${formatTypeTag(tag.element)}>`;
        printed.set(tag, text);
      }
      return text;
    }
    case 'struct':
      return formatStructTag(tag.struct);
    default:
      return assertNever(tag);
  }
}
