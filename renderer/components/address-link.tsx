/**
 * An account address on screen: the node's short form as a link to the account page (keeping the
 * pinned ledger version, so browsing stays "as of" the same version), plus a copy button for the
 * long form. Text that is not an address is shown as is, unlinked.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatAddressLong, isAddress, normalizeAddress, parseAddress } from '../../shared/address.ts';
import { useLedgerVersion, withVersion } from '../app/use-ledger-version.ts';
import { CopyButton } from './copy-button.tsx';

/** Props of {@link AddressLink}. */
export interface AddressLinkProps {
  /** Any form the node accepts (`0x1`, 64 digits…). */
  readonly address: string;
  /** A sub-page of the account (`events`, `transactions`…); the resources page when absent. */
  readonly tab?: string | undefined;
  /** Hide the copy button (dense tables that copy elsewhere). */
  readonly noCopy?: boolean | undefined;
}

/** The account page path of an address (short form), without a version. */
export function accountPath(address: string, tab?: string): string {
  const short = normalizeAddress(address);
  return tab === undefined ? `/accounts/${short}` : `/accounts/${short}/${tab}`;
}

/** An address as a link to its account (pinned version kept) with a copy of the long form. */
export function AddressLink({ address, tab, noCopy }: AddressLinkProps): ReactNode {
  const { pinned } = useLedgerVersion();
  if (!isAddress(address)) return <span className="mono">{address}</span>;
  const short = normalizeAddress(address);
  const long = formatAddressLong(parseAddress(address));
  return (
    <span className="address-link">
      <Link className="mono" to={withVersion(accountPath(short, tab), pinned)} title={long}>
        {short}
      </Link>
      {noCopy !== true && <CopyButton text={long} label={`Copy address ${short}`} />}
    </span>
  );
}
