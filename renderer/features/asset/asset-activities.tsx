/**
 * An asset's newest activities at or below the view's version (`fungible_asset_activities`): the transaction, what
 * happened (deposit, withdrawal, gas fee), whose store, and the amount with the asset's decimals.
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { assetActivitiesQuery, type AssetActivityRow } from '../../api/queries/asset-page-queries.ts';
import { useLedgerVersion } from '../../app/use-ledger-version.ts';
import { AddressLink } from '../../components/address-link.tsx';
import { ErrorView, LoadingView } from '../../components/status-views.tsx';
import { VersionLink } from '../../components/version-link.tsx';
import { formatBaseUnits, formatUnits } from '../../lib/format-amount.ts';

/** Props of {@link AssetActivities}. */
export interface AssetActivitiesProps {
  readonly asset: string;
  readonly decimals: number | undefined;
  readonly symbol: string;
}

/** What an activity did, in words. */
function kindOf(row: AssetActivityRow): string {
  if (row.is_gas_fee) return 'gas fee';
  if (/deposit/i.test(row.type)) return 'deposit';
  if (/withdraw/i.test(row.type)) return 'withdrawal';
  return row.type.split('::').at(-1) ?? row.type;
}

/** The recent activities table. */
export function AssetActivities({ asset, decimals, symbol }: AssetActivitiesProps): ReactNode {
  const { effective } = useLedgerVersion();
  const activities = useQuery(assetActivitiesQuery(asset, effective));
  return (
    <section className="asset-section" aria-labelledby="asset-activities-title">
      <h2 id="asset-activities-title">Recent activities</h2>
      {activities.isError ? (
        <ErrorView error={activities.error} onRetry={() => void activities.refetch()} />
      ) : activities.data === undefined ? (
        <LoadingView label="Loading activities…" />
      ) : (
        <table className="asset-table" aria-label="Recent activities">
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Activity</th>
              <th scope="col">Store owner</th>
              <th scope="col">Amount</th>
            </tr>
          </thead>
          <tbody>
            {activities.data.map((row) => (
              <tr key={`${row.transaction_version}/${row.event_index}`} data-version={row.transaction_version}>
                <td>
                  <VersionLink version={String(row.transaction_version)} noPin />
                </td>
                <td title={row.type}>{kindOf(row)}</td>
                <td>{row.owner_address === null ? '—' : <AddressLink address={row.owner_address} noCopy />}</td>
                <td className="mono asset-amount">
                  {row.amount === null
                    ? '—'
                    : decimals === undefined
                      ? formatBaseUnits(String(row.amount))
                      : `${formatUnits(String(row.amount), decimals)} ${symbol}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
