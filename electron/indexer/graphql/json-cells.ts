/**
 * Stored cells as Hasura writes them in JSON: `bigint`, `Int` and `numeric` as JSON numbers (the exact decimal
 * digits, however long: a u128 amount is not rounded on the wire), Booleans from 0/1, `jsonb` as the JSON it
 * holds, text as strings. A cell that does not have its declared form is written as text, never as broken JSON.
 */
import type { IndexerScalar } from '../indexer-table.ts';
import { assertNever } from '../../../shared/assert-never.ts';

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** The JSON text of one stored cell of a column of `scalar`. */
export function cellJson(scalar: IndexerScalar, value: unknown): string {
  if (value === null || value === undefined) return 'null';
  switch (scalar) {
    case 'String':
    case 'timestamp':
      return JSON.stringify(typeof value === 'string' ? value : String(value));
    case 'bigint':
    case 'Int':
      if (typeof value === 'number' || typeof value === 'bigint') return value.toString();
      return numberText(String(value));
    case 'numeric':
      return numberText(typeof value === 'string' ? value : String(value));
    case 'Boolean':
      return value === 0 || value === 0n || value === false ? 'false' : 'true';
    case 'jsonb':
      return jsonText(value);
    default:
      return assertNever(scalar);
  }
}

function numberText(text: string): string {
  return DECIMAL.test(text) ? text : JSON.stringify(text);
}

function jsonText(value: unknown): string {
  if (typeof value !== 'string') return JSON.stringify(String(value));
  try {
    JSON.parse(value);
    return value;
  } catch {
    return JSON.stringify(value);
  }
}
