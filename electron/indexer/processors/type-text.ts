/**
 * Struct tag texts for the indexer pass (its processors and its state reads, electron/indexer/indexer-state.ts),
 * kept by the tag's parts: the same few types are printed for every row and read.
 */
import { formatTypeTag, type StructTag, type TypeTag } from '../../../shared/type-tag.ts';

/** Distinct texts kept before they are all forgotten (bounds memory on a chain of many types). */
const TEXTS_KEPT = 50_000;

/** `address::module::name` by address, module and name. */
const baseTexts = new Map<string, Map<string, Map<string, string>>>();
/** A generic type's text by its base text and its arguments' text. */
const genericTexts = new Map<string, Map<string, string>>();
let kept = 0;

/**
 * A struct tag's text (`formatStructTag`'s), without memoizing per tag object: the framework readers and the state
 * key and group decoders build a new tag per read (`CoinStore<C>` of each holder, each member of a group), and the
 * per-object memo's entries cost more than printing; a chain has few types, so the texts are kept by their parts.
 */
export function typeText(tag: StructTag): string {
  if (kept >= TEXTS_KEPT) {
    baseTexts.clear();
    genericTexts.clear();
    kept = 0;
  }
  let modules = baseTexts.get(tag.address);
  if (modules === undefined) baseTexts.set(tag.address, (modules = new Map()));
  let names = modules.get(tag.module);
  if (names === undefined) modules.set(tag.module, (names = new Map()));
  let base = names.get(tag.name);
  if (base === undefined) {
    names.set(tag.name, (base = `${tag.address}::${tag.module}::${tag.name}`));
    kept += 1;
  }
  if (tag.typeArgs.length === 0) return base;
  const args = tag.typeArgs.length === 1 ? argText(tag.typeArgs[0] as TypeTag) : tag.typeArgs.map(argText).join(', ');
  let withArgs = genericTexts.get(base);
  if (withArgs === undefined) genericTexts.set(base, (withArgs = new Map()));
  let text = withArgs.get(args);
  if (text === undefined) {
    withArgs.set(args, (text = `${base}<${args}>`));
    kept += 1;
  }
  return text;
}

function argText(arg: TypeTag): string {
  return arg.kind === 'struct' ? typeText(arg.struct) : formatTypeTag(arg);
}
