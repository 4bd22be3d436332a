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
import { isAbsent, resourceJsonQuery } from '../../api/queries/asset-queries.ts';
import { balanceQuery } from '../../api/queries/transaction-queries.ts';
import { useLedgerVersion, withVersion } from '../../app/use-ledger-version.ts';
import { CopyButton } from '../../components/copy-button.tsx';
import { InlineError } from '../../components/status-views.tsx';
import { APT_DECIMALS, formatBaseUnits, formatUnits } from '../../lib/format-amount.ts';
import { APT_COIN, APT_COIN_STORE, aptPrimaryStore, FUNGIBLE_STORE } from '../../lib/apt.ts';

/** `1.5 APT`. */
function apt(octas: bigint): string {
  return `${formatUnits(octas, APT_DECIMALS)} APT`;
}

/** The value of a CoinStore's JSON (`coin.value`), or undefined when it does not have one. */
function coinValue(data: unknown): bigint | undefined {
  const value = (data as { coin?: { value?: unknown } } | undefined)?.coin?.value;
  return typeof value === 'string' && /^\d+$/.test(value) ? BigInt(value) : undefined;
}

/** Props of {@link AptBalance}. */
export interface AptBalanceProps {
  /** Short form. */
  readonly address: string;
  /** The version the view reads at. */
  readonly version: string | undefined;
}

/** Where the APT sits: "in its coin store", a link to the primary store, or both with each part. */
function Where({ address, version, total }: AptBalanceProps & { readonly total: bigint }): ReactNode {
  const { pinned } = useLedgerVersion();
  const store = aptPrimaryStore(address);
  const coin = useQuery(resourceJsonQuery(address, APT_COIN_STORE, version));
  const fungible = useQuery(resourceJsonQuery(store, FUNGIBLE_STORE, version));
  if (coin.isError || fungible.isError) return null;
  if (coin.data === undefined || fungible.data === undefined) return <span className="apt-where">…</span>;
  const storeLink = (
    <Link to={withVersion(`/accounts/${store}`, pinned)} title={`Primary store object ${store}`}>
      primary fungible store
    </Link>
  );
  const inCoin = coin.data === null ? undefined : (coinValue(coin.data.data) ?? 0n);
  if (inCoin !== undefined && fungible.data !== null) {
    return (
      <span className="apt-where">
        coin store {apt(inCoin)} + {storeLink} {apt(total - inCoin)}
      </span>
    );
  }
  if (inCoin !== undefined) return <span className="apt-where">in its coin store (CoinStore&lt;AptosCoin&gt;)</span>;
  if (fungible.data !== null) return <span className="apt-where">in its {storeLink}</span>;
  return <span className="apt-where">no coin store or primary store of APT</span>;
}

/** The APT balance fact of the header (a `<div>` of the facts list). */
export function AptBalance({ address, version }: AptBalanceProps): ReactNode {
  const balance = useQuery(balanceQuery(address, APT_COIN, version));
  const octas = balance.isError && isAbsent(balance.error) ? 0n : balance.data;
  return (
    <div className="apt-balance">
      <dt>APT balance</dt>
      <dd>
        {balance.isError && octas === undefined ? (
          <InlineError error={balance.error} prefix="Balance unavailable" />
        ) : octas === undefined ? (
          '…'
        ) : (
          <>
            <span className="mono apt-amount" title={`${formatBaseUnits(octas)} octas`} data-octas={octas.toString()}>
              {apt(octas)}
            </span>
            <CopyButton text={octas.toString()} label={`Copy the exact balance: ${formatBaseUnits(octas)} octas`} />
            <Where address={address} version={version} total={octas} />
          </>
        )}
      </dd>
    </div>
  );
}
