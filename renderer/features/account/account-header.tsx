/**
 * The account header: the short address (copy of the long form), and as of the effective ledger
 * version the sequence number and authentication key from `GET /v1/accounts/{address}`.
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatAddressLong, parseAddress } from '../../../shared/address.ts';
import { accountQuery } from '../../api/queries/account-queries.ts';
import { useLedgerVersion } from '../../app/use-ledger-version.ts';
import { CopyButton } from '../../components/copy-button.tsx';
import { InlineError } from '../../components/status-views.tsx';
import { SaveSnapshotButton } from './save-snapshot-button.tsx';

/** Props of {@link AccountHeader}. */
export interface AccountHeaderProps {
  /** Short form. */
  readonly address: string;
}

/** Address, sequence number, authentication key and the save action. */
export function AccountHeader({ address }: AccountHeaderProps): ReactNode {
  const { effective } = useLedgerVersion();
  const account = useQuery(accountQuery(address, effective));
  const long = formatAddressLong(parseAddress(address));
  return (
    <header className="account-header">
      <div className="account-title">
        <h1>
          Account <span className="mono">{address}</span>
        </h1>
        <CopyButton text={long} label={`Copy address ${address}`} />
        <SaveSnapshotButton address={address} version={effective} />
      </div>
      {account.isError ? (
        <p className="account-error">
          <InlineError error={account.error} prefix="Account facts unavailable" />
        </p>
      ) : (
        <dl className="account-facts">
          <div>
            <dt>Sequence number</dt>
            <dd className="mono" aria-label="Sequence number">
              {account.data?.body.sequence_number ?? '…'}
            </dd>
          </div>
          <div>
            <dt>Authentication key</dt>
            <dd className="mono account-auth-key" aria-label="Authentication key">
              {account.data?.body.authentication_key ?? '…'}
              {account.data && (
                <CopyButton text={account.data.body.authentication_key} label="Copy authentication key" />
              )}
            </dd>
          </div>
          <div>
            <dt>As of version</dt>
            <dd className="mono">{effective ?? '…'}</dd>
          </div>
        </dl>
      )}
    </header>
  );
}
