/**
 * Request values bound for SQLite, by Hasura scalar (storage per indexer-table.ts `SQLITE_AFFINITY`): versions
 * and counts as integers (exact beyond 2^53 as bigint), `numeric` amounts as canonical decimal text, Booleans as
 * 0/1. A value of the wrong form is a `validation-failed` error naming the column, as Hasura's would be.
 */
import { assertNever } from '../../../shared/assert-never.ts';
import type { IndexerScalar } from '../indexer-table.ts';
import { GraphqlFailure } from './graphql-errors.ts';
import type { SqlValue } from './sql-context.ts';
import { isDecimalText } from '../../../shared/ledger/u64.ts';

const INTEGER = /^-?\d+$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;

function refuse(column: string, scalar: IndexerScalar, value: unknown): GraphqlFailure {
  const shown = JSON.stringify(value)?.slice(0, 80) ?? String(value);
  return new GraphqlFailure(`expected a ${scalar} for ${column}, got ${shown}`, 'validation-failed');
}

/** The canonical decimal text of a non-negative or negative integer or decimal (no leading zeros). */
export function canonicalDecimal(text: string): string {
  const negative = text.startsWith('-');
  const digits = negative ? text.slice(1) : text;
  const [whole = '0', fraction] = digits.split('.');
  const trimmedWhole = whole.replace(/^0+(?=\d)/, '');
  const trimmedFraction = fraction?.replace(/0+$/, '');
  const body = trimmedFraction ? `${trimmedWhole}.${trimmedFraction}` : trimmedWhole;
  return negative && body !== '0' ? `-${body}` : body;
}

/** Whether canonical decimal text is a non-negative integer (compared by length, then text: sql-where.ts). */
export function isNaturalText(text: string): boolean {
  return isDecimalText(text);
}

/** `value` bound for a column of `scalar`. */
export function bindValue(column: string, scalar: IndexerScalar, value: unknown): SqlValue {
  switch (scalar) {
    case 'String':
    case 'timestamp':
      if (typeof value !== 'string') throw refuse(column, scalar, value);
      return value;
    case 'Boolean':
      if (typeof value !== 'boolean') throw refuse(column, scalar, value);
      return value ? 1 : 0;
    case 'Int':
      if (typeof value !== 'number' || !Number.isInteger(value)) throw refuse(column, scalar, value);
      return value;
    case 'bigint': {
      if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
      if (typeof value === 'string' && INTEGER.test(value) && value.length <= 20) {
        const big = BigInt(value);
        if (big >= -(2n ** 63n) && big < 2n ** 63n) return Number.isSafeInteger(Number(big)) ? Number(big) : big;
      }
      throw refuse(column, scalar, value);
    }
    case 'numeric': {
      const text = typeof value === 'number' && Number.isFinite(value) ? numberText(value) : value;
      if (typeof text !== 'string' || text.length > 100 || !DECIMAL.test(text)) throw refuse(column, scalar, value);
      return canonicalDecimal(text);
    }
    case 'jsonb':
      return JSON.stringify(value);
    default:
      return assertNever(scalar);
  }
}

function numberText(value: number): string {
  // Integers beyond 2^53 arrive already rounded by JSON; written without exponent so the text stays a decimal.
  return Number.isInteger(value) ? BigInt(value).toString() : String(value);
}
