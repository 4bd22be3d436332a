/**
 * The per-request decode budget: how much structure one request body may ask the service to build, checked before the
 * work (docs/security.md, "Hostile input"). A body is at most 8 MiB (request-body.ts); without these bounds an 8 MiB
 * body of `[0,0,…]` or `{},{},…` became millions of JS values (600 MB), and one BCS view body of 8.4 M empty
 * arguments 8.4 M byte arrays (1.8 GB, 17 s) before anything checked their count.
 *
 * - JSON bodies (views, table items, captures) are scanned byte by byte before `JSON.parse`: at most
 *   {@link MAX_BODY_VALUES} values and {@link MAX_BODY_NESTING} levels, or 400 `web_framework_error`.
 * - BCS view bodies read their counts first and compare them with the function's signature; what is still read
 *   (an unknown function's type arguments and arguments) spends from the same {@link MAX_BODY_VALUES}.
 */
import { unparsable } from './http-errors.ts';

/** Values (scalars, arrays, objects, vector elements) one request body may hold. */
export const MAX_BODY_VALUES = 100_000;

/**
 * Nesting levels of a JSON request body: Move's value depth limit (128, as `MAX_LAYOUT_DEPTH` in
 * shared/move/layout.ts) plus the body object and its `arguments` array.
 */
export const MAX_BODY_NESTING = 130;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;
const COMMA = 0x2c;

/**
 * Throws 400 `web_framework_error` when the JSON text in `bytes` nests deeper than {@link MAX_BODY_NESTING} or holds
 * more than {@link MAX_BODY_VALUES} values; stops at the first byte past either bound. Counts outside strings only;
 * whether the text is JSON at all is `JSON.parse`'s to say afterwards (a count over malformed text is still a bound).
 */
export function checkJsonBodyShape(bytes: Uint8Array): void {
  let depth = 0;
  let values = 1;
  let inString = false;
  for (let i = 0; i < bytes.length; i += 1) {
    const b = bytes[i];
    if (inString) {
      if (b === BACKSLASH) i += 1;
      else if (b === QUOTE) inString = false;
      continue;
    }
    if (b === QUOTE) inString = true;
    else if (b === OPEN_ARRAY || b === OPEN_OBJECT) {
      depth += 1;
      // The first element of a container is one more value; the following ones are counted at their commas.
      values += 1;
      if (depth > MAX_BODY_NESTING) {
        throw unparsable(
          `parse request payload error: the body nests deeper than ${MAX_BODY_NESTING} levels (at byte ${i})`,
        );
      }
    } else if (b === CLOSE_ARRAY || b === CLOSE_OBJECT) depth -= 1;
    else if (b === COMMA) values += 1;
    if (values > MAX_BODY_VALUES) {
      throw unparsable(`parse request payload error: the body holds more than ${MAX_BODY_VALUES} values`);
    }
  }
}
