/**
 * Generic type parameters in ABI text (`0x1::object::Object<T0>`, `&vector<T1>`) replaced by the type arguments
 * a call was given, so a parameter reads as the type its argument really had
 * (`0x1::object::Object<0x1::fungible_asset::Metadata>`). Text in, text out: the ABI's spelling (references,
 * `signer`) is kept; a parameter without a known argument stays `Tn`.
 */

/** `T` + digits standing alone: not part of an identifier, and not a struct named `T0` after `::`. */
const TYPE_PARAMETER = /(?<![\w:])T(\d+)(?!\w)/g;

/** `text` with every `Tn` replaced by `typeArguments[n]` where that is given. */
export function substituteTypeParams(text: string, typeArguments: readonly string[]): string {
  if (typeArguments.length === 0) return text;
  return text.replace(TYPE_PARAMETER, (whole, index: string) => typeArguments[Number(index)] ?? whole);
}
