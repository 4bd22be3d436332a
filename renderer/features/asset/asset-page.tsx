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
import { viewQuery } from '../../api/queries/asset-queries.ts';
import type { VersionKey } from '../../api/query-keys.ts';
import { useLedgerVersion } from '../../app/use-ledger-version.ts';
import { AddressLink } from '../../components/address-link.tsx';
import { EmptyView, ErrorView, LoadingView } from '../../components/status-views.tsx';
import { formatUnits } from '../../lib/format-amount.ts';
import { AssetActivities } from './asset-activities.tsx';
import { AssetHolders } from './asset-holders.tsx';
import './asset.css';
import { isDecimalText } from '../../../shared/ledger/u64.ts';

/**
 * The supply of a fungible asset's row as the asset's units, or why there is none. When the page also shows the
 * coin it is paired with (APT), this row's supply is only the part minted as a fungible asset: the total is the
 * coin's (CoinSupply).
 */
function supplyText(row: AssetMetadataRow, pairedWithCoin: boolean): string {
  if (row.supply_v2 === null) return 'not tracked by the indexer';
  const maximum =
    row.maximum_v2 === null ? 'no maximum' : `maximum ${formatUnits(String(row.maximum_v2), row.decimals)}`;
  const part = pairedWithCoin ? 'the part held as a fungible asset, ' : '';
  return `${formatUnits(String(row.supply_v2), row.decimals)} ${row.symbol} (${part}${maximum})`;
}

/** `0x1::coin::supply`'s `Option<u128>` as JSON (`{"vec": []}` or `{"vec": ["123"]}`), as a decimal or null. */
function optionalU128(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || !('vec' in value) || !Array.isArray(value.vec)) return null;
  const [inner] = value.vec as unknown[];
  return typeof inner === 'string' && isDecimalText(inner) ? inner : null;
}

/**
 * A coin's supply from the node: `0x1::coin::supply<C>` counts the coin and the fungible asset it is paired with
 * (the indexer's coin row keeps no supply), so APT's total is one figure, not the fungible-asset part alone.
 */
function CoinSupply({
  row,
  version,
}: {
  readonly row: AssetMetadataRow;
  readonly version: VersionKey | undefined;
}): ReactNode {
  const supply = useQuery(viewQuery('0x1::coin::supply', [row.asset_type], [], version));
  if (supply.isError) return <>not available: {supply.error.message}</>;
  if (supply.data === undefined) return <>reading…</>;
  const total = optionalU128(supply.data[0]);
  if (total === null) return <>not tracked (the coin was created without a supply)</>;
  return (
    <span data-supply={total}>
      {formatUnits(total, row.decimals)} {row.symbol} (coin and paired fungible asset, from 0x1::coin::supply)
    </span>
  );
}

/** One metadata row's facts. */
function Facts({
  row,
  rows,
  version,
}: {
  readonly row: AssetMetadataRow;
  readonly rows: readonly AssetMetadataRow[];
  readonly version: VersionKey | undefined;
}): ReactNode {
  const isCoin = row.token_standard === 'v1';
  const pairedWithCoin = !isCoin && rows.some((other) => other.token_standard === 'v1');
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
        <dd className="mono">
          {isCoin ? <CoinSupply row={row} version={version} /> : supplyText(row, pairedWithCoin)}
        </dd>
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
        rows.map((row) => <Facts key={row.asset_type} row={row} rows={rows} version={effective} />)
      )}
      <AssetHolders asset={asset} decimals={first?.decimals} symbol={first?.symbol ?? ''} />
      <AssetActivities asset={asset} decimals={first?.decimals} symbol={first?.symbol ?? ''} />
    </section>
  );
}
