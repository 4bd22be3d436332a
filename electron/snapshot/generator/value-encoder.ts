/**
 * Encodes generator values to BCS through the same ABIs the snapshot publishes: a value is written
 * as "JSON in" (docs/node-behaviour.md §3) and laid out by its type's ABI, so stored bytes and served
 * ABIs cannot disagree (snapshot verify decodes every value back with them).
 */
import type { AbiLookup, MoveModuleAbi } from '../../../shared/move/abi.ts';
import { resolveLayout, type MoveLayout } from '../../../shared/move/layout.ts';
import { encodeMoveValue } from '../../../shared/move/encode.ts';
import { parseTypeTag } from '../../../shared/type-tag.ts';

/** Encodes JSON values of a named type to BCS, caching each type's layout. */
export class ValueEncoder {
  readonly #lookup: AbiLookup;
  readonly #layouts = new Map<string, MoveLayout>();

  /** Uses `modules` (every module whose structs may appear in a value) to resolve layouts. */
  constructor(modules: readonly MoveModuleAbi[]) {
    const byName = new Map(modules.map((abi) => [`${abi.address}::${abi.name}`, abi]));
    this.#lookup = (address, module) => byName.get(`${address}::${module}`);
  }

  /** The layout of `typeText`, resolved once. */
  layout(typeText: string): MoveLayout {
    let layout = this.#layouts.get(typeText);
    if (!layout) {
      layout = resolveLayout(parseTypeTag(typeText), this.#lookup);
      this.#layouts.set(typeText, layout);
    }
    return layout;
  }

  /** BCS of `value` (JSON-in form) as a value of type `typeText`. */
  encode(typeText: string, value: unknown): Uint8Array {
    return encodeMoveValue(value, this.layout(typeText));
  }
}
