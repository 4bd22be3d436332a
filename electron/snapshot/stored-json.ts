/**
 * Parsing the JSON a snapshot stores (a transaction's `payload`, `signature` and `kind_fields` in
 * `transaction_details`), bounded in nesting before it is parsed. The service renders this JSON into its replies,
 * and rendering walks it recursively (`JSON.stringify` overflows the stack at about 10,000 levels; the UI's trees
 * far sooner); a crafted file with a 5,000-deep payload made every read of that transaction, and of its block, a 500
 * "Maximum call stack size exceeded". Now such a value is a {@link StoredJsonError} naming the version and the column,
 * which the service answers 500 with that message, and `snapshot verify` reports (verify-stored-json.ts).
 */
import { CodecError } from '../../shared/codec-error.ts';
import { describeJsonExcess, jsonShapeExcess } from '../../shared/json-shape.ts';
import { quoteInput } from '../../shared/quote-input.ts';

/**
 * Nesting levels of a stored JSON value: Move's value depth limit (128, `MAX_LAYOUT_DEPTH` in shared/move/layout.ts)
 * with room for the payload's and signature's own levels around the values they hold.
 */
export const MAX_STORED_JSON_NESTING = 160;

/** Stored JSON that does not parse or nests too deep (the service answers it 500, like undecodable data). */
export class StoredJsonError extends CodecError {}

/** Why `text` cannot be served: too deep, or not JSON; undefined when it parses within the bound. */
export function storedJsonProblem(text: string): string | undefined {
  const excess = jsonShapeExcess(text, { maxDepth: MAX_STORED_JSON_NESTING, maxValues: Number.POSITIVE_INFINITY });
  if (excess !== undefined) return describeJsonExcess(excess);
  try {
    JSON.parse(text);
  } catch (error) {
    return `is not JSON (${quoteInput((error as Error).message)})`;
  }
  return undefined;
}

/**
 * The stored JSON `text` of `column` at transaction `version`, parsed; a value nested deeper than
 * {@link MAX_STORED_JSON_NESTING} or not JSON throws a {@link StoredJsonError} saying which.
 */
export function parseStoredJson(text: string, column: string, version: number | bigint): unknown {
  const excess = jsonShapeExcess(text, { maxDepth: MAX_STORED_JSON_NESTING, maxValues: Number.POSITIVE_INFINITY });
  if (excess !== undefined) throw storedJsonError(column, version, describeJsonExcess(excess));
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw storedJsonError(column, version, `is not JSON (${quoteInput((error as Error).message)})`);
  }
}

function storedJsonError(column: string, version: number | bigint, problem: string): StoredJsonError {
  return new StoredJsonError(
    `transaction ${version}: its stored ${column} JSON ${problem}; the snapshot is damaged or crafted ` +
      '(run "ledger-explorer snapshot verify")',
  );
}
