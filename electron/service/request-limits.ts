/**
 * The per-request decode budget: how much structure one request body may ask the service to build, checked before the
 * work (docs/security.md, "Hostile input"). A body is at most 8 MiB (request-body.ts); without these bounds an 8 MiB
 * body of `[0,0,…]` or `{},{},…` became millions of JS values (550–620 MB), and one BCS view body of 8.4 M empty
 * arguments 8.4 M byte arrays (1.8 GB, 19 s) before anything checked their count.
 *
 * - JSON bodies (views, table items, captures) are scanned before `JSON.parse` (shared/json-shape.ts): at most
 *   {@link MAX_BODY_VALUES} values and {@link MAX_BODY_NESTING} levels, or 400 `web_framework_error`.
 * - BCS view bodies read their counts first and compare them with the function's signature; what is still read
 *   (an unknown function's type arguments and arguments) spends from the same {@link MAX_BODY_VALUES}.
 */
import { describeJsonExcess, jsonShapeExcess } from '../../shared/json-shape.ts';
import { unparsable } from './http-errors.ts';

/** Values (scalars, arrays, objects, vector elements) one request body may hold. */
export const MAX_BODY_VALUES = 100_000;

/**
 * Nesting levels of a JSON request body: Move's value depth limit (128, as `MAX_LAYOUT_DEPTH` in
 * shared/move/layout.ts) plus the body object and its `arguments` array.
 */
export const MAX_BODY_NESTING = 130;

/**
 * Throws 400 `web_framework_error` when the JSON `text` of a request body nests deeper than {@link MAX_BODY_NESTING}
 * or holds more than {@link MAX_BODY_VALUES} values.
 */
export function checkJsonBodyShape(text: string): void {
  const excess = jsonShapeExcess(text, { maxDepth: MAX_BODY_NESTING, maxValues: MAX_BODY_VALUES });
  if (excess !== undefined) throw unparsable(`parse request payload error: the body ${describeJsonExcess(excess)}`);
}
