/**
 * An asset's holders as of the view's version, largest first, a page at a time (`current_fungible_asset_balances`):
 * owner (a link to the account), amount with the asset's decimals, the store and whether it is the owner's primary
 * store, and the version that last changed it (a link to the transaction).
 */
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { assetHoldersQuery, HOLDERS_PAGE_SIZE } from '../../api/queries/asset-page-queries.ts';
import { useLedgerVersion } from '../../app/use-ledger-version.ts';
import { AddressLink } from '../../components/address-link.tsx';
import { ErrorView, LoadingView } from '../../components/status-views.tsx';
import { VersionLink } from '../../components/version-link.tsx';
import { formatBaseUnits, formatUnits } from '../../lib/format-amount.ts';

/** Props of {@link AssetHolders}. */
export interface AssetHoldersProps {
  readonly asset: string;
  readonly decimals: number | undefined;
  readonly symbol: string;
}

/** The holders table with its paging buttons. */
export function AssetHolders({ asset, decimals, symbol }: AssetHoldersProps): ReactNode {
  const { effective } = useLedgerVersion();
  const [page, setPage] = useState(0);
  const holders = useQuery(assetHoldersQuery(asset, page, effective));
  const amount = (value: string | number): string =>
    decimals === undefined ? formatBaseUnits(String(value)) : `${formatUnits(String(value), decimals)} ${symbol}`;
  return (
    <section className="asset-section" aria-labelledby="asset-holders-title">
      <h2 id="asset-holders-title">Holders</h2>
      {holders.isError ? (
        <ErrorView error={holders.error} onRetry={() => void holders.refetch()} />
      ) : holders.data === undefined ? (
        <LoadingView label="Loading holders…" />
      ) : (
        <>
          <div className="panel-toolbar">
            <span className="panel-count" role="status">
              {holders.data.rows.length === 0
                ? 'No holder'
                : `Holders ${page * HOLDERS_PAGE_SIZE + 1}–${page * HOLDERS_PAGE_SIZE + holders.data.rows.length}`}
              , largest first, as of version {effective}
            </span>
            <button type="button" disabled={page === 0} onClick={() => setPage(page - 1)}>
              Larger holders
            </button>
            <button type="button" disabled={!holders.data.more} onClick={() => setPage(page + 1)}>
              Smaller holders
            </button>
          </div>
          <table className="asset-table" aria-label="Holders">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Owner</th>
                <th scope="col">Amount</th>
                <th scope="col">Store</th>
                <th scope="col">Last changed</th>
              </tr>
            </thead>
            <tbody>
              {holders.data.rows.map((row, index) => (
                <tr key={row.storage_id} data-owner={row.owner_address} data-amount={String(row.amount)}>
                  <td className="mono">{page * HOLDERS_PAGE_SIZE + index + 1}</td>
                  <td>
                    <AddressLink address={row.owner_address} noCopy />
                  </td>
                  <td className="mono asset-amount" title={`${formatBaseUnits(String(row.amount))} base units`}>
                    {amount(row.amount)}
                  </td>
                  <td>
                    {row.asset_type.includes('::')
                      ? 'coin store'
                      : row.is_primary
                        ? 'primary store'
                        : 'secondary store'}
                  </td>
                  <td>
                    <VersionLink version={String(row.last_transaction_version)} noPin />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
