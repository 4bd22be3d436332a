/**
 * The exact aggregate functions the engine's SQL calls (exact-decimals.ts), registered on the snapshot's connection
 * (a connection-local definition: the file is not written): `ix_sum`, `ix_avg`, `ix_max_num`, `ix_min_num`, each
 * returning decimal text (NULL over no rows, as Postgres's do). NULLs and values that are no decimal are skipped.
 */
import type Database from 'better-sqlite3';
import { addDecimals, averageOf, compareDecimals, decimalText, toDecimal, type Decimal } from './exact-decimals.ts';

interface Running {
  sum: Decimal | undefined;
  count: bigint;
  best: Decimal | undefined;
  bestText: string | undefined;
}

const start = (): Running => ({ sum: undefined, count: 0n, best: undefined, bestText: undefined });

function stepSum(total: Running, value: unknown): Running {
  const decimal = toDecimal(value);
  if (decimal === undefined) return total;
  total.sum = total.sum === undefined ? decimal : addDecimals(total.sum, decimal);
  total.count += 1n;
  return total;
}

function stepBest(sign: number): (total: Running, value: unknown) => Running {
  return (total, value) => {
    const decimal = toDecimal(value);
    if (decimal === undefined) return total;
    if (total.best === undefined || compareDecimals(decimal, total.best) * sign > 0) {
      total.best = decimal;
      total.bestText = typeof value === 'string' ? value : decimalText(decimal);
    }
    return total;
  };
}

/** The names the SQL uses. */
export const SQL_AGGREGATES = { sum: 'ix_sum', avg: 'ix_avg', maxNumeric: 'ix_max_num', minNumeric: 'ix_min_num' };

/** Defines the functions on `db` (idempotent: a second call redefines them alike). */
export function registerSqlAggregates(db: Database.Database): void {
  const common = { start, safeIntegers: true, deterministic: true } as const;
  db.aggregate(SQL_AGGREGATES.sum, {
    ...common,
    step: stepSum,
    result: (total: Running) => (total.sum === undefined ? null : decimalText(total.sum)),
  });
  db.aggregate(SQL_AGGREGATES.avg, {
    ...common,
    step: stepSum,
    result: (total: Running) => (total.sum === undefined ? null : decimalText(averageOf(total.sum, total.count))),
  });
  const best = (total: Running): string | null => total.bestText ?? null;
  db.aggregate(SQL_AGGREGATES.maxNumeric, { ...common, step: stepBest(1), result: best });
  db.aggregate(SQL_AGGREGATES.minNumeric, { ...common, step: stepBest(-1), result: best });
}
