/**
 * The balance over versions as a table of links: the keyboard and screen-reader way to the chart's points
 * (balance-chart.tsx), one row per changing transaction, oldest first, in the chosen asset's units.
 */
import type { ReactNode } from 'react';
import { VersionLink } from '../../components/version-link.tsx';
import { formatBaseUnits, formatUnits } from '../../lib/format-amount.ts';
import type { BalancePoint } from './balance-points.ts';

/** Props of {@link BalanceTable}. */
export interface BalanceTableProps {
  readonly points: readonly BalancePoint[];
  readonly symbol: string;
  /** Undefined: the asset's metadata is unknown and amounts are base units. */
  readonly decimals: number | undefined;
  readonly version: string;
}

/** An amount in the asset's units (base units when its decimals are unknown). */
function units(amount: bigint, decimals: number | undefined): string {
  return decimals === undefined ? formatBaseUnits(amount) : formatUnits(amount, decimals);
}

/** The points' table. */
export function BalanceTable({ points, symbol, decimals, version }: BalanceTableProps): ReactNode {
  return (
    <table className="asset-points" aria-label={`${symbol} balance over versions`}>
      <caption>
        The {symbol} balance after each of the {points.length} newest changes up to version {version}, oldest first
      </caption>
      <thead>
        <tr>
          <th scope="col">Version</th>
          <th scope="col">Change</th>
          <th scope="col">Balance after</th>
        </tr>
      </thead>
      <tbody>
        {points.map((point) => (
          <tr key={point.version} data-version={point.version} data-balance={point.balance.toString()}>
            <td>
              <VersionLink version={point.version} noPin />
            </td>
            <td className="mono">
              {point.change > 0n ? '+' : '−'}
              {units(point.change < 0n ? -point.change : point.change, decimals)}
            </td>
            <td className="mono">
              {units(point.balance, decimals)} {symbol}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
