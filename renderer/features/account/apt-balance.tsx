/**
 * The account's APT balance in the header, as of the version the view reads at: the node's own sum
 * (`GET /v1/accounts/{a}/balance/0x1::aptos_coin::AptosCoin`: the `CoinStore<AptosCoin>` plus the primary
 * fungible store of APT's metadata `0xa`, exact as a bigint) shown with 8 decimals, the exact octas on hover and
 * on the copy button, and a note saying where it sits (coin store, primary store — a link to the store object —
 * or both, with each part). No APT at all is 0, not an error.
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { isAbsent, isObjectQuery, viewQuery } from '../../api/queries/asset-queries.ts';
import { APT_METADATA_ADDRESS } from '../../../shared/object-address.ts';
import { APT_ASSET_TYPES, lastBalanceChangeQuery } from '../../api/queries/history-queries.ts';
import { balanceQuery } from '../../api/queries/transaction-queries.ts';
import { useLedgerVersion, withVersion } from '../../app/use-ledger-version.ts';
import { CopyButton } from '../../components/copy-button.tsx';
import { InlineError } from '../../components/status-views.tsx';
import { APT_DECIMALS, formatBaseUnits, formatUnits } from '../../lib/format-amount.ts';
import { APT_COIN, aptPrimaryStore } from '../../lib/apt.ts';
import { useAptFromResources } from './apt-from-resources.ts';

/** `1.5 APT`. */
function apt(octas: bigint): string {
  return `${formatUnits(octas, APT_DECIMALS)} APT`;
}

/** Props of {@link AptBalance}. */
export interface AptBalanceProps {
  /** Short form. */
  readonly address: string;
  /** The version the view reads at. */
  readonly version: string | undefined;
}

/**
 * Where the APT sits, from two view functions (answers, never a 404): whether the primary store object exists
 * (`0x1::object::is_object`) and its balance (`0x1::primary_fungible_store::balance`); the coin store holds the
 * rest of the node's sum.
 */
function Where({ address, version, total }: AptBalanceProps & { readonly total: bigint }): ReactNode {
  const { pinned } = useLedgerVersion();
  const store = aptPrimaryStore(address);
  const exists = useQuery(isObjectQuery(store, version));
  const hasStore = exists.data?.[0] === true;
  // Asked only when the store exists: without it the part is 0, and a source lacking APT's metadata object (a
  // capture of one account) aborts the view (400, a console error) where the node's sum still answers.
  const inStore = useQuery(
    viewQuery(
      '0x1::primary_fungible_store::balance',
      ['0x1::fungible_asset::Metadata'],
      [address, APT_METADATA_ADDRESS],
      version,
      hasStore,
    ),
  );
  if (exists.isError || inStore.isError) return null;
  if (exists.data === undefined || (hasStore && inStore.data === undefined))
    return <span className="apt-where">…</span>;
  const storeLink = (
    <Link to={withVersion(`/accounts/${store}`, pinned)} title={`Primary store object ${store}`}>
      primary fungible store
    </Link>
  );
  const storePart = hasStore ? BigInt(String(inStore.data?.[0] ?? '0')) : 0n;
  const coinPart = total - storePart;
  if (hasStore && coinPart > 0n) {
    return (
      <span className="apt-where">
        coin store {apt(coinPart)} + {storeLink} {apt(storePart)}
      </span>
    );
  }
  if (hasStore) return <span className="apt-where">in its {storeLink}</span>;
  if (coinPart > 0n) return <span className="apt-where">in its coin store (CoinStore&lt;AptosCoin&gt;)</span>;
  return <span className="apt-where">no APT in a coin store or primary store</span>;
}

/**
 * "last changed at V": the newest transaction at or below the view's version that changed the account's APT (from
 * the indexer; nothing when the source has none), a link to it — the auditor's "which transaction last changed it?"
 * one click from the header.
 */
function LastChanged({ address, version }: AptBalanceProps): ReactNode {
  const last = useQuery(lastBalanceChangeQuery(address, APT_ASSET_TYPES, version));
  if (last.data === undefined || last.data === null) return null;
  return (
    <span className="apt-last-change">
      last changed at{' '}
      <Link className="mono" to={`/txn/${last.data}`} aria-label={`APT balance last changed at version ${last.data}`}>
        {last.data}
      </Link>
    </span>
  );
}

/**
 * The APT balance fact of the header (a `<div>` of the facts list). A source that refuses the balance endpoint (a
 * node without it, or without `/view`) has the balance summed from the stores' resources instead
 * (apt-from-resources.ts), so the header never says "unavailable" while the data is readable.
 */
export function AptBalance({ address, version }: AptBalanceProps): ReactNode {
  const balance = useQuery(balanceQuery(address, APT_COIN, version));
  const refused = balance.isError && !isAbsent(balance.error);
  const fallback = useAptFromResources(address, version, refused);
  const octas = balance.isError ? (refused ? fallback.octas : 0n) : balance.data;
  return (
    <div className="apt-balance">
      <dt>APT balance</dt>
      <dd>
        {refused && octas === undefined && fallback.error !== null ? (
          <InlineError error={fallback.error ?? balance.error} prefix="Balance unavailable" />
        ) : octas === undefined ? (
          '…'
        ) : (
          <>
            <span className="mono apt-amount" title={`${formatBaseUnits(octas)} octas`} data-octas={octas.toString()}>
              {apt(octas)}
            </span>
            <CopyButton text={octas.toString()} label={`Copy the exact balance: ${formatBaseUnits(octas)} octas`} />
            {refused ? (
              <span className="apt-where">
                from its coin store and primary store (the source has no balance endpoint)
              </span>
            ) : (
              <Where address={address} version={version} total={octas} />
            )}
            <LastChanged address={address} version={version} />
          </>
        )}
      </dd>
    </div>
  );
}
