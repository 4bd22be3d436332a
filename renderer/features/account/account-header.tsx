/**
 * The account header: the short address (copy of the long form), and as of the effective ledger
 * version the sequence number and authentication key from `GET /v1/accounts/{address}`, the APT balance
 * (apt-balance.tsx) and, for an object (an address holding `ObjectCore`), "Object" with its owner and transfer
 * flag (object-facts.tsx), for a token object a link to its token page (token-fact.tsx). An object need not be an
 * account: its missing account facts are then left out. An address without an account at that version (the node
 * answers 404 where the chain has no default accounts) says so as a fact, not as an error.
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatAddressLong, parseAddress } from '../../../shared/address.ts';
import { accountQuery } from '../../api/queries/account-queries.ts';
import { useLedgerVersion } from '../../app/use-ledger-version.ts';
import { CopyButton } from '../../components/copy-button.tsx';
import { InlineError } from '../../components/status-views.tsx';
import { SaveSnapshotButton } from './save-snapshot-button.tsx';
import { AptBalance } from './apt-balance.tsx';
import { ObjectFacts, useObjectCore } from './object-facts.tsx';
import { TokenFact } from './token-fact.tsx';
import { isAbsent } from '../../api/queries/asset-queries.ts';

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
  const objectCore = useObjectCore(address, effective).data;
  const isObject = objectCore !== undefined && objectCore !== null;
  // No account resource (404): an object's header shows the object's facts, any other address says it has none.
  const accountMissing = account.isError && isAbsent(account.error);
  return (
    <header className="account-header">
      <div className="account-title">
        <h1>
          {isObject ? 'Object' : 'Account'} <span className="mono">{address}</span>
        </h1>
        <CopyButton text={long} label={`Copy address ${address}`} />
        <SaveSnapshotButton address={address} version={effective} />
      </div>
      {account.isError && !accountMissing ? (
        <p className="account-error">
          <InlineError error={account.error} prefix="Account facts unavailable" />
        </p>
      ) : (
        <dl className="account-facts">
          <ObjectFacts address={address} version={effective} />
          <TokenFact address={address} isObject={isObject} />
          <AptBalance address={address} version={effective} />
          {accountMissing && !isObject && (
            <div>
              <dt>Account</dt>
              <dd aria-label="Account">none at this version (no 0x1::account::Account)</dd>
            </div>
          )}
          {!account.isError && (
            <>
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
            </>
          )}
          <div>
            <dt>As of version</dt>
            <dd className="mono">{effective ?? '…'}</dd>
          </div>
        </dl>
      )}
    </header>
  );
}
