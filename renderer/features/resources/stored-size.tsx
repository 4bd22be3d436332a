/**
 * The stored size of one resource: the length of its BCS bytes (`GET
 * /v1/accounts/{address}/resource/{type}` with `Accept: application/x-bcs`) at the version shown.
 * The table's column is the JSON size, known for every row without a request; the stored size
 * costs one request, so it is read only for a resource the user opened.
 */
import { ENDPOINTS } from '../../../shared/api/registry.ts';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../api/endpoint-query.ts';
import { InlineError } from '../../components/status-views.tsx';
import { plural } from '../../lib/plural.ts';

/** The stored (BCS) bytes of one resource at `version` (skipped while the row's version is unknown). */
function storedResourceQuery(address: string, type: string, version: string | undefined) {
  return endpointQuery(ENDPOINTS.resource, { path: { address, resource_type: type }, accept: 'bcs', at: { version } });
}

/** Props of {@link StoredSize}. */
export interface StoredSizeProps {
  readonly address: string;
  readonly type: string;
  /** The version the row was read at. */
  readonly version: string | undefined;
}

/** "Stored size (BCS): N bytes" of an opened resource. */
export function StoredSize({ address, type, version }: StoredSizeProps): ReactNode {
  const stored = useQuery(storedResourceQuery(address, type, version));
  return (
    <p className="resources-stored-size">
      Stored size (BCS):{' '}
      {stored.isError ? (
        <InlineError error={stored.error} />
      ) : stored.data ? (
        <span className="mono">
          {stored.data.body.length.toLocaleString('en-US')} {plural(stored.data.body.length, 'byte')}
        </span>
      ) : (
        <span className="muted">reading…</span>
      )}
    </p>
  );
}
