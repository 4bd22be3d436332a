/**
 * `/tables/{handle}`: one table's items. Key and value types come prefilled from the table's
 * metadata (`/explorer/v1/tables/{handle}`); on a source without that metadata (a remote node)
 * the types are typed by hand. The owning resource is linked; lookups honour the pinned version.
 * The handle in the URL is the node's short form: a long or upper-case one is replaced in place,
 * so one table has one URL (and one set of cached answers).
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation, useParams } from 'react-router';
import { normalizeAddress } from '../../../shared/address.ts';
import { ApiRequestError } from '../../api/client.ts';
import { tableInfoQuery } from '../../api/queries/table-queries.ts';
import { EmptyView, ErrorView, LoadingView } from '../../components/status-views.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { TableLookup } from './table-lookup.tsx';
import { TableOwner } from './table-owner.tsx';
import './tables.css';

/** The route's handle in short form, or undefined when it is not an address. */
function shortHandle(raw: string): string | undefined {
  try {
    return normalizeAddress(raw);
  } catch {
    return undefined;
  }
}

/** The table panel (route component): normalises the handle, then shows the table. */
export function TablePanel(): ReactNode {
  const { handle: raw = '' } = useParams();
  const { search, hash } = useLocation();
  const handle = shortHandle(raw);
  if (handle === undefined)
    return <EmptyView>&quot;{raw}&quot; is not a table handle (a handle is an address, 0x…).</EmptyView>;
  if (handle !== raw) return <Navigate replace to={`/tables/${handle}${search}${hash}`} />;
  return <TableView key={handle} handle={handle} />;
}

/** One table (by its short handle): types, owner, lookups. */
function TableView({ handle }: { readonly handle: string }): ReactNode {
  const info = useQuery({ ...tableInfoQuery(handle), retry: false });
  // No metadata (a node without /explorer/v1, or a handle the source does not list): free text.
  const unknown = info.error instanceof ApiRequestError && info.error.status === 404;
  return (
    <div className="table-panel">
      <h1>
        Table <code className="table-handle">{handle}</code> <CopyButton text={handle} label="Copy table handle" />
      </h1>
      {info.isLoading && <LoadingView label="Reading the table's types…" />}
      {info.error && !unknown && <ErrorView error={info.error} />}
      {unknown && (
        <p className="inspector-size">This source has no metadata for this table: enter its key and value types.</p>
      )}
      {info.data && <TableOwner owner={info.data.body.owner} />}
      {(info.data || unknown) && (
        <TableLookup
          key={info.data ? 'known' : 'unknown'}
          handle={handle}
          keyType={info.data?.body.key_type ?? ''}
          valueType={info.data?.body.value_type ?? ''}
        />
      )}
    </div>
  );
}
