/**
 * The Assets tab (`/accounts/{a}/assets`): every coin and fungible asset the account holds as of the view's
 * version (use-asset-rows.ts says how each is found), in a sortable table with CSV/JSON export (provenance inside
 * the file), and the other objects it owns (tokens…), each a link to the object's page keeping the pin.
 */
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { useLedgerVersion } from '../../app/use-ledger-version.ts';
import { AddressLink } from '../../components/address-link.tsx';
import { ExportMenu } from '../../components/export-menu/export-menu.tsx';
import { EmptyView, ErrorView, LoadingView } from '../../components/status-views.tsx';
import { plural } from '../../lib/plural.ts';
import { useAccountAddress } from '../../lib/use-account-address.ts';
import { useAccountSubject } from '../../lib/use-account-subject.ts';
import { exportRow } from './asset-rows.ts';
import { AssetsTable } from './assets-table.tsx';
import { MAX_PAIRINGS, useAssetRows } from './use-asset-rows.ts';
import './assets.css';

/** The tab's content for a known address. */
function Assets({ address }: { readonly address: string }): ReactNode {
  const { effective } = useLedgerVersion();
  const state = useAssetRows(address, effective);
  const subject = useAccountSubject(address);
  const exported = useMemo(() => state.rows.map(exportRow), [state.rows]);
  if (state.error !== undefined) return <ErrorView error={state.error} />;
  if (state.pending) return <LoadingView label="Loading assets…" />;
  const coins = state.rows.filter((row) => row.kind === 'coin').length;
  const stores = state.rows.length - coins;
  return (
    <div className="assets-panel">
      <div className="panel-toolbar">
        <span className="panel-count" role="status">
          {coins} {plural(coins, 'coin')} · {stores} fungible {plural(stores, 'store')} at version {effective}
        </span>
        <ExportMenu
          subject={subject}
          name={`${address}-assets-v${effective ?? ''}`}
          rows={exported}
          unavailable={state.rows.length === 0 ? 'the account holds no asset' : undefined}
        />
      </div>
      {state.storesFrom === 'derived' && (
        <p className="panel-hint">
          This source has no query for the objects an account owns: fungible assets are looked up in the primary stores
          of APT and of the coins&apos; paired assets
          {state.unpairedCoins > 0 ? ` (the first ${MAX_PAIRINGS} coins; ${state.unpairedCoins} not looked up)` : ''};
          other stores are not found.
        </p>
      )}
      {state.rows.length === 0 ? (
        <EmptyView>No coins or fungible assets at version {effective}.</EmptyView>
      ) : (
        <AssetsTable rows={state.rows} />
      )}
      {state.otherObjects !== undefined && state.otherObjects.length > 0 && (
        <section className="owned-objects" aria-labelledby="owned-objects-heading">
          <h2 id="owned-objects-heading">
            Other objects it owns ({state.otherObjects.length.toLocaleString('en-US')})
          </h2>
          <ul>
            {state.otherObjects.map((object) => (
              <li key={object.address}>
                <AddressLink address={object.address} />{' '}
                <span className="muted mono">
                  {object.resources.filter((type) => type !== '0x1::object::ObjectCore').join(', ')}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** The Assets tab. */
export function AssetsPanel(): ReactNode {
  const { address } = useAccountAddress();
  return address === undefined ? null : <Assets address={address} />;
}
