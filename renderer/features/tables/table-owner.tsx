/**
 * Where a table lives: the owning account and resource (and field), linked to that account's
 * resources at the version being viewed, the resource named in the hash (after the query, where
 * the resources tab reads it to open that resource).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { TableInfoJson } from '../../api/types.ts';
import { AddressLink, accountPath } from '../../components/address-link.tsx';
import { useLedgerVersion, withVersion } from '../../app/use-ledger-version.ts';

/** The owner line of a table (or a note that the owner is not known). */
export function TableOwner({ owner }: { readonly owner: TableInfoJson['owner'] }): ReactNode {
  const { pinned } = useLedgerVersion();
  if (owner === null) return <p className="table-owner">Owner: not known to this source.</p>;
  return (
    <p className="table-owner">
      Owned by <AddressLink address={owner.address} />
      {owner.resource !== null && (
        <>
          {' '}
          in{' '}
          <Link
            className="mono"
            to={`${withVersion(accountPath(owner.address, 'resources'), pinned)}#${encodeURIComponent(owner.resource)}`}
          >
            {owner.resource}
          </Link>
        </>
      )}
      {owner.field !== null && (
        <>
          {' '}
          field <code>{owner.field}</code>
        </>
      )}
    </p>
  );
}
