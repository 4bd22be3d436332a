/**
 * A link to an asset's page (`/assets/{metadata address or coin type}`, renderer/features/asset/asset-page.tsx),
 * keeping the pinned version: shared by Activity, Assets and search, which may not import each other's files.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useLedgerVersion, withVersion } from '../app/use-ledger-version.ts';
import { assetPath } from '../lib/asset-path.ts';

/** Props of {@link AssetPageLink}. */
export interface AssetPageLinkProps {
  readonly asset: string;
  readonly label: string;
}

/** `label` linking to `asset`'s page at the pinned version. */
export function AssetPageLink({ asset, label }: AssetPageLinkProps): ReactNode {
  const { pinned } = useLedgerVersion();
  return (
    <Link className="mono" to={withVersion(assetPath(asset), pinned)} title={`The asset's page: ${asset}`}>
      {label}
    </Link>
  );
}
