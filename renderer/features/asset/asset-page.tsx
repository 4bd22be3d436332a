/**
 * An asset's page (`/assets/{metadata address or coin type}`): name, symbol, decimals, icon and project URIs as text
 * (never loaded: a remote image or script never runs on this origin), creator, supply, then its holders as of the
 * view's version (asset-holders.tsx) and its recent activities (asset-activities.tsx), all from the indexer
 * (renderer/api/queries/asset-page-queries.ts). APT is one asset in two forms (its coin and its fungible asset).
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { isNoIndexer } from '../../api/graphql.ts';
import { assetMetadataQuery, type AssetMetadataRow } from '../../api/queries/asset-page-queries.ts';
import { useLedgerVersion } from '../../app/use-ledger-version.ts';
import { AddressLink } from '../../components/address-link.tsx';
import { EmptyView, ErrorView, LoadingView } from '../../components/status-views.tsx';
import { formatUnits } from '../../lib/format-amount.ts';
import { AssetActivities } from './asset-activities.tsx';
import { AssetHolders } from './asset-holders.tsx';
import './asset.css';

/** The supply as the asset's units, or why there is none. */
function supplyText(row: AssetMetadataRow): string {
  if (row.supply_v2 === null) return 'not tracked by the indexer (a coin keeps it in its CoinInfo)';
  const maximum =
    row.maximum_v2 === null ? 'no maximum' : `maximum ${formatUnits(String(row.maximum_v2), row.decimals)}`;
  return `${formatUnits(String(row.supply_v2), row.decimals)} ${row.symbol} (${maximum})`;
}

/** One metadata row's facts. */
function Facts({ row }: { readonly row: AssetMetadataRow }): ReactNode {
  return (
    <dl className="asset-facts" aria-label={`Asset ${row.asset_type}`}>
      <div>
        <dt>Asset type</dt>
        <dd className="mono">{row.asset_type}</dd>
      </div>
      <div>
        <dt>Standard</dt>
        <dd>{row.token_standard === 'v1' ? 'coin (v1)' : 'fungible asset (v2)'}</dd>
      </div>
      <div>
        <dt>Decimals</dt>
        <dd className="mono" data-decimals={row.decimals}>
          {row.decimals}
        </dd>
      </div>
      <div>
        <dt>Supply</dt>
        <dd className="mono">{supplyText(row)}</dd>
      </div>
      <div>
        <dt>Creator</dt>
        <dd>
          <AddressLink address={row.creator_address} />
        </dd>
      </div>
      <div>
        <dt>Icon URI (not loaded)</dt>
        <dd className="mono asset-uri">{row.icon_uri === null || row.icon_uri === '' ? '—' : row.icon_uri}</dd>
      </div>
      <div>
        <dt>Project URI (not loaded)</dt>
        <dd className="mono asset-uri">{row.project_uri === null || row.project_uri === '' ? '—' : row.project_uri}</dd>
      </div>
    </dl>
  );
}

/** The page for the asset in the URL. */
export function AssetPage(): ReactNode {
  const { asset = '' } = useParams();
  const { effective } = useLedgerVersion();
  const metadata = useQuery(assetMetadataQuery(asset, effective));
  if (metadata.isError) {
    if (isNoIndexer(metadata.error)) {
      return (
        <EmptyView>
          An asset&apos;s page needs an indexer: {metadata.error.message}. Its holders and activities are not in the
          node API.
        </EmptyView>
      );
    }
    return <ErrorView error={metadata.error} onRetry={() => void metadata.refetch()} />;
  }
  if (metadata.data === undefined) return <LoadingView label="Loading the asset…" />;
  const rows = metadata.data.data;
  const first = rows[0];
  return (
    <section className="asset-page" aria-label="Asset">
      <h1>
        {first === undefined ? 'Asset' : `${first.name} (${first.symbol})`}{' '}
        <span className="mono asset-id">{asset}</span>
      </h1>
      {metadata.data.latestOnly && (
        <p role="note">The indexer answers its latest state only: metadata and holders are as of now.</p>
      )}
      {first === undefined ? (
        <EmptyView>
          No fungible asset or coin named {asset} in the indexer as of version {effective}.
        </EmptyView>
      ) : (
        rows.map((row) => <Facts key={row.asset_type} row={row} />)
      )}
      <AssetHolders asset={asset} decimals={first?.decimals} symbol={first?.symbol ?? ''} />
      <AssetActivities asset={asset} decimals={first?.decimals} symbol={first?.symbol ?? ''} />
    </section>
  );
}
