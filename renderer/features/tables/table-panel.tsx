/**
 * `/tables/{handle}`: one table's items. Key and value types come prefilled from the table's
 * metadata (`/explorer/v1/tables/{handle}`); on a source without that metadata (a remote node)
 * the types are typed by hand. The owning resource is linked; lookups honour the pinned version.
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ApiRequestError } from '../../api/client.ts';
import { tableInfoQuery } from '../../api/queries/table-queries.ts';
import { ErrorView, LoadingView } from '../../components/status-views.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { TableLookup } from './table-lookup.tsx';
import { TableOwner } from './table-owner.tsx';
import './tables.css';

/** The table panel (route component). */
export function TablePanel(): ReactNode {
  const { handle = '' } = useParams();
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
      {unknown && <p className="inspector-size">This source has no metadata for this table: enter its key and value types.</p>}
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
