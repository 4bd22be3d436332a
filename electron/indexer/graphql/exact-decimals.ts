/**
 * Exact decimal arithmetic for the aggregates SQLite cannot do exactly (its integers stop at 2^63, its `sum` of text
 * goes through doubles): sums, averages and comparisons of `numeric` amounts (decimal text, u128 and beyond) and of
 * `bigint` columns, rendered as Postgres renders `numeric` (and so as Hasura sends it). An average follows
 * Postgres's division scale: at least 16 significant digits, never fewer fraction digits than the sum has
 * (its `select_div_scale`; rounded half away from zero).
 */

/** A decimal `mantissa / 10^scale`. */
export interface Decimal {
  readonly mantissa: bigint;
  readonly scale: number;
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** `value` (an SQLite integer, real or decimal text) as a decimal; undefined when it is none. */
export function toDecimal(value: unknown): Decimal | undefined {
  if (typeof value === 'bigint') return { mantissa: value, scale: 0 };
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    return Number.isInteger(value) ? { mantissa: BigInt(value), scale: 0 } : toDecimal(String(value));
  }
  if (typeof value !== 'string') return undefined;
  const match = DECIMAL.exec(value);
  if (!match) return undefined;
  const fraction = match[3] ?? '';
  const mantissa = BigInt(`${match[2] as string}${fraction}`);
  return { mantissa: match[1] === '-' ? -mantissa : mantissa, scale: fraction.length };
}

function rescale(value: Decimal, scale: number): bigint {
  return value.mantissa * 10n ** BigInt(scale - value.scale);
}

/** `a + b`, at the larger scale. */
export function addDecimals(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  return { mantissa: rescale(a, scale) + rescale(b, scale), scale };
}

/** Negative, zero or positive as `a` is below, equal to or above `b`. */
export function compareDecimals(a: Decimal, b: Decimal): number {
  const scale = Math.max(a.scale, b.scale);
  const difference = rescale(a, scale) - rescale(b, scale);
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}

/** The text of `value` with exactly its scale's fraction digits (as Postgres prints a numeric). */
export function decimalText(value: Decimal): string {
  const negative = value.mantissa < 0n;
  const digits = (negative ? -value.mantissa : value.mantissa).toString().padStart(value.scale + 1, '0');
  const whole = digits.slice(0, digits.length - value.scale);
  const text = value.scale === 0 ? whole : `${whole}.${digits.slice(digits.length - value.scale)}`;
  return negative ? `-${text}` : text;
}

/** Postgres's base-10000 weight and first digit of a decimal (its numeric's storage form). */
function weightAndFirst(value: Decimal): { readonly weight: number; readonly first: number } {
  if (value.mantissa === 0n) return { weight: 0, first: 0 };
  const digits = (value.mantissa < 0n ? -value.mantissa : value.mantissa).toString();
  const wholeLength = digits.length - value.scale;
  const whole = wholeLength > 0 ? digits.slice(0, wholeLength) : '';
  const fraction = wholeLength > 0 ? digits.slice(wholeLength) : '0'.repeat(-wholeLength) + digits;
  const paddedWhole = whole.padStart(Math.ceil(whole.length / 4) * 4, '0');
  const groups = paddedWhole + fraction.padEnd(Math.ceil(fraction.length / 4) * 4, '0');
  const wholeGroups = paddedWhole.length / 4;
  for (let i = 0; i < groups.length / 4; i += 1) {
    const group = Number(groups.slice(i * 4, i * 4 + 4));
    if (group !== 0) return { weight: wholeGroups - 1 - i, first: group };
  }
  return { weight: 0, first: 0 };
}

/** `sum / count` at Postgres's division scale, rounded half away from zero. */
export function averageOf(sum: Decimal, count: bigint): Decimal {
  const dividend = weightAndFirst(sum);
  const divisor = weightAndFirst({ mantissa: count, scale: 0 });
  let quotientWeight = dividend.weight - divisor.weight;
  if (dividend.first <= divisor.first) quotientWeight -= 1;
  const scale = Math.min(1000, Math.max(16 - quotientWeight * 4, sum.scale, 0));
  const numerator = rescale(sum, scale) * 2n;
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  // round(|n| / count) = floor((2|n| / count + 1) / 2): half away from zero.
  const rounded = (magnitude / count + 1n) / 2n;
  return { mantissa: negative ? -rounded : rounded, scale };
}
