/**
 * Token amounts as people read them: integer base units (octas for APT) shown with the asset's
 * decimals, exactly (bigint arithmetic, never a float), with thousands separators in the whole part.
 */

/** APT's decimals: 1 APT = 10^8 octas. */
export const APT_DECIMALS = 8;

/** The fixed-point text of `units` at `decimals` (`formatUnits(123456789n, 8)` is `1.23456789`), no trailing zeros. */
export function formatUnits(units: bigint | string, decimals: number): string {
  const value = typeof units === 'bigint' ? units : BigInt(units);
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  const scale = 10n ** BigInt(decimals);
  const whole = (magnitude / scale).toLocaleString('en-US');
  const fraction = decimals === 0 ? '' : (magnitude % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction === '' ? '' : `.${fraction}`}`;
}

/** An amount with its symbol: `1.5 APT`. */
export function formatAmount(units: bigint | string, decimals: number, symbol: string): string {
  return `${formatUnits(units, decimals)} ${symbol}`;
}

/** Base units with separators: `123,456,789`. */
export function formatBaseUnits(units: bigint | string): string {
  return (typeof units === 'bigint' ? units : BigInt(units)).toLocaleString('en-US');
}
